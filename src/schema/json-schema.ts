/**
 * Exports the fulfilkit valibot schemas as JSON Schema (draft-07, the draft that
 * `new Ajv()` supports by default). It walks the same schema objects as the lint
 * engine's compiler (src/lint/compile.ts) and covers the structural rules:
 * types, required members, unknown members, enumerations, lengths in code points,
 * numeral, date, key, locale and e-mail shapes, code tables, non-empty item lists.
 */
import type * as v from 'valibot';
import { metaOf, unwrapSchema, type FieldCheck } from './actions';
import { countryAlpha2Codes, countryAlpha3Codes, currencyCodes } from './codes';
import { ORDER_REQUEST_SCHEMAS } from './order';
import { DATE_PATTERNS, HTTP_URL_PATTERN } from './patterns';
import { ReturnRequestSchema } from './return';
import {
  AMOUNT_VALUE,
  EMAIL,
  KEY_CHARSET,
  LOCALE,
  UNSIGNED_DECIMAL,
  type OrderVersion,
} from './tables';

/**
 * The `$schema` URI of the emitted documents.
 *
 * @example
 * orderJsonSchema('1.1').$schema === JSON_SCHEMA_DRAFT; // true
 * JSON_SCHEMA_DRAFT; // 'http://json-schema.org/draft-07/schema#'
 */
export const JSON_SCHEMA_DRAFT = 'http://json-schema.org/draft-07/schema#';

/**
 * A JSON type name.
 *
 * @example const nullableText: JsonType[] = ['string', 'null'];
 */
export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';

/**
 * The subset of JSON Schema draft-07 that `toJsonSchema` emits.
 *
 * @example
 * const schema: JsonSchema = orderJsonSchema('1.1');
 * schema.required; // ['clientRequest']
 */
export interface JsonSchema {
  /** The draft URI (root only). */
  $schema?: string;
  /** A title (root only). */
  title?: string;
  /** Why the member is special (response-only, example-body spelling). */
  description?: string;
  /** The allowed JSON type(s). */
  type?: JsonType | JsonType[];
  /** Members of an object. */
  properties?: Record<string, JsonSchema>;
  /** Required members of an object. */
  required?: string[];
  /** `false` for strict objects: members the version does not define are rejected. */
  additionalProperties?: boolean;
  /** Schema of every array entry. */
  items?: JsonSchema;
  /** Minimum number of array entries. */
  minItems?: number;
  /** Maximum length in code points (JSON Schema counts code points, as fulfilkit does). */
  maxLength?: number;
  /** Regular expression the string must match (ECMA-262, unicode mode). */
  pattern?: string;
  /** Allowed values. */
  enum?: (string | number | boolean | null)[];
  /** The only allowed value. */
  const?: string | number | boolean | null;
  /** Alternatives (valibot unions). */
  anyOf?: JsonSchema[];
  /** Further constraints that need their own keyword slot (a second pattern). */
  allOf?: JsonSchema[];
  /** The member appears only in responses; requests may omit it. */
  readOnly?: boolean;
  /** The member is an example-body spelling; write the schema member instead. */
  deprecated?: boolean;
}

type AnySchema = v.GenericSchema & {
  readonly wrapped?: AnySchema;
  readonly entries?: Record<string, AnySchema>;
  readonly item?: AnySchema;
  readonly options?: readonly unknown[];
  readonly literal?: unknown;
  readonly pipe?: readonly { readonly kind: string; readonly type: string }[];
};

const NUMERALS: readonly RegExp[] = [AMOUNT_VALUE, UNSIGNED_DECIMAL];
// Inputs that tell the numeral shapes apart; the check's own test picks its shape.
const NUMERAL_PROBES = ['0', '12', '-1', '1.5', '-1.50', '1.', '.5', '+1', '1e3', ' 1', 'a', ''];

interface CodeTables {
  readonly alpha2: readonly string[];
  readonly alpha3: readonly string[];
  readonly currencies: readonly string[];
  /** The locale check may test the country part against the code table, not just its shape. */
  readonly localeExact: string;
}

let codeTables: CodeTables | undefined;

// Built on first use, so that bundles which never export a schema pay nothing at load.
function codes(): CodeTables {
  if (!codeTables) {
    const alpha2 = countryAlpha2Codes();
    codeTables = {
      alpha2,
      alpha3: countryAlpha3Codes(),
      currencies: currencyCodes(),
      localeExact: `^[a-z]{2}-(?:${alpha2.join('|')})$`,
    };
  }
  return codeTables;
}

