import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';

/**
 * Adds two decimal-text amounts of one currency exactly.
 *
 * @param a The first amount, decimal text.
 * @param b The second amount, decimal text.
 * @param currency An uppercase ISO 4217 code shared by both amounts.
 * @returns `a + b` with the currency's minor digits.
 * @throws {TypeError} When `a`, `b` or `currency` is not a string.
 * @throws {RangeError} When `a` or `b` is not decimal text or has non-zero digits beyond
 *   the currency's minor unit, or `currency` is unknown.
 * @example
 * addAmounts('0.10', '0.20', 'EUR'); // '0.30' (exactly)
 * addAmounts('5', '-7', 'JPY'); // '-2'
 */
export function addAmounts(a: string, b: string, currency: string): string {
  parseDecimalText(a, 'a');
  parseDecimalText(b, 'b');
  const digits = digitsOf(currency);
  return formatMinor(
    parseAmount(a, digits, currency, 'a') + parseAmount(b, digits, currency, 'b'),
    digits,
  );
}
