/**
 * The spec's field predicates as plain functions: lengths in code points, numerals, dates,
 * key characters, ISO codes, locales, e-mail addresses and URLs. The schema's checks
 * (actions.ts), the lint rules and the builders all call these, so a value the builders
 * accept is a value the linter accepts. Each runs in time linear in its input.
 */
import { currencyDigitsPlusOne, isCountryAlpha2, isCountryAlpha3 } from './codes';
import type { DateFormat } from './tables';
import { DATE_ONLY, DATE_TIME_OFFSET, DATE_TIME_UTC, EMAIL } from './tables';

/**
 * Counts Unicode code points; only strings longer than `max` UTF-16 units can
 * exceed `max` code points, so short strings cost nothing.
 *
 * @param value The text.
 * @returns Its length in code points (a surrogate pair counts once).
 * @throws {TypeError} When `value` is not a string.
 * @example codePointLength('a😀'); // 2 ('a😀'.length is 3)
 */
export function codePointLength(value: string): number {
  if (typeof value !== 'string') throw new TypeError('value must be a string.');
  return codePoints(value);
}

/**
 * `codePointLength` of a value known to be a string (the checks, the rules and the builders
 * call it on strings they tested: no argument check in the lint bundle).
 *
 * @param value A string.
 * @returns Its length in code points.
 * @example codePoints('a😀'); // 2
 */
export function codePoints(value: string): number {
  let n = 0;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    // A high surrogate followed by a low surrogate is one code point.
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < value.length) {
      const d = value.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    n++;
  }
  return n;
}

/**
 * Scans decimal text `\d+(\.\d+)?` (with an optional leading minus when `signed`),
 * as `AMOUNT_VALUE` and `UNSIGNED_DECIMAL` match it, without a regular expression.
 *
 * @param value The text.
 * @param signed Whether a leading `-` is allowed.
 * @returns The number of fraction digits, or -1 when the text is not such a numeral.
 * @example scanDecimal('-12.50', true); // 2
 */
