/**
 * Exact, case-sensitive lookups of ISO 3166-1 country codes and ISO 4217 currency
 * codes. Only the code tables are imported (no locale data), so bundles stay small.
 */
import countryCodes from 'i18n-iso-countries/codes.json';
import currencyData from 'currency-codes/data.js';

const ALPHA2 = new Map<string, string>();
const ALPHA3 = new Map<string, string>();
for (const row of countryCodes as readonly (readonly string[])[]) {
  const [a2, a3] = row as [string, string];
  ALPHA2.set(a2, a3);
  ALPHA3.set(a3, a2);
}

const CURRENCY_DIGITS = new Map<string, number>();
for (const c of currencyData as readonly { code: string; digits: number }[]) {
  CURRENCY_DIGITS.set(c.code, c.digits);
}

/**
 * Tells whether `code` is an uppercase ISO 3166-1 alpha-2 country code.
 *
 * @param code The value to test (any type).
 * @returns `true` for `'DE'`, `false` for `'de'` or `'DEU'`.
 * @example isCountryAlpha2('NL'); // true
 */
export function isCountryAlpha2(code: unknown): code is string {
  return typeof code === 'string' && ALPHA2.has(code);
}

/**
 * Tells whether `code` is an uppercase ISO 3166-1 alpha-3 country code.
 *
 * @param code The value to test (any type).
 * @returns `true` for `'DEU'`, `false` for `'deu'` or `'DE'`.
 * @example isCountryAlpha3('NLD'); // true
 */
export function isCountryAlpha3(code: unknown): code is string {
  return typeof code === 'string' && ALPHA3.has(code);
}

/**
 * Converts an uppercase alpha-3 country code to alpha-2.
 *
 * @param code An ISO 3166-1 alpha-3 code.
 * @returns The alpha-2 code, or `undefined` when `code` is not a known alpha-3 code.
 * @example alpha3ToAlpha2('USA'); // 'US'
 */
export function alpha3ToAlpha2(code: string): string | undefined {
  return ALPHA3.get(code);
}

/**
 * Converts an uppercase alpha-2 country code to alpha-3.
 *
 * @param code An ISO 3166-1 alpha-2 code.
 * @returns The alpha-3 code, or `undefined` when `code` is not a known alpha-2 code.
 * @example alpha2ToAlpha3('US'); // 'USA'
 */
export function alpha2ToAlpha3(code: string): string | undefined {
  return ALPHA2.get(code);
}

/**
 * Tells whether `code` is an uppercase ISO 4217 currency code.
 *
 * @param code The value to test (any type).
 * @returns `true` for `'EUR'`, `false` for `'eur'` or `'EURO'`.
 * @example isCurrencyCode('JPY'); // true
 */
export function isCurrencyCode(code: unknown): code is string {
  return typeof code === 'string' && CURRENCY_DIGITS.has(code);
}

/**
 * Gives the number of minor-unit digits of an ISO 4217 currency.
 *
 * @param code An uppercase ISO 4217 code.
 * @returns 2 for EUR, 0 for JPY, 3 for BHD; `undefined` for an unknown code.
 * @example currencyDigits('BHD'); // 3
 */
export function currencyDigits(code: string): number | undefined {
  return CURRENCY_DIGITS.get(code);
}
