import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `currency-code`: a currency is not an uppercase ISO 4217 code. Its check is the field's `currencyCode` check. */
export default defineRule({
  meta: {
    id: 'currency-code',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} must be an uppercase ISO 4217 currency code.',
    },
  },
  // The spec predicate of the field's currencyCode check decides (the builders validate with it too).
  check: keywordCheck('currencyCode', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A currency is not an uppercase ISO 4217 code.',
  rationale: 'currencyISO3 is a 3-letter ISO 4217 code.',
  invalid: { edits: { '/clientRequest/item/1/amount/0/currencyISO3': 'eur' } },
  valid: { edits: { '/clientRequest/item/1/amount/0/currencyISO3': 'EUR' } },
};
