import { assert } from './_lib/assert';
import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { EXPECTED_BIGINT } from './_lib/messages';

/**
 * Formats integer minor units as decimal text with exactly the currency's minor digits.
 *
 * @param units The amount in minor units (a bigint; numbers are refused so that no
 *   binary floating point ever touches money).
 * @param currency An uppercase ISO 4217 code.
 * @returns Decimal text such as `"10.50"`, `"-0.05"` or `"7"` (JPY has no minor unit);
 *   zero is never written with a minus sign.
 * @throws {TypeError} When `units` is not a bigint or `currency` is not a string.
 * @throws {RangeError} When `currency` is not an uppercase ISO 4217 code.
 * @example
 * fromMinorUnits(1050n, 'EUR'); // '10.50'
 * fromMinorUnits(-5n, 'EUR'); // '-0.05'
 * fromMinorUnits(7n, 'JPY'); // '7'
 * fromMinorUnits(1500n, 'BHD'); // '1.500'
 */
export function fromMinorUnits(units: bigint, currency: string): string {
  assert(typeof units === 'bigint', EXPECTED_BIGINT, { name: 'units', got: units }, TypeError);
  return formatMinor(units, digitsOf(currency));
}
