/**
 * The generated code tables (src/schema/generated/) against their sources of truth:
 * i18n-iso-countries and currency-codes (dev dependencies only) plus the ISO 4217
 * amendment table of scripts/generate-tables.mjs.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import currencyData from 'currency-codes/data.js';
import { COUNTRY_NAME_ALIASES, CURRENCY_AMENDMENTS, OUT_DIR, generatedTables, isUserAssignedCountryCode, staleTables } from '../../scripts/generate-tables.mjs';
import {
  alpha2ToAlpha3,
  countryAlpha2Codes,
  currencyCodes,
  currencyDigits,
  englishCountryNames,
  isCountryAlpha2,
  isCountryAlpha3,
  isCurrencyCode,
} from '../../src/schema/codes';

const require = createRequire(import.meta.url);
const isoCodes = require('i18n-iso-countries/codes.json') as [string, string, string, string][];
const isoEnglish = (require('i18n-iso-countries/langs/en.json') as { countries: Record<string, string | string[]> }).countries;
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));

describe('generated code tables', () => {
  it('are up to date with their sources (npm run generate:tables)', () => {
    expect(staleTables()).toEqual([]);
    for (const [file, text] of Object.entries(generatedTables())) expect(readFileSync(OUT_DIR + file, 'utf8')).toBe(text);
  });

  it('hold every i18n-iso-countries country but the user-assigned ones, with its alpha-3 code', () => {
    const assigned = isoCodes.filter(([a2]) => !isUserAssignedCountryCode(a2));
    expect(isoCodes.length - assigned.length).toBe(1); // XK (Kosovo), XKK
    for (const [a2, a3] of isoCodes) {
      const official = !isUserAssignedCountryCode(a2) && !isUserAssignedCountryCode(a3);
      expect(isCountryAlpha2(a2), a2).toBe(official);
      expect(isCountryAlpha3(a3), a3).toBe(official);
      expect(alpha2ToAlpha3(a2)).toBe(official ? a3 : undefined);
    }
    expect(countryAlpha2Codes().sort()).toEqual(assigned.map(([a2]) => a2).sort());
  });

  it("hold i18n-iso-countries' English names and aliases, in its order, then the generator's aliases", () => {
    for (const code of countryAlpha2Codes()) {
      const names = [isoEnglish[code]].flat();
      const added = (COUNTRY_NAME_ALIASES[code] ?? []).filter((alias) => !names.includes(alias));
      expect(englishCountryNames(code), code).toEqual([...names, ...added]);
    }
  });

  it('hold every currency-codes currency with its minor units, amendments applied', () => {
    const amended = new Map(CURRENCY_AMENDMENTS.map((a) => [a.code, a.digits]));
    for (const c of currencyData) {
      const expected = amended.has(c.code) ? (amended.get(c.code) ?? undefined) : c.digits;
      expect(currencyDigits(c.code), c.code).toBe(expected);
    }
    const added = CURRENCY_AMENDMENTS.filter((a) => a.digits !== null).map((a) => a.code);
    const removed = CURRENCY_AMENDMENTS.filter((a) => a.digits === null).map((a) => a.code);
    expect(currencyCodes().sort()).toEqual([...currencyData.map((c) => c.code).filter((c) => !removed.includes(c)), ...added].sort());
  });

  it('keep only amendments where currency-codes still lags (drop one when the package catches up)', () => {
    for (const { code, digits, amendment } of CURRENCY_AMENDMENTS) {
      const inPackage = currencyData.find((c) => c.code === code);
      expect(amendment.length).toBeGreaterThan(0);
      if (digits === null) expect(inPackage, `${code} is still listed by currency-codes`).toBeDefined();
      else expect(inPackage?.digits, `${code} differs in currency-codes`).not.toBe(digits);
      expect(isCurrencyCode(code)).toBe(digits !== null);
    }
  });

  it('make the two packages build-time sources only: neither is a runtime dependency', () => {
    expect(Object.keys(packageJson.dependencies ?? {})).not.toContain('i18n-iso-countries');
    expect(Object.keys(packageJson.dependencies ?? {})).not.toContain('currency-codes');
    expect(Object.keys(packageJson.devDependencies)).toEqual(expect.arrayContaining(['i18n-iso-countries', 'currency-codes']));
  });
});
