import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, CURRENCIES, currencyArb, expectError, unitsArb } from './_helpers';

describe('fromMinorUnits', () => {
  it.each([
    [1050n, 'EUR', '10.50'],
    [-5n, 'EUR', '-0.05'],
    [5n, 'EUR', '0.05'],
    [0n, 'EUR', '0.00'],
    [-100n, 'EUR', '-1.00'],
    [7n, 'JPY', '7'],
    [-7n, 'JPY', '-7'],
    [0n, 'JPY', '0'],
    [1500n, 'BHD', '1.500'],
    [1n, 'BHD', '0.001'],
    [-1234n, 'BHD', '-1.234'],
    [12345n, 'CLF', '1.2345'],
    [2n ** 80n, 'EUR', '12089258196146291747061.76'],
  ])('formats %s minor units of %s as %j', (units, currency, expected) => {
    expect(fromMinorUnits(units, currency)).toBe(expected);
  });

  it('never writes a negative zero', () => {
    expect(fromMinorUnits(-0n, 'EUR')).toBe('0.00');
  });

  it('throws a TypeError naming units for a number, even an integer one', () => {
    expectError(() => fromMinorUnits(1050 as unknown as bigint, 'EUR'), TypeError, 'units');
    expectError(() => fromMinorUnits('1050' as unknown as bigint, 'EUR'), TypeError, 'units');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => fromMinorUnits(1n, currency), RangeError, 'currency');
  });

  it('throws a TypeError naming currency for a non-string currency', () => {
    expectError(() => fromMinorUnits(1n, null as unknown as string), TypeError, 'currency');
  });

  it('always writes exactly the currency digits after one dot', () => {
    fc.assert(
      fc.property(unitsArb, currencyArb, (units, currency) => {
        const text = fromMinorUnits(units, currency);
        const digits = CURRENCIES[currency];
        const pattern = digits === 0 ? /^-?(0|[1-9][0-9]*)$/ : new RegExp(`^-?(0|[1-9][0-9]*)\\.[0-9]{${digits}}$`);
        expect(text).toMatch(pattern);
        expect(text.startsWith('-')).toBe(units < 0n);
      }),
    );
  });
});