/** Every fulfilkit field check in a pipe, nested pipes included (`v.pipe(v.pipe(...), ...)`). */
function checksOf(schema: AnySchema): FieldCheck<unknown>[] {
  const out: FieldCheck<unknown>[] = [];
  for (const item of schema.pipe ?? []) {
    if (item.kind === 'validation' && item.type === 'fulfilkit_check') out.push(item as FieldCheck<unknown>);
    else if (item.kind === 'schema' && item !== schema) out.push(...checksOf(item as AnySchema));
    // A JSON number is always finite: nothing to write.
    else if (item.kind === 'validation' && item.type === 'finite') continue;
    // Any other check or transformation (valibot's maxLength, regex, email...) would be dropped: a weaker schema, silently.
    else if (item.kind !== 'metadata') throw new TypeError(`toJsonSchema: the ${item.kind} "${String(item.type)}" has no JSON Schema form here.`);
  }
  return out;
}

function addPattern(target: JsonSchema, pattern: string): void {
  if (target.pattern === undefined) target.pattern = pattern;
  else if (target.pattern !== pattern) (target.allOf ??= []).push({ pattern });
}

function restrictEnum(target: JsonSchema, values: readonly string[]): void {
  // A picklist and a code table together allow only what both allow.
  target.enum = target.enum ? target.enum.filter((x) => values.includes(x as string)) : [...values];
}

function numeralPattern(check: FieldCheck<unknown>): string {
  const match = NUMERALS.find((re) => NUMERAL_PROBES.every((s) => re.test(s) === check.test(s)));
  if (!match) throw new TypeError('toJsonSchema: a numeric-text check has a shape JSON Schema export does not know.');
  return match.source;
}

function applyCheck(target: JsonSchema, check: FieldCheck<unknown>): void {
  switch (check.keyword) {
    case 'maxLength': {
      const max = check.requirement as number;
      target.maxLength = target.maxLength === undefined ? max : Math.min(target.maxLength, max);
      return;
    }
    case 'numericText':
      return addPattern(target, numeralPattern(check));
    case 'dateFormat': {
      const pattern = DATE_PATTERNS.get(check.requirement as string);
      if (!pattern) throw new TypeError('toJsonSchema: a date-format check names a format JSON Schema export does not know.');
      // Ranges per field: only a day past its month's end (2026-02-30) is lint's alone.
      return addPattern(target, pattern);
    }
    case 'keyCharset':
      return addPattern(target, KEY_CHARSET.source);
    case 'localeFormat':
      return addPattern(target, check.test('de-ZZ') ? LOCALE.source : codes().localeExact);
    case 'emailFormat':
      return addPattern(target, EMAIL.source);
    case 'urlFormat':
      return addPattern(target, HTTP_URL_PATTERN);
    case 'currencyCode':
      return restrictEnum(target, codes().currencies);
    case 'countryCode':
      return restrictEnum(target, String(check.requirement).endsWith('alpha-3') ? codes().alpha3 : codes().alpha2);
    case 'itemsPresent':
      target.minItems = Math.max(target.minItems ?? 0, check.requirement as number);
      return;
  }
}

function makeNullable(target: JsonSchema): JsonSchema {
  if (typeof target.type === 'string') target.type = [target.type, 'null'];
  else if (Array.isArray(target.type) && !target.type.includes('null')) target.type.push('null');
  if (target.enum && !target.enum.includes(null)) target.enum.push(null);
  if (target.anyOf) target.anyOf.push({ type: 'null' });
  return target;
}

interface Converted {
  readonly schema: JsonSchema;
  readonly optional: boolean;
}

function convertNode(schema: AnySchema): Converted {
  const { node, optional, nullable } = unwrapSchema(schema);
  const out = convertBase(node);
  if (metaOf(node).responseOnly) {
    out.readOnly = true;
    out.description = 'Appears only in responses; the operator does not read it in a request.';
  }
  return { schema: nullable ? makeNullable(out) : out, optional };
}

function convertBase(node: AnySchema): JsonSchema {
  const out = convertType(node);
  for (const check of checksOf(node)) applyCheck(out, check);
  return out;
}

function convertType(node: AnySchema): JsonSchema {
  switch (node.type) {
    case 'string':
      return { type: 'string' };
    case 'number':
      return { type: 'number' };
    case 'boolean':
      return { type: 'boolean' };
    case 'null':
      return { type: 'null' };
    case 'any':
    case 'unknown':
      return {};
    case 'literal':
      return { const: node.literal as string | number | boolean };
    case 'picklist':
      // Ambiguous spec values are warnings in lint, so the schema accepts them.
      return { type: 'string', enum: [...(node.options as readonly string[]), ...(metaOf(node).ambiguous ?? [])] };
    case 'union':
      return { anyOf: (node.options as readonly AnySchema[]).map((o) => convertNode(o).schema) };
    case 'array':
      return { type: 'array', items: convertNode(node.item!).schema };
    case 'strict_object':
    case 'object':
    case 'loose_object':
      return convertObject(node);
    case 'custom':
      return convertGuarded(node);
    default:
      throw new TypeError(`toJsonSchema: valibot schema type ${String(node.type)} has no JSON Schema form here.`);
  }
}

