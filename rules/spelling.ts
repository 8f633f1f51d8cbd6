import { defineRule } from '../src/lint/define-rule';

/** Rule `spelling`: A member spelt as in the spec's example bodies rather than its schema (fixable). */
export default defineRule({
  meta: {
    id: "spelling",
    description: "A member spelt as in the spec's example bodies rather than its schema (fixable).",
    severity: 'warn',
    kinds: ['order'],
    structural: true,
    fixable: true,
    docs: {
      rationale: "The example bodies write entityId, transactionId, acquirerId and datetimeWantedDeliveryDate; the schema names are entityID, transactionID, acquireID and dateTimeWantedDeliveryDate.",
      invalid: "\"payment\": { \"paymentMethod\": \"Visa\", \"transactionId\": \"T-1\" }",
      valid: "\"payment\": { \"paymentMethod\": \"Visa\", \"transactionID\": \"T-1\" }",
    },
  },
});
