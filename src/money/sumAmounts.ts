import { assert } from './_lib/assert';
import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { EXPECTED_ITERABLE } from './_lib/messages';
import { parseAmount } from './_lib/parseAmount';

/**
 * Adds any number of decimal-text amounts of one currency exactly.
 *
 * @param values The amounts, decimal text (an array or any other iterable; a plain string
 *   is refused, it is not a list of amounts).
 * @param currency An uppercase ISO 4217 code shared by all amounts.
 * @returns The total with the currency's minor digits; `"0.00"` (EUR) for no values.
 * @throws {TypeError} When `values` is not an iterable, one of its items is not a string
 *   (the message names it, e.g. `values[2]`), or `currency` is not a string.
 * @throws {RangeError} When an item is not decimal text or has non-zero digits beyond the
 *   currency's minor unit, or `currency` is unknown.
 * @example
 * sumAmounts(['0.10', '0.20', '0.30'], 'EUR'); // '0.60'
 * sumAmounts([], 'JPY'); // '0'
 */
export function sumAmounts(values: Iterable<string>, currency: string): string {
  assert(
    values !== null &&
      typeof values === 'object' &&
      typeof (values as Partial<Iterable<string>>)[Symbol.iterator] === 'function',
    EXPECTED_ITERABLE,
    { name: 'values', got: values },
    TypeError,
  );
  const digits = digitsOf(currency);
  let total = 0n;
  let index = 0;
  for (const value of values) {
    total += parseAmount(value, digits, currency, `values[${index}]`);
    index += 1;
  }
  return formatMinor(total, digits);
}
