import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits, negateAmount } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

describe('negateAmount', () => {
  it.each([
    ['5.00', 'EUR', '-5.00'],
    ['-0.05', 'EUR', '0.05'],
    ['0', 'EUR', '0.00'],
    ['-0', 'EUR', '0.00'],
    ['-3', 'JPY', '3'],
    ['1.5', 'BHD', '-1.500'],
  ])('negates %j in %s to %j', (value, currency, expected) => {
    expect(negateAmount(value, currency)).toBe(expected);
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming value for %j', (value) => {
    expectError(() => negateAmount(value, 'EUR'), RangeError, 'value');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming value for %s', (value) => {
    expectError(() => negateAmount(value as string, 'EUR'), TypeError, 'value');
  });

  it('throws a RangeError naming value for digits beyond the minor unit', () => {
    expectError(() => negateAmount('0.5', 'JPY'), RangeError, 'value');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => negateAmount('1', currency), RangeError, 'currency');
  });

  it('is its own inverse', () => {
    fc.assert(
      fc.property(unitsArb, currencyArb, (units, currency) => {
        const value = fromMinorUnits(units, currency);
        expect(negateAmount(negateAmount(value, currency), currency)).toBe(value);
      }),
    );
  });
});
