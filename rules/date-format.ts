import { defineRule } from '../src/lint/define-rule';

/** Rule `date-format`: A date or date-time is not in the version's format, or is not a real date. */
export default defineRule({
  meta: {
    id: "date-format",
    description: "A date or date-time is not in the version's format, or is not a real date.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "v1/v1.1 and returns: YYYY-MM-DDThh:mm:ss +hh.mm; v1.2: YYYY-MM-DDThh:mm:ssZ; card dates YYYY-MM-DD.",
      invalid: "\"dateTimeWantedDeliveryDate\": \"2026-02-30T00:00:00 +00.00\"",
      valid: "\"dateTimeWantedDeliveryDate\": \"2026-02-27T00:00:00 +00.00\"",
    },
  },
});
