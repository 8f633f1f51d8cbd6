import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { addAmounts, fromMinorUnits, toMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

describe('addAmounts', () => {
  it.each([
    ['0.10', '0.20', 'EUR', '0.30'],
    ['10', '0.5', 'EUR', '10.50'],
    ['-1.00', '0.99', 'EUR', '-0.01'],
    ['1.00', '-1.00', 'EUR', '0.00'],
    ['5', '-7', 'JPY', '-2'],
    ['0.001', '0.999', 'BHD', '1.000'],
    ['9007199254740993.00', '0.01', 'EUR', '9007199254740993.01'],
  ])('adds %j and %j in %s to %j', (a, b, currency, expected) => {
    expect(addAmounts(a, b, currency)).toBe(expected);
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming a or b for %j', (bad) => {
    expectError(() => addAmounts(bad, '1', 'EUR'), RangeError, 'a');
    expectError(() => addAmounts('1', bad, 'EUR'), RangeError, 'b');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming a or b for %s', (bad) => {
    expectError(() => addAmounts(bad as string, '1', 'EUR'), TypeError, 'a');
    expectError(() => addAmounts('1', bad as string, 'EUR'), TypeError, 'b');
  });

  it('throws a RangeError naming the argument with too many digits', () => {
    expectError(() => addAmounts('1.001', '1', 'EUR'), RangeError, 'a');
    expectError(() => addAmounts('1', '0.5', 'JPY'), RangeError, 'b');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => addAmounts('1', '2', currency), RangeError, 'currency');
  });

  it('adds exactly, like bigint minor units', () => {
    fc.assert(
      fc.property(unitsArb, unitsArb, currencyArb, (x, y, currency) => {
        const sum = addAmounts(fromMinorUnits(x, currency), fromMinorUnits(y, currency), currency);
        expect(toMinorUnits(sum, currency)).toBe(x + y);
      }),
    );
  });
});
