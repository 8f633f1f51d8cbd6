/**
 * Custom valibot actions that carry a fulfilkit rule id. valibot runs them in
 * `safeParse` like its own actions; the lint engine's compiled checker reads
 * their `rule`, `requirement` and `test` to report the same rule with an exact path.
 */
import * as v from 'valibot';
import { isCountryAlpha2, isCountryAlpha3, isCurrencyCode } from './codes';
import type { DateFormat } from './tables';
import { AMOUNT_VALUE, DATE_ONLY, DATE_TIME_OFFSET, DATE_TIME_UTC, EMAIL, UNSIGNED_DECIMAL } from './tables';

/** Rule ids that a field check action can report. */
export type FieldRuleId =
  | 'max-length'
  | 'numeric-text'
  | 'date-format'
  | 'key-charset'
  | 'currency-code'
  | 'country-code'
  | 'locale-format'
  | 'email-format'
  | 'url-format'
  | 'items-present';

/** A valibot validation action that reports a fulfilkit rule. */
export interface FieldCheck<TInput> extends v.BaseValidation<TInput, TInput, v.BaseIssue<TInput>> {
  /** Marks the action as a fulfilkit check. */
  readonly type: 'fulfilkit_check';
  /** The rule the check reports. */
  readonly rule: FieldRuleId;
  /** The check's requirement (a limit, a format), used in messages. */
  readonly requirement: unknown;
  /** `true` when the value passes. */
  readonly test: (value: TInput) => boolean;
}

/** Metadata the compiled checker reads from a schema's pipe. */
export interface FieldMeta {
  /** The member appears only in responses (rule `response-only`). */
  readonly responseOnly?: boolean;
  /** Enumeration values that are only warned about (rule `ambiguous-value`). */
  readonly ambiguous?: readonly string[];
  /** Members spelt as in the spec's example bodies, mapped to the schema spelling (rule `spelling`). */
  readonly spelling?: Readonly<Record<string, string>>;
  /** Members that exist only in later versions (rule `version-field`), mapped to the version that adds them. */
  readonly laterVersion?: Readonly<Record<string, string>>;
  /** Name of the object in messages (e.g. `requestHeader`). */
  readonly name?: string;
}

/* @__NO_SIDE_EFFECTS__ */
function fieldCheck<TInput>(
  rule: FieldRuleId,
  requirement: unknown,
  expects: string,
  test: (value: TInput) => boolean,
): FieldCheck<TInput> {
  return {
    kind: 'validation',
    type: 'fulfilkit_check',
    reference: fieldCheck as never,
    async: false,
    expects,
    requirement,
    rule,
    test,
    message: undefined,
    '~run'(dataset, config) {
      if (dataset.typed && !this.test(dataset.value)) {
        v._addIssue(this, rule, dataset, config);
      }
      return dataset;
    },
  } as FieldCheck<TInput>;
}

/**
 * Counts Unicode code points; only strings longer than `max` UTF-16 units can
 * exceed `max` code points, so short strings cost nothing.
 */
export function codePointLength(value: string): number {
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
 * Creates a maximum-length check counted in Unicode code points (rule `max-length`).
 *
 * @param max The maximum number of code points.
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), maxCodePoints(50))
 */
/* @__NO_SIDE_EFFECTS__ */
export function maxCodePoints(max: number): FieldCheck<string> {
  return fieldCheck<string>('max-length', max, `<=${max} code points`, (s) => s.length <= max || codePointLength(s) <= max);
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
  const n = value.length;
  let i = signed && n > 0 && value.charCodeAt(0) === 45 /* - */ ? 1 : 0;
  const start = i;
  while (i < n && isDigitCode(value.charCodeAt(i))) i++;
  if (i === start) return -1;
  if (i === n) return 0;
  if (value.charCodeAt(i) !== 46 /* . */) return -1;
  const fraction = ++i;
  while (i < n && isDigitCode(value.charCodeAt(i))) i++;
  return i === n && i > fraction ? n - fraction : -1;
}

