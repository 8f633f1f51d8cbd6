import { allocate } from './allocate';
import { assert } from './_lib/assert';
import { digitsOf } from './_lib/currency';
import { formatMinor } from './_lib/formatMinor';
import {
  DISCOUNT_ABOVE_SUM,
  EXPECTED_ARRAY,
  EXPECTED_OBJECT,
  EXPECTED_SKU,
  NEGATIVE_VALUE,
  message,
} from './_lib/messages';
import { parseAmount } from './_lib/parseAmount';
import { parseQuantity, type Quantity } from './_lib/parseQuantity';

/**
 * One underlying item line of a bundle, before the bundle discount.
 *
 * @example const line: BundleLine = { sku: 'MUG', quantity: 3, unitPrice: '10.00' };
 */
export interface BundleLine {
  /** The item's SKU; copied to the output line(s). */
  sku: string;
  /** How many units: a positive whole number (bigint, safe integer, or text like `"2"`). */
  quantity: Quantity;
  /** The undiscounted price of one unit, non-negative decimal text. */
  unitPrice: string;
}

/**
 * An output line of `expandBundle`: the input line's other members, a quantity as a
 * number and the discounted unit price.
 *
 * @example
 * const lines: ExpandedBundleLine[] = expandBundle([{ sku: 'MUG', quantity: 3, unitPrice: '10.00' }], '3.00', 'EUR');
 * // [{ sku: 'MUG', quantity: 3, unitPrice: '9.00' }]
 */
export type ExpandedBundleLine<L extends BundleLine = BundleLine> = Omit<
  L,
  'quantity' | 'unitPrice'
> & {
  /** How many units are sold at `unitPrice` (a positive safe integer). */
  quantity: number;
  /** The discounted price of one unit, with the currency's minor digits. */
  unitPrice: string;
};

/**
 * Turns a bundle's item lines into the lines to send, each unit price reduced by its share
 * of the bundle discount, with money kept exact.
 *
 * Quantities weigh: each line's weight is `unitPrice × quantity` in minor units, and the
 * discount is split over the lines by the largest-remainder method (see `allocate`; ties
 * to the lower line). A line's share rarely divides by its quantity, so such a line is
 * split in two lines with the same members: first `r` units at one minor unit more, then
 * `quantity − r` units at the lower price, where the lower price is
 * `floor((unitPrice × quantity − share) / quantity)` and `r` is the remainder. Thus
 * `Σ quantity × unitPrice` of the output equals `Σ` of the input minus `discount`
 * exactly, and no unit price drops below zero. Lines that divide evenly stay one line.
 * Other members of a line (item ids, descriptions) are copied to its output line(s)
 * as they are (a nested object is the same object there, not a clone); the input is
 * not modified. A zero discount returns the lines with normalised prices.
 *
 * @param lines The bundle's item lines; each `quantity` a positive whole number (a bigint,
 *   a safe integer number, or text such as `"2"` or `"2.000"`), each `unitPrice`
 *   non-negative decimal text.
 * @param discount The bundle discount, non-negative decimal text, at most the bundle's
 *   total `Σ unitPrice × quantity`.
 * @param currency An uppercase ISO 4217 code shared by prices and discount.
 * @returns The output lines in input order (a split line's two parts next to each other),
 *   quantities as numbers, unit prices with the currency's minor digits.
 * @throws {TypeError} When `lines` is not an array, a line is not an object, `sku`,
 *   `unitPrice`, `discount` or `currency` is not a string, or a quantity is not a bigint,
 *   number or string. Messages name the member, e.g. `lines[1].quantity`.
 * @throws {RangeError} When a unit price or `discount` is not decimal text, negative, or
 *   has non-zero digits beyond the currency's minor unit; a quantity is not a positive
 *   whole number or exceeds `Number.MAX_SAFE_INTEGER`; `currency` is unknown; or
 *   `discount` exceeds the bundle's total.
 * @example
 * expandBundle(
 *   [
 *     { sku: 'MUG', quantity: 3, unitPrice: '10.00' },
 *     { sku: 'TEA', quantity: 1, unitPrice: '5.00' },
 *   ],
 *   '1.00',
 *   'EUR',
 * );
 * // weights 30.00 and 5.00: shares 0.86 and 0.14; 30.00 − 0.86 = 29.14 = 2 × 9.71 + 9.72
 * // [
 * //   { sku: 'MUG', quantity: 1, unitPrice: '9.72' },
 * //   { sku: 'MUG', quantity: 2, unitPrice: '9.71' },
 * //   { sku: 'TEA', quantity: 1, unitPrice: '4.86' },
 * // ]
 */
export function expandBundle<L extends BundleLine>(
  lines: readonly L[],
  discount: string,
  currency: string,
): ExpandedBundleLine<L>[] {
  assert(Array.isArray(lines), EXPECTED_ARRAY, { name: 'lines', got: lines }, TypeError);
  const digits = digitsOf(currency);
  let sum = 0n;
  // Array.from visits holes of a sparse array too (as undefined), so they are refused.
  const parsed = Array.from(lines, (line, index) => {
    const name = `lines[${index}]`;
    assert(typeof line === 'object' && line !== null && !Array.isArray(line), EXPECTED_OBJECT, { name, got: line }, TypeError);
    assert(typeof line.sku === 'string', EXPECTED_SKU, { name: `${name}.sku`, got: line.sku }, TypeError);
    const quantity = parseQuantity(line.quantity, `${name}.quantity`, {
      positive: true,
      safe: true,
    });
    const unitPrice = parseAmount(line.unitPrice, digits, currency, `${name}.unitPrice`);
    assert(unitPrice >= 0n, NEGATIVE_VALUE, { name: `${name}.unitPrice` });
    const weight = unitPrice * quantity;
    sum += weight;
    return { line, quantity, weight };
  });
  const off = parseAmount(discount, digits, currency, 'discount');
  assert(off >= 0n, NEGATIVE_VALUE, { name: 'discount' });
  assert(off <= sum, DISCOUNT_ABOVE_SUM, { name: 'discount' });
  // A zero discount needs no split (and all-zero prices have no proportion to split by).
  const shares = off === 0n ? parsed.map(() => 0n) : allocate(off, parsed.map((p) => p.weight));
  const result: ExpandedBundleLine<L>[] = [];
  parsed.forEach(({ line, quantity, weight }, index) => {
    const remaining = weight - (shares[index] as bigint);
    const low = remaining / quantity;
    const higher = remaining % quantity; // units that carry one minor unit more
    if (higher > 0n) result.push(outputLine(line, higher, low + 1n, digits));
    result.push(outputLine(line, quantity - higher, low, digits));
  });
  return result;
}

/** Copies a line with a new quantity and unit price. */
function outputLine<L extends BundleLine>(
  line: L,
  quantity: bigint,
  unitPrice: bigint,
  digits: number,
): ExpandedBundleLine<L> {
  return { ...line, quantity: Number(quantity), unitPrice: formatMinor(unitPrice, digits) };
}
