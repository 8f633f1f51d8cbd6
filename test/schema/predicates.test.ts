/**
 * The spec's predicates are hand-written scanners (linear, no backtracking): each must agree
 * with the pattern of tables.ts, or the code list, that it stands for.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { digitsAfterDot, fractionDigits, isSum, isSumText, parseDecimal } from '../../src/lint/checks/money-decimal';
import { lintOrder } from '../../src/lint/engine';
import { decimalSign } from '../../src/lint/checks/order-items';
import { escapeToken, toPointer } from '../../src/lint/pointer';
import { buildTree } from '../../src/lint/tree';
import { countryAlpha2, countryAlpha3, currencyCode, dateFormat, keyCharset, localeFormat, numericText } from '../../src/schema/actions';
import { isCountryAlpha2, isCountryAlpha3, isCurrencyCode } from '../../src/schema/codes';
import { ORDER_REQUEST_SCHEMAS } from '../../src/schema/order';
import { isAlpha2Text, isAlpha3Text, isDateInFormat, isDigitsText, scanDecimal } from '../../src/schema/predicates';
import { validOrder } from '../fixtures';
import { ReturnRequestSchema } from '../../src/schema/return';
import {
  AMOUNT_VALUE,
  DATE_ONLY,
  DATE_TIME_OFFSET,
  DATE_TIME_UTC,
  KEY_CHARSET,
  LOCALE,
  ORDER_VERSIONS,
  UNSIGNED_DECIMAL,
  type DateFormat,
} from '../../src/schema/tables';

const SEED = 42;

const digitText = fc.stringMatching(/^-?[0-9.,a /:]{0,8}$/);
const dateText = (format: DateFormat) =>
  fc.oneof(
    fc.stringMatching(format.pattern),
    fc.string({ unit: fc.constantFrom(...'0123456789-:T .+Z'), maxLength: 28 }),
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => {
      const iso = d.toISOString();
      return format === DATE_ONLY ? iso.slice(0, 10) : format === DATE_TIME_UTC ? `${iso.slice(0, 19)}Z` : `${iso.slice(0, 19)} +01.00`;
    }),
  );

/** The pattern-and-calendar reading the scanners replace. */
function isDateByPattern(value: string, format: DateFormat): boolean {
  const m = format.pattern.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (max === undefined || day < 1 || day > max) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)) return false;
  if (m[7] !== undefined && (Number(m[8]) > 59 || Number(m[7]) > 14 || (Number(m[7]) === 14 && Number(m[8]) > 0))) return false;
  return true;
}

/** Units as amount text with `scale` fraction digits (`(12345n, 2)` → `'123.45'`). */
function decimalText(units: bigint, scale: number): string {
  const s = units.toString().padStart(scale + 1, '0');
  return scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
}

