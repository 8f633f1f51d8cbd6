import { isCurrencyCode, currencyDigits } from '../schema/codes';
import { parseDecimal, toScale } from './_lib/decimal';

/**
 * Tells whether a value is decimal text that the currency can hold exactly.
 *
 * Never throws: this is the question `toMinorUnits` would answer by throwing.
 *
 * @param value Any value.
 * @param currency Any value; must be an uppercase ISO 4217 code for a `true` answer.
 * @returns `true` when `toMinorUnits(value, currency)` would succeed.
 * @throws Never.
 * @example
 * isAmount('10.50', 'EUR'); // true
 * isAmount('10.505', 'EUR'); // false (a third non-zero digit)
 * isAmount('1e3', 'EUR'); // false
 * isAmount('5', 'eur'); // false (lowercase code)
 */
export function isAmount(value: unknown, currency: unknown): boolean {
  if (typeof value !== 'string' || !isCurrencyCode(currency)) return false;
  const decimal = parseDecimal(value);
  return decimal !== undefined && toScale(decimal, currencyDigits(currency) as number) !== undefined;
}
