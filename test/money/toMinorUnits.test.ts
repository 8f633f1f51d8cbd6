import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits, toMinorUnits } from '../../src/money';
import {
  BAD_CURRENCIES,
  BAD_NUMERALS,
  CURRENCIES,
  NOT_STRINGS,
  currencyArb,
  expectError,
  unitsArb,
} from './_helpers';

describe('toMinorUnits', () => {
  it.each([
    ['10.50', 'EUR', 1050n],
    ['10.5', 'EUR', 1050n],
    ['10', 'EUR', 1000n],
    ['0.01', 'EUR', 1n],
    ['-0.05', 'EUR', -5n],
    ['-12.34', 'EUR', -1234n],
    ['0', 'EUR', 0n],
    ['-0', 'EUR', 0n],
    ['007.10', 'EUR', 710n],
    ['7', 'JPY', 7n],
    ['-1500', 'JPY', -1500n],
    ['7.000', 'JPY', 7n],
    ['1.5', 'BHD', 1500n],
    ['0.001', 'BHD', 1n],
    ['-2.345', 'BHD', -2345n],
    ['1.2345', 'CLF', 12345n],
    ['123456789012345678901234567890.12', 'EUR', 12345678901234567890123456789012n],
  ])('converts %j %s to %s minor units', (value, currency, expected) => {
    expect(toMinorUnits(value, currency)).toBe(expected);
  });

  it('accepts extra fraction digits when they are zeros', () => {
    expect(toMinorUnits('10.500', 'EUR')).toBe(1050n);
    expect(toMinorUnits('10.50000000', 'EUR')).toBe(1050n);
    expect(toMinorUnits('1.2000', 'BHD')).toBe(1200n);
  });

  it('refuses non-zero digits beyond the minor unit instead of rounding', () => {
    expectError(() => toMinorUnits('10.505', 'EUR'), RangeError, 'value');
    expectError(() => toMinorUnits('10.5001', 'EUR'), RangeError, 'value');
    expectError(() => toMinorUnits('5.5', 'JPY'), RangeError, 'value');
    expectError(() => toMinorUnits('1.0001', 'BHD'), RangeError, 'value');
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming value for the bad numeral %j', (value) => {
    expectError(() => toMinorUnits(value, 'EUR'), RangeError, 'value');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming value for the non-string %s', (value) => {
    expectError(() => toMinorUnits(value as string, 'EUR'), TypeError, 'value');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => toMinorUnits('1.00', currency), RangeError, 'currency');
  });

  it('throws a TypeError naming currency for a non-string currency', () => {
    expectError(() => toMinorUnits('1.00', 978 as unknown as string), TypeError, 'currency');
    expectError(() => toMinorUnits('1.00', undefined as unknown as string), TypeError, 'currency');
  });

  it('never echoes a bad value, short or long', () => {
    expect(() => toMinorUnits('1e3', 'EUR')).toThrow(/^value must be decimal text such as "10\.50" or "-3" \([^)]*\)\.$/);
    expect(() => toMinorUnits('x'.repeat(500), 'EUR')).toThrow(RangeError);
    expect(() => toMinorUnits('x'.repeat(500), 'EUR')).not.toThrow(/xxxx/);
  });

  it('round-trips with fromMinorUnits for any minor units', () => {
    fc.assert(
      fc.property(unitsArb, currencyArb, (units, currency) => {
        expect(toMinorUnits(fromMinorUnits(units, currency), currency)).toBe(units);
      }),
    );
  });

  it('reads any decimal text the currency can hold, whatever its padding', () => {
    const textArb = fc.record({
      currency: currencyArb,
      negative: fc.boolean(),
      integer: fc.stringMatching(/^[0-9]{1,25}$/),
      fraction: fc.stringMatching(/^[0-9]{0,4}$/),
      zeros: fc.nat({ max: 5 }),
    });
    fc.assert(
      fc.property(textArb, ({ currency, negative, integer, fraction, zeros }) => {
        const digits = CURRENCIES[currency];
        const kept = fraction.slice(0, digits);
        const fractionText = kept + '0'.repeat(zeros);
        const text = `${negative ? '-' : ''}${integer}${fractionText ? `.${fractionText}` : ''}`;
        // Expected value by plain arithmetic on the parts.
        const magnitude =
          BigInt(integer) * 10n ** BigInt(digits) +
          BigInt(kept || '0') * 10n ** BigInt(digits - kept.length);
        const units = toMinorUnits(text, currency);
        expect(units).toBe(negative ? -magnitude : magnitude);
        expect(fromMinorUnits(units, currency)).toBe(fromMinorUnits(magnitude * (negative ? -1n : 1n), currency));
      }),
    );
  });
});
