/**
 * ISO 3166-1 and ISO 4217 code lookups (src/schema/codes.ts): officially assigned country
 * codes only, ISO 4217 List One as in force on 2026-01-01, exact and case-sensitive, and
 * the same answers wherever a code is checked (lint rules, locales, builders).
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { buildReturnRequest } from '../../src/builders/buildReturnRequest';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import { foldedCountryName, namesCountry } from '../../src/lint/checks/geo-country-names';
import {
  alpha2ToAlpha3,
  alpha3ToAlpha2,
  countryAlpha2Codes,
  countryAlpha3Codes,
  currencyCodes,
  currencyDigits,
  englishCountryNames,
  isCountryAlpha2,
  isCountryAlpha3,
  isCurrencyCode,
} from '../../src/schema/codes';
import { isAlpha2Text, isAlpha3Text, isCurrencyText, isLocaleText } from '../../src/schema/predicates';
import { PROFILE, change, set, validOrder, validReturn } from '../fixtures';
import { COUNTRY_NAME_ALIASES } from '../../scripts/generate-tables.mjs';

const CR = '/clientRequest';
const ISO2 = `${CR}/partner/0/addressData/countryISO2`;
const LOCALE = `${CR}/partner/0/personData/locale`;
const ISO3 = '/partner/0/addressData/countryISO3';

/** User-assigned alpha-2 codes (ISO 3166-1 §8.1.3): AA, QM-QZ, XA-XZ, ZZ. */
const USER_ASSIGNED_ALPHA2 = ['AA', ...'MNOPQRSTUVWXYZ'.split('').map((c) => `Q${c}`), ...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('').map((c) => `X${c}`), 'ZZ'];

const problemsAt = (problems: readonly { rule: string; path: string }[]) => problems.map((p) => `${p.rule} ${p.path}`).sort();

