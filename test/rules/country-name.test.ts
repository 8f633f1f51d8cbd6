import { change, set, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'country-name';
const A = '/partner/0/addressData';

const at = (countryName: unknown, countryISO3: unknown = 'DEU') =>
  change(validReturn(), { [`${A}/countryName`]: countryName, [`${A}/countryISO3`]: countryISO3 });

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn() },
    { name: 'any letter case', payload: at('GERMANY') },
    { name: 'surrounding white space', payload: at('  germany\t') },
    { name: 'the first of several names', payload: at('United States of America', 'USA') },
    { name: 'an alias', payload: at('USA', 'USA') },
    { name: 'an alias with dots', payload: at('u.s.a.', 'USA') },
    { name: 'the short alias of the UK', payload: at('Great Britain', 'GBR') },
    { name: 'a name with diacritics', payload: at("Côte d'Ivoire", 'CIV') },
    { name: 'an older name kept as alias', payload: at('Turkey', 'TUR') },
    { name: 'a lower-case code is left to country-code', payload: at('France', 'deu') },
    { name: 'an unknown code is left to country-code', payload: at('France', 'XXX') },
    { name: 'a non-string name is left to type', payload: at(276) },
    { name: 'a return without partners', payload: set(validReturn(), '/partner', undefined) },
    { name: 'a partner without addressData', payload: set(validReturn(), '/partner/0/addressData', undefined) },
  ],
  invalid: [
    { name: 'another country', payload: at('France'), errors: [{ rule, path: `${A}/countryName` }] },
    { name: 'a local-language name', payload: at('Deutschland'), errors: [{ rule, path: `${A}/countryName` }] },
    { name: 'an empty name', payload: at(''), errors: [{ rule, path: `${A}/countryName` }] },
    { name: 'the alpha-3 code instead of a name', payload: at('DEU'), errors: [{ rule, path: `${A}/countryName` }] },
    {
      name: 'the second partner',
      payload: set(validReturn(), '/partner/1', {
        ...validReturn().partner[0],
        partnerType: 'ShipTo',
        addressData: { ...validReturn().partner[0].addressData, countryName: 'Austria' },
      }),
      errors: [{ rule, path: '/partner/1/addressData/countryName' }],
    },
  ],
});
