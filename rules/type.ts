import { defineRule } from '../src/lint/define-rule';

/** Rule `type`: A member has the wrong JSON type. */
export default defineRule({
  meta: {
    id: "type",
    description: "A member has the wrong JSON type.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "Every field of the spec has a JSON type; numbers are sent as text (quantity.value, amount value).",
      invalid: "\"quantity\": { \"uom\": \"EA\", \"value\": 2 }",
      valid: "\"quantity\": { \"uom\": \"EA\", \"value\": \"2\" }",
    },
  },
});