describe('country codes: officially assigned ISO 3166-1 codes only', () => {
  it('has the 249 officially assigned countries, alpha-2 and alpha-3 paired both ways', () => {
    const a2 = countryAlpha2Codes();
    const a3 = countryAlpha3Codes();
    expect(a2).toHaveLength(249);
    expect(new Set(a3).size).toBe(249);
    a2.forEach((code, i) => {
      expect(alpha2ToAlpha3(code)).toBe(a3[i]);
      expect(alpha3ToAlpha2(a3[i]!)).toBe(code);
    });
    expect(alpha2ToAlpha3('DE')).toBe('DEU');
    expect(alpha3ToAlpha2('USA')).toBe('US');
    expect(alpha2ToAlpha3('GB')).toBe('GBR');
  });

  it.each(['XK', ...USER_ASSIGNED_ALPHA2])('rejects the user-assigned alpha-2 code %s', (code) => {
    expect(isCountryAlpha2(code)).toBe(false);
    expect(isAlpha2Text(code)).toBe(false);
    expect(alpha2ToAlpha3(code)).toBeUndefined();
    expect(isLocaleText(`sq-${code}`)).toBe(false);
  });

  it.each(['XKX', 'XKK', 'XXX', 'AAA', 'QMA', 'QZZ', 'XAA', 'ZZZ', 'ZZA'])('rejects the user-assigned alpha-3 code %s', (code) => {
    expect(isCountryAlpha3(code)).toBe(false);
    expect(isAlpha3Text(code)).toBe(false);
    expect(alpha3ToAlpha2(code)).toBeUndefined();
  });

  it('no assigned code falls in a user-assigned range (alpha-2 or the alpha-3 forms)', () => {
    const userAssigned = /^(?:AA|Q[M-Z]|X[A-Z]|ZZ)/;
    expect(countryAlpha2Codes().filter((c) => userAssigned.test(c))).toEqual([]);
    expect(countryAlpha3Codes().filter((c) => userAssigned.test(c))).toEqual([]);
  });

  it('is exact and case-sensitive: only the uppercase code itself', () => {
    fc.assert(
      fc.property(fc.constantFrom(...countryAlpha2Codes()), (code) => {
        expect(isCountryAlpha2(code)).toBe(true);
        for (const variant of [code.toLowerCase(), code[0] + code[1]!.toLowerCase(), ` ${code}`, `${code} `, `${code}\n`]) {
          expect(isCountryAlpha2(variant)).toBe(false);
          expect(alpha2ToAlpha3(variant)).toBeUndefined();
        }
        const a3 = alpha2ToAlpha3(code)!;
        expect(isCountryAlpha3(a3.toLowerCase())).toBe(false);
        expect(isCountryAlpha2(a3)).toBe(false);
      }),
    );
    for (const value of [undefined, null, 49, ['DE'], { DE: 1 }, new String('DE')]) {
      expect(isCountryAlpha2(value)).toBe(false);
      expect(isCountryAlpha3(value)).toBe(false);
    }
    // Map lookups, not property lookups: Object.prototype names are no codes.
    for (const name of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect(isCountryAlpha2(name)).toBe(false);
      expect(alpha2ToAlpha3(name)).toBeUndefined();
      expect(currencyDigits(name)).toBeUndefined();
      expect(englishCountryNames(name)).toBeUndefined();
    }
  });

  it('the predicates agree with the lookups on every two- and three-letter uppercase code', () => {
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const two = String.fromCharCode(a, b);
        expect(isAlpha2Text(two)).toBe(isCountryAlpha2(two));
        for (let c = 65; c <= 90; c++) {
          const three = two + String.fromCharCode(c);
          expect(isAlpha3Text(three)).toBe(isCountryAlpha3(three));
          expect(isCurrencyText(three)).toBe(isCurrencyCode(three));
        }
      }
    }
  });

  it('the predicates agree with the lookups next to the letters too (@, [, `, {, lowercase, control and non-ASCII characters)', () => {
    const unit = fc.constantFrom('A', 'D', 'E', 'U', 'Z', '@', '[', '`', '{', 'a', 'z', '\0', 'Ä', '\uffff', '\u0141');
    fc.assert(
      fc.property(fc.string({ unit, minLength: 1, maxLength: 4 }), (code) => {
        expect(isAlpha2Text(code)).toBe(isCountryAlpha2(code));
        expect(isAlpha3Text(code)).toBe(isCountryAlpha3(code));
        expect(isCurrencyText(code)).toBe(isCurrencyCode(code));
      }),
      { numRuns: 5000 },
    );
  });

  it('lint: XK is a country-code error in countryISO2, XKX in countryISO3, and sq-XK a locale-format error', () => {
    expect(problemsAt(lintOrder(set(validOrder(), ISO2, 'XK'), { version: '1.1' }))).toEqual([`country-code ${ISO2}`]);
    expect(problemsAt(lintOrder(set(validOrder(), LOCALE, 'sq-XK'), { version: '1.1' }))).toEqual([`locale-format ${LOCALE}`]);
    expect(problemsAt(lintOrder(set(validOrder(), LOCALE, 'en-ZZ'), { version: '1.1' }))).toEqual([`locale-format ${LOCALE}`]);
    expect(problemsAt(lintReturn(change(validReturn(), { [ISO3]: 'XKX', '/partner/0/addressData/countryName': 'Kosovo' })))).toEqual([`country-code ${ISO3}`]);
    expect(problemsAt(lintReturn(set(validReturn(), ISO3, 'XKK')))).toEqual([`country-code ${ISO3}`]);
    // Assigned codes next to them stay valid.
    expect(lintOrder(change(validOrder(), { [ISO2]: 'RS', [LOCALE]: 'sr-RS' }), { version: '1.1' })).toEqual([]);
  });
});

