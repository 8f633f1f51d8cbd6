import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';

/**
 * Subtracts one decimal-text amount from another of the same currency exactly.
 *
 * @param a The amount to subtract from, decimal text.
 * @param b The amount to subtract, decimal text.
 * @param currency An uppercase ISO 4217 code shared by both amounts.
 * @returns `a - b` with the currency's minor digits (may be negative).
 * @throws {TypeError} When `a`, `b` or `currency` is not a string.
 * @throws {RangeError} When `a` or `b` is not decimal text or has non-zero digits beyond
 *   the currency's minor unit, or `currency` is unknown.
 * @example
 * subtractAmounts('10.00', '0.01', 'EUR'); // '9.99'
 * subtractAmounts('1.000', '2.500', 'BHD'); // '-1.500'
 */
export function subtractAmounts(a: string, b: string, currency: string): string {
  parseDecimalText(a, 'a');
  parseDecimalText(b, 'b');
  const digits = digitsOf(currency);
  return formatMinor(
    parseAmount(a, digits, currency, 'a') - parseAmount(b, digits, currency, 'b'),
    digits,
  );
}
