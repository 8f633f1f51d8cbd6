import { defineRule } from '../src/lint/define-rule';

/** Rule `enum`: A value is outside the version's allowed set (amountType, paymentMethod, shipServiceLevel, partnerType, phoneType, emailType, payment.status). */
export default defineRule({
  meta: {
    id: "enum",
    description: "A value is outside the version's allowed set (amountType, paymentMethod, shipServiceLevel, partnerType, phoneType, emailType, payment.status).",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "The allowed values differ per version: freightCosts replaces discount in v1.1, Maestro replaces Meastro, EXI arrives in v1.2.",
      invalid: "\"shipServiceLevel\": \"EXPRESS\"",
      valid: "\"shipServiceLevel\": \"EXP\"",
    },
  },
});
