/**
 * Shared machinery of the decoders: body parsing, the per-interface table of
 * documented error statuses and body shapes, and the never-throw wrapper.
 */
import * as v from 'valibot';
import {
  PaymentMethodEntrySchema,
  ProductUnauthorizedBodySchema,
  ServerErrorBodySchema,
  StatusCodeErrorBodySchema,
} from '../schema/responses';
import type { ApiError, ApiErrorKind, ApiFieldMessage, ApiResult, Decoder } from './api-result';

/** A documented error body shape (spec: Errors). */
export type ErrorShape =
  /** Payment-method entry with errorCode and message[] (payment-method 401/404/500). */
  | 'payment-method-entry'
  /** `{ statuscode, message }` in lower case (product 401). */
  | 'product-unauthorized'
  /** `{ statusCode, message }` (product 404, returns/fulfilment 401, the gateway's 401). */
  | 'status-code'
  /** `{ statusCode, activityId, message }` (returns/fulfilment 500). */
  | 'server-error';

/** One documented error status of an interface: its kind and the body shapes it comes with. */
export interface ErrorRow {
  /** The kind a documented body decodes to. */
  readonly kind: ApiErrorKind;
  /** The documented shapes; `'any'` when the spec does not show the body. */
  readonly shapes: readonly ErrorShape[] | 'any';
}

/** Documented error statuses of one interface. */
export type ErrorTable = Readonly<Record<number, ErrorRow>>;

/** The fields of an ApiError read from a body. */
type Details = Pick<ApiError, 'code' | 'message' | 'activityId' | 'requestId' | 'fieldMessages'>;

const ALL_SHAPES: readonly ErrorShape[] = [
  'server-error',
  'product-unauthorized',
  'status-code',
  'payment-method-entry',
];

/**
 * Tells whether `value` is a JSON object (not null, not an array).
 *
 * @param value Anything.
 * @returns Whether members can be read from it.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Tells whether `value` is a non-empty string.
 *
 * @param value Anything.
 * @returns `true` for `'x'`, `false` for `''`, `null`, numbers.
 */
export function isText(value: unknown): value is string {
  return typeof value === 'string' && value !== '';
}

/**
 * Parses a text body as JSON when it is JSON; other values pass unchanged.
 *
 * @param body Parsed JSON or response text.
 * @returns The parsed value, or `body` itself.
 */
export function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Copies only the defined details: results stay free of `key: undefined` noise. */
function details(code: unknown, message: unknown, activityId?: unknown): Details {
  const out: { -readonly [K in keyof Details]: Details[K] } = {};
  if (typeof code === 'number' && Number.isFinite(code)) out.code = String(code);
  else if (isText(code)) out.code = code;
  if (isText(message)) out.message = message;
  if (isText(activityId)) out.activityId = activityId;
  return out;
}

/**
 * Reads the error fields of a 200 answer: only non-empty text counts, as the spec types
 * them as strings (a number or an object there is left out, as `null` is).
 *
 * @param fields The body's errorCode (as `code`), errorMessage (as `message`) and requestId.
 * @returns The fields that are text.
 */
export function textDetails(fields: { readonly code?: unknown; readonly message?: unknown; readonly requestId?: unknown }): Details {
  const out: { -readonly [K in keyof Details]: Details[K] } = {};
  if (isText(fields.code)) out.code = fields.code;
  if (isText(fields.message)) out.message = fields.message;
  if (isText(fields.requestId)) out.requestId = fields.requestId;
  return out;
}

/**
 * A success body with its informational message member left out when that member is not text
 * (or null): the answer's own signal (result, resultCode) decides, and a malformed message must
 * not turn an order or return the operator created into `unexpected` (a retry would then be
 * refused as a duplicate).
 *
 * @param body A record body.
 * @param member The message member (`errorMessage`, `resultMessage`).
 * @returns `body`, or a copy without the member.
 */
export function withoutOddMessage(body: Record<string, unknown>, member: string): Record<string, unknown> {
  const value = body[member];
  if (value === undefined || value === null || typeof value === 'string') return body;
  const { [member]: _odd, ...rest } = body;
  return rest;
}

/**
 * The rule for a 200 whose error fields are filled: they are empty on success (product:
 * Errors rule 1; payment methods: errorCode is "used when no data is found"), so an answer
 * that carries an error code or message says no.
 *
 * @param status The HTTP status.
 * @param raw The body as the caller passed it.
 * @param found The error fields read from the body (`undefined` when it has none of its shape).
 * @returns `rejected` with them, or `undefined` when they say nothing.
 */
export function refusalOf(status: number, raw: unknown, found: Details | undefined): ApiResult<never> | undefined {
  const saysNo = found !== undefined && (found.code !== undefined || found.message !== undefined || found.fieldMessages !== undefined);
  return saysNo ? failure('rejected', status, raw, found) : undefined;
}

