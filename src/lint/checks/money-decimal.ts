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
 * all three are small and of one scale, digit by digit when all three are non-negative (no
 * bigint), else through `isSum` on bigint units.
 *
 * @param total Amount text (`-?\d+(\.\d+)?`).
 * @param a Amount text.
 * @param b Amount text.
 * @returns Whether the sum is exact; `undefined` when one of them is not amount text.
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
  const ft = scanDecimal(total, true);
  const fa = scanDecimal(a, true);
  const fb = scanDecimal(b, true);
  if (ft < 0 || fa < 0 || fb < 0) return undefined;
  if (total.charCodeAt(0) === 45 || a.charCodeAt(0) === 45 || b.charCodeAt(0) === 45) {
    return isSum(parseDecimal(total)!, parseDecimal(a)!, parseDecimal(b)!);
  }
  // Column addition from the lowest digit, the three read from the right in step: a text
  // with fewer fraction digits than the others first gives implicit trailing zeros (its
  // `pad`), its dot is skipped, and it gives zeros past its left end. Leading zeros of any
  // of the three are harmless.
  const scale = Math.max(ft, fa, fb);
  let it = total.length - 1;
  let ia = a.length - 1;
  let ib = b.length - 1;
  let pt = scale - ft;
  let pa = scale - fa;
  let pb = scale - fb;
  let carry = 0;
  while (it >= 0 || ia >= 0 || ib >= 0 || pt > 0 || pa > 0 || pb > 0) {
    let sum = carry;
    if (pa > 0) pa--;
    else if (ia >= 0) {
      if (a.charCodeAt(ia) === 46) ia--;
      if (ia >= 0) sum += a.charCodeAt(ia--) - 48;
    }
    if (pb > 0) pb--;
    else if (ib >= 0) {
      if (b.charCodeAt(ib) === 46) ib--;
      if (ib >= 0) sum += b.charCodeAt(ib--) - 48;
    }
    let digit = 0;
    if (pt > 0) pt--;
    else if (it >= 0) {
      if (total.charCodeAt(it) === 46) it--;
      if (it >= 0) digit = total.charCodeAt(it--) - 48;
    }
    carry = sum >= 10 ? 1 : 0;
    if (sum - 10 * carry !== digit) return false;
  }
  return carry === 0;
}
