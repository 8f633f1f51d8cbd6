/**
 * Custom valibot actions that check a field by a keyword (`FieldKeyword`). valibot runs
 * them in `safeParse` like its own actions; the lint engine's walk reads their `keyword`,
 * `requirement` and `test`, and reports a failure through the rule that claims the keyword.
 */
import * as v from 'valibot';
import {
  codePoints,
  dateTest,
  isAlpha2Text,
  isAlpha3Text,
  isAmountText,
  isCurrencyText,
  isEmailText,
  isHttpUrl,
  isKeyText,
  isLocaleText,
  isUnsignedDecimalText,
} from './predicates';
import type { DateFormat } from './tables';
import { AMOUNT_VALUE, DATE_ONLY, DATE_TIME_OFFSET, DATE_TIME_UTC, UNSIGNED_DECIMAL } from './tables';

/**
 * What a field check checks: a keyword, the way a JSON Schema names `maxLength` or
 * `format`. The schema says which fields have which checks and holds the spec predicate
 * that decides (the builders validate with the same one); the lint engine reports a failed
 * check through the rule that claims its keyword (`Rule.findings` in src/lint/define-rule.ts).
 */
export type FieldKeyword =
  | 'maxLength'
  | 'numericText'
  | 'dateFormat'
  | 'keyCharset'
  | 'currencyCode'
  | 'countryCode'
  | 'localeFormat'
  | 'emailFormat'
  | 'urlFormat'
  | 'itemsPresent';

/** A valibot validation action that checks a field for fulfilkit (see `FieldKeyword`). */
export interface FieldCheck<TInput> extends v.BaseValidation<TInput, TInput, v.BaseIssue<TInput>> {
  /** Marks the action as a fulfilkit check. */
  readonly type: 'fulfilkit_check';
  /** What the check checks. */
  readonly keyword: FieldKeyword;
  /** The check's requirement (a limit, a format), used in messages. */
  readonly requirement: unknown;
  /** A length limit in code points: the walk counts the length once, for the test and the message. */
  readonly maxLength?: number;
  /** `true` when the value passes. */
  readonly test: (value: TInput) => boolean;
  /**
   * `test` fails every blank string (empty or white space only), so a value that passes is
   * not blank: the generated walk then skips its `blank-value` test. A property test holds
   * every check that says so to it.
   */
  readonly rejectsBlank: boolean;
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
  /** An optional member that is required when the operator handles payments (FMS). */
  readonly requiredWhenFms?: boolean;
}

/* @__NO_SIDE_EFFECTS__ */
function fieldCheck<TInput>(
  keyword: FieldKeyword,
  requirement: unknown,
  expects: string,
  test: (value: TInput) => boolean,
  { rejectsBlank = false }: { readonly rejectsBlank?: boolean } = {},
): FieldCheck<TInput> {
  return {
    kind: 'validation',
    type: 'fulfilkit_check',
    reference: fieldCheck as never,
    async: false,
    expects,
    requirement,
    keyword,
    test,
    rejectsBlank,
    message: undefined,
    '~run'(dataset, config) {
      if (dataset.typed && !this.test(dataset.value)) {
        v._addIssue(this, keyword, dataset, config);
      }
      return dataset;
    },
  } as FieldCheck<TInput>;
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
  return { ...fieldCheck<string>('maxLength', max, `<=${max} code points`, (s) => s.length <= max || codePoints(s) <= max), maxLength: max };
}

/** The known numeral shapes get a scanner; any other pattern keeps its regular expression. */
function numeralTest(pattern: RegExp): (s: string) => boolean {
  if (pattern === AMOUNT_VALUE) return isAmountText;
  if (pattern === UNSIGNED_DECIMAL) return isUnsignedDecimalText;
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
  const test = numeralTest(pattern);
  // The scanners need a digit; another pattern's test is not vouched for.
  return fieldCheck<string>('numericText', example, 'numeric text', test, { rejectsBlank: test === isAmountText || test === isUnsignedDecimalText });
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
  // One function per format, not a closure per field: the engine's compiler can inline it.
  const spec = format === DATE_ONLY || format === DATE_TIME_UTC || format === DATE_TIME_OFFSET;
  return fieldCheck<string>('dateFormat', format.name, format.name, dateTest(format), { rejectsBlank: spec });
}

/**
 * Creates the v1.2 key reference character check (rule `key-charset`).
 *
 * @returns A valibot validation action accepting only `[A-Za-z0-9._-]`.
 * @example v.pipe(v.string(), keyCharset())
 */
/* @__NO_SIDE_EFFECTS__ */
export function keyCharset(): FieldCheck<string> {
  return fieldCheck<string>('keyCharset', 'A-Z a-z 0-9 . _ -', '[A-Za-z0-9._-]', isKeyText);
}

/**
 * Creates an ISO 4217 currency code check (rule `currency-code`).
 *
 * @returns A valibot validation action accepting uppercase ISO 4217 codes.
 * @example v.pipe(v.string(), currencyCode())
 */
/* @__NO_SIDE_EFFECTS__ */
export function currencyCode(): FieldCheck<string> {
  return fieldCheck<string>('currencyCode', 'ISO 4217', 'ISO 4217 code', isCurrencyText, { rejectsBlank: true });
}

/**
 * Creates an ISO 3166-1 alpha-2 country code check (rule `country-code`). Alpha-2 and
 * alpha-3 are apart so that a bundle that checks only one carries only its table.
 *
 * @returns A valibot validation action accepting uppercase alpha-2 codes.
 * @example v.pipe(v.string(), countryAlpha2())
 */
/* @__NO_SIDE_EFFECTS__ */
export function countryAlpha2(): FieldCheck<string> {
  return fieldCheck<string>('countryCode', 'ISO 3166-1 alpha-2', 'ISO 3166-1 alpha-2', isAlpha2Text, { rejectsBlank: true });
}

/**
 * Creates an ISO 3166-1 alpha-3 country code check (rule `country-code`).
 *
 * @returns A valibot validation action accepting uppercase alpha-3 codes.
 * @example v.pipe(v.string(), countryAlpha3())
 */
/* @__NO_SIDE_EFFECTS__ */
export function countryAlpha3(): FieldCheck<string> {
  return fieldCheck<string>('countryCode', 'ISO 3166-1 alpha-3', 'ISO 3166-1 alpha-3', isAlpha3Text, { rejectsBlank: true });
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
  return fieldCheck<string>('localeFormat', 'll-CC', 'll-CC', isLocaleText, { rejectsBlank: true });
}

/**
 * Creates the `local@domain` e-mail check (rule `email-format`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), emailFormat())
 */
/* @__NO_SIDE_EFFECTS__ */
export function emailFormat(): FieldCheck<string> {
  return fieldCheck<string>('emailFormat', 'local@domain', 'local@domain', isEmailText, { rejectsBlank: true });
}

/**
 * Creates the absolute http(s) URL check (rule `url-format`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.string(), urlFormat())
 */
/* @__NO_SIDE_EFFECTS__ */
export function urlFormat(): FieldCheck<string> {
  return fieldCheck<string>('urlFormat', 'absolute http(s) URL', 'http(s) URL', isHttpUrl);
}

/**
 * Creates the non-empty item list check (rule `items-present`).
 *
 * @returns A valibot validation action.
 * @example v.pipe(v.array(item), itemsPresent())
 */
/* @__NO_SIDE_EFFECTS__ */
export function itemsPresent<T>(): FieldCheck<T[]> {
  return fieldCheck<T[]>('itemsPresent', 1, 'at least one item', (a) => a.length > 0);
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
