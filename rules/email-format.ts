import { defineRule } from '../src/lint/define-rule';

/** Rule `email-format`: An e-mail value is not of the form local@domain. */
export default defineRule({
  meta: {
    id: "email-format",
    description: "An e-mail value is not of the form local@domain.",
    severity: 'warn',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "Order confirmations and return labels go to this address.",
      invalid: "\"value\": \"jane.example.com\"",
      valid: "\"value\": \"jane@example.com\"",
    },
  },
});
