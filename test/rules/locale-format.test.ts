import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const LOCALE = `${CR}/partner/0/personData/locale`;
const LOCALE_SHIP = `${CR}/partner/1/personData/locale`;
const R_LOCALE = '/partner/0/personData/locale';

const GOOD = ['de-DE', 'en-GB', 'fr-CH', 'it-IT', 'nl-BE'];
// Shape ll-CC, and CC an ISO 3166-1 alpha-2 code.
const BAD = ['de_DE', 'DE-de', 'de-de', 'de', 'deu-DE', 'de-DEU', 'de DE', 'en-UK', 'de-XX', 'EN-GB', ''];

ruleTester('locale-format', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    ...GOOD.map((locale) => ({ name: `locale ${locale}`, payload: change(validOrder(), { [LOCALE]: locale, [LOCALE_SHIP]: locale }) })),
    { name: 'locale left out', payload: set(validOrder(), LOCALE_SHIP, undefined) },
  ],
  invalid: BAD.map((locale) => ({
    name: `locale "${locale}"`,
    payload: set(validOrder(), LOCALE, locale),
    errors: [{ rule: 'locale-format', path: LOCALE }],
  })),
});

ruleTester('locale-format', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    ...GOOD.map((locale) => ({ name: `locale ${locale}`, payload: set(validReturn(), R_LOCALE, locale) })),
  ],
  invalid: BAD.map((locale) => ({
    name: `locale "${locale}"`,
    payload: set(validReturn(), R_LOCALE, locale),
    errors: [{ rule: 'locale-format', path: R_LOCALE }],
  })),
});
