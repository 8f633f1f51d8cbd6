import { namesCountry } from '../src/lint/checks/geo-country-names';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { alpha3ToAlpha2 } from '../src/schema/codes';
import { isAlpha3Text } from '../src/schema/predicates';

/** Rule `country-name`: countryName does not name the countryISO3 country. */
export default defineRule({
  meta: {
    id: 'country-name',
    severity: 'warn',
    kinds: ['return'],
    messages: {
      mismatch: 'countryName is not an English name of the country given by countryISO3.',
    },
  },
  visitors: {
    'partner[].addressData'(address: Record<string, unknown>, context) {
      const code = address.countryISO3;
      const name = address.countryName;
      // A wrong code or a non-string name is reported by country-code and type.
      if (typeof code !== 'string' || !isAlpha3Text(code) || typeof name !== 'string') return;
      if (!namesCountry(alpha3ToAlpha2(code)!, name)) context.report({ messageId: 'mismatch', at: ['countryName'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'countryName does not name the countryISO3 country (English names and aliases, any letter case or diacritics).',
  rationale:
    'Return partners carry both "addressData.countryName: R, full country name" and "countryISO3: R, 3-letter country code"; when they disagree the return address is ambiguous.',
  invalid: { kind: 'return', edits: { '/partner/0/addressData/countryName': 'Deutschland' } },
  valid: { kind: 'return', edits: { '/partner/0/addressData/countryName': 'Germany' } },
};
