/**
 * send reads every kind of body a fetch may hand it within the same limits: fetch's
 * ReadableStream, a Node stream (node-fetch's `body`), and `text()` alone (a hand-made
 * response). The time limit, the caller's signal and `maxResponseBytes` hold on each.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { decodeInventory, describeInventory, ResponseTooLargeError, send, TimeoutError, type FetchLike, type ResponseLike } from '../../src/http/index';
import { CONNECTION, INVENTORY_ENTRY } from './fixtures';

const REQUEST = describeInventory(CONNECTION);
const JSON_HEADERS = new Headers({ 'content-type': 'application/json' });

/** A fetch that answers 200 with `body` (and `text()` from `text`). */
const answering =
  (body: ResponseLike['body'], text: () => Promise<string> = () => Promise.reject(new Error('text() is not read when there is a body'))): FetchLike =>
  () =>
    Promise.resolve({ status: 200, headers: JSON_HEADERS, body, text });

describe('a Node stream as body (node-fetch)', () => {
  it('is read and decoded as fetch’s stream is', async () => {
    const json = JSON.stringify(INVENTORY_ENTRY);
    const body = Readable.from([Buffer.from(json.slice(0, 7)), Buffer.from(json.slice(7))]);
    const response = await send(REQUEST, answering(body));
    expect(response.body).toEqual(INVENTORY_ENTRY);
    expect(decodeInventory(response.status, response.body)).toMatchObject({ ok: true, value: INVENTORY_ENTRY });
  });

  it('takes string chunks (a stream with an encoding) and multi-byte characters split across chunks', async () => {
    const bytes = Buffer.from('"Größe"');
    const body = Readable.from([bytes.subarray(0, 4), bytes.subarray(4)]);
    expect((await send(REQUEST, answering(body))).body).toBe('Größe');
    expect((await send(REQUEST, answering(Readable.from(['"a', 'b"'])))).body).toBe('ab');
  });

  it('stops at maxResponseBytes and destroys the stream (it reads no further)', async () => {
    let pulled = 0;
    const body = new Readable({
      read() {
        pulled++;
        this.push(Buffer.alloc(1024, 0x20));
      },
    });
    await expect(send(REQUEST, { fetch: answering(body), maxResponseBytes: 10_000 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect(body.destroyed).toBe(true);
    expect(pulled).toBeLessThan(30);
  });

  it('is destroyed unread when Content-Length announces too much', async () => {
    const body = Readable.from([Buffer.from('[]')]);
    const fetch: FetchLike = () => Promise.resolve({ status: 200, headers: new Headers({ 'content-length': '999999' }), body, text: () => Promise.resolve('') });
    await expect(send(REQUEST, { fetch, maxResponseBytes: 1000 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    await new Promise((resolve) => setImmediate(resolve));
    expect(body.destroyed).toBe(true);
  });

  it('ends in a TimeoutError when the stream stalls', async () => {
    const body = new Readable({ read() {} });
    body.push(Buffer.from('[{"sku":'));
    await expect(send(REQUEST, { fetch: answering(body), timeoutMs: 60 })).rejects.toBeInstanceOf(TimeoutError);
    expect(body.destroyed).toBe(true);
  });
});

describe('text() alone (no body stream)', () => {
  it('ends in a TimeoutError when text() never settles', async () => {
    const fetch = answering(undefined, () => new Promise<string>(() => undefined));
    await expect(send(REQUEST, { fetch, timeoutMs: 60 })).rejects.toMatchObject({ name: 'TimeoutError', timeoutMs: 60 });
  });

  it('rejects with the caller’s reason when the signal aborts while text() is pending', async () => {
    const fetch = answering(undefined, () => new Promise<string>(() => undefined));
    const controller = new AbortController();
    const reason = new Error('the user left');
    setTimeout(() => controller.abort(reason), 30);
    await expect(send(REQUEST, { fetch, signal: controller.signal, timeoutMs: 10_000 })).rejects.toBe(reason);
  });

  it('is checked against maxResponseBytes once read', async () => {
    const fetch = answering(undefined, () => Promise.resolve(JSON.stringify('x'.repeat(2000))));
    await expect(send(REQUEST, { fetch, maxResponseBytes: 1000 })).rejects.toBeInstanceOf(ResponseTooLargeError);
    expect((await send(REQUEST, { fetch, maxResponseBytes: 4000 })).body).toBe('x'.repeat(2000));
  });
});

describe('a body that is no stream', () => {
  it('is refused with a TypeError that says what a body must be', async () => {
    const fetch = answering({} as unknown as ResponseLike['body']);
    await expect(send(REQUEST, fetch)).rejects.toThrow(/neither a ReadableStream nor an async iterable/);
  });
});
