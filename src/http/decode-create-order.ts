import * as v from 'valibot';
import { OrderResultSchema, type OrderResult } from '../schema/responses';
import type { ApiResult } from './api-result';
import { failure, isRecord, makeDecoder, textDetails, withoutOddMessage, type ErrorTable } from './decoding';

/** Fulfilment errors: 401 `{ statusCode, message }`, 500 `{ statusCode, activityId, message }`. */
const ERRORS: ErrorTable = {
  401: { kind: 'unauthorized', shapes: ['status-code'] },
  500: { kind: 'server', shapes: ['server-error'] },
};

const decode = makeDecoder<OrderResult>(ERRORS, (status, body, raw) => {
  if (status !== 200 || !isRecord(body)) return undefined;
  const found = textDetails({ code: body.errorCode, message: body.errorMessage, requestId: body.requestId });
  // Errors rule 2: "result false, or result with errorCode" is unsuccessful; a result that
  // says false is a refusal whatever shape the other members have.
  if (body.result === false || body.result === 'false') return failure('rejected', status, raw, found);
  const parsed = v.safeParse(OrderResultSchema, withoutOddRequestId(withoutOddMessage(body, 'errorMessage')));
  if (!parsed.success) return undefined;
  return found.code === undefined ? { ok: true, value: parsed.output } : failure('rejected', status, raw, found);
});

/**
 * A success body without a `requestId` that is not text (null included): the value types it
 * as text, and, like a malformed message, it must not turn an order the operator created
 * into `unexpected` (a retry would then be refused as a duplicate).
 */
function withoutOddRequestId(body: Record<string, unknown>): Record<string, unknown> {
  if (body.requestId === undefined || typeof body.requestId === 'string') return body;
  const { requestId: _odd, ...rest } = body;
  return rest;
}

/**
 * Decodes a create-order response of any version: `result` as v1's boolean or v1.1's string `"true"`/`"false"`.
 *
 * @param status The HTTP status code.
 * @param body The parsed JSON body, or its text (parsed here when it is JSON).
 * @returns `{ ok: true, value: orderResult }` (v1.2: with its `requestId`), or `{ ok: false, error }` with kind `rejected` (code = errorCode, message = errorMessage, requestId; each when it is text) when the order was not accepted; never throws.
 * @example
 * const result = decodeCreateOrder(200, { result: 'false', errorCode: 'E042', errorMessage: 'Unknown SKU' });
 * // { ok: false, error: { kind: 'rejected', status: 200, code: 'E042', message: 'Unknown SKU', raw: {...} } }
 */
export function decodeCreateOrder(status: number, body: unknown): ApiResult<OrderResult> {
  return decode(status, body);
}
