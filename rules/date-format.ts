import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `date-format`: a date or date-time is not in the version's format, or is not a real date. Its check is the field's `dateFormat` check. */
export default defineRule({
  meta: {
    id: 'date-format',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} must be a real date in the format {{expected}}.',
    },
  },
  // The spec predicate of the field's dateFormat check decides (the builders validate with it too).
  check: keywordCheck('dateFormat', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A date or date-time is not in the version's format, or is not a real date.",
  rationale: 'v1/v1.1 and returns: YYYY-MM-DDThh:mm:ss +hh.mm; v1.2: YYYY-MM-DDThh:mm:ssZ; card dates YYYY-MM-DD.',
  invalid: { edits: { '/clientRequest/order/dateTimeWantedDeliveryDate': '2026-02-30T00:00:00 +01.00' } },
  valid: { edits: { '/clientRequest/order/dateTimeWantedDeliveryDate': '2026-02-28T00:00:00 +01.00' } },
};