describe('English country names (country-name rule and buildReturnRequest)', () => {
  it('every assigned country has a name; the common name comes first, then the aliases', () => {
    for (const code of countryAlpha2Codes()) expect(englishCountryNames(code)?.[0]).toMatch(/\S/);
    expect(englishCountryNames('DE')).toEqual(['Germany']);
    expect(englishCountryNames('US')).toEqual(['United States of America', 'United States', 'USA', 'U.S.A.', 'US', 'U.S.']);
    expect(englishCountryNames('GB')).toEqual(['United Kingdom', 'UK', 'Great Britain', 'United Kingdom of Great Britain and Northern Ireland']);
    expect(englishCountryNames('CI')).toEqual(["Cote d'Ivoire", "Côte d'Ivoire", 'Ivory Coast']);
    expect(englishCountryNames('XK')).toBeUndefined();
    expect(englishCountryNames('de')).toBeUndefined();
  });

  it('namesCountry accepts every name and alias ignoring case and outer white space, nothing else', () => {
    expect(namesCountry('US', 'United States')).toBe(true);
    expect(namesCountry('US', '  u.s.a. ')).toBe(true);
    expect(namesCountry('GB', 'great britain')).toBe(true);
    expect(namesCountry('CI', "CÔTE D'IVOIRE")).toBe(true);
    expect(namesCountry('DE', 'Deutschland')).toBe(false);
    expect(namesCountry('DE', 'United States')).toBe(false);
    expect(namesCountry('XK', 'Kosovo')).toBe(false);
    expect(namesCountry('de', 'Germany')).toBe(false);
  });

  it('namesCountry reads a long text without folding it, and still finds a name in any number of marks or spaces (audit: 30 million characters took 1.2 GB)', () => {
    // The longest names are far below 128 letters: every one is still found.
    const longest = Math.max(...['US', 'GS', 'BO', 'VC', 'UM'].flatMap((code) => englishCountryNames(code) ?? []).map((name) => foldedCountryName(name).length));
    expect(longest).toBeLessThan(128);
    expect(namesCountry('RE', `${' '.repeat(100_000)}Re\u0301${'\u0301'.repeat(100_000)}union `)).toBe(true);
    const text = 'é'.repeat(5_000_000);
    const heap = process.memoryUsage().heapUsed;
    expect(namesCountry('DE', text)).toBe(false);
    // Folding 5 million characters makes copies of tens of megabytes (large objects, kept until a full collection); reading them, none.
    expect(process.memoryUsage().heapUsed - heap).toBeLessThan(8_000_000);
  });

  it('namesCountry ignores diacritics, and knows the ISO short names and common names the package lacks', () => {
    expect(namesCountry('RE', 'Réunion')).toBe(true);
    expect(namesCountry('RE', 'REUNION')).toBe(true);
    expect(namesCountry('CW', 'Curacao')).toBe(true);
    for (const [alpha2, name] of [['VN', 'Viet Nam'], ['CV', 'Cabo Verde'], ['VA', 'Holy See'], ['FM', 'Micronesia'], ['MD', 'Moldova'], ['SY', 'Syria'], ['LA', 'Laos'], ['BN', 'Brunei'], ['FK', 'Falkland Islands'], ['BO', 'Bolivia, Plurinational State of']] as const) {
      expect(namesCountry(alpha2, name), name).toBe(true);
    }
    expect(namesCountry('LA', 'Viet Nam')).toBe(false);
    expect(namesCountry('VN', 'Vietnamm')).toBe(false);
  });

  it('namesCountry knows the ISO 3166-1 short names of GB, NL, VG and VI, and ISO’s trailing “(the)”', () => {
    for (const [alpha2, name] of [
      ['GB', 'United Kingdom of Great Britain and Northern Ireland'],
      ['GB', 'United Kingdom of Great Britain and Northern Ireland (the)'],
      ['NL', 'Netherlands, Kingdom of the'],
      ['NL', 'Netherlands (the)'],
      ['VG', 'Virgin Islands (British)'],
      ['VI', 'Virgin Islands (U.S.)'],
      ['BS', 'Bahamas (the)'],
      ['US', 'United States of America (the)'],
      ['PH', 'Philippines (the)'],
    ] as const) {
      expect(namesCountry(alpha2, name), name).toBe(true);
    }
    expect(namesCountry('VI', 'Virgin Islands (British)')).toBe(false);
    expect(namesCountry('NL', 'Bahamas (the)')).toBe(false);
    expect(namesCountry('NL', '(the)')).toBe(false);
  });

  it('each alias of the generator names its own country and no other (after folding)', () => {
    const fold = foldedCountryName;
    const owners = new Map<string, Set<string>>();
    for (const alpha2 of countryAlpha2Codes()) for (const name of englishCountryNames(alpha2)!) (owners.get(fold(name)) ?? owners.set(fold(name), new Set()).get(fold(name))!).add(alpha2);
    for (const [alpha2, aliases] of Object.entries(COUNTRY_NAME_ALIASES)) {
      expect(englishCountryNames(alpha2), alpha2).toEqual(expect.arrayContaining([...aliases]));
      for (const alias of aliases) expect([...owners.get(fold(alias))!], alias).toEqual([alpha2]);
    }
  });

  it('buildReturnRequest writes the common English name beside the alpha-3 code', () => {
    const request = buildReturnRequest({
      order: change(validOrder(), { [ISO2]: 'US', [`${CR}/partner/0/addressData/state`]: 'NY' }),
      orderDate: '2026-03-01T10:00:00Z',
      profile: PROFILE,
      externalMessageReference: 'RMA-20001',
      returnReason: 'damaged',
      clientReturnURL: 'https://shop.example/returns/done',
    }) as unknown as { partner: { addressData: Record<string, unknown> }[] };
    expect(request.partner[0]!.addressData.countryISO3).toBe('USA');
    expect(request.partner[0]!.addressData.countryName).toBe('United States of America');
  });
});

