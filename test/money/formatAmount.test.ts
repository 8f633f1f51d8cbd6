import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { formatAmount, fromMinorUnits, toMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

describe('formatAmount', () => {
  it.each([
    ['10.5', 'EUR', '10.50'],
    ['10', 'EUR', '10.00'],
    ['10.500', 'EUR', '10.50'],
    ['-0.5', 'EUR', '-0.50'],
    ['-0', 'EUR', '0.00'],
    ['-0.000', 'EUR', '0.00'],
    ['0007.1', 'EUR', '7.10'],
    ['7', 'JPY', '7'],
    ['007.00', 'JPY', '7'],
    ['-42', 'JPY', '-42'],
    ['1.5', 'BHD', '1.500'],
    ['-0.1', 'BHD', '-0.100'],
    ['2.1', 'CLF', '2.1000'],
  ])('normalises %j %s to %j', (value, currency, expected) => {
    expect(formatAmount(value, currency)).toBe(expected);
  });

  it('never rounds: non-zero digits beyond the minor unit throw a RangeError naming value', () => {
    expectError(() => formatAmount('10.505', 'EUR'), RangeError, 'value');
    expectError(() => formatAmount('0.5', 'JPY'), RangeError, 'value');
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming value for %j', (value) => {
    expectError(() => formatAmount(value, 'EUR'), RangeError, 'value');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming value for %s', (value) => {
    expectError(() => formatAmount(value as string, 'EUR'), TypeError, 'value');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => formatAmount('1', currency), RangeError, 'currency');
  });

  it('is idempotent and keeps the value', () => {
    fc.assert(
      fc.property(unitsArb, currencyArb, (units, currency) => {
        const once = formatAmount(`${fromMinorUnits(units, currency)}000`.replace(/^(-?\d+)000$/, '$1'), currency);
        expect(formatAmount(once, currency)).toBe(once);
        expect(toMinorUnits(once, currency)).toBe(units);
      }),
    );
  });
});
