/**
 * Exact decimal text (the spec's amount grammar `-?\d+(\.\d+)?`) as bigint units and a
 * scale, never floats: the one home of decimal arithmetic, in src/money. The money
 * functions and the lint checks (src/lint/checks/money-decimal.ts) both build on it; it
 * imports only the grammar's scanner, so a bundle of the linter carries no money API.
 */
import { scanDecimal } from '../../schema/predicates';

/** Decimal text as an exact decimal: `units / 10^scale`. */
export interface Decimal {
  /** The digits without the dot, signed. */
  readonly units: bigint;
  /** The number of fraction digits (trailing zeros count). */
  readonly scale: number;
}

/**
 * Parses decimal text (`-?\d+(\.\d+)?`, ASCII digits) into an exact decimal.
 *
 * @param value Any value.
 * @returns The decimal, or `undefined` when `value` is not decimal text.
 * @example parseDecimal('-12.50'); // { units: -1250n, scale: 2 }
 */
export function parseDecimal(value: unknown): Decimal | undefined {
  if (typeof value !== 'string') return undefined;
  const scale = scanDecimal(value, true);
  if (scale < 0) return undefined;
  const digits = scale === 0 ? value : value.slice(0, value.length - scale - 1) + value.slice(value.length - scale);
  return { units: BigInt(digits), scale };
}

/**
 * The units of a decimal written with `scale` fraction digits, when that loses nothing.
 *
 * @param d The decimal.
 * @param scale The fraction digits wanted (a currency's minor unit, or a common scale).
 * @returns The units (`'1.50'` at 3: 1500n; at 1: 15n); `undefined` when non-zero digits lie beyond `scale`.
 * @example toScale(parseDecimal('10.50')!, 2); // 1050n
 */
export function toScale(d: Decimal, scale: number): bigint | undefined {
  if (scale >= d.scale) return d.units * 10n ** BigInt(scale - d.scale);
  const drop = 10n ** BigInt(d.scale - scale);
  return d.units % drop === 0n ? d.units / drop : undefined;
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
  // The largest scale, by integer comparisons (the money code never touches Math).
  let scale = total.scale;
  if (a.scale > scale) scale = a.scale;
  if (b.scale > scale) scale = b.scale;
  return toScale(total, scale) === toScale(a, scale)! + toScale(b, scale)!;
}
