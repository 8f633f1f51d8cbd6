import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { isAmount, toMinorUnits } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb } from './_helpers';

describe('isAmount', () => {
  it.each([
    ['10.50', 'EUR'],
    ['10.500', 'EUR'],
    ['-0.05', 'EUR'],
    ['7', 'JPY'],
    ['7.0', 'JPY'],
    ['1.234', 'BHD'],
  ])('accepts %j in %s', (value, currency) => {
    expect(isAmount(value, currency)).toBe(true);
  });

  it.each([
    ['10.505', 'EUR'],
    ['7.5', 'JPY'],
    ['1.2345', 'BHD'],
    ...BAD_NUMERALS.map((value) => [value, 'EUR']),
    ...BAD_CURRENCIES.map((currency) => ['1.00', currency]),
    ...NOT_STRINGS.map((value) => [value, 'EUR']),
    ['1.00', null],
  ])('rejects %s in %s without throwing', (value, currency) => {
    expect(isAmount(value, currency)).toBe(false);
  });

  it('agrees with toMinorUnits on any short text', () => {
    fc.assert(
      fc.property(fc.stringMatching(/^-?[0-9.]{0,6}$/), currencyArb, (value, currency) => {
        let accepted = true;
        try {
          toMinorUnits(value, currency);
        } catch {
          accepted = false;
        }
        expect(isAmount(value, currency)).toBe(accepted);
      }),
    );
  });
});
