/**
 * Amount text for the money rules: its fraction digits, and sums checked exactly, cheaply
 * for the common amounts and through the exact decimals of src/money/_lib/decimal.ts (the one
 * home of decimal arithmetic, which src/money uses too) for the others.
 */
import { isSum, parseDecimal } from '../../money/_lib/decimal';
import { scanDecimal } from '../../schema/predicates';

export { isSum, parseDecimal, type Decimal } from '../../money/_lib/decimal';

/**
 * Tells how many fraction digits an amount value has (trailing zeros count).
 *
 * @param value Any value.
 * @returns The fraction digits of numeric text (`'10.500'` → 3), or `undefined` when `value` is not amount text.
 * @example fractionDigits('10.5'); // 1
 */
export function fractionDigits(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const digits = scanDecimal(value, true);
  return digits < 0 ? undefined : digits;
}

/**
 * Counts the characters after the last dot of a text, or -1 without a dot (a backward
 * scan: `lastIndexOf` is a runtime call in V8, far slower on short strings).
 *
 * @param value The text.
 * @returns E.g. 2 for `'10.50'`, -1 for `'10'`.
 * @example digitsAfterDot('1.255'); // 3
 */
export function digitsAfterDot(value: string): number {
  for (let i = value.length - 1; i >= 0; i--) if (value.charCodeAt(i) === 46) return value.length - i - 1;
  return -1;
}

/**
 * Reads unsigned amount text of at most nine digits and `scale` fraction digits as one
 * integer, its dot left out (`'1234.56'`, 2 → 123456).
 *
 * @param text The text.
 * @param scale The fraction digits the text must have (0: no dot).
 * @returns The integer, or -1 for any other text (a sign, more digits, another scale, not amount text).
 */
function smallUnits(text: string, scale: number): number {
  const n = text.length;
  // Where the dot must be: -1 without one; a dot first or last is not amount text.
  const dot = scale === 0 ? -1 : n - scale - 1;
  if (n === 0 || n > (scale === 0 ? 9 : 10) || (scale > 0 && dot < 1)) return -1;
  let units = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) units = units * 10 + (c - 48);
    else if (c !== 46 || i !== dot) return -1;
  }
  return units;
}

/**
 * Tells whether amount text `total` equals `a + b` exactly: as integers of minor units when
 * all three are small and of one scale, else through `isSum` on bigint units.
 *
 * @param total Amount text (`-?\d+(\.\d+)?`).
 * @param a Amount text.
 * @param b Amount text.
 * @returns Whether the sum is exact; `undefined` when one of them is not amount text, or they have more than 3,000 characters together.
 * @example isSumText('119.00', '100', '19.0'); // true
 */
export function isSumText(total: unknown, a: unknown, b: unknown): boolean | undefined {
  if (typeof total !== 'string' || typeof a !== 'string' || typeof b !== 'string') return undefined;
  // The common case: three texts of the total's scale with at most nine digits each (below
  // ten million with two decimals), each read once as an integer of minor units; the sum of
  // two such integers stays below 2^31.
  const common = Math.max(0, digitsAfterDot(total));
  const ut = smallUnits(total, common);
  const ua = ut < 0 ? -1 : smallUnits(a, common);
  const ub = ua < 0 ? -1 : smallUnits(b, common);
  if (ub >= 0) return ut === ua + ub;
  // Amounts of thousands of digits are no money (bigint parsing grows faster than their length:
  // two of 30 million digits took 20 s and 400 MB): their sum is not judged.
  if ((total + a + b).length > 3e3) return undefined;
  // Any other amounts (rare: more digits, mixed scales, a sign) are summed exactly in bigint units.
  const dt = parseDecimal(total);
  const da = parseDecimal(a);
  const db = parseDecimal(b);
  return dt && da && db ? isSum(dt, da, db) : undefined;
}
