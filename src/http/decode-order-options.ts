import type { ApiResult } from './api-result';
import { makeDecoder, type ErrorTable } from './decoding';

/** Fulfilment errors apply to the v1.2 OPTIONS call too. */
const ERRORS: ErrorTable = {
  401: { kind: 'unauthorized', shapes: ['status-code'] },
  500: { kind: 'server', shapes: ['server-error'] },
};

// 204 is documented; 200 is how many gateways answer OPTIONS, and means the same.
const decode = makeDecoder<null>(ERRORS, (status) => (status === 204 || status === 200 ? { ok: true, value: null } : undefined));

/**
 * Decodes the v1.2 OPTIONS response: 204 (no content) is success.
 *
 * @param status The HTTP status code.
 * @param body The body, if any (ignored on success).
 * @returns `{ ok: true, value: null }` or `{ ok: false, error }`; never throws.
 * @example
 * decodeOrderOptions(204, ''); // { ok: true, value: null }
 */
export function decodeOrderOptions(status: number, body: unknown): ApiResult<null> {
  return decode(status, body);
}
