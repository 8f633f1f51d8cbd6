import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `locale-format`: personData.locale is not of the form ll-CC (e.g. de-DE). Its check is the field's `localeFormat` check. */
export default defineRule({
  meta: {
    id: 'locale-format',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} must have the form ll-CC, for example de-DE.',
    },
  },
  // The spec predicate of the field's localeFormat check decides (the builders validate with it too).
  check: keywordCheck('localeFormat', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'personData.locale is not of the form ll-CC (e.g. de-DE).',
  rationale: 'The locale is LanguageCode-CountryCode and drives the e-invoice language.',
  invalid: { edits: { '/clientRequest/partner/1/personData/locale': 'de_DE' } },
  valid: { edits: { '/clientRequest/partner/1/personData/locale': 'de-DE' } },
};
