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
 * @param contentTypeRequired Orders need `Content-Type: application/json`; returns and
 *   echo accept a missing Content-Type (the spec marks it optional there).
 * @returns The parsed value, or a 415 (wrong or missing Content-Type) / 400 (not JSON) answer.
 */
export function readJson(call: Call, contentTypeRequired: boolean): JsonBody {
  const type = call.request.headers.get('content-type');
  if ((type === null && contentTypeRequired) || (type !== null && !JSON_TYPE.test(type))) {
    return { ok: false, response: statusError(415, MESSAGES.contentType) };
  }
  try {
    return { ok: true, value: JSON.parse(call.text) as unknown };
  } catch {
    return { ok: false, response: statusError(400, MESSAGES.notJson) };
  }
}
