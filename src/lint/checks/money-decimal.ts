/**
 * Exact decimal arithmetic on amount text for the money rules: values become bigint
 * units plus a scale, never floats.
 */
import { scanDecimal } from '../../schema/predicates';

/** An amount value as an exact decimal: `units / 10^scale`. */
export interface Decimal {
  /** The digits without the dot, signed. */
  readonly units: bigint;
  /** The number of fraction digits. */
  readonly scale: number;
}

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
 * Parses amount text (`-?\d+(\.\d+)?`) into an exact decimal.
 *
 * @param value Any value.
 * @returns The decimal, or `undefined` when `value` is not amount text.
 * @example parseDecimal('-12.50'); // { units: -1250n, scale: 2 }
 */
export function parseDecimal(value: unknown): Decimal | undefined {
  const scale = fractionDigits(value);
  if (scale === undefined) return undefined;
  const text = value as string;
  const digits = scale === 0 ? text : text.slice(0, text.length - scale - 1) + text.slice(text.length - scale);
  return { units: BigInt(digits), scale };
}

/** The units of `d` written at the larger scale `scale`. */
function rescale(d: Decimal, scale: number): bigint {
  return scale === d.scale ? d.units : d.units * 10n ** BigInt(scale - d.scale);
}

/**
 * Tells whether `total` equals `a + b` exactly, whatever their fraction digits.
 *
 * @param total The expected sum.
 * @param a The first addend.
 * @param b The second addend.
 * @returns `true` when the sum is exact (`'119.00'` = `'100'` + `'19.0'`).
 * @example isSum(parseDecimal('119.00')!, parseDecimal('100')!, parseDecimal('19')!); // true
 */
export function isSum(total: Decimal, a: Decimal, b: Decimal): boolean {
  const scale = Math.max(total.scale, a.scale, b.scale);
  return rescale(total, scale) === rescale(a, scale) + rescale(b, scale);
}

/**
 * Reads the digits of non-negative numeral text from the right, aligned to `scale`
 * fraction digits: implicit trailing zeros first, the dot skipped, zeros past the left end.
 */
class DigitCursor {
  private i: number;
  private pad: number;

  constructor(
    private readonly s: string,
    fraction: number,
    scale: number,
  ) {
    this.i = s.length - 1;
    this.pad = scale - fraction;
  }

  /** The next digit (0 once the text is used up). */
  next(): number {
    if (this.pad > 0) {
      this.pad--;
      return 0;
    }
    let c = this.i >= 0 ? this.s.charCodeAt(this.i--) : 48;
    if (c === 46) c = this.i >= 0 ? this.s.charCodeAt(this.i--) : 48;
    return c - 48;
  }

  /** Digits are left. */
  more(): boolean {
    return this.pad > 0 || this.i >= 0;
  }
}

/**
 * Tells whether amount text `total` equals `a + b` exactly, digit by digit when all three
 * are non-negative (no bigint), else through `isSum` on bigint units.
 *
 * @param total Amount text (`-?\d+(\.\d+)?`).
 * @param a Amount text.
 * @param b Amount text.
 * @returns Whether the sum is exact; `undefined` when one of them is not amount text.
 * @example isSumText('119.00', '100', '19.0'); // true
 */
export function isSumText(total: unknown, a: unknown, b: unknown): boolean | undefined {
  if (typeof total !== 'string' || typeof a !== 'string' || typeof b !== 'string') return undefined;
  const ft = scanDecimal(total, true);
  const fa = scanDecimal(a, true);
  const fb = scanDecimal(b, true);
  if (ft < 0 || fa < 0 || fb < 0) return undefined;
  if (total.charCodeAt(0) === 45 || a.charCodeAt(0) === 45 || b.charCodeAt(0) === 45) {
    return isSum(parseDecimal(total)!, parseDecimal(a)!, parseDecimal(b)!);
  }
  const scale = Math.max(ft, fa, fb);
  const ct = new DigitCursor(total, ft, scale);
  const ca = new DigitCursor(a, fa, scale);
  const cb = new DigitCursor(b, fb, scale);
  let carry = 0;
  // Column addition from the lowest digit; leading zeros of any of the three are harmless.
  while (ca.more() || cb.more() || ct.more()) {
    const sum = ca.next() + cb.next() + carry;
    carry = sum >= 10 ? 1 : 0;
    if (sum - 10 * carry !== ct.next()) return false;
  }
  return carry === 0;
}
