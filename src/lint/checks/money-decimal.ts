/**
 * Exact decimal arithmetic on amount text for the money rules: values become bigint
 * units plus a scale, never floats.
 */
import { AMOUNT_VALUE } from '../../spec/tables';

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
  if (typeof value !== 'string' || !AMOUNT_VALUE.test(value)) return undefined;
  const dot = value.indexOf('.');
  return dot < 0 ? 0 : value.length - dot - 1;
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