function isDigitCode(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The known numeral shapes get a scanner; any other pattern keeps its regular expression. */
function numeralTest(pattern: RegExp): (s: string) => boolean {
  if (pattern === AMOUNT_VALUE) return (s) => scanDecimal(s, true) >= 0;
  if (pattern === UNSIGNED_DECIMAL) return (s) => scanDecimal(s, false) >= 0;
  return (s) => pattern.test(s);
}

/**
 * Creates a numeric-text check (rule `numeric-text`).
 *
 * @param pattern The accepted numeral shape, e.g. `AMOUNT_VALUE`.
 * @param example An example numeral for messages.
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), numericText(UNSIGNED_DECIMAL, '2'))
 */
/* @__NO_SIDE_EFFECTS__ */
export function numericText(pattern: RegExp, example: string): FieldCheck<string> {
  return fieldCheck<string>('numeric-text', example, 'numeric text', numeralTest(pattern));
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
 * @returns `true` when the text is a real date in the format.
 * @example isDateInFormat('2026-02-28', DATE_ONLY); // true
 */
export function isDateInFormat(value: string, format: DateFormat): boolean {
  // The spec's three formats are read digit by digit (no match array, no Number()).
  if (format === DATE_ONLY) return value.length === 10 && isDateAt(value);
  if (format === DATE_TIME_UTC) return value.length === 20 && isDateAt(value) && isTimeAt(value) && value.charCodeAt(19) === 90 /* Z */;
  if (format === DATE_TIME_OFFSET) {
    if (value.length !== 26 || !isDateAt(value) || !isTimeAt(value) || value.charCodeAt(19) !== 32) return false;
    const sign = value.charCodeAt(20);
    if ((sign !== 43 && sign !== 45) || value.charCodeAt(23) !== 46 /* . */) return false;
    const oh = twoDigits(value, 21);
    const om = twoDigits(value, 24);
    return oh >= 0 && om >= 0 && om <= 59 && (oh < 14 || (oh === 14 && om === 0));
  }
  return matchesDateFormat(value, format);
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

/**
 * Creates a date or date-time format check (rule `date-format`).
 *
 * @param format The format the value must have.
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), dateFormat(DATE_ONLY))
 */
/* @__NO_SIDE_EFFECTS__ */
export function dateFormat(format: DateFormat): FieldCheck<string> {
  return fieldCheck<string>('date-format', format.name, format.name, (s) => isDateInFormat(s, format));
}

/** `KEY_CHARSET` of tables.ts (`^[A-Za-z0-9._-]*$`) by character codes; a test holds the two equal. */
function isKeyText(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 46 || c === 95 || c === 45) continue;
    return false;
  }
  return true;
}

/**
 * Creates the v1.2 key reference character check (rule `key-charset`).
 *
 * @returns A valibot validation action accepting only `[A-Za-z0-9._-]`.
 * @example v.pipe(v.string(), keyCharset())
 */
/* @__NO_SIDE_EFFECTS__ */
export function keyCharset(): FieldCheck<string> {
  return fieldCheck<string>('key-charset', 'A-Z a-z 0-9 . _ -', '[A-Za-z0-9._-]', isKeyText);
}

/**
 * Creates an ISO 4217 currency code check (rule `currency-code`).
 *
 * @returns A valibot validation action accepting uppercase ISO 4217 codes.
 * @example v.pipe(v.string(), currencyCode())
 */
/* @__NO_SIDE_EFFECTS__ */
export function currencyCode(): FieldCheck<string> {
  return fieldCheck<string>('currency-code', 'ISO 4217', 'ISO 4217 code', isCurrencyText);
}

/**
 * Creates an ISO 3166-1 country code check (rule `country-code`).
 *
 * @param length 2 for alpha-2, 3 for alpha-3.
 * @returns A valibot validation action accepting uppercase codes of that length.
 * @example v.pipe(v.string(), countryCode(2))
 */
/* @__NO_SIDE_EFFECTS__ */
export function countryCode(length: 2 | 3): FieldCheck<string> {
  const name = length === 2 ? 'ISO 3166-1 alpha-2' : 'ISO 3166-1 alpha-3';
  return fieldCheck<string>('country-code', name, name, length === 2 ? isAlpha2Text : isAlpha3Text);
}

/**
 * Uppercase code tables by letter index: 1 at `(a - 65) * 26 + (b - 65)` (and `* 26 + c`
 * for three letters) for every code of `codes.ts`. Built on first use; a lookup reads the
 * letters' character codes instead of hashing a fresh string.
 */
const tables: { alpha2?: Uint8Array; alpha3?: Uint8Array; currency?: Uint8Array } = {};

function codeTable(letters: 2 | 3, isCode: (code: string) => boolean): Uint8Array {
  const table = new Uint8Array(26 ** letters);
  for (let i = 0; i < table.length; i++) {
    const code = letters === 2 ? String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)) : String.fromCharCode(65 + Math.floor(i / 676), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26));
    if (isCode(code)) table[i] = 1;
  }
  return table;
}