const PAYMENT_METHOD_MEMBERS = ['result', 'paymentMethod', 'errorCode', 'message'];

/**
 * Reads a payment-method body's error fields: one entry, or an array of them ("same object as 200").
 *
 * @param body The parsed body.
 * @returns The first errorCode and every message[] item, or `undefined` when the body is no such entry or list.
 */
export function paymentMethodDetails(body: unknown): Details | undefined {
  const entries = Array.isArray(body) ? body : [body];
  if (entries.length === 0) return undefined;
  let code: string | undefined;
  let shaped = false;
  const fieldMessages: ApiFieldMessage[] = [];
  for (const entry of entries) {
    if (!isRecord(entry)) return undefined;
    // An entry with none of the members says nothing (an empty entry beside one that says no
    // must not hide it); the body is of this shape when some entry has one.
    if (!PAYMENT_METHOD_MEMBERS.some((member) => entry[member] !== undefined)) continue;
    shaped = true;
    const parsed = v.safeParse(PaymentMethodEntrySchema, entry);
    if (!parsed.success) return undefined;
    if (code === undefined && isText(parsed.output.errorCode)) code = parsed.output.errorCode;
    for (const item of parsed.output.message ?? []) {
      fieldMessages.push({ message: item.message ?? '', path: item.path ?? '', errorType: item.errorType ?? '' });
    }
  }
  if (!shaped) return undefined;
  const texts = fieldMessages.map((item) => item.message).filter(isText);
  const out = details(code, texts.join('; '));
  return fieldMessages.length > 0 ? { ...out, fieldMessages } : out;
}

/** Reads one documented error shape from `body`, or `undefined` when it does not match. */
function detailsOf(shape: ErrorShape, body: unknown): Details | undefined {
  switch (shape) {
    case 'payment-method-entry':
      return paymentMethodDetails(body);
    case 'product-unauthorized': {
      const parsed = v.safeParse(ProductUnauthorizedBodySchema, body);
      return parsed.success ? details(parsed.output.statuscode, parsed.output.message) : undefined;
    }
    case 'status-code': {
      const parsed = v.safeParse(StatusCodeErrorBodySchema, body);
      return parsed.success ? details(parsed.output.statusCode, parsed.output.message) : undefined;
    }
    case 'server-error': {
      const parsed = v.safeParse(ServerErrorBodySchema, body);
      return parsed.success
        ? details(parsed.output.statusCode, parsed.output.message, parsed.output.activityId)
        : undefined;
    }
  }
}

function firstDetails(shapes: readonly ErrorShape[], body: unknown): Details | undefined {
  for (const shape of shapes) {
    const found = detailsOf(shape, body);
    if (found !== undefined) return found;
  }
  return undefined;
}

/**
 * Builds a failed result.
 *
 * @param kind The failure kind.
 * @param status The HTTP status.
 * @param raw The body as the caller passed it.
 * @param found Details read from the body.
 * @returns `{ ok: false, error }`.
 */
export function failure(kind: ApiErrorKind, status: number, raw: unknown, found: Details = {}): ApiResult<never> {
  return { ok: false, error: { kind, status, ...found, raw } };
}

/**
 * Normalises an error response by the interface's table; anything undocumented is
 * `unexpected`, still carrying whatever a known shape could tell.
 *
 * @param table The interface's documented error statuses.
 * @param status The HTTP status.
 * @param body The parsed body.
 * @param raw The body as the caller passed it.
 * @returns `{ ok: false, error }`.
 */
export function errorResult(table: ErrorTable, status: number, body: unknown, raw: unknown): ApiResult<never> {
  const row = Object.hasOwn(table, status) ? table[status] : undefined;
  if (row !== undefined) {
    const found = firstDetails(row.shapes === 'any' ? ALL_SHAPES : row.shapes, body);
    if (found !== undefined) return failure(row.kind, status, raw, found);
    if (row.shapes === 'any') return failure(row.kind, status, raw);
  }
  return failure('unexpected', status, raw, firstDetails(ALL_SHAPES, body));
}

/**
 * Makes a decoder from an interface's error table and its success reader; the
 * result never throws, whatever arrives.
 *
 * @param table Documented error statuses of the interface.
 * @param success Reads a success (or a 200 that says no); `undefined` hands over to the error table.
 * @returns The decoder.
 */
export function makeDecoder<T>(
  table: ErrorTable,
  success: (status: number, body: unknown, raw: unknown) => ApiResult<T> | undefined,
): Decoder<T> {
  return (status, raw) => {
    const code = typeof status === 'number' ? status : Number.NaN;
    try {
      const body = parseBody(raw);
      return success(code, body, raw) ?? errorResult(table, code, body, raw);
    } catch {
      // Last resort for hostile inputs (throwing getters, proxies): still a result.
      return failure('unexpected', code, raw);
    }
  };
}
