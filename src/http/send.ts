import type { ApiResult, Decoder } from './api-result';
import { NO_FETCH } from './messages';
import type { HttpRequest } from './request';

/** The part of a fetch Response that send reads. */
export interface ResponseLike {
  /** HTTP status code. */
  readonly status: number;
  /** Response headers. */
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
  /** Reads the body as text. */
  text(): Promise<string>;
}

/** The init object send passes to fetch. */
export interface SendInit {
  /** The request's method. */
  method: string;
  /** The request's headers (real values). */
  headers: Readonly<Record<string, string>>;
  /** The JSON text, for POST requests only. */
  body?: string;
}

/** A fetch-compatible function: global fetch, undici's fetch, node-fetch or a wrapper adding a timeout. */
export type FetchLike = (url: string, init: SendInit) => Promise<ResponseLike>;

/** What came back, before decoding. */
export interface HttpResponse {
  /** HTTP status code. */
  readonly status: number;
  /** Response headers, names in lower case (the OPTIONS call's CORS headers are read here). */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON when the Content-Type says JSON and the text parses; the text otherwise (`''` when empty or unreadable). */
  readonly body: unknown;
}

const JSON_TYPE = /[/+]json\b/i;

/**
 * Sends a request descriptor with a fetch implementation and reads the response body.
 *
 * @param request A descriptor from one of the describe functions.
 * @param fetchImpl The fetch to use; defaults to `globalThis.fetch`.
 * @returns `{ status, headers, body }`; a bad body never throws (network failures reject as fetch does).
 * @throws TypeError when no fetch implementation is available.
 * @example
 * const response = await send(describeInventory({ baseUrl, credentials }));
 * const result = decodeInventory(response.status, response.body);
 */
export async function send(request: HttpRequest, fetchImpl: FetchLike = globalThis.fetch): Promise<HttpResponse> {
  if (typeof fetchImpl !== 'function') throw new TypeError(NO_FETCH);
  const init: SendInit = { method: request.method, headers: request.headers };
  if (request.body !== undefined) init.body = request.body;
  const response = await fetchImpl(request.url, init);

  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  let text = '';
  try {
    text = await response.text();
  } catch {
    // A body cut off mid-stream is still an answer with a status; the decoder sees ''.
  }
  let body: unknown = text;
  if (text !== '' && JSON_TYPE.test(headers['content-type'] ?? '')) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, headers, body };
}

/**
 * Sends a request descriptor and decodes the response with the operation's decoder.
 *
 * @param request A descriptor from one of the describe functions.
 * @param decode The matching decoder (e.g. decodeCreateOrder for describeCreateOrder).
 * @param fetchImpl The fetch to use; defaults to `globalThis.fetch`.
 * @returns The decoded result; rejects only when fetch itself rejects (network failure).
 * @example
 * const result = await sendAndDecode(describeCreateOrder(order, { ...connection, version: '1.1' }), decodeCreateOrder);
 * if (!result.ok) console.error(result.error.kind, result.error.code);
 */
export async function sendAndDecode<T>(
  request: HttpRequest,
  decode: Decoder<T>,
  fetchImpl: FetchLike = globalThis.fetch,
): Promise<ApiResult<T>> {
  const response = await send(request, fetchImpl);
  return decode(response.status, response.body);
}