describe('scanners agree with the patterns of tables.ts', () => {
  it('dates and date-times', () => {
    for (const format of [DATE_ONLY, DATE_TIME_UTC, DATE_TIME_OFFSET]) {
      const test = dateFormat(format).test;
      fc.assert(
        fc.property(dateText(format), (value) => {
          expect(isDateInFormat(value, format)).toBe(isDateByPattern(value, format));
          expect(test(value)).toBe(isDateByPattern(value, format));
        }),
        { seed: SEED, numRuns: 3000 },
      );
      for (const value of ['2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '2026-04-31', '2026-00-10', '2026-13-01', '2026-01-00']) {
        const full = format === DATE_ONLY ? value : format === DATE_TIME_UTC ? `${value}T23:59:59Z` : `${value}T00:00:00 -14.00`;
        expect(isDateInFormat(full, format)).toBe(isDateByPattern(full, format));
      }
    }
  });

  it('digits of a given count (card bin and last four digits)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '5', '9', 'a', ' ', '/', ':', '٣'), maxLength: 7 }), fc.nat(7), (s, n) => {
        expect(isDigitsText(s, n)).toBe(new RegExp(`^[0-9]{${n}}$`).test(s));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('numerals, fraction digits, signs and sums', () => {
    const amount = numericText(AMOUNT_VALUE, '-12.50').test;
    const unsigned = numericText(UNSIGNED_DECIMAL, '2').test;
    fc.assert(
      fc.property(fc.oneof(digitText, fc.stringMatching(/^-?\d{1,4}(\.\d{0,4})?$/)), (value) => {
        expect(amount(value)).toBe(AMOUNT_VALUE.test(value));
        expect(unsigned(value)).toBe(UNSIGNED_DECIMAL.test(value));
        expect(scanDecimal(value, true) >= 0).toBe(AMOUNT_VALUE.test(value));
        const dot = value.indexOf('.');
        expect(fractionDigits(value)).toBe(AMOUNT_VALUE.test(value) ? (dot < 0 ? 0 : value.length - dot - 1) : undefined);
        expect(digitsAfterDot(value)).toBe(value.lastIndexOf('.') < 0 ? -1 : value.length - value.lastIndexOf('.') - 1);
        const sign = AMOUNT_VALUE.test(value) ? (/[1-9]/.test(value) ? (value.startsWith('-') ? -1 : 1) : 0) : undefined;
        expect(decimalSign(value)).toBe(sign);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    const decimal = fc.oneof(fc.stringMatching(/^-?\d{1,7}(\.\d{1,4})?$/), fc.constantFrom('0', '00', '-0', '0.0', '9', '99.99', '1.', 'x'));
    fc.assert(
      fc.property(decimal, decimal, decimal, (t, a, b) => {
        const [dt, da, db] = [parseDecimal(t), parseDecimal(a), parseDecimal(b)];
        expect(isSumText(t, a, b)).toBe(dt && da && db ? isSum(dt, da, db) : undefined);
      }),
      { seed: SEED, numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.nat(3), (x, y, scale) => {
        const text = (v: bigint) => decimalText(v, scale);
        expect(isSumText(text(x + y), text(x), text(y))).toBe(true);
        expect(isSumText(text(x + y + 1n), text(x), text(y))).toBe(false);
      }),
      { seed: SEED, numRuns: 2000 },
    );
    // Texts of one scale around nine digits, where isSumText adds whole integers: both
    // sides of that limit, leading zeros, and sums one unit off.
    const sameScale = fc.nat(3).chain((scale) =>
      fc.tuple(...[0, 1, 2].map(() => fc.bigInt({ min: 0n, max: 2n * 10n ** 9n }).map((v) => decimalText(v, scale)))),
    );
    fc.assert(
      fc.property(sameScale, fc.constantFrom('', '0', '00'), ([t, a, b], zeros) => {
        const [dt, da, db] = [parseDecimal(t), parseDecimal(a), parseDecimal(b)];
        expect(isSumText(zeros + t, a, b)).toBe(isSum(dt!, da!, db!));
        const sum = parseDecimal(a)!.units + parseDecimal(b)!.units;
        const text = (v: bigint) => decimalText(v, da!.scale);
        expect(isSumText(text(sum), a, zeros + b)).toBe(true);
        expect(isSumText(text(sum + 1n), a, b)).toBe(false);
        if (sum > 0n) expect(isSumText(text(sum - 1n), a, b)).toBe(false);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('sums of amounts of thousands of digits are not judged (bigint parsing grows faster than their length), up to 3,000 characters they are, exactly', () => {
    const big = '9'.repeat(1499);
    // 10^1499 - 1 + 1 = 10^1499: 1 + 1,499 + 1,500 characters.
    expect(isSumText(`1${'0'.repeat(1499)}`, big, '1')).toBe(true);
    expect(isSumText(`1${'0'.repeat(1498)}1`, big, '1')).toBe(false);
    expect(isSumText(`1${'0'.repeat(1499)}`, big, '01')).toBe(undefined);
    expect(isSumText('1.00', '1.00', `0.${'0'.repeat(3000)}`)).toBe(undefined);
    // Lint, whatever the length: two of a million digits each say nothing of the total.
    const order = validOrder('1.1');
    const amounts = (order as { clientRequest: { order: { amount: { amountType: string; value: string }[] } } }).clientRequest.order.amount;
    for (const a of amounts) if (a.amountType !== 'totalTax') a.value = '7'.repeat(1_000_000);
    expect(lintOrder(order, { version: '1.1' }).filter((p) => p.rule === 'totals')).toEqual([]);
  });

  it('key references and locales', () => {
    const key = keyCharset().test;
    const locale = localeFormat().test;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZz09._-/ éA'), maxLength: 8 }), (value) => {
        expect(key(value)).toBe(KEY_CHARSET.test(value));
      }),
      { seed: SEED, numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'deDEnlNLxX-_ 1'), maxLength: 6 }), (value) => {
        expect(locale(value)).toBe(LOCALE.test(value) && isCountryAlpha2(value.slice(3)));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('country and currency codes, every letter pair and triple', () => {
    const alpha2 = countryAlpha2().test;
    const alpha3 = countryAlpha3().test;
    const currency = currencyCode().test;
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZa@[';
    for (const a of letters) {
      for (const b of letters) {
        expect(alpha2(a + b)).toBe(isCountryAlpha2(a + b));
        expect(isAlpha2Text(a + b)).toBe(isCountryAlpha2(a + b));
        for (const c of letters) {
          expect(alpha3(a + b + c)).toBe(isCountryAlpha3(a + b + c));
          expect(isAlpha3Text(a + b + c)).toBe(isCountryAlpha3(a + b + c));
          expect(currency(a + b + c)).toBe(isCurrencyCode(a + b + c));
        }
      }
    }
    for (const odd of ['', 'D', 'DEU ', ' DE', 'DEUT', 'de', 'eur']) {
      expect(alpha2(odd)).toBe(isCountryAlpha2(odd));
      expect(currency(odd)).toBe(isCurrencyCode(odd));
    }
  });

  it('JSON Pointers', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: fc.constantFrom('a', '~', '/', '0', 'é') }), fc.nat(30))), (tokens) => {
        expect(toPointer(tokens)).toBe(tokens.map((t) => '/' + escapeToken(t)).join(''));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});

describe('checks that reject blank strings', () => {
  // Every code point that String.prototype.trim removes: what isBlankText calls white space.
  const spaces: string[] = [];
  for (let c = 0; c <= 0xffff; c++) if (String.fromCharCode(c).trim() === '') spaces.push(String.fromCharCode(c));
  const blankText = fc.string({ unit: fc.constantFrom(...spaces), maxLength: 30 });
  const trees = [
    ...ORDER_VERSIONS.flatMap((version) => [false, true].map((fms) => buildTree(ORDER_REQUEST_SCHEMAS[version], { label: version, bodyKey: 'clientRequest', fms }))),
    buildTree(ReturnRequestSchema, { label: 'return', fms: false }),
  ];
  const checks = [...new Set(trees.flatMap((tree) => tree.nodes.flatMap((node) => node.checks)))];

  it('fail every blank string, as they say (the generated walk skips the blank test after them)', () => {
    const rejecting = checks.filter((check) => check.rejectsBlank);
    // Currency, country, numerals, dates, locale, e-mail: the tests are there to be run.
    expect(new Set(rejecting.map((check) => check.keyword))).toEqual(new Set(['currencyCode', 'countryCode', 'numericText', 'dateFormat', 'localeFormat', 'emailFormat']));
    expect(spaces.length).toBeGreaterThan(20);
    fc.assert(
      fc.property(fc.constantFrom(...rejecting), blankText, (check, text) => {
        expect((check.test as (s: string) => boolean)(text)).toBe(false);
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('include no check that passes a blank string (key-charset passes the empty one)', () => {
    expect(keyCharset().test('')).toBe(true);
    expect(keyCharset().rejectsBlank).toBe(false);
    for (const check of checks) if (check.test('') || check.test(' ')) expect(check.rejectsBlank).toBe(false);
  });
});
