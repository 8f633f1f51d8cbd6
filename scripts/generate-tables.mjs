/**
 * Generates the code tables of src/schema/generated/ from their sources of truth:
 * ISO 3166-1 codes and English names from `i18n-iso-countries`, ISO 4217 currencies and
 * minor units from `currency-codes`, corrected by the amendment table below where that
 * package lags. The library reads the generated strings at run time, so neither package
 * is a runtime dependency.
 *
 *   npm run generate:tables            # rewrite the tables
 *   node scripts/generate-tables.mjs --check   # exit 1 when a table is out of date
 *
 * test/schema/codes-tables.test.ts runs the same check.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/** Where the tables go. */
export const OUT_DIR = fileURLToPath(new URL('../src/schema/generated/', import.meta.url));

/**
 * ISO 4217 List One as in force on 2026-01-01, where `currency-codes` (data of
 * 2024-06-25) differs from it. `digits: null` removes a code. Each entry names its
 * amendment; test/schema/codes.test.ts checks each one and fails when the package has
 * caught up (then the entry goes).
 */
export const CURRENCY_AMENDMENTS = [
  { code: 'XCG', digits: 2, amendment: 'Caribbean guilder of Curaçao and Sint Maarten, in force 2025-03-31' },
  { code: 'ANG', digits: null, amendment: 'Netherlands Antillean guilder, replaced by XCG in 2025 (dual circulation ended 2025-06-30)' },
];

/**
 * User-assigned ISO 3166-1 codes: AA, QM-QZ, XA-XZ, ZZ and the alpha-3 codes that start
 * with them (AAA-AAZ, QMA-QZZ, XAA-XZZ, ZZA-ZZZ). Never an officially assigned country,
 * so never a valid code here (XK/XKK/XKX for Kosovo included).
 */
export function isUserAssignedCountryCode(code) {
  return /^(?:AA|Q[M-Z]|X[A-Z]|ZZ)[A-Z]?$/.test(code);
}

function packageVersion(name) {
  return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
}

/**
 * English names that `i18n-iso-countries` lacks, appended to its names (its first name
 * stays the common one): the ISO 3166-1 English short name where the package writes
 * another form (`Viet Nam`, `Cabo Verde`, `Holy See`), the ISO list's inverted forms
 * (`Bolivia, Plurinational State of`) and the common English name (`Syria`, `Laos`).
 * test/schema/codes.test.ts checks that each names its country only.
 */
export const COUNTRY_NAME_ALIASES = {
  BN: ['Brunei'],
  BO: ['Bolivia, Plurinational State of', 'Plurinational State of Bolivia'],
  BS: ['The Bahamas'],
  CD: ['Congo, The Democratic Republic of the', 'DR Congo'],
  CV: ['Cabo Verde'],
  FK: ['Falkland Islands'],
  FM: ['Micronesia', 'Federated States of Micronesia'],
  GB: ['United Kingdom of Great Britain and Northern Ireland'],
  IR: ['Iran, Islamic Republic of'],
  KP: ["Korea, Democratic People's Republic of", "Democratic People's Republic of Korea"],
  LA: ['Laos', 'Lao'],
  MD: ['Moldova', 'Republic of Moldova'],
  MF: ['Saint Martin'],
  MK: ['Macedonia'],
  MM: ['Burma'],
  MO: ['Macau'],
  NL: ['Netherlands, Kingdom of the', 'Kingdom of the Netherlands'],
  PS: ['Palestine, State of'],
  SH: ['Saint Helena, Ascension and Tristan da Cunha'],
  SX: ['Sint Maarten'],
  SY: ['Syria'],
  SZ: ['Swaziland'],
  TL: ['East Timor'],
  TZ: ['Tanzania, United Republic of'],
  VA: ['Holy See', 'Vatican', 'Vatican City'],
  VE: ['Venezuela, Bolivarian Republic of', 'Bolivarian Republic of Venezuela', 'Venezuela (Bolivarian Republic of)'],
  VG: ['British Virgin Islands', 'Virgin Islands (British)'],
  VI: ['United States Virgin Islands', 'US Virgin Islands', 'U.S. Virgin Islands', 'Virgin Islands (U.S.)'],
  VN: ['Viet Nam'],
};

