import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { addAmounts, fromMinorUnits, subtractAmounts } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

describe('subtractAmounts', () => {
  it.each([
    ['10.00', '0.01', 'EUR', '9.99'],
    ['0.30', '0.10', 'EUR', '0.20'],
    ['0', '0.05', 'EUR', '-0.05'],
    ['-1', '-1', 'EUR', '0.00'],
    ['100', '250', 'JPY', '-150'],
    ['1.000', '2.500', 'BHD', '-1.500'],
  ])('subtracts %j minus %j in %s to %j', (a, b, currency, expected) => {
    expect(subtractAmounts(a, b, currency)).toBe(expected);
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming a or b for %j', (bad) => {
    expectError(() => subtractAmounts(bad, '1', 'EUR'), RangeError, 'a');
    expectError(() => subtractAmounts('1', bad, 'EUR'), RangeError, 'b');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming a or b for %s', (bad) => {
    expectError(() => subtractAmounts(bad as string, '1', 'EUR'), TypeError, 'a');
    expectError(() => subtractAmounts('1', bad as string, 'EUR'), TypeError, 'b');
  });

  it('throws a RangeError naming the argument with too many digits', () => {
    expectError(() => subtractAmounts('1.0001', '1', 'BHD'), RangeError, 'a');
    expectError(() => subtractAmounts('1', '0.001', 'EUR'), RangeError, 'b');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => subtractAmounts('1', '2', currency), RangeError, 'currency');
  });

  it('undoes addAmounts exactly', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, currencyArb, (x, y, currency) => {
        const a = fromMinorUnits(x, currency);
        const b = fromMinorUnits(y, currency);
        expect(subtractAmounts(addAmounts(a, b, currency), b, currency)).toBe(a);
      }),
    );
  });
});
