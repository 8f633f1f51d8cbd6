import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';

/**
 * Normalises a decimal-text amount to exactly the currency's minor digits.
 *
 * Pads missing digits and drops extra zero digits; it never rounds (use `roundAmount`
 * for that). Leading zeros go and `"-0"` becomes `"0.00"`.
 *
 * @param value Decimal text matching `-?\d+(\.\d+)?`.
 * @param currency An uppercase ISO 4217 code.
 * @returns The same amount written with the currency's minor digits.
 * @throws {TypeError} When `value` or `currency` is not a string.
 * @throws {RangeError} When `value` is not decimal text, `currency` is unknown, or
 *   `value` has non-zero digits beyond the currency's minor unit.
 * @example
 * formatAmount('10.5', 'EUR'); // '10.50'
 * formatAmount('10.500', 'EUR'); // '10.50'
 * formatAmount('007', 'JPY'); // '7'
 * formatAmount('-0', 'BHD'); // '0.000'
 */
export function formatAmount(value: string, currency: string): string {
  parseDecimalText(value, 'value');
  const digits = digitsOf(currency);
  return formatMinor(parseAmount(value, digits, currency, 'value'), digits);
}