export function scanDecimal(value: string, signed: boolean): number {
  // One flat function (no digit helper): the lint walk calls it for every amount, and V8
  // inlines a flat loop into the walk where it would stop at a nested call. Each character
  // is read once (a read costs about 2 ns in V8, and amounts are most of a payload's text).
  const n = value.length;
  if (n === 0) return -1;
  let i = 0;
  let c = value.charCodeAt(0);
  if (signed && c === 45 /* - */) {
    if (n === 1) return -1;
    c = value.charCodeAt(++i);
  }
  const start = i;
  // `c` is the character at `i`.
  while (c >= 48 && c <= 57) {
    if (++i === n) return 0;
    c = value.charCodeAt(i);
  }
  if (i === start || c !== 46 /* . */) return -1;
  const fraction = ++i;
  while (i < n && (c = value.charCodeAt(i)) >= 48 && c <= 57) i++;
  return i === n && i > fraction ? n - fraction : -1;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/**
 * Tells whether a date or date-time string matches `format` and names a real
 * calendar date and time (2026-02-30 and 24:00:00 fail; offsets up to ±14.00).
 *
 * @param value The text to test.
 * @param format One of `DATE_TIME_OFFSET`, `DATE_TIME_UTC`, `DATE_ONLY`.
 * @returns `true` when the text is a real date in the format (`false` for anything but a string).
 * @throws {TypeError} When `format` is not a date format (an object with a `pattern` RegExp).
 * @example isDateInFormat('2026-02-28', DATE_ONLY); // true
 */
export function isDateInFormat(value: string, format: DateFormat): boolean {
  if (format === null || typeof format !== 'object' || !(format.pattern instanceof RegExp)) {
    throw new TypeError('format must be a date format such as DATE_ONLY, DATE_TIME_UTC or DATE_TIME_OFFSET.');
  }
  return typeof value === 'string' && dateTest(format)(value);
}

/**
 * The test of a date format as one function: the spec's three formats have their own
 * (read digit by digit: no match array, no Number()), any other format its pattern.
 *
 * @param format A date format.
 * @returns A function that tells whether a text is a real date in the format.
 * @example dateTest(DATE_ONLY)('2026-02-30'); // false
 */
export function dateTest(format: DateFormat): (value: string) => boolean {
  if (format === DATE_ONLY) return isDateOnlyText;
  if (format === DATE_TIME_UTC) return isDateTimeUtcText;
  if (format === DATE_TIME_OFFSET) return isDateTimeOffsetText;
  return (value) => matchesDateFormat(value, format);
}

/** `DATE_ONLY`: `YYYY-MM-DD`. */
function isDateOnlyText(value: string): boolean {
  return value.length === 10 && isDateAt(value);
}

/** `DATE_TIME_UTC`: `YYYY-MM-DDThh:mm:ssZ`. */
function isDateTimeUtcText(value: string): boolean {
  return value.length === 20 && isDateAt(value) && isTimeAt(value) && value.charCodeAt(19) === 90 /* Z */;
}

/** `DATE_TIME_OFFSET`: `YYYY-MM-DDThh:mm:ss ±hh.mm`, offsets up to ±14.00. */
function isDateTimeOffsetText(value: string): boolean {
  if (value.length !== 26 || !isDateAt(value) || !isTimeAt(value) || value.charCodeAt(19) !== 32) return false;
  const sign = value.charCodeAt(20);
  if ((sign !== 43 && sign !== 45) || value.charCodeAt(23) !== 46 /* . */) return false;
  const oh = twoDigits(value, 21);
  const om = twoDigits(value, 24);
  return oh >= 0 && om >= 0 && om <= 59 && (oh < 14 || (oh === 14 && om === 0));
}

/** The value of the two ASCII digits at `i`, or -1. */
function twoDigits(s: string, i: number): number {
  const a = s.charCodeAt(i) - 48;
  const b = s.charCodeAt(i + 1) - 48;
  return a >= 0 && a <= 9 && b >= 0 && b <= 9 ? a * 10 + b : -1;
}

/** `YYYY-MM-DD` at the start of `s`, a real calendar date. */
function isDateAt(s: string): boolean {
  const hi = twoDigits(s, 0);
  const lo = twoDigits(s, 2);
  if (hi < 0 || lo < 0 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  const month = twoDigits(s, 5);
  const day = twoDigits(s, 8);
  if (month < 1 || month > 12 || day < 1) return false;
  const max = month === 2 && isLeapYear(hi * 100 + lo) ? 29 : DAYS_IN_MONTH[month - 1]!;
  return day <= max;
}

/** `Thh:mm:ss` at index 10 of `s`, a real time of day. */
function isTimeAt(s: string): boolean {
  if (s.charCodeAt(10) !== 84 /* T */ || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58) return false;
  const h = twoDigits(s, 11);
  const m = twoDigits(s, 14);
  const sec = twoDigits(s, 17);
  return h >= 0 && h <= 23 && m >= 0 && m <= 59 && sec >= 0 && sec <= 59;
}

/** Any other format: its pattern, then the calendar. */
function matchesDateFormat(value: string, format: DateFormat): boolean {
  const m = format.pattern.exec(value);
  if (!m) return false;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const day = Number(m[3]);
  if (month < 1 || month > 12 || day < 1) return false;
  const max = month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!;
  if (day > max) return false;
  if (m[4] !== undefined) {
    if (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59) return false;
  }
  if (m[7] !== undefined) {
    const oh = Number(m[7]);
    const om = Number(m[8]);
    if (om > 59 || oh > 14 || (oh === 14 && om > 0)) return false;
  }
  return true;
}

/** `KEY_CHARSET` of tables.ts (`^[A-Za-z0-9._-]*$`) by character codes; a test holds the two equal. */
export function isKeyText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45) continue;
    return false;
  }
  return true;
}

/**
 * Uppercase country code tables by letter index: 1 at `(a - 65) * 26 + (b - 65)` (and
 * `* 26 + c` for three letters) for every code of `codes.ts`. Built on first use; a lookup reads the
 * letters' character codes instead of hashing a fresh string. The tests below take each
 * letter's index as `(code - 65) >>> 0`, which is above 25 for any character that is not
 * an uppercase ASCII letter (codes below 'A' wrap to large numbers): one comparison per
 * letter and no call, so V8 inlines the whole test into the lint walk, which runs it for
 * every amount and address.
 */
let alpha2Table: Uint8Array | undefined;
let alpha3Table: Uint8Array | undefined;

function codeTable(letters: 2 | 3, isCode: (code: string) => boolean): Uint8Array {
  const table = new Uint8Array(26 ** letters);
  for (let i = 0; i < table.length; i++) {
    const code = letters === 2 ? String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)) : String.fromCharCode(65 + Math.floor(i / 676), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
    if (isCode(code)) table[i] = 1;
  }
  return table;
}

function alpha2Codes(): Uint8Array {
  return (alpha2Table ??= codeTable(2, isCountryAlpha2));
}

