import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits, multiplyAmount, toMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

describe('multiplyAmount', () => {
  it.each([
    ['9.99', 3, 'EUR', '29.97'],
    ['9.99', 3n, 'EUR', '29.97'],
    ['9.99', '3', 'EUR', '29.97'],
    ['9.99', '3.000', 'EUR', '29.97'],
    ['9.99', 0, 'EUR', '0.00'],
    ['-0.01', 7, 'EUR', '-0.07'],
    ['-150', 2n, 'JPY', '-300'],
    ['0.125', '4', 'BHD', '0.500'],
    ['0.01', 2n ** 64n, 'EUR', '184467440737095516.16'],
  ])('multiplies %j by %s in %s to %j', (value, quantity, currency, expected) => {
    expect(multiplyAmount(value, quantity, currency)).toBe(expected);
  });

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -1n, '-1', '1.5', '', ' 2', '1e2', '0x2'])(
    'throws a RangeError naming quantity for %s',
    (quantity) => {
      expectError(() => multiplyAmount('1.00', quantity, 'EUR'), RangeError, 'quantity');
    },
  );

  it.each([null, undefined, {}, true])('throws a TypeError naming quantity for %s', (quantity) => {
    expectError(() => multiplyAmount('1.00', quantity as unknown as number, 'EUR'), TypeError, 'quantity');
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming value for %j', (value) => {
    expectError(() => multiplyAmount(value, 1, 'EUR'), RangeError, 'value');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming value for %s', (value) => {
    expectError(() => multiplyAmount(value as string, 1, 'EUR'), TypeError, 'value');
  });

  it('throws a RangeError naming value for digits beyond the minor unit', () => {
    expectError(() => multiplyAmount('0.005', 2, 'EUR'), RangeError, 'value');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => multiplyAmount('1', 1, currency), RangeError, 'currency');
  });

  it('equals the product of the minor units, whichever way the quantity is written', () => {
    fc.assert(
      fc.property(unitsArb, fc.nat({ max: 10_000 }), currencyArb, (units, quantity, currency) => {
        const value = fromMinorUnits(units, currency);
        const expected = units * BigInt(quantity);
        for (const q of [quantity, BigInt(quantity), String(quantity)]) {
          expect(toMinorUnits(multiplyAmount(value, q, currency), currency)).toBe(expected);
        }
      }),
    );
  });
});
