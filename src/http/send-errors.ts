/**
 * What `send` and `sendAndDecode` reject with besides the fetch's own network errors and
 * an abort (which rejects with the signal's reason: a DOMException named `AbortError`
 * unless you gave another). Messages carry the limit and the status, never a URL with
 * credentials, a header or a body.
 */

/**
 * The response did not arrive within `timeoutMs` (default 30 s): no status, or a body
 * that stopped. The request is aborted.
 *
 * @example
 * try {
 *   await send(request, { timeoutMs: 5_000 });
 * } catch (error) {
 *   if (error instanceof TimeoutError) retryLater(); // error.name === 'TimeoutError'
 *   else throw error;
 * }
 */
export class TimeoutError extends Error {
  /** Always `'TimeoutError'` (as `AbortSignal.timeout()` names its DOMException). */
  override readonly name = 'TimeoutError';
  /** The time limit that ran out, in milliseconds. */
  readonly timeoutMs: number;

  /**
   * @param timeoutMs The time limit that ran out.
   */
  constructor(timeoutMs: number) {
    super(`No complete response within ${timeoutMs} ms; the request was aborted.`);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * The response body is longer than `maxResponseBytes` (default 10 MiB). Reading stops at
 * the limit (or at once, when Content-Length announces more) and the connection is
 * closed: nothing beyond the limit is buffered.
 *
 * @example
 * try {
 *   await send(request, { maxResponseBytes: 1_048_576 });
 * } catch (error) {
 *   if (error instanceof ResponseTooLargeError) console.error(error.status, error.maxResponseBytes);
 *   else throw error;
 * }
 */
export class ResponseTooLargeError extends Error {
  /** Always `'ResponseTooLargeError'`. */
  override readonly name = 'ResponseTooLargeError';
  /** The HTTP status of the response. */
  readonly status: number;
  /** The limit the body went past, in bytes. */
  readonly maxResponseBytes: number;

  /**
   * @param status The HTTP status of the response.
   * @param maxResponseBytes The limit the body went past.
   */
  constructor(status: number, maxResponseBytes: number) {
    super(`The response body (status ${status}) is longer than maxResponseBytes (${maxResponseBytes}); reading stopped.`);
    this.status = status;
    this.maxResponseBytes = maxResponseBytes;
  }
}

/**
 * The status and headers arrived but the body was cut off (connection reset, premature
 * close): the answer is unknown, so it is never decoded, not even as a success whose
 * body does not matter (echo, OPTIONS). Safe to retry only where the operation is
 * (create order: the requestReference makes a repeat a duplicate, not a second order).
 *
 * @example
 * try {
 *   await sendAndDecode(describeEcho(payload, connection), decodeEcho);
 * } catch (error) {
 *   if (error instanceof IncompleteResponseError) console.error('cut off after status', error.status);
 *   else throw error;
 * }
 */
export class IncompleteResponseError extends Error {
  /** Always `'IncompleteResponseError'`. */
  override readonly name = 'IncompleteResponseError';
  /** The HTTP status that arrived before the body broke off. */
  readonly status: number;

  /**
   * @param status The HTTP status that arrived.
   * @param cause What reading the body threw.
   */
  constructor(status: number, cause: unknown) {
    super(`The response body (status ${status}) was cut off before its end; the response is incomplete.`, { cause });
    this.status = status;
  }
}

/**
 * The operator answered with a redirect (a 3xx status, or a browser's `opaqueredirect`
 * response, status 0), or the answer of a fetch that followed one although asked not to
 * (`response.redirected`). send never follows one (`redirect: 'manual'` on every fetch): the
 * credentials would travel to wherever the Location points and a POST could be sent
 * twice. The message names the status and the Location's origin, never its path or
 * query (which may carry data).
 *
 * @example
 * try {
 *   await send(request);
 * } catch (error) {
 *   if (error instanceof UnexpectedRedirectError) console.error(error.status, error.location); // 308 'https://other.example'
 *   else throw error;
 * }
 */
export class UnexpectedRedirectError extends Error {
  /** Always `'UnexpectedRedirectError'`. */
  override readonly name = 'UnexpectedRedirectError';
  /** The HTTP status of the redirect; 0 for a browser's opaque redirect. */
  readonly status: number;
  /** The origin (`scheme://host:port`) the Location header points at; undefined when there is none or it cannot be read. */
  readonly location: string | undefined;

  /**
   * @param status The HTTP status of the redirect (0 when opaque), or of the answer a fetch got by following one.
   * @param location The origin of the Location header (or of the URL the followed answer came from), if any.
   * @param followed The fetch followed the redirect although send asked it not to (`redirect: 'manual'`).
   */
  constructor(status: number, location: string | undefined, followed = false) {
    super(
      followed
        ? `The fetch followed a redirect to ${location ?? 'an unknown location'} although send asked it not to (redirect: 'manual'); its answer (status ${status}) is refused.`
        : `The response (status ${status}) is a redirect to ${location ?? 'an unknown location'}; send follows no redirect, so nothing was sent there.`,
    );
    this.status = status;
    this.location = location;
  }
}
