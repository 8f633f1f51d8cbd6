import { defineRule } from '../src/lint/define-rule';

/** Rule `country-code`: A country is not an uppercase ISO 3166-1 code of the right length (alpha-2 in orders, alpha-3 in returns). */
export default defineRule({
  meta: {
    id: "country-code",
    description: "A country is not an uppercase ISO 3166-1 code of the right length (alpha-2 in orders, alpha-3 in returns).",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "Orders carry countryISO2 (max 2), returns countryISO3.",
      invalid: "\"countryISO2\": \"DEU\"",
      valid: "\"countryISO2\": \"DE\"",
    },
  },
});
