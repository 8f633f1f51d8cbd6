import { defineRule } from '../src/lint/define-rule';

/** Rule `currency-code`: A currency is not an uppercase ISO 4217 code. */
export default defineRule({
  meta: {
    id: "currency-code",
    description: "A currency is not an uppercase ISO 4217 code.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "currencyISO3 is a 3-letter ISO 4217 code.",
      invalid: "\"currencyISO3\": \"eur\"",
      valid: "\"currencyISO3\": \"EUR\"",
    },
  },
});
