import { namesCountry } from '../src/lint/checks/geo-country-names';
import { partnerPath } from '../src/lint/checks/geo-partners';
import { countryISO3Of, forEachAddressData } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { member } from '../src/lint/read';
import { alpha3ToAlpha2, isCountryAlpha3 } from '../src/schema/codes';

/** Rule `country-name`: countryName does not name the countryISO3 country. */
export default defineRule({
  meta: {
    id: 'country-name',
    description: 'countryName does not name the countryISO3 country (English names and aliases, any letter case).',
    severity: 'warn',
    kinds: ['return'],
    docs: {
      rationale:
        'Return partners carry both "addressData.countryName: R, full country name" and "countryISO3: R, 3-letter country code"; when they disagree the return address is ambiguous.',
      invalid: '"addressData": { "countryName": "France", "countryISO3": "DEU" }',
      valid: '"addressData": { "countryName": "Germany", "countryISO3": "DEU" }',
    },
  },
  check(ctx) {
    forEachAddressData(ctx, (address, p, t) => {
      const code = countryISO3Of(address, t);
      const name = member(address, 'countryName');
      // A wrong code or a non-string name is reported by country-code and type.
      if (!isCountryAlpha3(code) || typeof name !== 'string') return;
      if (!namesCountry(alpha3ToAlpha2(code)!, name)) {
        ctx.report(
          partnerPath(ctx, p, 'addressData', 'countryName'),
          'countryName is not an English name of the country given by countryISO3.',
        );
      }
    });
  },
});