function alpha2Codes(): Uint8Array {
  return (tables.alpha2 ??= codeTable(2, isCountryAlpha2));
}

/** The letter index (0-25) of the uppercase ASCII letter at `i`, or -1. */
function upperAt(s: string, i: number): number {
  const c = s.charCodeAt(i) - 65;
  return c >= 0 && c <= 25 ? c : -1;
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
  const a = upperAt(s, 0);
  const b = upperAt(s, 1);
  return a >= 0 && b >= 0 && alpha2Codes()[a * 26 + b] === 1;
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
  const a = upperAt(s, 0);
  const b = upperAt(s, 1);
  const c = upperAt(s, 2);
  return a >= 0 && b >= 0 && c >= 0 && (tables.alpha3 ??= codeTable(3, isCountryAlpha3))[a * 676 + b * 26 + c] === 1;
}

/** `isCurrencyCode` by table. */
function isCurrencyText(s: string): boolean {
  if (s.length !== 3) return false;
  const a = upperAt(s, 0);
  const b = upperAt(s, 1);
  const c = upperAt(s, 2);
  return a >= 0 && b >= 0 && c >= 0 && (tables.currency ??= codeTable(3, isCurrencyCode))[a * 676 + b * 26 + c] === 1;
}

/** `LOCALE` of tables.ts (`^[a-z]{2}-[A-Z]{2}$`) with an existing ISO 3166-1 alpha-2 country; a test holds the two equal. */
function isLocale(s: string): boolean {
  if (s.length !== 5 || s.charCodeAt(2) !== 45) return false;
  const l1 = s.charCodeAt(0);
  const l2 = s.charCodeAt(1);
  const c1 = s.charCodeAt(3) - 65;
  const c2 = s.charCodeAt(4) - 65;
  if (l1 < 97 || l1 > 122 || l2 < 97 || l2 > 122 || c1 < 0 || c1 > 25 || c2 < 0 || c2 > 25) return false;
  return alpha2Codes()[c1 * 26 + c2] === 1;
}

/**
 * Creates the `ll-CC` locale check (rule `locale-format`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), localeFormat())
 */
/* @__NO_SIDE_EFFECTS__ */
export function localeFormat(): FieldCheck<string> {
  // The spec names the second part an ISO 2 country code: check it exactly, not just its shape.
  return fieldCheck<string>('locale-format', 'll-CC', 'll-CC', isLocale);
}

/**
 * Creates the `local@domain` e-mail check (rule `email-format`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), emailFormat())
 */
/* @__NO_SIDE_EFFECTS__ */
export function emailFormat(): FieldCheck<string> {
  return fieldCheck<string>('email-format', 'local@domain', 'local@domain', (s) => EMAIL.test(s));
}

