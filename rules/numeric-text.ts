import { defineRule } from '../src/lint/define-rule';

/** Rule `numeric-text`: An amount value, quantity value or taxFactor is not numeric text. */
export default defineRule({
  meta: {
    id: "numeric-text",
    description: "An amount value, quantity value or taxFactor is not numeric text.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "Amounts are text such as \"-12.50\"; quantities and tax factors are unsigned decimal text such as \"2\" and \"1.20\".",
      invalid: "\"value\": \"12,50\"",
      valid: "\"value\": \"12.50\"",
    },
  },
});
