import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { compareAmounts, fromMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

describe('compareAmounts', () => {
  it.each([
    ['1.5', '1.50', 'EUR', 0],
    ['-0', '0.00', 'EUR', 0],
    ['-1', '0.01', 'EUR', -1],
    ['10.00', '9.99', 'EUR', 1],
    ['-10', '-9', 'JPY', -1],
    ['100', '99', 'JPY', 1],
    ['0.001', '0.0010', 'BHD', 0],
    ['0.002', '0.001', 'BHD', 1],
  ])('compares %j with %j in %s as %i', (a, b, currency, expected) => {
    expect(compareAmounts(a, b, currency)).toBe(expected);
  });

  it('sorts amounts by value, not by text', () => {
    expect(['3', '10', '-2', '2'].sort((x, y) => compareAmounts(x, y, 'JPY'))).toEqual(['-2', '2', '3', '10']);
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming a or b for %j', (bad) => {
    expectError(() => compareAmounts(bad, '1', 'EUR'), RangeError, 'a');
    expectError(() => compareAmounts('1', bad, 'EUR'), RangeError, 'b');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming a or b for %s', (bad) => {
    expectError(() => compareAmounts(bad as string, '1', 'EUR'), TypeError, 'a');
    expectError(() => compareAmounts('1', bad as string, 'EUR'), TypeError, 'b');
  });

  it('throws a RangeError naming the argument with too many digits', () => {
    expectError(() => compareAmounts('1.001', '1', 'EUR'), RangeError, 'a');
    expectError(() => compareAmounts('1', '1.5', 'JPY'), RangeError, 'b');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => compareAmounts('1', '2', currency), RangeError, 'currency');
  });

  it('orders like the minor units and is antisymmetric', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, currencyArb, (x, y, currency) => {
        const a = fromMinorUnits(x, currency);
        const b = fromMinorUnits(y, currency);
        expect(compareAmounts(a, b, currency)).toBe(x < y ? -1 : x > y ? 1 : 0);
        expect(compareAmounts(b, a, currency)).toBe(-compareAmounts(a, b, currency) || 0);
      }),
    );
  });
});
