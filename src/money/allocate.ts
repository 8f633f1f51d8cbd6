import { assert } from './_lib/assert';
import {
  EMPTY_WEIGHTS,
  EXPECTED_ARRAY,
  EXPECTED_BIGINT,
  NEGATIVE_VALUE,
  ZERO_WEIGHTS,
  message,
} from './_lib/messages';

/**
 * Splits a whole number of minor units in proportion to weights, by the largest-remainder
 * method.
 *
 * Every share starts as the floor of its exact share `total × weight / Σweights`; the
 * units left over go one each to the shares with the largest fractional remainders, ties
 * to the lower index. So the shares add up to `total` exactly, each share is its exact
 * share rounded down or up, and a zero weight gets zero. A negative total is split as its
 * absolute value and every share negated (shares are then the exact share rounded toward
 * or away from zero, and still add up to `total`).
 *
 * @param total The minor units to split (a bigint, may be zero or negative).
 * @param weights The non-negative bigint weights, at least one of them positive; e.g. the
 *   prices in minor units.
 * @returns One share per weight, in the order of `weights`.
 * @throws {TypeError} When `total` is not a bigint, `weights` is not an array, or a weight
 *   is not a bigint (named as `weights[i]`).
 * @throws {RangeError} When `weights` is empty, a weight is negative, or all weights are
 *   zero (there is no proportion to split by).
 * @example
 * allocate(100n, [1n, 1n, 1n]); // [34n, 33n, 33n]
 * allocate(5n, [3n, 0n, 7n]); // [2n, 0n, 3n]  (exact 1.5 and 3.5: tie to the lower index)
 * allocate(-100n, [1n, 1n, 1n]); // [-34n, -33n, -33n]
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  assert(typeof total === 'bigint', EXPECTED_BIGINT, { name: 'total', got: total }, TypeError);
  assert(Array.isArray(weights), EXPECTED_ARRAY, { name: 'weights', got: weights }, TypeError);
  assert(weights.length > 0, EMPTY_WEIGHTS, { name: 'weights' });
  let sum = 0n;
  // A plain loop, so that holes of a sparse array are checked (as undefined) too.
  for (let index = 0; index < weights.length; index += 1) {
    const weight = weights[index];
    const name = `weights[${index}]`;
    assert(typeof weight === 'bigint', EXPECTED_BIGINT, { name, got: weight }, TypeError);
    assert(weight >= 0n, NEGATIVE_VALUE, { name });
    sum += weight;
  }
  assert(sum > 0n, ZERO_WEIGHTS, { name: 'weights' });
  if (total < 0n) return largestRemainder(-total, weights, sum).map((share) => -share);
  return largestRemainder(total, weights, sum);
}

/** The arithmetic of {@link allocate}, for checked input with `total ≥ 0` and `sum > 0`. */
function largestRemainder(total: bigint, weights: readonly bigint[], sum: bigint): bigint[] {
  const shares: bigint[] = [];
  const remainders: bigint[] = [];
  let leftover = total;
  for (const weight of weights) {
    const product = total * weight;
    const share = product / sum; // bigint division floors for non-negative operands
    shares.push(share);
    remainders.push(product % sum);
    leftover -= share;
  }
  if (leftover === 0n) return shares;
  const order = weights.map((_, index) => index);
  // Largest remainder first; equal remainders keep the lower index first.
  order.sort((i, j) => {
    const ri = remainders[i] as bigint;
    const rj = remainders[j] as bigint;
    return ri > rj ? -1 : ri < rj ? 1 : i - j;
  });
  // leftover < weights.length, because every remainder is below `sum`.
  for (let k = 0; k < Number(leftover); k += 1) {
    const index = order[k] as number;
    shares[index] = (shares[index] as bigint) + 1n;
  }
  return shares;
}
