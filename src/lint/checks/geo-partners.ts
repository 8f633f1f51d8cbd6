/**
 * The country of a partner's address for the address rules (state-required, state-code):
 * countryISO2 in orders, countryISO3 converted in returns; only exact uppercase codes count.
 */
import { alpha3ToAlpha2 } from '../../schema/codes';
import { isAlpha2Text, isAlpha3Text } from '../../schema/predicates';
import type { PayloadKind } from '../types';

/**
 * Gives the ISO 3166-1 alpha-2 country of an addressData object.
 *
 * @param kind The payload kind (orders carry countryISO2, returns countryISO3).
 * @param address The addressData object.
 * @returns The alpha-2 code, or `undefined` when the country is missing or not a valid code.
 * @example addressCountry('return', { countryISO3: 'USA' }); // 'US'
 */
export function addressCountry(kind: PayloadKind, address: Record<string, unknown>): string | undefined {
  if (kind === 'order') {
    const code = address.countryISO2;
    return typeof code === 'string' && isAlpha2Text(code) ? code : undefined;
  }
  const code = address.countryISO3;
  return typeof code === 'string' && isAlpha3Text(code) ? alpha3ToAlpha2(code) : undefined;
}
