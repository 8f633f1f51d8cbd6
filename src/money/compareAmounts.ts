import { digitsOf } from './_lib/currency';
import { parseAmount, parseDecimalText } from './_lib/parseAmount';

/**
 * Compares two decimal-text amounts of one currency by value (suits `Array#sort`).
 *
 * @param a The first amount, decimal text.
 * @param b The second amount, decimal text.
 * @param currency An uppercase ISO 4217 code shared by both amounts.
 * @returns `-1` when `a < b`, `0` when they are equal (`"1.5"` equals `"1.50"`), `1` when
 *   `a > b`.
 * @throws {TypeError} When `a`, `b` or `currency` is not a string.
 * @throws {RangeError} When `a` or `b` is not decimal text or has non-zero digits beyond
 *   the currency's minor unit, or `currency` is unknown.
 * @example
 * compareAmounts('1.5', '1.50', 'EUR'); // 0
 * compareAmounts('-1', '0.01', 'EUR'); // -1
 * ['3', '10', '2'].sort((x, y) => compareAmounts(x, y, 'JPY')); // ['2', '3', '10']
 */
export function compareAmounts(a: string, b: string, currency: string): -1 | 0 | 1 {
  parseDecimalText(a, 'a');
  parseDecimalText(b, 'b');
  const digits = digitsOf(currency);
  const x = parseAmount(a, digits, currency, 'a');
  const y = parseAmount(b, digits, currency, 'b');
  return x < y ? -1 : x > y ? 1 : 0;
}