/**
 * `isCountryAlpha2` by table (the letters' character codes index it; no string hashing).
 *
 * @param s The text to test.
 * @returns `true` for `'DE'`, `false` for `'de'` or `'XX'`.
 * @example isAlpha2Text('NL'); // true
 */
export function isAlpha2Text(s: string): boolean {
  if (s.length !== 2) return false;
  const a = (s.charCodeAt(0) - 65) >>> 0;
  const b = (s.charCodeAt(1) - 65) >>> 0;
  return a <= 25 && b <= 25 && alpha2Codes()[a * 26 + b] === 1;
}

/**
 * `isCountryAlpha3` by table.
 *
 * @param s The text to test.
 * @returns `true` for `'DEU'`.
 * @example isAlpha3Text('NLD'); // true
 */
export function isAlpha3Text(s: string): boolean {
  if (s.length !== 3) return false;
  const a = (s.charCodeAt(0) - 65) >>> 0;
  const b = (s.charCodeAt(1) - 65) >>> 0;
  const c = (s.charCodeAt(2) - 65) >>> 0;
  return a <= 25 && b <= 25 && c <= 25 && (alpha3Table ??= codeTable(3, isCountryAlpha3))[a * 676 + b * 26 + c] === 1;
}

/** `isCurrencyCode` by table (see `currencyDigitsPlusOne`). */
export function isCurrencyText(s: string): boolean {
  return currencyDigitsPlusOne(s) !== 0;
}

/** `LOCALE` of tables.ts (`^[a-z]{2}-[A-Z]{2}$`) with an existing ISO 3166-1 alpha-2 country; a test holds the two equal. */
export function isLocaleText(s: string): boolean {
  if (s.length !== 5 || s.charCodeAt(2) !== 45) return false;
  const l1 = s.charCodeAt(0);
  const l2 = s.charCodeAt(1);
  const c1 = s.charCodeAt(3) - 65;
  const c2 = s.charCodeAt(4) - 65;
  if (l1 < 97 || l1 > 122 || l2 < 97 || l2 > 122 || c1 < 0 || c1 > 25 || c2 < 0 || c2 > 25) return false;
  return alpha2Codes()[c1 * 26 + c2] === 1;
}

// White space, C0 and C1 controls, DEL, and the bidi controls RFC 3987 forbids in an IRI (and
// the isolates): the URL parser would drop or percent-encode them, so the text is not the URL
// a consumer is redirected to, and a bidi control can make it read as another.
const URL_REFUSED = /[\s\x00-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * Tells whether a string is an absolute http or https URL with a host, with no white space,
 * control or bidi control in it.
 *
 * @param value The text to test.
 * @returns `true` for `https://shop.example/returns`.
 * @example isHttpUrl('ftp://x'); // false
 */
export function isHttpUrl(value: string): boolean {
  // The authority must follow '//' directly: WHATWG URL would read https:///path as host "path".
  // Anything but a string is no URL (a regex test would make it text, and String() throws on some objects).
  if (typeof value !== 'string' || !/^https?:\/\/[^/?#\\]/i.test(value) || URL_REFUSED.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Tells whether text is amount text `-?\d+(\.\d+)?` (the spec's amount values).
 *
 * @param s The text.
 * @returns `true` for `'-12.50'`.
 * @example isAmountText('10.5'); // true
 */
export function isAmountText(s: string): boolean {
  return scanDecimal(s, true) >= 0;
}

/**
 * Tells whether text is unsigned decimal text `\d+(\.\d+)?` (quantities, tax factors).
 *
 * @param s The text.
 * @returns `true` for `'1.20'`, `false` for `'-1'`.
 * @example isUnsignedDecimalText('2'); // true
 */
export function isUnsignedDecimalText(s: string): boolean {
  return scanDecimal(s, false) >= 0;
}

/**
 * Tells whether text is a plain `local@domain` e-mail address with a dotted domain.
 *
 * @param s The text.
 * @returns `true` for `'jane@shop.example'`.
 * @example isEmailText('a@b'); // false
 */
export function isEmailText(s: string): boolean {
  // The regular expression: its compiled scan is faster here than one written by hand.
  return EMAIL.test(s);
}

/**
 * Tells whether text is exactly `length` ASCII digits (card data: bin 6, last4digits 4).
 * The builders and the card-data rule both call it.
 *
 * @param s The text.
 * @param length The number of digits.
 * @returns `true` for `('411111', 6)`, `false` for `('4111', 6)` or `('41111a', 6)`.
 * @example isDigitsText('1234', 4); // true
 */
export function isDigitsText(s: string, length: number): boolean {
  if (s.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}