/**
 * ISO 4217 amendments the table must reflect, each named: code, minor units on
 * 2026-01-01 (`undefined`: not in List One).
 */
const AMENDMENTS: [amendment: string, code: string, digits: number | undefined][] = [
  ['Caribbean guilder XCG, in force 2025-03-31 (Curaçao, Sint Maarten)', 'XCG', 2],
  ['Netherlands Antillean guilder ANG, replaced by XCG in 2025', 'ANG', undefined],
  ['Zimbabwe Gold ZWG, introduced 2024', 'ZWG', 2],
  ['Zimbabwe dollar ZWL, replaced by ZWG in 2024', 'ZWL', undefined],
  ['Croatian kuna HRK, withdrawn when Croatia adopted the euro on 2023-01-01', 'HRK', undefined],
  ['Leone SLE, redenominated 1,000:1 from 2022-07-01', 'SLE', 2],
  ['Old leone SLL, replaced by SLE', 'SLL', undefined],
  ['Bolívar digital VED, from 2021-10-01 (beside VES)', 'VED', 2],
  ['Bolívar soberano VES, from 2018 (replaced VEF)', 'VES', 2],
  ['Bolívar fuerte VEF, withdrawn 2018', 'VEF', undefined],
  ['Ouguiya MRU, from 2018 (replaced MRO)', 'MRU', 2],
  ['Old ouguiya MRO, withdrawn', 'MRO', undefined],
  ['Dobra STN, from 2018 (replaced STD)', 'STN', 2],
  ['Old dobra STD, withdrawn', 'STD', undefined],
  ['Unidad previsional UYW, from 2018, 4 minor units', 'UYW', 4],
  ['Belarusian ruble BYN, from 2016 (replaced BYR)', 'BYN', 2],
  ['Old Belarusian ruble BYR, withdrawn', 'BYR', undefined],
  ['Bulgarian lev BGN, still legal tender on 2026-01-01 (euro changeover, dual circulation in January 2026)', 'BGN', 2],
  ['Lithuanian litas LTL, withdrawn 2015 (euro)', 'LTL', undefined],
];

