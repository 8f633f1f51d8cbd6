/**
 * send never follows a redirect (issue 21, item 1): a 3xx answer would carry ClientConfigId,
 * ClientAuthKey and the subscription key to the Location's host, and a 307/308 would POST
 * the order a second time. Two real 127.0.0.1 servers (different ports, so different
 * origins): the first answers each redirect status, the second counts what reaches it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  UnexpectedRedirectError,
  decodeCreateOrder,
  decodeInventory,
  describeCreateOrder,
  describeInventory,
  send,
  sendAndDecode,
  type Connection,
  type FetchLike,
  type SendInit,
} from '../../src/http/index';
import { UnexpectedRedirectError as PublicUnexpectedRedirectError } from '../../src/index';
import { CREDENTIALS, ORDER } from './fixtures';

const REDIRECTS = [301, 302, 303, 307, 308] as const;
/** Path and query of the Location: data that must never show in an error message. */
const LOCATION_TAIL = '/stolen/path?token=SECRET-QUERY';

/** Requests that reached the other host. */
let elsewhere: { method: string; headers: string[] }[] = [];

const other = createServer((req, res) => {
  elsewhere.push({ method: req.method ?? '', headers: Object.keys(req.headers) });
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end('{"result":true,"errorCode":"","errorMessage":""}');
});
let otherOrigin = '';

/** `/<status>/...` answers that status with a Location on the other host; `/relative/...` a relative one; `/none/...` no Location; anything else 404. */
const operator = createServer((req, res) => {
  req.resume();
  const route = (req.url ?? '').split('/')[1] ?? '';
  if (route === 'relative') res.writeHead(302, { location: '/elsewhere' });
  else if (route === 'none') res.writeHead(301);
  else if (REDIRECTS.includes(Number(route) as never)) res.writeHead(Number(route), { location: `${otherOrigin}${LOCATION_TAIL}` });
  else res.writeHead(404);
  res.end();
});
let operatorOrigin = '';

const listen = async (server: Server): Promise<string> => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
};
const close = async (server: Server): Promise<void> => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
};

beforeAll(async () => {
  otherOrigin = await listen(other);
  operatorOrigin = await listen(operator);
});
afterAll(async () => {
  await close(operator);
  await close(other);
});

const connection = (route: string | number): Connection => ({ baseUrl: `${operatorOrigin}/${route}`, credentials: CREDENTIALS });
const rejection = (promise: Promise<unknown>): Promise<unknown> => promise.then(() => 'resolved', (error: unknown) => error);

describe('a redirect is an UnexpectedRedirectError, never followed', () => {
  it.each(REDIRECTS)('%i to another host: nothing reaches it, the error names status and origin only', async (status) => {
    elsewhere = [];
    const error = await rejection(send(describeInventory(connection(status))));
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toMatchObject({ name: 'UnexpectedRedirectError', status, location: otherOrigin });
    const { message } = error as Error;
    expect(message).toContain(String(status));
    expect(message).toContain(otherOrigin);
    expect(message).not.toContain('stolen');
    expect(message).not.toContain('SECRET-QUERY');
    expect(elsewhere).toStrictEqual([]);
  });

  it.each(REDIRECTS)('%i on a create-order POST, through sendAndDecode: the order is not sent again', async (status) => {
    elsewhere = [];
    const request = describeCreateOrder(ORDER, { ...connection(status), version: '1.1' });
    const error = await rejection(sendAndDecode(request, decodeCreateOrder));
    expect(error).toMatchObject({ name: 'UnexpectedRedirectError', status, location: otherOrigin });
    expect(elsewhere).toStrictEqual([]);
  });

  it('resolves a relative Location against the request URL; no Location gives location undefined', async () => {
    expect(await rejection(send(describeInventory(connection('relative'))))).toMatchObject({ status: 302, location: operatorOrigin });
    const error = await rejection(sendAndDecode(describeInventory(connection('none')), decodeInventory));
    expect(error).toMatchObject({ status: 301, location: undefined });
    expect((error as Error).message).toContain('301');
  });

  it('is exported from the package entry', () => {
    expect(PublicUnexpectedRedirectError).toBe(UnexpectedRedirectError);
  });
});

