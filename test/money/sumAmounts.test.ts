import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits, sumAmounts, toMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, currencyArb, expectError, unitsArb } from './_helpers';

describe('sumAmounts', () => {
  it.each([
    [['0.10', '0.20', '0.30'], 'EUR', '0.60'],
    [['1', '-1'], 'EUR', '0.00'],
    [['-0.01'], 'EUR', '-0.01'],
    [[], 'EUR', '0.00'],
    [[], 'JPY', '0'],
    [['100', '200', '-50'], 'JPY', '250'],
    [['0.001', '0.002'], 'BHD', '0.003'],
  ])('sums %j in %s to %j', (values, currency, expected) => {
    expect(sumAmounts(values, currency)).toBe(expected);
  });

  it('accepts any iterable, such as a Set or a generator', () => {
    expect(sumAmounts(new Set(['1.00', '2.00']), 'EUR')).toBe('3.00');
    function* amounts(): Generator<string> {
      yield '0.5';
      yield '0.25';
    }
    expect(sumAmounts(amounts(), 'EUR')).toBe('0.75');
  });

  it('names the bad item by its index', () => {
    expectError(() => sumAmounts(['1', '2', '1e3'], 'EUR'), RangeError, 'values[2]');
    expectError(() => sumAmounts(['1', 2 as unknown as string], 'EUR'), TypeError, 'values[1]');
    expectError(() => sumAmounts(['0.005'], 'EUR'), RangeError, 'values[0]');
  });

  it('throws a TypeError naming values when it is not an iterable (a string is not one)', () => {
    expectError(() => sumAmounts('1.00' as unknown as string[], 'EUR'), TypeError, 'values');
    expectError(() => sumAmounts(null as unknown as string[], 'EUR'), TypeError, 'values');
    expectError(() => sumAmounts({} as unknown as string[], 'EUR'), TypeError, 'values');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => sumAmounts(['1'], currency), RangeError, 'currency');
  });

  it('equals the sum of the minor units', () => {
    fc.assert(
      fc.property(fc.array(unitsArb, { maxLength: 20 }), currencyArb, (units, currency) => {
        const total = sumAmounts(units.map((u) => fromMinorUnits(u, currency)), currency);
        expect(toMinorUnits(total, currency)).toBe(units.reduce((s, u) => s + u, 0n));
      }),
    );
  });
});
