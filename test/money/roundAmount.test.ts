import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { fromMinorUnits, roundAmount, toMinorUnits, type RoundingMode } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError, unitsArb } from './_helpers';

const MODES: readonly RoundingMode[] = [
  'ceil',
  'floor',
  'expand',
  'trunc',
  'halfCeil',
  'halfFloor',
  'halfExpand',
  'halfTrunc',
  'halfEven',
];

describe('roundAmount', () => {
  it('rounds half away from zero by default, on the digits themselves', () => {
    expect(roundAmount('2.675', 'EUR')).toBe('2.68'); // 2.675 is 2.67499… as a binary float
    expect(roundAmount('-2.675', 'EUR')).toBe('-2.68');
    expect(roundAmount('2.674999', 'EUR')).toBe('2.67');
    expect(roundAmount('0.5', 'JPY')).toBe('1');
    expect(roundAmount('1.0005', 'BHD')).toBe('1.001');
  });

  // Each row: value, then the results for the modes in MODES order (EUR).
  it.each([
    ['1.234', ['1.24', '1.23', '1.24', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23']],
    ['1.235', ['1.24', '1.23', '1.24', '1.23', '1.24', '1.23', '1.24', '1.23', '1.24']],
    ['1.245', ['1.25', '1.24', '1.25', '1.24', '1.25', '1.24', '1.25', '1.24', '1.24']],
    ['1.2451', ['1.25', '1.24', '1.25', '1.24', '1.25', '1.25', '1.25', '1.25', '1.25']],
    ['1.236', ['1.24', '1.23', '1.24', '1.23', '1.24', '1.24', '1.24', '1.24', '1.24']],
    ['-1.235', ['-1.23', '-1.24', '-1.24', '-1.23', '-1.23', '-1.24', '-1.24', '-1.23', '-1.24']],
    ['-1.245', ['-1.24', '-1.25', '-1.25', '-1.24', '-1.24', '-1.25', '-1.25', '-1.24', '-1.24']],
    ['-0.001', ['0.00', '-0.01', '-0.01', '0.00', '0.00', '0.00', '0.00', '0.00', '0.00']],
    ['1.23', ['1.23', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23']],
    ['1.2300000', ['1.23', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23', '1.23']],
  ])('rounds %j in every mode', (value, expected) => {
    expect(MODES.map((mode) => roundAmount(value, 'EUR', mode))).toEqual(expected);
  });

  it('rounds to whole yen and to thousandths of a dinar', () => {
    expect(roundAmount('2.5', 'JPY', 'halfEven')).toBe('2');
    expect(roundAmount('3.5', 'JPY', 'halfEven')).toBe('4');
    expect(roundAmount('-2.5', 'JPY')).toBe('-3');
    expect(roundAmount('0.1234', 'BHD', 'ceil')).toBe('0.124');
    expect(roundAmount('5', 'BHD')).toBe('5.000');
  });

  it('throws a RangeError naming roundingMode for an unknown mode', () => {
    expectError(() => roundAmount('1', 'EUR', 'HALF_UP' as RoundingMode), RangeError, 'roundingMode');
    expectError(() => roundAmount('1', 'EUR', null as unknown as RoundingMode), RangeError, 'roundingMode');
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming value for %j', (value) => {
    expectError(() => roundAmount(value, 'EUR'), RangeError, 'value');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming value for %s', (value) => {
    expectError(() => roundAmount(value as string, 'EUR'), TypeError, 'value');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => roundAmount('1', currency), RangeError, 'currency');
  });

  it('stays within one minor unit, in the direction the mode says', () => {
    const arb = fc.record({
      units: unitsArb,
      extra: fc.stringMatching(/^[0-9]{1,4}$/),
      currency: currencyArb,
      mode: fc.constantFrom(...MODES),
    });
    fc.assert(
      fc.property(arb, ({ units, extra, currency, mode }) => {
        const base = fromMinorUnits(units, currency);
        const value = base.includes('.') ? base + extra : `${base}.${extra}`;
        const rounded = toMinorUnits(roundAmount(value, currency, mode), currency);
        // value lies in [units, units + 1) when units ≥ 0 and (units − 1, units] when negative,
        // once the extra digits are counted; zero extra digits leave it exact.
        const exact = /^0+$/.test(extra);
        const negative = units < 0n;
        const lower = exact ? units : negative ? units - 1n : units;
        const upper = exact ? units : negative ? units : units + 1n;
        expect(rounded >= lower && rounded <= upper).toBe(true);
        if (mode === 'floor') expect(rounded).toBe(lower);
        if (mode === 'ceil') expect(rounded).toBe(upper);
      }),
    );
  });
});