describe('currency codes: ISO 4217 List One as in force on 2026-01-01', () => {
  it('currencyDigits and isCurrencyText answer each code alike, whatever code was asked before (both keep the last answer)', () => {
    const codes = currencyCodes();
    const expected = new Map(codes.map((code) => [code, currencyDigits(code)]));
    const asked = fc.oneof(fc.constantFrom(...codes, 'EUR', 'JPY', 'BHD'), fc.constantFrom('XYZ', 'eur', '', 'EURO'), fc.string({ maxLength: 4 }));
    fc.assert(
      fc.property(fc.array(asked, { maxLength: 12 }), (sequence) => {
        for (const code of sequence) {
          // A copy of the code made at run time: equal text, another string.
          const copy = [...code].join('');
          expect(currencyDigits(copy), code).toBe(expected.get(code));
          expect(isCurrencyText(copy), code).toBe(expected.get(code) !== undefined);
          expect(isCurrencyText(code), code).toBe(expected.get(code) !== undefined);
        }
      }),
    );
    expect(currencyDigits('JPY')).toBe(0);
    expect(currencyDigits('EUR')).toBe(2);
    expect(currencyDigits('XYZ')).toBeUndefined();
    expect(currencyDigits('EUR')).toBe(2);
  });

  it.each(AMENDMENTS)('%s', (_amendment, code, digits) => {
    expect(isCurrencyCode(code)).toBe(digits !== undefined);
    expect(currencyDigits(code)).toBe(digits);
    expect(isCurrencyText(code)).toBe(digits !== undefined);
  });

  it('minor units: 0, 3 and 4 digits where ISO 4217 says so, 2 for the common currencies', () => {
    for (const code of ['JPY', 'KRW', 'ISK', 'CLP', 'VND', 'XOF', 'XAF', 'UGX', 'PYG']) expect(currencyDigits(code), code).toBe(0);
    for (const code of ['BHD', 'IQD', 'JOD', 'KWD', 'LYD', 'OMR', 'TND']) expect(currencyDigits(code), code).toBe(3);
    for (const code of ['CLF', 'UYW']) expect(currencyDigits(code), code).toBe(4);
    for (const code of ['EUR', 'USD', 'GBP', 'CHF', 'SEK', 'PLN', 'CZK', 'HUF']) expect(currencyDigits(code), code).toBe(2);
  });

  it('is exact and case-sensitive', () => {
    fc.assert(
      fc.property(fc.constantFrom(...currencyCodes()), (code) => {
        expect(isCurrencyCode(code)).toBe(true);
        for (const variant of [code.toLowerCase(), ` ${code}`, `${code}X`, code.slice(0, 2)]) {
          expect(isCurrencyCode(variant)).toBe(false);
          expect(currencyDigits(variant)).toBeUndefined();
        }
      }),
    );
    expect(isCurrencyCode(978)).toBe(false);
    expect(isCurrencyCode(null)).toBe(false);
  });

  it('lint: XCG is a currency, HRK a currency-code error at each of its amounts', () => {
    const withCurrency = (code: string) => JSON.parse(JSON.stringify(validOrder()).replaceAll('"EUR"', `"${code}"`));
    expect(lintOrder(withCurrency('XCG'), { version: '1.1' })).toEqual([]);
    expect(lintOrder(withCurrency('ZWG'), { version: '1.1' })).toEqual([]);
    const hrk = lintOrder(withCurrency('HRK'), { version: '1.1' });
    const eurPaths = lintOrder(withCurrency('eur'), { version: '1.1' }).map((p) => `${p.rule} ${p.path}`);
    expect(eurPaths.length).toBeGreaterThan(0);
    expect(problemsAt(hrk)).toEqual(eurPaths.sort());
    expect(hrk.every((p) => p.rule === 'currency-code')).toBe(true);
  });
});

describe('the code tests keep their last answer, and start with none', () => {
  it('a fresh engine answers the empty string and other non-codes false on its first call', async () => {
    for (const first of ['', 'EU', 'eur', 'EUR ']) {
      vi.resetModules();
      const predicates = await import('../../src/schema/predicates');
      const codes = await import('../../src/schema/codes');
      expect(predicates.isCurrencyText(first), JSON.stringify(first)).toBe(false);
      expect(codes.currencyDigits(first), JSON.stringify(first)).toBeUndefined();
      expect(predicates.isCurrencyText('EUR')).toBe(true);
      expect(predicates.isCurrencyText(first), JSON.stringify(first)).toBe(false);
    }
  });

  it('a fresh engine reports an empty currency of the first order it lints', async () => {
    vi.resetModules();
    const engine = await import('../../src/lint/engine');
    const order = set(validOrder(), `${CR}/order/amount/0/currencyISO3`, '');
    expect(engine.lintOrder(order, { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toContain(`currency-code ${CR}/order/amount/0/currencyISO3`);
  });
});