describe('an injected fetch', () => {
  it("gets redirect: 'manual' in its init", async () => {
    const calls: SendInit[] = [];
    const spy: FetchLike = (url, init) => {
      calls.push(init);
      return fetch(url, init);
    };
    await rejection(send(describeInventory(connection(308)), { fetch: spy }));
    await rejection(sendAndDecode(describeCreateOrder(ORDER, { ...connection(307), version: '1.1' }), decodeCreateOrder, spy));
    expect(calls.map((init) => init.redirect)).toStrictEqual(['manual', 'manual']);
  });

  it("that answers a browser's opaqueredirect (status 0, no headers) is refused", async () => {
    let cancelled = false;
    const opaque: FetchLike = async () => ({
      type: 'opaqueredirect',
      status: 0,
      headers: new Headers(),
      body: new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) }),
      text: async () => '',
    });
    const error = await rejection(sendAndDecode(describeInventory(connection('ok')), decodeInventory, { fetch: opaque, timeoutMs: 2_000 }));
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toMatchObject({ status: 0, location: undefined });
    expect(cancelled).toBe(true);
  });

  it('that followed a redirect although asked not to (response.redirected) is refused, its body cancelled', async () => {
    let cancelled = false;
    const following: FetchLike = async () => ({
      status: 200,
      redirected: true,
      url: 'https://user:pass@evil.example/steal?q=1',
      headers: new Headers({ 'content-type': 'application/json' }),
      body: new ReadableStream<Uint8Array>({ cancel: () => void (cancelled = true) }),
      text: async () => '{"inventory":[]}',
    });
    const error = await rejection(sendAndDecode(describeInventory(connection('ok')), decodeInventory, { fetch: following, timeoutMs: 2_000 }));
    expect(error).toBeInstanceOf(UnexpectedRedirectError);
    expect(error).toMatchObject({ status: 200, location: 'https://evil.example' });
    expect((error as Error).message).toMatch(/followed a redirect to https:\/\/evil\.example although send asked it not to/);
    expect((error as Error).message).not.toMatch(/pass|steal|\?q=/);
    expect(cancelled).toBe(true);
    // A real fetch's answer to a request it did not redirect says redirected: false, and passes.
    const plain: FetchLike = async () => ({ status: 200, redirected: false, url: 'https://operator.example/x', headers: new Headers(), body: null, text: async () => '' });
    await expect(send(describeInventory(connection('ok')), plain)).resolves.toMatchObject({ status: 200 });
  });

  it.each([
    ['javascript:alert(1)', undefined],
    ['http://[bad', undefined],
    ['https://user:pass@other.example:8443/p?q=1#f', 'https://other.example:8443'],
  ])('reports Location %s as origin %s, without user info, path or query', async (location, origin) => {
    const answer: FetchLike = async () => ({ status: 307, headers: new Headers({ location }), body: null, text: async () => '' });
    const error = await rejection(send(describeInventory(connection('ok')), answer));
    expect(error).toMatchObject({ status: 307, location: origin });
    expect((error as Error).message).not.toMatch(/pass|alert|\?q=/);
  });
});

describe('a descriptor handed to fetch itself', () => {
  it.each(REDIRECTS)('fetch(request.url, request) answers %i itself: the order and the keys never reach the Location', async (status) => {
    elsewhere = [];
    const request = describeCreateOrder(ORDER, { ...connection(status), version: '1.1' });
    expect(request.redirect).toBe('manual');
    expect(Object.keys(request)).toEqual(['method', 'url', 'headers', 'body']);
    const response = await fetch(request.url, request);
    expect(response.status).toBe(status);
    expect(elsewhere).toEqual([]);
  });
});
