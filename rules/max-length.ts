import { defineRule } from '../src/lint/define-rule';

/** Rule `max-length`: A string is longer than the spec's limit, counted in Unicode code points. */
export default defineRule({
  meta: {
    id: "max-length",
    description: "A string is longer than the spec's limit, counted in Unicode code points.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "The spec's Limits table gives maximum lengths; the operator truncates or rejects longer values.",
      invalid: "\"firstName\": \"Maximiliane-Charlotte-Sophie\"",
      valid: "\"firstName\": \"Maximiliane\"",
    },
  },
});