/** Officially assigned countries, sorted by alpha-2: `[alpha2, alpha3, englishNames[]]`. */
export function countryRows() {
  const codes = require('i18n-iso-countries/codes.json');
  const en = require('i18n-iso-countries/langs/en.json').countries;
  return codes
    .filter(([a2, a3]) => !isUserAssignedCountryCode(a2) && !isUserAssignedCountryCode(a3))
    .map(([a2, a3]) => {
      const names = [].concat(en[a2]);
      for (const alias of COUNTRY_NAME_ALIASES[a2] ?? []) if (!names.includes(alias)) names.push(alias);
      return [a2, a3, names];
    })
    .sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** ISO 4217 List One codes with their minor units, amendments applied, sorted by code. */
export function currencyRows() {
  const digits = new Map(require('currency-codes/data.js').map((c) => [c.code, c.digits]));
  for (const { code, digits: d } of CURRENCY_AMENDMENTS) {
    if (d === null) digits.delete(code);
    else digits.set(code, d);
  }
  return [...digits].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

const quote = (s) => JSON.stringify(s);

/** One string literal per line, joined with `+` (a constant: no code runs at import). */
function literal(lines) {
  return lines.map((l, i) => `${i === 0 ? '' : '  + '}${quote(l)}`).join('\n');
}

function header(source) {
  return `// Generated by scripts/generate-tables.mjs from ${source}. Do not edit: run \`npm run generate:tables\`.\n`;
}

/** The generated modules, file name to source text. */
export function generatedTables() {
  const countries = countryRows();
  const currencies = currencyRows();
  const iso = `i18n-iso-countries ${packageVersion('i18n-iso-countries')}`;
  return {
    'countries.ts':
      header(iso) +
      `\n/** ISO 3166-1 officially assigned alpha-2 codes (${countries.length}), 2 letters a country, sorted. */\n` +
      `export const COUNTRY_ALPHA2 =\n  ${literal(chunks(countries.map(([a2]) => a2), 40).map((l) => l.join('')))};\n` +
      // Apart, so that a bundle that checks only alpha-2 codes (orders) carries no alpha-3 table.
      `\n/** Their alpha-3 codes, 3 letters a country, in the same order. */\n` +
      `export const COUNTRY_ALPHA3 =\n  ${literal(chunks(countries.map(([, a3]) => a3), 26).map((l) => l.join('')))};\n`,
    'country-names.ts':
      header(`${iso} (langs/en.json) and the aliases of scripts/generate-tables.mjs`) +
      `\n/** English country names, one country a line in the order of COUNTRY_ALPHA2 (countries.ts): its names (the first is the common one) separated by \`|\`. */\n` +
      `export const COUNTRY_NAMES =\n  ${literal(countries.map(([, , names], i) => `${names.join('|')}${i === countries.length - 1 ? '' : '\n'}`))};\n`,
    'currencies.ts':
      header(`currency-codes ${packageVersion('currency-codes')} and the amendments of scripts/generate-tables.mjs`) +
      `\n/** ISO 4217 List One as in force on 2026-01-01 (${currencies.length} codes): code then minor-unit digits, 4 characters a currency, sorted. */\n` +
      `export const CURRENCY_DIGITS =\n  ${literal(chunks(currencies.map(([c, d]) => `${c}${d}`), 16).map((l) => l.join('')))};\n`,
  };
}

function chunks(list, size) {
  const out = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/** The names of the tables whose file differs from what the generator makes now. */
export function staleTables() {
  return Object.entries(generatedTables())
    .filter(([file, text]) => {
      try {
        return readFileSync(OUT_DIR + file, 'utf8') !== text;
      } catch {
        return true;
      }
    })
    .map(([file]) => file);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--check')) {
    const stale = staleTables();
    if (stale.length > 0) {
      console.error(`Out of date: ${stale.join(', ')}. Run npm run generate:tables.`);
      process.exit(1);
    }
  } else {
    for (const [file, text] of Object.entries(generatedTables())) writeFileSync(OUT_DIR + file, text);
    console.log(`Wrote ${Object.keys(generatedTables()).join(', ')} to src/schema/generated/.`);
  }
}
