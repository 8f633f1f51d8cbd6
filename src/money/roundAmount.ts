import { assert } from './_lib/assert';
import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { UNKNOWN_ROUNDING_MODE } from './_lib/messages';
import { parseDecimalText } from './_lib/parseAmount';

/**
 * How `roundAmount` rounds, named as `Intl.NumberFormat`'s `roundingMode` names them:
 * `ceil` toward +∞, `floor` toward −∞, `expand` away from zero, `trunc` toward zero; the
 * `half*` modes round to the nearest minor unit and break exact halves that way
 * (`halfEven`: to the even unit, banker's rounding).
 *
 * @example
 * const mode: RoundingMode = 'halfEven';
 * roundAmount('2.665', 'EUR', mode); // '2.66'
 */
export type RoundingMode =
  | 'ceil'
  | 'floor'
  | 'expand'
  | 'trunc'
  | 'halfCeil'
  | 'halfFloor'
  | 'halfExpand'
  | 'halfTrunc'
  | 'halfEven';

const MODES: readonly RoundingMode[] = [
  'ceil',
  'floor',
  'expand',
  'trunc',
  'halfCeil',
  'halfFloor',
  'halfExpand',
  'halfTrunc',
  'halfEven',
];

/**
 * Rounds decimal text with any number of fraction digits to the currency's minor unit.
 *
 * Works on the digits themselves (no floating point), so `"2.675"` rounds to `"2.68"`
 * with `halfExpand`, as on paper.
 *
 * @param value Decimal text matching `-?\d+(\.\d+)?`, any number of fraction digits.
 * @param currency An uppercase ISO 4217 code.
 * @param roundingMode One of {@link RoundingMode}; default `'halfExpand'` (half away
 *   from zero, commercial rounding, also `Intl.NumberFormat`'s default).
 * @returns The rounded amount with exactly the currency's minor digits.
 * @throws {TypeError} When `value` or `currency` is not a string.
 * @throws {RangeError} When `value` is not decimal text, `currency` is unknown, or
 *   `roundingMode` is not one of the nine modes.
 * @example
 * roundAmount('2.675', 'EUR'); // '2.68'
 * roundAmount('-2.675', 'EUR'); // '-2.68'
 * roundAmount('2.665', 'EUR', 'halfEven'); // '2.66'
 * roundAmount('1.9', 'JPY', 'trunc'); // '1'
 */
export function roundAmount(
  value: string,
  currency: string,
  roundingMode: RoundingMode = 'halfExpand',
): string {
  const { negative, integer, fraction } = parseDecimalText(value, 'value');
  const digits = digitsOf(currency);
  assert((MODES as readonly unknown[]).includes(roundingMode), UNKNOWN_ROUNDING_MODE, { name: 'roundingMode', modes: MODES.join(', ') });
  const kept = BigInt(integer + fraction.slice(0, digits).padEnd(digits, '0'));
  const rest = fraction.slice(digits);
  const magnitude = kept + (awayFromZero(rest, negative, kept, roundingMode) ? 1n : 0n);
  return formatMinor(negative ? -magnitude : magnitude, digits);
}

/** Decides whether the dropped digits `rest` push the magnitude up by one unit. */
function awayFromZero(
  rest: string,
  negative: boolean,
  kept: bigint,
  mode: RoundingMode,
): boolean {
  if (/^0*$/.test(rest)) return false;
  const first = rest.charAt(0);
  // Compare the dropped part with one half: -1 below, 0 exactly half, 1 above.
  const half = first > '5' ? 1 : first < '5' ? -1 : /^0*$/.test(rest.slice(1)) ? 0 : 1;
  switch (mode) {
    case 'ceil':
      return !negative;
    case 'floor':
      return negative;
    case 'expand':
      return true;
    case 'trunc':
      return false;
    case 'halfCeil':
      return half > 0 || (half === 0 && !negative);
    case 'halfFloor':
      return half > 0 || (half === 0 && negative);
    case 'halfExpand':
      return half >= 0;
    case 'halfTrunc':
      return half > 0;
    case 'halfEven':
      return half > 0 || (half === 0 && kept % 2n === 1n);
  }
}
