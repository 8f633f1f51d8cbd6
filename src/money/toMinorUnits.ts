import { digitsOf } from './_lib/currency';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';

/**
 * Converts a decimal-text amount to integer minor units of a currency (cents for EUR).
 *
 * Nothing is rounded: fraction digits beyond the currency's minor unit are accepted only
 * when they are zeros (`"10.500"` EUR is 1050 cents, `"10.505"` EUR throws).
 *
 * @param value Decimal text matching `-?\d+(\.\d+)?` (ASCII digits; no exponent, no
 *   grouping, no spaces, no leading dot or plus sign).
 * @param currency An uppercase ISO 4217 code, e.g. `"EUR"` (2 digits), `"JPY"` (0),
 *   `"BHD"` (3).
 * @returns The amount in minor units.
 * @throws {TypeError} When `value` or `currency` is not a string.
 * @throws {RangeError} When `value` is not decimal text, `currency` is not an uppercase
 *   ISO 4217 code, or `value` has non-zero digits beyond the currency's minor unit.
 * @example
 * toMinorUnits('10.50', 'EUR'); // 1050n
 * toMinorUnits('-0.05', 'EUR'); // -5n
 * toMinorUnits('7', 'JPY'); // 7n
 * toMinorUnits('1.5', 'BHD'); // 1500n
 */
export function toMinorUnits(value: string, currency: string): bigint {
  parseDecimalText(value, 'value');
  const digits = digitsOf(currency);
  return parseAmount(value, digits, currency, 'value');
}
