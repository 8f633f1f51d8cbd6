import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const ISO2 = `${CR}/partner/0/addressData/countryISO2`;
const ISO2_SHIP = `${CR}/partner/1/addressData/countryISO2`;
const ISO3 = '/partner/0/addressData/countryISO3';

ruleTester('country-code', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    ...['NL', 'FR', 'AT', 'CH', 'GB', 'JP'].map((code) => ({ name: `alpha-2 ${code}`, payload: change(validOrder(), { [ISO2]: code, [ISO2_SHIP]: code }) })),
  ],
  invalid: [
    ...['de', 'De', 'dE', 'DEU', 'D', 'XX', 'UK', 'EU', '', ' DE', '49'].map((code) => ({
      name: `countryISO2 "${code}"`,
      payload: set(validOrder(), ISO2, code),
      errors: [{ rule: 'country-code', path: ISO2 }],
    })),
    ...(['1', '1.2'] as const).map((version) => ({
      name: `both partners with lower-case codes (v${version})`,
      version,
      payload: change(validOrder(version), { [ISO2]: 'de', [ISO2_SHIP]: 'nl' }),
      errors: [
        { rule: 'country-code', path: ISO2 },
        { rule: 'country-code', path: ISO2_SHIP },
      ],
    })),
  ],
});

ruleTester('country-code', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    ...[
      ['NLD', 'Netherlands'],
      ['USA', 'United States'],
      ['GBR', 'United Kingdom'],
    ].map(([code, name]) => ({
      name: `alpha-3 ${code}`,
      payload: change(validReturn(), { [ISO3]: code, '/partner/0/addressData/countryName': name, '/partner/0/addressData/state': 'NY' }),
    })),
  ],
  invalid: [
    ...['DE', 'deu', 'Deu', 'XXX', 'GER', 'DEUT', '', '276'].map((code) => ({
      name: `countryISO3 "${code}"`,
      payload: set(validReturn(), ISO3, code),
      errors: [{ rule: 'country-code', path: ISO3 }],
    })),
  ],
});
