import { allocate } from './allocate';
import { assert } from './_lib/assert';
import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import { DISCOUNT_ABOVE_SUM, EXPECTED_ARRAY, NEGATIVE_VALUE } from './_lib/messages';
import { parseAmount } from './_lib/parseAmount';

/**
 * Reduces a bundle's unit prices by their shares of the bundle discount (spec rule 11:
 * the underlying items are sent, each at its price less its share of the discount).
 *
 * The discount is split in proportion to the prices on bigint minor units by the
 * largest-remainder method (see `allocate`): floor every exact share, hand the leftover
 * units one each to the largest fractional remainders, ties to the lower index. The
 * shares add up to the discount exactly, so the discounted prices add up to
 * `Σprices − discount` exactly, and no price drops below zero. Edge cases: no prices and
 * a zero discount give `[]`; all-zero prices take only a zero discount and come back
 * unchanged; a zero discount returns the prices normalised. Prices may carry extra zero
 * digits (`"10.500"` EUR); the result always has exactly the currency's minor digits.
 * Each entry is one unit; for lines with quantities use `expandBundle`.
 *
 * @param prices The undiscounted unit prices of the bundle's items, non-negative decimal
 *   text.
 * @param discount The bundle discount, non-negative decimal text, at most `Σprices`.
 * @param currency An uppercase ISO 4217 code shared by prices and discount.
 * @returns The discounted unit prices, in the order of `prices`, as decimal text with the
 *   currency's minor digits.
 * @throws {RangeError} For any invalid input (the pinned contract promises RangeError, so
 *   here even a wrong type is a RangeError): `prices` not an array; a price or `discount`
 *   not a string, not decimal text, negative, or with non-zero digits beyond the
 *   currency's minor unit; `currency` not an uppercase ISO 4217 code; `discount` above the
 *   sum of the prices. The message names the argument, e.g. `prices[1]`.
 * @example
 * splitBundleDiscount(['30.00', '10.00'], '4.00', 'EUR'); // ['27.00', '9.00']
 * splitBundleDiscount(['1.00', '1.00', '1.00'], '0.01', 'EUR'); // ['0.99', '1.00', '1.00']
 * splitBundleDiscount(['1000', '500'], '100', 'JPY'); // ['933', '467']
 */
export function splitBundleDiscount(
  prices: readonly string[],
  discount: string,
  currency: string,
): string[] {
  assert(Array.isArray(prices), EXPECTED_ARRAY, { name: 'prices', got: prices });
  const digits = digitsOf(currency, 'currency', RangeError);
  let sum = 0n;
  // Array.from visits holes of a sparse array too (as undefined), so they are refused.
  const units = Array.from(prices, (price, index) => {
    const name = `prices[${index}]`;
    const value = parseAmount(price, digits, currency, name, RangeError);
    assert(value >= 0n, NEGATIVE_VALUE, { name });
    sum += value;
    return value;
  });
  const off = parseAmount(discount, digits, currency, 'discount', RangeError);
  assert(off >= 0n, NEGATIVE_VALUE, { name: 'discount' });
  assert(off <= sum, DISCOUNT_ABOVE_SUM, { name: 'discount' });
  // A zero discount needs no split (and all-zero prices have no proportion to split by).
  const shares = off === 0n ? units.map(() => 0n) : allocate(off, units);
  return units.map((value, index) => formatMinor(value - (shares[index] as bigint), digits));
}
