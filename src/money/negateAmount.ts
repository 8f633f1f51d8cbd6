import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';

/**
 * Changes the sign of a decimal-text amount, e.g. to write an order-discount line.
 *
 * @param value Decimal text.
 * @param currency An uppercase ISO 4217 code.
 * @returns `-value` with the currency's minor digits; zero stays `"0.00"` (no `"-0.00"`).
 * @throws {TypeError} When `value` or `currency` is not a string.
 * @throws {RangeError} When `value` is not decimal text or has non-zero digits beyond the
 *   currency's minor unit, or `currency` is unknown.
 * @example
 * negateAmount('5.00', 'EUR'); // '-5.00'
 * negateAmount('-3', 'JPY'); // '3'
 */
export function negateAmount(value: string, currency: string): string {
  parseDecimalText(value, 'value');
  const digits = digitsOf(currency);
  return formatMinor(-parseAmount(value, digits, currency, 'value'), digits);
}
