import type { ApiResult, Decoder } from './api-result';
import { parsedUrl } from './connection';
import { BAD_REQUEST_URL, NO_FETCH, badRequestHeader, badSendOption } from './messages';
import type { HttpRequest } from './request';
import { IncompleteResponseError, ResponseTooLargeError, TimeoutError, UnexpectedRedirectError } from './send-errors';

/**
 * The part of a fetch Response that send reads.
 *
 * @example const response: ResponseLike = await fetch(request.url, request); // a fetch Response is one
 */
export interface ResponseLike {
  /** HTTP status code. */
  readonly status: number;
  /** fetch's response type; `'opaqueredirect'` (a browser's answer to a redirect under `redirect: 'manual'`) is refused. */
  readonly type?: string;
  /** True when the fetch followed a redirect (one that ignores `redirect: 'manual'`): the answer is refused. */
  readonly redirected?: boolean;
  /** The URL the answer came from (read when `redirected`). */
  readonly url?: string;
  /** Response headers. */
  readonly headers: { forEach(callback: (value: string, name: string) => void): void };
  /**
   * The body as a stream of bytes: fetch's `ReadableStream`, or an async iterable of bytes (a
   * Node stream: node-fetch's body). Read up to `maxResponseBytes` only.
   */
  readonly body?: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string> | null;
  /** Reads the body as text; used when there is no `body` stream (within `timeoutMs` and the signal, its length checked once read). */
  text(): Promise<string>;
}

/**
 * The init object send passes to fetch.
 *
 * @example const withTrace: FetchLike = (url, init: SendInit) => fetch(url, { ...init, headers: { ...init.headers, 'X-Trace-Id': 'trace-1' } });
 */
export interface SendInit {
  /** The request's method. */
  method: string;
  /** The request's headers, real values, as a fresh plain record for this call only. */
  headers: Readonly<Record<string, string>>;
  /** The JSON text, for POST requests only. */
  body?: string;
  /** Aborted on timeout, on the caller's signal, and when the body goes past `maxResponseBytes`. */
  signal: AbortSignal;
  /** Always `'manual'`: a redirect is never followed (credentials stay with the operator's host). */
  redirect: 'manual';
}

/**
 * A fetch-compatible function: global fetch, undici's fetch, node-fetch or a wrapper of your own.
 *
 * @example
 * const logged: FetchLike = (url, init) => {
 *   console.log(init.method, new URL(url).pathname);
 *   return fetch(url, init);
 * };
 * const response = await send(request, logged);
 */
export type FetchLike = (url: string, init: SendInit) => Promise<ResponseLike>;

/**
 * Options of {@link send} and {@link sendAndDecode}.
 *
 * @example
 * const options: SendOptions = { timeoutMs: 10_000, maxResponseBytes: 1_048_576 };
 * const response = await send(request, options);
 */
export interface SendOptions {
  /** The fetch to use; default `globalThis.fetch`. */
  fetch?: FetchLike | undefined;
  /** Time for the whole exchange, status and body, in ms; default 30,000; `Infinity` for none. Rejects with a {@link TimeoutError}. */
  timeoutMs?: number | undefined;
  /** Aborts the exchange; send rejects with the signal's reason (a DOMException named `AbortError` by default). */
  signal?: AbortSignal | undefined;
  /** Largest body read, in bytes; default 10 MiB; `Infinity` for no limit. Rejects with a {@link ResponseTooLargeError}. */
  maxResponseBytes?: number | undefined;
}

/**
 * What came back, before decoding.
 *
 * @example
 * const response: HttpResponse = await send(describeInventory(connection));
 * decodeInventory(response.status, response.body);
 */
export interface HttpResponse {
  /** HTTP status code. */
  readonly status: number;
  /** Response headers, names in lower case (the OPTIONS call's CORS headers are read here). */
  readonly headers: Readonly<Record<string, string>>;
  /** Parsed JSON when the Content-Type says JSON and the text parses; the text otherwise (`''` when empty). */
  readonly body: unknown;
}

/** Default time for one exchange: 30 s. */
const DEFAULT_TIMEOUT_MS = 30_000;
/** Default body limit: 10 MiB. */
const DEFAULT_MAX_RESPONSE_BYTES = 10 * 1024 * 1024;
/** The largest delay of a timer (about 24.8 days), AbortSignal.timeout's too; longer waits are `Infinity`. */
const MAX_TIMER_MS = 2 ** 31 - 1;

