import type { ApiResult } from './api-result';
import { makeDecoder, type ErrorTable } from './decoding';

/**
 * Echo errors: the gateway's 401 for a bad subscription key (Authentication rule 3); a 500 in
 * the shape of the other interfaces' (`{ statusCode, activityId, message }`, the one the
 * simulator answers and the OpenAPI document declares). The spec shows neither body for echo.
 */
const ERRORS: ErrorTable = {
  401: { kind: 'unauthorized', shapes: ['status-code'] },
  500: { kind: 'server', shapes: ['server-error'] },
};

// The spec does not show the 200 body, so it is handed back as received (parsed when JSON).
const decode = makeDecoder<unknown>(ERRORS, (status, body) => (status === 200 ? { ok: true, value: body } : undefined));

/**
 * Decodes an echo response: 200 is success and its body (not shown by the spec) is passed through.
 *
 * @param status The HTTP status code.
 * @param body The parsed JSON body, or its text (parsed here when it is JSON).
 * @returns `{ ok: true, value: body }` or `{ ok: false, error }`; never throws.
 * @example
 * decodeEcho(200, 'OK'); // { ok: true, value: 'OK' }
 */
export function decodeEcho(status: number, body: unknown): ApiResult<unknown> {
  return decode(status, body);
}
