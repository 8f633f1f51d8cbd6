/**
 * The country of a partner's address for the address rules (state-required, state-code):
 * countryISO2 in orders, countryISO3 in returns; only exact uppercase codes count, and only
 * the countries whose states are checked (`STATE_CODES`) matter to those rules.
 */
import { STATE_CODES } from '../../schema/tables';
import type { PayloadKind } from '../types';

/**
 * The alpha-3 codes of the countries whose states are checked, to their alpha-2 codes: a
 * return's countryISO3 is read without the whole ISO alpha-3 table, which a bundle that
 * lints only orders then leaves out (a test holds this map to the table).
 */
export const STATE_COUNTRIES_ALPHA3: Readonly<Record<string, string>> = { USA: 'US', CAN: 'CA', MEX: 'MX', AUS: 'AU' };

const hasOwn = Object.prototype.hasOwnProperty;

/**
 * Gives the country of an addressData object when it is one whose states are checked.
 *
 * @param kind The payload kind (orders carry countryISO2, returns countryISO3).
 * @param address The addressData object.
 * @returns Its ISO 3166-1 alpha-2 code when it is a key of `STATE_CODES`, else `undefined` (another country, or no valid code).
 * @example stateCountry('return', { countryISO3: 'USA' }); // 'US'
 */
export function stateCountry(kind: PayloadKind, address: Record<string, unknown>): string | undefined {
  const code = kind === 'order' ? address.countryISO2 : address.countryISO3;
  if (typeof code !== 'string') return undefined;
  const alpha2 = kind === 'order' ? code : hasOwn.call(STATE_COUNTRIES_ALPHA3, code) ? STATE_COUNTRIES_ALPHA3[code] : undefined;
  return alpha2 !== undefined && hasOwn.call(STATE_CODES, alpha2) ? alpha2 : undefined;
}