const JSON_TYPE = /[/+]json\b/i;

/** Checked options; a function is `fetch` (the signature before options existed). */
function optionsOf(options: SendOptions | FetchLike | undefined): Required<Omit<SendOptions, 'signal'>> & { signal?: AbortSignal } {
  const given: SendOptions = typeof options === 'function' ? { fetch: options } : options === undefined ? {} : options;
  if (typeof given !== 'object' || given === null) throw new TypeError(badSendOption('options'));
  const fetchImpl = given.fetch === undefined ? globalThis.fetch : given.fetch;
  if (typeof fetchImpl !== 'function') throw new TypeError(NO_FETCH);
  const timeoutMs = given.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof timeoutMs !== 'number' || !(timeoutMs > 0) || (timeoutMs > MAX_TIMER_MS && timeoutMs !== Number.POSITIVE_INFINITY)) {
    throw new RangeError(badSendOption('options.timeoutMs'));
  }
  const maxResponseBytes = given.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
  if (typeof maxResponseBytes !== 'number' || !(maxResponseBytes >= 0) || (!Number.isSafeInteger(maxResponseBytes) && maxResponseBytes !== Number.POSITIVE_INFINITY)) {
    throw new RangeError(badSendOption('options.maxResponseBytes'));
  }
  const { signal } = given;
  // Duck-typed: a signal of another realm or polyfill is not an instance of this AbortSignal.
  if (signal !== undefined && (typeof signal !== 'object' || signal === null || typeof signal.aborted !== 'boolean' || typeof signal.addEventListener !== 'function')) {
    throw new TypeError(badSendOption('options.signal'));
  }
  return { fetch: fetchImpl as FetchLike, timeoutMs, maxResponseBytes, ...(signal ? { signal } : {}) };
}

/**
 * The request's URL, checked before fetch sees it: fetch's own errors quote the URL whole,
 * user info included (`Request cannot be constructed from a URL that includes credentials: ...`).
 */
function checkedUrl(url: unknown): string {
  const parsed = parsedUrl(url, BAD_REQUEST_URL);
  if (parsed.username !== '' || parsed.password !== '') throw new RangeError(BAD_REQUEST_URL);
  return url as string;
}

/** Why a signal aborted: its reason, or an AbortError where a polyfill gives none. */
function reasonOf(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException('This operation was aborted.', 'AbortError');
}

/**
 * A plain copy of a request's headers for fetch (descriptor headers are iterable; a hand-made
 * request may hold a record), checked: fetch refuses a value holding CR, LF or NUL (past the
 * whitespace it trims) and a name that is no token with an error that quotes them whole, and
 * a header value is a credential. Refused here with one that names only a valid name.
 */
function headerRecord(headers: HttpRequest['headers'] | Readonly<Record<string, string>>): Record<string, string> {
  const iterate = (headers as Partial<Iterable<[string, string]>>)[Symbol.iterator];
  const record = typeof iterate === 'function' ? Object.fromEntries(headers as Iterable<[string, string]>) : { ...(headers as Record<string, string>) };
  for (const name of Object.keys(record)) {
    if (!HEADER_NAME.test(name)) throw new RangeError(badRequestHeader(undefined));
    if (breaksLine(String(record[name]))) throw new RangeError(badRequestHeader(name));
  }
  return record;
}

/** An HTTP header name: a token (RFC 9110, section 5.6.2). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Whether a header value holds CR, LF or NUL past the whitespace (tab, CR, LF, space) fetch trims off its ends. */
function breaksLine(value: string): boolean {
  const space = (c: number) => c === 9 || c === 10 || c === 13 || c === 32;
  let start = 0;
  let end = value.length;
  while (start < end && space(value.charCodeAt(start))) start++;
  while (end > start && space(value.charCodeAt(end - 1))) end--;
  for (let i = start; i < end; i++) {
    const c = value.charCodeAt(i);
    if (c === 0 || c === 10 || c === 13) return true;
  }
  return false;
}

/** `promise`, or the signal's reason as soon as it aborts (a fetch that ignores its signal cannot hang send). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}

/** The http(s) origin a Location header points at (resolved against the request URL), or undefined: never its path or query. */
function locationOrigin(location: string | undefined, base: string): string | undefined {
  if (location === undefined) return undefined;
  try {
    const { origin, protocol } = new URL(location, base);
    return protocol === 'http:' || protocol === 'https:' ? origin : undefined;
  } catch {
    return undefined;
  }
}

