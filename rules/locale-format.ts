import { defineRule } from '../src/lint/define-rule';

/** Rule `locale-format`: personData.locale is not of the form ll-CC (e.g. de-DE). */
export default defineRule({
  meta: {
    id: "locale-format",
    description: "personData.locale is not of the form ll-CC (e.g. de-DE).",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "The locale is LanguageCode-CountryCode and drives the e-invoice language.",
      invalid: "\"locale\": \"de_DE\"",
      valid: "\"locale\": \"de-DE\"",
    },
  },
});
