import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';
import { parseQuantity, type Quantity } from './_lib/parseQuantity';

/**
 * Multiplies a decimal-text amount by a whole quantity exactly (a line total).
 *
 * Quantities are whole numbers so that the product always fits the currency's minor
 * unit; a fractional quantity (kilograms, metres) would need rounding, which is the
 * caller's decision (`roundAmount`).
 *
 * @param value The unit amount, decimal text.
 * @param quantity A non-negative whole number: a bigint, a safe integer number, or integer
 *   text as the spec writes quantities (`"3"`, also `"3.000"`).
 * @param currency An uppercase ISO 4217 code.
 * @returns `value × quantity` with the currency's minor digits.
 * @throws {TypeError} When `value` or `currency` is not a string, or `quantity` is not a
 *   bigint, number or string.
 * @throws {RangeError} When `value` is not decimal text or has non-zero digits beyond the
 *   currency's minor unit, `currency` is unknown, or `quantity` is negative, fractional,
 *   not finite, an unsafe integer number, or text that is not a whole number.
 * @example
 * multiplyAmount('9.99', 3, 'EUR'); // '29.97'
 * multiplyAmount('0.125', '4.000', 'BHD'); // '0.500'
 * multiplyAmount('-150', 2n, 'JPY'); // '-300'
 */
export function multiplyAmount(value: string, quantity: Quantity, currency: string): string {
  parseDecimalText(value, 'value');
  const factor = parseQuantity(quantity, 'quantity');
  const digits = digitsOf(currency);
  return formatMinor(parseAmount(value, digits, currency, 'value') * factor, digits);
}
