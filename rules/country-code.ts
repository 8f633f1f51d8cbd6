import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `country-code`: a country is not an uppercase ISO 3166-1 code of the right length (alpha-2 in orders, alpha-3 in returns). Its check is the field's `countryCode` check. */
export default defineRule({
  meta: {
    id: 'country-code',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} must be an uppercase {{expected}} country code.',
    },
  },
  // The spec predicate of the field's countryCode check decides (the builders validate with it too).
  check: keywordCheck('countryCode', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A country is not an uppercase ISO 3166-1 code of the right length (alpha-2 in orders, alpha-3 in returns).',
  rationale: 'Orders carry countryISO2 (max 2), returns countryISO3.',
  invalid: { edits: { '/clientRequest/partner/1/addressData/countryISO2': 'de' } },
  valid: { edits: { '/clientRequest/partner/1/addressData/countryISO2': 'DE' } },
};
