/**
 * send and sendAndDecode options (issue 7, item 14): a time limit, an abort signal and a
 * body size limit, each ending in a clear typed error, and a body cut off after the
 * headers never decoding as a success. A real 127.0.0.1 server plays the misbehaving
 * operator; it closes every connection when the tests end.
 */
import { getEventListeners, once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IncompleteResponseError,
  ResponseTooLargeError,
  TimeoutError,
  decodeCreateOrder,
  decodeEcho,
  decodeOrderOptions,
  describeCreateOrder,
  describeEcho,
  describeInventory,
  describeOrderOptions,
  send,
  sendAndDecode,
  type Connection,
  type FetchLike,
  type SendInit,
} from '../../src/http/index';
import { CREDENTIALS, ECHO_REQUEST, ORDER } from './fixtures';

const MIB = 1024 * 1024;
/** Bytes the streaming routes wrote before the client went away, by route. */
const written: Record<string, number> = {};
/** Requests the server saw, by route. */
const hits: Record<string, number> = {};

/** Writes `total` bytes in 64 KiB chunks, waiting for the socket to drain, until the client goes away. */
async function stream(res: ServerResponse, route: string, total: number): Promise<void> {
  const chunk = Buffer.alloc(64 * 1024, 'x');
  written[route] = 0;
  let closed = false;
  const gone = new AbortController();
  res.on('close', () => {
    closed = true;
    gone.abort();
  });
  while (!closed && written[route]! < total) {
    written[route]! += chunk.length;
    // The listeners go once either fires: one left per chunk piled up on the response.
    if (!res.write(chunk)) await once(res, 'drain', { signal: gone.signal }).catch(() => undefined);
  }
  if (!closed) res.end();
}

const server = createServer((req, res) => {
  const route = (req.url ?? '').split('/')[1] ?? '';
  hits[route] = (hits[route] ?? 0) + 1;
  req.resume();
  switch (route) {
    case 'hang': // accepts the request, never answers
      return;
    case 'hang-body': // status and headers, then nothing more
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result":');
      return;
    case 'huge': // 200 MB, chunked
      res.writeHead(200, { 'content-type': 'application/json' });
      void stream(res, route, 200 * MIB);
      return;
    case 'huge-announced': // 200 MB, announced by Content-Length
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(200 * MIB) });
      void stream(res, route, 200 * MIB);
      return;
    case 'eleven-mib':
      res.writeHead(200, { 'content-type': 'text/plain' });
      void stream(res, route, 11 * MIB);
      return;
    case 'reset-after-headers': // Content-Length promises more than ever comes
      res.writeHead(200, { 'content-type': 'text/plain', 'content-length': '100' });
      res.write('OK');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    case 'reset-chunked': // chunked, then the connection dies
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"result":tr');
      setTimeout(() => res.socket?.destroy(), 20);
      return;
    default:
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"result":true,"errorCode":"","errorMessage":""}');
  }
});

let origin = '';
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const connection = (route: string): Connection => ({ baseUrl: `${origin}/${route}`, credentials: CREDENTIALS });
const inventory = (route: string) => describeInventory(connection(route));