/** Reads the body as UTF-8 text, at most `max` bytes; past it, stops and aborts `controller`. Stops when `signal` aborts. */
async function readText(response: ResponseLike, headers: Record<string, string>, max: number, controller: AbortController, signal: AbortSignal): Promise<string> {
  const status = response.status;
  const tooLarge = () => {
    const error = new ResponseTooLargeError(status, max);
    controller.abort(error);
    return error;
  };
  const stream = response.body;
  const announced = Number(headers['content-length']);
  if (Number.isFinite(announced) && announced > max) {
    dropBody(stream);
    throw tooLarge();
  }
  // No stream (a Response without body, or a hand-made ResponseLike): text() it is, within the time limit and the signal.
  if (stream === null) return '';
  const chunks = stream === undefined ? textChunks(response) : chunksOf(stream);
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  for (;;) {
    let chunk: IteratorResult<Uint8Array | string>;
    try {
      chunk = await untilAborted(chunks.next(), signal);
    } catch (cause) {
      void discard(chunks);
      if (signal.aborted) throw signal.reason;
      throw new IncompleteResponseError(status, cause);
    }
    if (chunk.done) return text + decoder.decode();
    const value = typeof chunk.value === 'string' ? new TextEncoder().encode(chunk.value) : chunk.value;
    bytes += value.byteLength;
    if (bytes > max) {
      void discard(chunks);
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** A body's chunks, one at a time: a fetch ReadableStream's reader, or an async iterable's iterator (a Node stream). */
function chunksOf(stream: ReadableStream<Uint8Array> | AsyncIterable<Uint8Array | string>): AsyncIterator<Uint8Array | string> {
  if (typeof (stream as ReadableStream<Uint8Array>).getReader === 'function') {
    const reader = (stream as ReadableStream<Uint8Array>).getReader();
    return {
      next: async () => (await reader.read()) as IteratorResult<Uint8Array>,
      return: async () => {
        await reader.cancel();
        return { done: true, value: undefined };
      },
    };
  }
  if (typeof (stream as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator] === 'function') {
    const iterator = (stream as AsyncIterable<Uint8Array | string>)[Symbol.asyncIterator]();
    // A Node stream is destroyed at once: its iterator's return() waits for a pending read (a stalled body) and does nothing before the first.
    const destroy = (stream as { destroy?: unknown }).destroy;
    if (typeof destroy !== 'function') return iterator;
    return {
      next: () => iterator.next(),
      return: async () => {
        destroy.call(stream);
        return { done: true, value: undefined };
      },
    };
  }
  throw new TypeError('send: the response body is neither a ReadableStream nor an async iterable of bytes.');
}

/** `text()` as one chunk. */
function textChunks(response: ResponseLike): AsyncIterator<string> {
  let read = false;
  return {
    next: async () => {
      if (read) return { done: true, value: undefined };
      read = true;
      return { done: false, value: await response.text() };
    },
  };
}

/** Drops a body not to be read (a redirect's, one announced too long); never throws. */
function dropBody(body: ResponseLike['body']): void {
  if (!body) return;
  try {
    void discard(chunksOf(body));
  } catch {
    // Not a stream: nothing to cancel.
  }
}

/** Stops reading a body (cancels the stream, destroys a Node stream); never throws. */
async function discard(chunks: AsyncIterator<unknown>): Promise<void> {
  try {
    await chunks.return?.();
  } catch {
    // The body is dropped either way.
  }
}

/**
 * Sends a request descriptor with a fetch implementation and reads the response body,
 * within a time limit and a size limit.
 *
 * @param request A descriptor from one of the describe functions.
 * @param options `fetch` (default `globalThis.fetch`), `timeoutMs` (default 30,000),
 *   `signal`, `maxResponseBytes` (default 10 MiB). A function is taken as `fetch`.
 * @returns `{ status, headers, body }`; JSON is parsed when the Content-Type says JSON
 *   and the text parses, text is kept otherwise.
 * @throws {TypeError} When no fetch implementation is available, or an option or `request.url` has the wrong type.
 * @throws {RangeError} When `timeoutMs` or `maxResponseBytes` is out of range, or `request.url`
 *   is not a URL or holds user info, or a header has a name that is no token or a value with a
 *   line break or NUL (a hand-made request): the message names no part of the URL or value.
 * @throws {TimeoutError} (rejects) When status and body do not arrive within `timeoutMs`.
 * @throws {ResponseTooLargeError} (rejects) When the body is longer than `maxResponseBytes`.
 * @throws {IncompleteResponseError} (rejects) When the body is cut off after the status arrived.
 * @throws {UnexpectedRedirectError} (rejects) When the answer is a redirect (3xx, or a browser's
 *   opaque redirect): send never follows one, so credentials never reach another host.
 * Rejects with the signal's reason when `signal` aborts, and as fetch does on network failures.
 * @example
 * const response = await send(describeInventory({ baseUrl, credentials }), { timeoutMs: 10_000 });
 * const result = decodeInventory(response.status, response.body);
 */
export async function send(request: HttpRequest, options?: SendOptions | FetchLike): Promise<HttpResponse> {
  const { fetch: fetchImpl, timeoutMs, signal: given, maxResponseBytes } = optionsOf(options);
  const url = checkedUrl(request.url);
  if (given?.aborted) throw reasonOf(given);
  // Aborted by the caller's signal and by the size limit. The caller's signal is followed by a
  // listener, not by AbortSignal.any: any() ignores a signal of another implementation (jsdom, a
  // polyfill), and on Node 20 a long-lived signal would keep every call's combined signal alive.
  const controller = new AbortController();
  const onAbort = () => controller.abort(given && reasonOf(given));
  given?.addEventListener('abort', onAbort, { once: true });
  const timeout = timeoutMs === Number.POSITIVE_INFINITY ? undefined : AbortSignal.timeout(Math.ceil(timeoutMs)); // it takes whole ms only
  const signal = timeout === undefined ? controller.signal : AbortSignal.any([controller.signal, timeout]);
  try {
    const init: SendInit = { method: request.method, headers: headerRecord(request.headers), signal, redirect: 'manual' };
    if (request.body !== undefined) init.body = request.body;
    let response: ResponseLike;
    try {
      response = await untilAborted(fetchImpl(url, init), signal);
    } catch (error) {
      // fetch rejects with its own AbortError when the signal fires: give our reason instead.
      throw signal.aborted ? signal.reason : error;
    }
    const headers: Record<string, string> = {};
    response.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      dropBody(response.body);
      throw new UnexpectedRedirectError(response.status, locationOrigin(headers.location, url));
    }
    // A fetch of the caller's that ignored `redirect: 'manual'` and followed one: its answer comes from elsewhere.
    if (response.redirected === true) {
      dropBody(response.body);
      throw new UnexpectedRedirectError(response.status, locationOrigin(typeof response.url === 'string' ? response.url : undefined, url), true);
    }
    const text = await readText(response, headers, maxResponseBytes, controller, signal);
    let body: unknown = text;
    if (text !== '' && JSON_TYPE.test(headers['content-type'] ?? '')) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    return { status: response.status, headers, body };
  } catch (error) {
    // AbortSignal.timeout's reason is a DOMException: reject with the documented TimeoutError
    // (a caller's own AbortSignal.timeout() has another reason, and passes as it is).
    throw timeout?.aborted && error === timeout.reason ? new TimeoutError(timeoutMs) : error;
  } finally {
    given?.removeEventListener('abort', onAbort);
  }
}

/**
 * Sends a request descriptor and decodes the response with the operation's decoder.
 *
 * @param request A descriptor from one of the describe functions.
 * @param decode The matching decoder (e.g. decodeCreateOrder for describeCreateOrder).
 * @param options As for {@link send}: `fetch`, `timeoutMs`, `signal`, `maxResponseBytes` (a function is `fetch`).
 * @returns The decoded result. Rejects as {@link send} does (network failure, timeout,
 *   abort, a redirect, a body too large or cut off): only a complete response is decoded.
 * @throws {TypeError} (rejects) When `decode` is not a function: checked before anything is sent.
 * @example
 * const result = await sendAndDecode(describeCreateOrder(order, { ...connection, version: '1.1' }), decodeCreateOrder, { timeoutMs: 10_000 });
 * if (!result.ok) console.error(result.error.kind, result.error.code);
 */
export async function sendAndDecode<T>(request: HttpRequest, decode: Decoder<T>, options?: SendOptions | FetchLike): Promise<ApiResult<T>> {
  // Checked before anything is sent: a POST must not reach the operator when its answer cannot be decoded.
  if (typeof decode !== 'function') throw new TypeError('sendAndDecode: decode must be a decoder function (e.g. decodeCreateOrder); nothing was sent.');
  const response = await send(request, options);
  return decode(response.status, response.body);
}
