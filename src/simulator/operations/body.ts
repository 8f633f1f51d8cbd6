/**
 * Reading a JSON request body: the Content-Type rule and the parse, with the
 * simulator's answers for the cases the spec does not show (415, 400).
 */
import { MESSAGES, statusError } from '../answers';
import type { Call } from '../context';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** The parsed body, or the answer that refuses it. */
export type JsonBody = { readonly ok: true; readonly value: unknown } | { readonly ok: false; readonly response: Response };

/**
 * Parses the JSON body of a call.
 *
 * @param call The call.
 * @param contentTypeRequired Orders need `Content-Type: application/json` (the spec requires
 *   it); returns and echo read the body as JSON whatever the Content-Type says, or without
 *   one (the spec marks it optional there, and fetch labels a string body text/plain).
 * @returns The parsed value, or a 415 (orders: Content-Type missing or not JSON) / 400 (not JSON) answer.
 */
export function readJson(call: Call, contentTypeRequired: boolean): JsonBody {
  const type = call.request.headers.get('content-type');
  if (contentTypeRequired && (type === null || !JSON_TYPE.test(type))) {
    return { ok: false, response: statusError(415, MESSAGES.contentType) };
  }
  try {
    return { ok: true, value: JSON.parse(call.text) as unknown };
  } catch {
    return { ok: false, response: statusError(400, MESSAGES.notJson) };
  }
}
