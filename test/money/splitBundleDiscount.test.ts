import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits, splitBundleDiscount, toMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, smallUnitsArb } from './_helpers';

/** A currency, bundle prices in its minor units and a discount no larger than their sum. */
const bundleArb = fc
  .record({
    currency: currencyArb,
    prices: fc.array(smallUnitsArb, { maxLength: 10 }),
  })
  .chain(({ currency, prices }) =>
    fc.record({
      currency: fc.constant(currency),
      prices: fc.constant(prices),
      discount: fc.bigInt({ min: 0n, max: prices.reduce((s, p) => s + p, 0n) }),
    }),
  );

describe('splitBundleDiscount', () => {
  it.each([
    [['30.00', '10.00'], '4.00', 'EUR', ['27.00', '9.00']],
    [['1.00', '1.00', '1.00'], '0.01', 'EUR', ['0.99', '1.00', '1.00']],
    [['1.00', '1.00', '1.00'], '0.02', 'EUR', ['0.99', '0.99', '1.00']],
    [['1.00', '1.00', '1.00'], '1.00', 'EUR', ['0.66', '0.67', '0.67']],
    [['10.00', '5.00'], '1.00', 'EUR', ['9.33', '4.67']],
    [['19.99', '5.01', '0.00'], '2.50', 'EUR', ['17.99', '4.51', '0.00']],
    [['49.99', '29.99', '9.99'], '10.00', 'EUR', ['44.43', '26.66', '8.88']],
    [['10', '20'], '30', 'EUR', ['0.00', '0.00']],
    [['10', '20'], '0', 'EUR', ['10.00', '20.00']],
    [['10.500', '2.5'], '0', 'EUR', ['10.50', '2.50']],
    [['1000', '500'], '100', 'JPY', ['933', '467']],
    [['1', '1', '1'], '1', 'JPY', ['0', '1', '1']],
    [['1.500', '0.500'], '0.001', 'BHD', ['1.499', '0.500']],
    [['1.000', '1.000', '1.000'], '0.002', 'BHD', ['0.999', '0.999', '1.000']],
  ])('reduces %j by %j %s to %j', (prices, discount, currency, expected) => {
    expect(splitBundleDiscount(prices, discount, currency)).toEqual(expected);
  });

  it('returns no prices for no items and a zero discount', () => {
    expect(splitBundleDiscount([], '0', 'EUR')).toEqual([]);
    expect(splitBundleDiscount([], '0.00', 'JPY')).toEqual([]);
  });

  it('returns all-zero prices unchanged when the discount is zero', () => {
    expect(splitBundleDiscount(['0', '0.00'], '0.00', 'EUR')).toEqual(['0.00', '0.00']);
  });

  it('refuses any discount on all-zero prices or on no items', () => {
    expectError(() => splitBundleDiscount(['0', '0'], '0.01', 'EUR'), RangeError, 'discount');
    expectError(() => splitBundleDiscount([], '0.01', 'EUR'), RangeError, 'discount');
  });

  it('throws a RangeError naming discount when it exceeds the sum, repeating no value', () => {
    expectError(() => splitBundleDiscount(['1.00', '2.00'], '3.01', 'EUR'), RangeError, 'discount');
    expect(() => splitBundleDiscount(['1.00', '2.00'], '3.01', 'EUR')).toThrow(/^discount must not exceed the sum of the prices\.$/);
  });

  it('throws a RangeError naming discount when it is negative', () => {
    expectError(() => splitBundleDiscount(['1.00'], '-0.01', 'EUR'), RangeError, 'discount');
  });

  it('throws a RangeError naming the negative price', () => {
    expectError(() => splitBundleDiscount(['1.00', '-1.00', '5.00'], '0', 'EUR'), RangeError, 'prices[1]');
  });

  it('throws a RangeError naming a price with digits beyond the minor unit', () => {
    expectError(() => splitBundleDiscount(['1.005'], '0', 'EUR'), RangeError, 'prices[0]');
    expectError(() => splitBundleDiscount(['100.5'], '0', 'JPY'), RangeError, 'prices[0]');
    expectError(() => splitBundleDiscount(['1'], '0.5', 'JPY'), RangeError, 'discount');
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming the bad numeral %j', (bad) => {
    expectError(() => splitBundleDiscount(['1.00', bad], '0', 'EUR'), RangeError, 'prices[1]');
    expectError(() => splitBundleDiscount(['1.00'], bad, 'EUR'), RangeError, 'discount');
  });

  it.each(NOT_STRINGS)('throws a RangeError (the pinned contract), not a TypeError, for %s', (bad) => {
    expectError(() => splitBundleDiscount([bad as string], '0', 'EUR'), RangeError, 'prices[0]');
    expectError(() => splitBundleDiscount(['1.00'], bad as string, 'EUR'), RangeError, 'discount');
    expectError(() => splitBundleDiscount(['1.00'], '0', bad as string), RangeError, 'currency');
  });

  it('throws a RangeError naming prices when it is not an array', () => {
    expectError(() => splitBundleDiscount('1.00' as unknown as string[], '0', 'EUR'), RangeError, 'prices');
    expectError(() => splitBundleDiscount(null as unknown as string[], '0', 'EUR'), RangeError, 'prices');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => splitBundleDiscount(['1.00'], '0', currency), RangeError, 'currency');
  });

  it('refuses a hole in a sparse prices array', () => {
    // eslint-disable-next-line no-sparse-arrays
    expectError(() => splitBundleDiscount(['1.00', , '2.00'] as string[], '0', 'EUR'), RangeError, 'prices[1]');
  });

  it('does not modify the prices', () => {
    const prices = Object.freeze(['1.0', '2.0']);
    splitBundleDiscount(prices, '0.01', 'EUR');
    expect(prices).toEqual(['1.0', '2.0']);
  });

  it('keeps the money exact: Σ discounted = Σ prices − discount', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, prices, discount }) => {
        const result = splitBundleDiscount(
          prices.map((p) => fromMinorUnits(p, currency)),
          fromMinorUnits(discount, currency),
          currency,
        );
        const total = result.reduce((s, text) => s + toMinorUnits(text, currency), 0n);
        expect(total).toBe(prices.reduce((s, p) => s + p, 0n) - discount);
      }),
    );
  });

  it('writes every price with the currency digits, never above the original nor below zero', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, prices, discount }) => {
        const result = splitBundleDiscount(
          prices.map((p) => fromMinorUnits(p, currency)),
          fromMinorUnits(discount, currency),
          currency,
        );
        expect(result).toHaveLength(prices.length);
        result.forEach((text, i) => {
          expect(fromMinorUnits(toMinorUnits(text, currency), currency)).toBe(text);
          const units = toMinorUnits(text, currency);
          expect(units <= (prices[i] as bigint) && units >= 0n).toBe(true);
        });
      }),
    );
  });

  it('gives each item a share within one minor unit above the floor of its exact share', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, prices, discount }) => {
        const sum = prices.reduce((s, p) => s + p, 0n);
        const result = splitBundleDiscount(
          prices.map((p) => fromMinorUnits(p, currency)),
          fromMinorUnits(discount, currency),
          currency,
        );
        result.forEach((text, i) => {
          const share = (prices[i] as bigint) - toMinorUnits(text, currency);
          const floor = sum === 0n ? 0n : (discount * (prices[i] as bigint)) / sum;
          expect(share >= floor && share <= floor + 1n).toBe(true);
        });
      }),
    );
  });

  it('breaks ties to the lower index: of two equal prices the earlier never gets the smaller share', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, prices, discount }) => {
        const result = splitBundleDiscount(
          prices.map((p) => fromMinorUnits(p, currency)),
          fromMinorUnits(discount, currency),
          currency,
        ).map((text) => toMinorUnits(text, currency));
        for (let i = 0; i < prices.length; i += 1) {
          for (let j = i + 1; j < prices.length; j += 1) {
            if (prices[i] === prices[j]) expect((result[i] as bigint) <= (result[j] as bigint)).toBe(true);
          }
        }
      }),
    );
  });

  it('is deterministic: the same input gives the same output', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, prices, discount }) => {
        const args = [prices.map((p) => fromMinorUnits(p, currency)), fromMinorUnits(discount, currency), currency] as const;
        expect(splitBundleDiscount(...args)).toEqual(splitBundleDiscount(...args));
      }),
    );
  });
});