/**
 * A custom guard piped into a schema (`v.pipe(v.custom(isObject), v.looseObject(...))`,
 * the response bodies): the guard has no JSON Schema form, the piped schema does, and
 * its JSON type already says what the guard checks (an object is not an array).
 */
function convertGuarded(node: AnySchema): JsonSchema {
  const inner = (node.pipe ?? []).filter((item): item is AnySchema => item.kind === 'schema' && item.type !== 'custom');
  if (inner.length !== 1) throw new TypeError('toJsonSchema: a custom valibot schema has no JSON Schema form here.');
  return convertNode(inner[0]!).schema;
}

function convertObject(node: AnySchema): JsonSchema {
  const meta = metaOf(node);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, entry] of Object.entries(node.entries ?? {})) {
    const converted = convertNode(entry);
    properties[key] = converted.schema;
    if (!converted.optional) required.push(key);
  }
  // Example-body spellings are lint warnings checked as their schema member: accept them, marked deprecated.
  for (const [alias, to] of Object.entries(meta.spelling ?? {})) {
    const target = properties[to];
    if (target === undefined || Object.prototype.hasOwnProperty.call(properties, alias)) continue;
    const copy = JSON.parse(JSON.stringify(target)) as JsonSchema;
    properties[alias] = { ...copy, deprecated: true, description: `Example-body spelling of ${to}; write ${to} instead.` };
  }
  const out: JsonSchema = { type: 'object', properties };
  if (required.length > 0) out.required = required;
  if (node.type === 'strict_object') out.additionalProperties = false;
  return out;
}

/**
 * Converts a valibot schema into a JSON Schema (draft-07) document of its
 * structural rules. Calendar validity of dates, cross-field rules and business rules
 * are beyond JSON Schema and stay with `lintOrder` / `lintReturn`.
 *
 * @param schema A valibot schema of your own: objects, arrays, strings, numbers, booleans, literals,
 *   picklists, unions, optional members (fulfilkit's own schemas are not exported: use `orderJsonSchema` / `returnJsonSchema`).
 * @param title An optional title for the document.
 * @returns A fresh JSON Schema document; the caller may change it.
 * @throws {TypeError} When `schema` is not a valibot schema or uses a type or check with no JSON Schema form here, or `title` is not a string.
 * @example
 * import * as v from 'valibot';
 * const CartLine = v.object({ sku: v.string(), quantity: v.number(), gift: v.optional(v.boolean()) });
 * toJsonSchema(CartLine, 'cart line');
 * // { $schema: 'http://json-schema.org/draft-07/schema#', title: 'cart line', type: 'object',
 * //   properties: { sku: { type: 'string' }, quantity: { type: 'number' }, gift: { type: 'boolean' } }, required: ['sku', 'quantity'] }
 * toJsonSchema(v.pipe(v.string(), v.maxLength(18))); // throws TypeError: toJsonSchema: the validation "max_length" has no JSON Schema form here.
 */
export function toJsonSchema(schema: v.GenericSchema, title?: string): JsonSchema {
  if (schema === null || typeof schema !== 'object' || schema.kind !== 'schema' || typeof schema.type !== 'string') {
    throw new TypeError('schema must be a valibot schema.');
  }
  if (title !== undefined && typeof title !== 'string') throw new TypeError('title must be a string.');
  const body = convertNode(schema as AnySchema).schema;
  return { $schema: JSON_SCHEMA_DRAFT, ...(title === undefined ? {} : { title }), ...body };
}

/**
 * The JSON Schema (draft-07) of the create-order request of one version, wrapper included.
 *
 * @param version The order version: `'1'`, `'1.1'` or `'1.2'`.
 * @returns A fresh JSON Schema document.
 * @throws {TypeError} When `version` is not a known order version.
 * @example
 * const validate = new Ajv({ allErrors: true }).compile(orderJsonSchema('1.1'));
 */
export function orderJsonSchema(version: OrderVersion): JsonSchema {
  // Not made text: an object as the version (String() throws on some) is a TypeError like any other.
  if (typeof version !== 'string' || !Object.prototype.hasOwnProperty.call(ORDER_REQUEST_SCHEMAS, version)) {
    throw new TypeError(`version must be one of ${Object.keys(ORDER_REQUEST_SCHEMAS).join(', ')}.`);
  }
  return toJsonSchema(ORDER_REQUEST_SCHEMAS[version], `fulfilkit create-order request v${version}`);
}

/**
 * The JSON Schema (draft-07) of the returns portal's return-token request.
 *
 * @returns A fresh JSON Schema document.
 * @example
 * const validate = new Ajv({ allErrors: true }).compile(returnJsonSchema());
 */
export function returnJsonSchema(): JsonSchema {
  return toJsonSchema(ReturnRequestSchema, 'fulfilkit return-token request');
}
