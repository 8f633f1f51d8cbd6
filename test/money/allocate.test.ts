import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { allocate } from '../../src/money';
import { expectError, smallUnitsArb } from './_helpers';

const weightsArb = fc
  .array(smallUnitsArb, { minLength: 1, maxLength: 12 })
  .filter((weights) => weights.some((w) => w > 0n));
const totalArb = fc.oneof(fc.bigInt({ min: 0n, max: 20n }), fc.bigInt({ min: 0n, max: 10n ** 12n }));

describe('allocate', () => {
  it.each([
    [100n, [1n, 1n, 1n], [34n, 33n, 33n]],
    [1n, [1n, 1n, 1n], [1n, 0n, 0n]],
    [2n, [1n, 1n, 1n], [1n, 1n, 0n]],
    [5n, [3n, 0n, 7n], [2n, 0n, 3n]],
    [10n, [1n, 2n, 3n, 4n], [1n, 2n, 3n, 4n]],
    [7n, [1n, 2n, 3n, 4n], [1n, 1n, 2n, 3n]],
    [0n, [5n, 5n], [0n, 0n]],
    [3n, [0n, 1n], [0n, 3n]],
    [3n, [5n], [3n]],
    [100n, [2n, 1n], [67n, 33n]],
    [101n, [1n, 2n, 2n], [20n, 41n, 40n]],
  ])('splits %s by %s into %s', (total, weights, expected) => {
    expect(allocate(total, weights)).toEqual(expected);
  });

  it('gives a leftover unit to the largest remainder before a lower index', () => {
    // Exact shares 0.4, 0.8, 0.8 → floors 0, 0, 0 → two units to the remainders 0.8, 0.8.
    expect(allocate(2n, [1n, 2n, 2n])).toEqual([0n, 1n, 1n]);
    // Exact shares 0.6, 0.6, 1.8 → 0, 0, 1 and one unit left: the tie goes to index 0.
    expect(allocate(3n, [1n, 1n, 3n])).toEqual([1n, 0n, 2n]);
  });

  it('mirrors a negative total', () => {
    expect(allocate(-100n, [1n, 1n, 1n])).toEqual([-34n, -33n, -33n]);
    expect(allocate(-5n, [3n, 0n, 7n])).toEqual([-2n, -0n, -3n]);
  });

  it('does not modify the weights', () => {
    const weights = Object.freeze([1n, 2n, 3n]);
    allocate(5n, weights);
    expect(weights).toEqual([1n, 2n, 3n]);
  });

  it('throws a RangeError naming weights for an empty list or all-zero weights', () => {
    expectError(() => allocate(1n, []), RangeError, 'weights');
    expectError(() => allocate(0n, [0n, 0n]), RangeError, 'weights');
  });

  it('throws a RangeError naming the negative weight', () => {
    expectError(() => allocate(1n, [1n, -1n, 3n]), RangeError, 'weights[1]');
  });

  it('throws a TypeError naming the argument of the wrong type', () => {
    expectError(() => allocate(1 as unknown as bigint, [1n]), TypeError, 'total');
    expectError(() => allocate(1n, [1n, 2 as unknown as bigint]), TypeError, 'weights[1]');
    expectError(() => allocate(1n, '12' as unknown as bigint[]), TypeError, 'weights');
    expectError(() => allocate(1n, null as unknown as bigint[]), TypeError, 'weights');
  });

  it('conserves the total exactly and never gives a negative share', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const shares = allocate(total, weights);
        expect(shares).toHaveLength(weights.length);
        expect(shares.reduce((s, x) => s + x, 0n)).toBe(total);
        for (const share of shares) expect(share >= 0n).toBe(true);
      }),
    );
  });

  it('keeps each share between the floor of its exact share and one unit more', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const sum = weights.reduce((s, w) => s + w, 0n);
        allocate(total, weights).forEach((share, i) => {
          const floor = (total * (weights[i] as bigint)) / sum;
          expect(share >= floor && share <= floor + 1n).toBe(true);
          if (weights[i] === 0n) expect(share).toBe(0n);
        });
      }),
    );
  });

  it('hands leftover units to larger remainders first, ties to the lower index', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        const sum = weights.reduce((s, w) => s + w, 0n);
        const shares = allocate(total, weights);
        const remainder = weights.map((w) => (total * w) % sum);
        const gotUnit = shares.map((share, i) => share > (total * (weights[i] as bigint)) / sum);
        for (let i = 0; i < weights.length; i += 1) {
          for (let j = 0; j < weights.length; j += 1) {
            if (!gotUnit[i] || gotUnit[j]) continue;
            // i got a leftover unit and j did not: i must rank before j.
            const ri = remainder[i] as bigint;
            const rj = remainder[j] as bigint;
            expect(ri > rj || (ri === rj && i < j)).toBe(true);
          }
        }
      }),
    );
  });

  it('splits a negative total as the negated split of its absolute value', () => {
    fc.assert(
      fc.property(totalArb, weightsArb, (total, weights) => {
        expect(allocate(-total, weights)).toEqual(allocate(total, weights).map((x) => -x));
      }),
    );
  });
});

describe('allocate on sparse input', () => {
  it('refuses a hole in the weights with a TypeError naming it', () => {
    // eslint-disable-next-line no-sparse-arrays
    expectError(() => allocate(1n, [1n, , 2n] as bigint[]), TypeError, 'weights[1]');
  });
});
