/**
 * The address country of the state rules, read without the ISO alpha-3 table: the same
 * country as the table gives, for the countries whose states are checked.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { STATE_COUNTRIES_ALPHA3, stateCountry } from '../../src/lint/checks/geo-partners';
import { alpha2ToAlpha3, alpha3ToAlpha2, countryAlpha2Codes, countryAlpha3Codes } from '../../src/schema/codes';
import { isAlpha2Text, isAlpha3Text } from '../../src/schema/predicates';
import { ORDER_STATE_COUNTRIES, RETURN_STATE_COUNTRIES, STATE_CODES } from '../../src/schema/tables';

/** The country by the whole tables, kept only when its states are checked. */
function byTables(kind: 'order' | 'return', code: unknown): string | undefined {
  if (typeof code !== 'string') return undefined;
  const alpha2 = kind === 'order' ? (isAlpha2Text(code) ? code : undefined) : isAlpha3Text(code) ? alpha3ToAlpha2(code) : undefined;
  return alpha2 !== undefined && Object.keys(STATE_CODES).includes(alpha2) ? alpha2 : undefined;
}

describe('stateCountry', () => {
  it('knows the alpha-3 code of every country whose states are checked, as the ISO table has it', () => {
    expect(STATE_COUNTRIES_ALPHA3).toEqual(Object.fromEntries(Object.keys(STATE_CODES).map((alpha2) => [alpha2ToAlpha3(alpha2), alpha2])));
    for (const country of [...ORDER_STATE_COUNTRIES, ...RETURN_STATE_COUNTRIES]) expect(Object.keys(STATE_CODES)).toContain(country);
  });

  it('gives the country the whole tables give, for any code', () => {
    const code = fc.oneof(fc.constantFrom(...countryAlpha2Codes(), ...countryAlpha3Codes(), 'usa', 'Us', '__proto__', 'toString', ''), fc.string({ maxLength: 4 }), fc.anything());
    fc.assert(
      fc.property(fc.constantFrom('order' as const, 'return' as const), code, (kind, value) => {
        const address = kind === 'order' ? { countryISO2: value } : { countryISO3: value };
        expect(stateCountry(kind, address)).toBe(byTables(kind, value));
      }),
      { numRuns: 3000 },
    );
  });
});
