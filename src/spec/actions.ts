/**
 * Custom valibot actions that carry a fulfilkit rule id. valibot runs them in
 * `safeParse` like its own actions; the lint engine's compiled checker reads
 * their `rule`, `requirement` and `test` to report the same rule with an exact path.
 */
import * as v from 'valibot';
import { isCountryAlpha2, isCountryAlpha3, isCurrencyCode } from './codes';
import type { DateFormat } from './tables';
import { EMAIL, KEY_CHARSET, LOCALE } from './tables';

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
 * Creates a numeric-text check (rule `numeric-text`).
 *
 * @param pattern The accepted numeral shape, e.g. `AMOUNT_VALUE`.
 * @param example An example numeral for messages.
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), numericText(UNSIGNED_DECIMAL, '2'))
 */
/* @__NO_SIDE_EFFECTS__ */
export function numericText(pattern: RegExp, example: string): FieldCheck<string> {
  return fieldCheck<string>('numeric-text', example, 'numeric text', (s) => pattern.test(s));
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

/**
 * Creates the v1.2 key reference character check (rule `key-charset`).
 *
 * @returns A valibot validation action accepting only `[A-Za-z0-9._-]`.
 * @example v.pipe(v.string(), keyCharset())
 */
/* @__NO_SIDE_EFFECTS__ */
export function keyCharset(): FieldCheck<string> {
  return fieldCheck<string>('key-charset', 'A-Z a-z 0-9 . _ -', '[A-Za-z0-9._-]', (s) => KEY_CHARSET.test(s));
}

/**
 * Creates an ISO 4217 currency code check (rule `currency-code`).
 *
 * @returns A valibot validation action accepting uppercase ISO 4217 codes.
 * @example v.pipe(v.string(), currencyCode())
 */
/* @__NO_SIDE_EFFECTS__ */
export function currencyCode(): FieldCheck<string> {
  return fieldCheck<string>('currency-code', 'ISO 4217', 'ISO 4217 code', (s) => isCurrencyCode(s));
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
  return fieldCheck<string>('country-code', name, name, length === 2 ? isCountryAlpha2 : isCountryAlpha3);
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
  return fieldCheck<string>('locale-format', 'll-CC', 'll-CC', (s) => LOCALE.test(s) && isCountryAlpha2(s.slice(3)));
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
