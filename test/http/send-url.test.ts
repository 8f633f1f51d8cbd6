/**
 * send() checks a hand-made request's URL before fetch sees it (audit B, item 5): fetch's own
 * errors quote the URL whole, user info included, and so would a fetch wrapper of your own.
 * A URL with user info, or one that does not parse, is a RangeError that names no part of it.
 */
import { describe, expect, it } from 'vitest';
import { send, type FetchLike, type HttpRequest } from '../../src/http/index';
import { BAD_REQUEST_URL } from '../../src/http/messages';
import { printedError, rejection } from './_errors';

const SECRET = 'URL-SECRET-7351';

/** A request made by hand (send takes a plain headers record too), for an operation fulfilkit does not describe. */
const handMade = (url: unknown): HttpRequest => ({ method: 'GET', url, headers: { 'Ocp-Apim-Subscription-Key': 'sub' } }) as unknown as HttpRequest;

const URLS = [
  { name: 'user and password', url: `http://client:${SECRET}@127.0.0.1:9/fulfillmentapi/v1.1/orders` },
  { name: 'a password only', url: `http://:${SECRET}@127.0.0.1:9/x` },
  { name: 'a user only', url: `https://${SECRET}@127.0.0.1:9/x` },
  { name: 'user info behind backslashes', url: `http:\\\\client:${SECRET}@127.0.0.1:9/x` },
  { name: 'user info with a tab in it', url: `http://cli\tent:${SECRET}@127.0.0.1:9/x` },
  { name: 'text that is no URL', url: `not a url ${SECRET}` },
  { name: 'a path without an origin', url: `/productapi/v1/inventory?key=${SECRET}` },
  { name: 'a broken host', url: `http://[${SECRET}/x` },
];

describe('send refuses a URL with user info, or none, naming no part of it', () => {
  it.each(URLS)('$name, with global fetch', async ({ url }) => {
    const error = await rejection(send(handMade(url), { timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toBe(BAD_REQUEST_URL);
    expect(printedError(error)).not.toContain(SECRET);
  });

  it.each(URLS)('$name, with a fetch of your own that quotes its URL: it is never called', async ({ url }) => {
    let calls = 0;
    const quoting: FetchLike = async (target) => {
      calls++;
      throw new TypeError(`cannot fetch ${target}`, { cause: new Error(target) });
    };
    const error = await rejection(send(handMade(url), quoting));
    expect(error).toBeInstanceOf(RangeError);
    expect(printedError(error)).not.toContain(SECRET);
    expect(calls).toBe(0);
  });

  it('takes a URL string only', async () => {
    await expect(send(handMade(new URL('http://127.0.0.1:9/x')))).rejects.toThrow(new TypeError(BAD_REQUEST_URL));
  });

  it('passes a URL without user info on as it is', async () => {
    const seen: string[] = [];
    const recording: FetchLike = async (target) => {
      seen.push(target);
      return { status: 200, headers: new Headers(), text: async () => '' };
    };
    const url = 'http://127.0.0.1:9/fulfillmentapi/v1.2/orders?x=%20@y';
    expect(await send(handMade(url), recording)).toEqual({ status: 200, headers: {}, body: '' });
    expect(seen).toEqual([url]);
  });
});