/**
 * Tells whether a string is an absolute http or https URL with a host.
 *
 * @param value The text to test.
 * @returns `true` for `https://shop.example/returns`.
 * @example isHttpUrl('ftp://x'); // false
 */
export function isHttpUrl(value: string): boolean {
  // A client sends the same return URL again and again; parsing one costs microseconds.
  if (value === lastUrl.value) return lastUrl.valid;
  const valid = parsesAsHttpUrl(value);
  lastUrl.value = value;
  lastUrl.valid = valid;
  return valid;
}

const lastUrl: { value: string | undefined; valid: boolean } = { value: undefined, valid: false };

function parsesAsHttpUrl(value: string): boolean {
  // The authority must follow '//' directly: WHATWG URL would read https:///path as host "path".
  if (!/^https?:\/\/[^/?#\\]/i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Creates the absolute http(s) URL check (rule `url-format`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), urlFormat())
 */
/* @__NO_SIDE_EFFECTS__ */
export function urlFormat(): FieldCheck<string> {
  return fieldCheck<string>('url-format', 'absolute http(s) URL', 'http(s) URL', isHttpUrl);
}

/**
 * Creates the non-empty item list check (rule `items-present`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.array(item), itemsPresent())
 */
/* @__NO_SIDE_EFFECTS__ */
export function itemsPresent<T>(): FieldCheck<T[]> {
  return fieldCheck<T[]>('items-present', 1, 'at least one item', (a) => a.length > 0);
}

const META = new WeakMap<object, FieldMeta>();

/**
 * Attaches fulfilkit metadata (response-only marker, ambiguous values, example-body
 * spellings, later-version members) to a copy of a schema. The copy behaves exactly
 * like the original in valibot; the lint engine reads the metadata with `metaOf`.
 *
 * @param schema Any valibot schema.
 * @param meta The metadata.
 * @returns A copy of the schema, same type.
 * @example const order = withMeta(v.strictObject({ ... }), { spelling: { entityId: 'entityID' } });
 */
export function withMeta<const T extends object>(schema: T, meta: FieldMeta): T {
  const copy = { ...schema };
  META.set(copy, { ...META.get(schema), ...meta });
  return copy;
}

/**
 * Reads the metadata attached by `withMeta`.
 *
 * @param schema A valibot schema.
 * @returns The metadata, empty when none was attached.
 * @example metaOf(schema).responseOnly;
 */
export function metaOf(schema: object): FieldMeta {
  return META.get(schema) ?? {};
}

/** A schema without its optional/nullable wrappers, and what the wrappers allowed. */
export interface UnwrappedSchema<T> {
  /** The innermost schema (string, object, array, picklist, ...). */
  readonly node: T;
  /** The member may be absent (`optional`, `exact_optional`, `nullish`). */
  readonly optional: boolean;
  /** The member may be `null` (`nullable`, `nullish`). */
  readonly nullable: boolean;
}

/**
 * Strips valibot's optional, nullable and nullish wrappers off a schema; the lint
 * compiler and the JSON Schema export both read schemas this way.
 *
 * @param schema A valibot schema (any object with `type` and, for wrappers, `wrapped`).
 * @returns The inner schema and whether the wrappers allow absence and `null`.
 * @example unwrapSchema(v.optional(v.nullable(v.string()))); // { node: <string schema>, optional: true, nullable: true }
 */
export function unwrapSchema<T extends { readonly type: string; readonly wrapped?: unknown }>(schema: T): UnwrappedSchema<T> {
  let optional = false;
  let nullable = false;
  let node = schema;
  for (;;) {
    if (node.type === 'optional' || node.type === 'exact_optional') optional = true;
    else if (node.type === 'nullable') nullable = true;
    else if (node.type === 'nullish') (optional = true), (nullable = true);
    else break;
    node = node.wrapped as T;
  }
  return { node, optional, nullable };
}