describe('timeoutMs', () => {
  it('ends a server that never answers in a TimeoutError', async () => {
    const error = await send(inventory('hang'), { timeoutMs: 150 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).toMatchObject({ name: 'TimeoutError', timeoutMs: 150 });
  });

  it('ends a body that stops half-way in a TimeoutError', async () => {
    await expect(send(inventory('hang-body'), { timeoutMs: 150 })).rejects.toBeInstanceOf(TimeoutError);
    await expect(sendAndDecode(inventory('hang-body'), decodeCreateOrder, { timeoutMs: 150 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('ends a fetch that ignores its signal and never settles in a TimeoutError', async () => {
    const never: FetchLike = () => new Promise(() => undefined);
    await expect(send(inventory('ok'), { fetch: never, timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
  });

  it('times out with a fractional timeoutMs too (the platform timer takes whole ms)', async () => {
    await expect(send(inventory('hang'), { timeoutMs: 40.5 })).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 40.5 });
  });

  it('runs on AbortSignal.timeout: 30 s by default, none for Infinity', async () => {
    const timeout = vi.spyOn(AbortSignal, 'timeout');
    try {
      await send(inventory('ok'));
      expect(timeout.mock.calls).toEqual([[30_000]]);
      await send(inventory('ok'), { timeoutMs: 1_000 });
      await send(inventory('ok'), { timeoutMs: Number.POSITIVE_INFINITY });
      expect(timeout.mock.calls).toEqual([[30_000], [1_000]]);
    } finally {
      timeout.mockRestore();
    }
  });

  it('leaves a timely answer alone', async () => {
    const response = await send(inventory('ok'), { timeoutMs: 10_000 });
    expect(response).toMatchObject({ status: 200, body: { result: true } });
  });
});

describe('signal', () => {
  it('ends the exchange in the AbortError of an aborted signal', async () => {
    const controller = new AbortController();
    const pending = send(inventory('hang'), { signal: controller.signal });
    setTimeout(() => controller.abort(), 30);
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('AbortError');
  });

  it('rejects at once with a signal aborted before the call, without sending', async () => {
    const before = hits.never ?? 0;
    const reason = new Error('checkout closed');
    await expect(send(inventory('never'), { signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(hits.never ?? 0).toBe(before);
  });

  it('passes the reason the caller gave, also while the body is read', async () => {
    const controller = new AbortController();
    const reason = new Error('user left');
    const pending = send(inventory('hang-body'), { signal: controller.signal });
    setTimeout(() => controller.abort(reason), 30);
    await expect(pending).rejects.toBe(reason);
  });

  it('takes AbortSignal.timeout() too', async () => {
    const error = await send(inventory('hang'), { signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
    expect((error as Error).name).toBe('TimeoutError');
  });

  it('follows a signal of another implementation (jsdom, a polyfill), which AbortSignal.any would ignore', async () => {
    const foreign = (reason?: unknown) => {
      const target = Object.assign(new EventTarget(), { aborted: false, reason: undefined as unknown });
      setTimeout(() => {
        Object.assign(target, { aborted: true, reason });
        target.dispatchEvent(new Event('abort'));
      }, 30);
      return target as unknown as AbortSignal;
    };
    const reason = new Error('page closed');
    await expect(send(inventory('hang'), { signal: foreign(reason), timeoutMs: 5_000 })).rejects.toBe(reason);
    // Without a reason (an old polyfill): a DOMException named AbortError.
    await expect(send(inventory('hang'), { signal: foreign(), timeoutMs: 5_000 })).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('leaves no listener behind on a long-lived signal', async () => {
    const shutdown = new AbortController();
    for (let i = 0; i < 20; i++) await send(inventory('ok'), { signal: shutdown.signal });
    await expect(send(inventory('hang-body'), { signal: shutdown.signal, timeoutMs: 50 })).rejects.toBeInstanceOf(TimeoutError);
    expect(getEventListeners(shutdown.signal, 'abort')).toHaveLength(0);
  });
});

describe('maxResponseBytes', () => {
  it('stops reading a 200 MB body at the limit, without buffering it', async () => {
    const error = await send(inventory('huge'), { maxResponseBytes: MIB }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error).toMatchObject({ name: 'ResponseTooLargeError', status: 200, maxResponseBytes: MIB });
    // The connection closed soon after the limit: the server wrote a few socket buffers, not 200 MB.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written.huge).toBeLessThan(40 * MIB);
  });

  it('refuses a body whose Content-Length announces more than the limit before reading it', async () => {
    await expect(send(inventory('huge-announced'), { maxResponseBytes: MIB })).rejects.toBeInstanceOf(ResponseTooLargeError);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(written['huge-announced']).toBeLessThan(40 * MIB);
  });

  it('defaults to 10 MiB', async () => {
    await expect(send(inventory('eleven-mib'))).rejects.toMatchObject({ name: 'ResponseTooLargeError', maxResponseBytes: 10 * MIB });
  });

  it('counts bytes, not characters, and accepts a body of exactly the limit', async () => {
    const body = (bytes: Uint8Array): FetchLike => async () => new Response(bytes as Uint8Array<ArrayBuffer>, { status: 200, headers: { 'content-type': 'text/plain' } });
    const euro = new TextEncoder().encode('€€€'); // 9 bytes, 3 characters
    expect((await send(inventory('ok'), { fetch: body(euro), maxResponseBytes: 9 })).body).toBe('€€€');
    await expect(send(inventory('ok'), { fetch: body(euro), maxResponseBytes: 8 })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('checks a response that has text() only', async () => {
    const textOnly: FetchLike = async () => ({ status: 200, headers: new Headers(), text: async () => 'x'.repeat(11) });
    await expect(send(inventory('ok'), { fetch: textOnly, maxResponseBytes: 10 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect((await send(inventory('ok'), { fetch: textOnly, maxResponseBytes: 11 })).body).toBe('x'.repeat(11));
  });
});

describe('a connection reset after the headers is not a success', () => {
  it.each([
    ['echo (200, body not shown by the spec)', () => describeEcho(ECHO_REQUEST, connection('reset-after-headers')), decodeEcho],
    ['OPTIONS (200 with a body)', () => describeOrderOptions(connection('reset-after-headers')), decodeOrderOptions],
    ['OPTIONS, chunked', () => describeOrderOptions(connection('reset-chunked')), decodeOrderOptions],
    ['create order, chunked JSON', () => describeCreateOrder(ORDER, { ...connection('reset-chunked'), version: '1.1' }), decodeCreateOrder],
  ] as const)('%s rejects with an IncompleteResponseError', async (_name, describeRequest, decode) => {
    const error = await sendAndDecode(describeRequest(), decode as typeof decodeEcho).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IncompleteResponseError);
    expect(error).toMatchObject({ name: 'IncompleteResponseError', status: 200 });
  });

  it('a text() that rejects is incomplete too', async () => {
    const broken: FetchLike = async () => ({ status: 200, headers: new Headers(), text: () => Promise.reject(new TypeError('terminated')) });
    await expect(sendAndDecode(inventory('ok'), decodeEcho, broken)).rejects.toBeInstanceOf(IncompleteResponseError);
  });
});

describe('the options argument', () => {
  it('still takes a fetch function as the second argument', async () => {
    const calls: SendInit[] = [];
    const spy: FetchLike = (url, init) => {
      calls.push(init);
      return fetch(url, init);
    };
    expect((await send(inventory('ok'), spy)).status).toBe(200);
    expect(await sendAndDecode(describeCreateOrder(ORDER, { ...connection('ok'), version: '1.1' }), decodeCreateOrder, spy)).toMatchObject({ ok: true });
    expect(await sendAndDecode(describeCreateOrder(ORDER, { ...connection('ok'), version: '1.1' }), decodeCreateOrder, { fetch: spy })).toMatchObject({ ok: true });
    expect(calls).toHaveLength(3);
    // fetch gets a signal and a fresh plain record of the real headers.
    expect(calls[0]!.signal).toBeInstanceOf(AbortSignal);
    expect(calls[0]!.headers).toStrictEqual({ ClientConfigId: CREDENTIALS.clientConfigId, ClientAuthKey: CREDENTIALS.clientAuthKey, 'Ocp-Apim-Subscription-Key': CREDENTIALS.subscriptionKey });
  });

  it.each([
    [{ timeoutMs: 0 }, RangeError, /^options\.timeoutMs must be a positive number/],
    [{ timeoutMs: -1 }, RangeError, /^options\.timeoutMs/],
    [{ timeoutMs: Number.NaN }, RangeError, /^options\.timeoutMs/],
    [{ timeoutMs: 2 ** 31 }, RangeError, /^options\.timeoutMs/],
    [{ timeoutMs: '1000' }, RangeError, /^options\.timeoutMs/],
    [{ maxResponseBytes: -1 }, RangeError, /^options\.maxResponseBytes must be a number of bytes, 0 or more/],
    [{ maxResponseBytes: 1.5 }, RangeError, /^options\.maxResponseBytes/],
    [{ signal: {} }, TypeError, /^options\.signal must be an AbortSignal/],
    [{ fetch: 'fetch' }, TypeError, /^send needs a fetch implementation/],
    [null, TypeError, /^options must be an object/],
    [42, TypeError, /^options must be an object/],
  ])('refuses options %o', async (options, type, message) => {
    const error = await send(inventory('ok'), options as never).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(type);
    expect((error as Error).message).toMatch(message);
  });

  it('takes Infinity for no time limit and no size limit', async () => {
    expect((await send(inventory('ok'), { timeoutMs: Number.POSITIVE_INFINITY, maxResponseBytes: Number.POSITIVE_INFINITY })).status).toBe(200);
  });
});
