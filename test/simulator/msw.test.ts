/**
 * The MSW adapter (fulfilkit/msw) with msw's setupServer in vitest: global fetch is
 * intercepted, so the library's send uses no injected fetch at all.
 */
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeCreateOrder,
  decodeInventory,
  describeCreateOrder,
  describeInventory,
  describeOrderOptions,
  send,
} from '../../src/http/index';
import { createSimulator } from '../../src/simulator/index';
import { simulatorHandlers } from '../../src/simulator/msw';
import { change, validOrder } from '../fixtures';
import { MAX_SLOWDOWN, slowdown } from '../http/_timing';
import { CLIENT, connection, headers } from './_kit';

const BASE = 'https://api.operator.test/env';
const simulator = createSimulator();
const server = setupServer(...simulatorHandlers(simulator, { baseUrl: `${BASE}/` }));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  simulator.reset();
  server.resetHandlers();
});
afterAll(() => server.close());

describe('simulatorHandlers with setupServer', () => {
  it('answers send() with global fetch: inventory and an order', async () => {
    const inventory = await send(describeInventory({ ...connection(BASE), sku: 'MUG-RED' }));
    expect(decodeInventory(inventory.status, inventory.body)).toMatchObject({ ok: true, value: { inventory: [{ quantity: 25 }] } });
    const order = await send(describeCreateOrder(validOrder('1.2'), { ...connection(BASE), version: '1.2' }));
    expect(decodeCreateOrder(order.status, order.body).ok).toBe(true);
    expect(simulator.orders()).toMatchObject([{ version: '1.2', requestReference: 'REQ-1001' }]);
    expect(simulator.received().map((r) => r.url)).toEqual([
      `${BASE}/productapi/v1/inventory?sku=MUG-RED`,
      `${BASE}/fulfillmentapi/v1.2/orders`,
    ]);
  });

  it('rejects a duplicate and a wrong key as the operator would', async () => {
    const request = describeCreateOrder(validOrder('1.1'), { ...connection(BASE), version: '1.1' });
    await send(request);
    expect((await send(request)).body).toMatchObject({ result: 'false', errorCode: 'DUPLICATE_REQUEST_REFERENCE' });
    const wrong = await send(describeInventory(connection(BASE, { ...CLIENT, subscriptionKey: 'wrong' })));
    expect(wrong.status).toBe(401);
  });

  it('passes the CORS headers of OPTIONS through', async () => {
    const response = await fetch(`${BASE}/fulfillmentapi/v1.2/orders`, { method: 'OPTIONS', headers: headers({ Origin: 'https://shop.example' }) });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('https://shop.example');
    expect((await send(describeOrderOptions(connection(BASE)))).status).toBe(204);
  });

  it('ends a request its caller aborts during a latency fault quietly: the caller gets the abort, msw prints nothing', async () => {
    simulator.setFaults({ latencyMs: 2000 });
    const printed: unknown[] = [];
    const spies = [vi.spyOn(console, 'error').mockImplementation((...args) => void printed.push(args)), vi.spyOn(console, 'warn').mockImplementation((...args) => void printed.push(args))];
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(), 30);
      await expect(send(describeInventory({ ...connection(BASE), sku: 'MUG-RED' }), { signal: controller.signal })).rejects.toMatchObject({ name: 'AbortError' });
      // The handler ends when the latency wait sees the abort.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(printed).toEqual([]);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  });

  it('turns a dropped connection into a network error (HttpResponse.error)', async () => {
    simulator.setFaults({ drop: 1 });
    await expect(send(describeInventory(connection(BASE)))).rejects.toThrow(TypeError);
  });

  it('answers unknown paths under the base URL with the simulator 404', async () => {
    const response = await fetch(`${BASE}/fulfillmentapi/v9/orders`, { method: 'POST', headers: headers() });
    expect(response.status).toBe(404);
  });

  it.each([
    ['GET', '/extra', '/productapi/v1/inventory'],
    ['GET', '/env', '/productapi/v1/inventory'],
    ['GET', '/x/y', '/paymentmethodapi/v1/paymentMethod'],
    ['POST', '/v1.1', '/fulfillmentapi/v1.1/orders'],
    ['OPTIONS', '/_', '/fulfillmentapi/v1.2/orders'],
  ])('answers %s baseUrl%s%s (more than the base path before an operation path) with the simulator 404, kept in received()', async (method, extra, path) => {
    const init = method === 'POST' ? { method, headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(validOrder('1.1')) } : { method, headers: headers() };
    const response = await fetch(`${BASE}${extra}${path}`, init);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ statusCode: '404', message: 'Resource not found.' });
    expect(simulator.received()).toEqual([expect.objectContaining({ method, url: `${BASE}${extra}${path}`, operation: undefined, status: 404 })]);
    expect(simulator.orders()).toEqual([]);
    // The same request at exactly baseUrl + the operation's path is the operation's.
    expect((await fetch(`${BASE}${path}`, init)).status).toBe(method === 'OPTIONS' ? 204 : 200);
  });

  it('leaves other hosts alone (unhandled here, an error by onUnhandledRequest)', async () => {
    await expect(fetch('https://elsewhere.test/productapi/v1/inventory')).rejects.toThrow();
  });

  it('refuses a base URL that is not absolute http(s)', () => {
    expect(() => simulatorHandlers(simulator, { baseUrl: 'operator.test' })).toThrow(RangeError);
    expect(() => simulatorHandlers(simulator, { baseUrl: 'ftp://operator.test' })).toThrow(RangeError);
  });

  it('an order changed after a 500 is retried with the same reference and accepted', async () => {
    simulator.setFaults({ serverError: 1 });
    const request = describeCreateOrder(change(validOrder('1.1'), {}), { ...connection(BASE), version: '1.1' });
    expect((await send(request)).status).toBe(500);
    simulator.setFaults({});
    expect((await send(request)).body).toMatchObject({ result: 'true' });
  });

  it.each(['/a(b', '/x[1]', '/p+q', '/s*t', '/q%3Fx', '/(.*)', '/a(b/c[d]+e*'])(
    'matches a base URL with %s in its path literally, by prefix (msw path syntax plays no part)',
    async (path) => {
      const base = `https://api.operator.test${path}`;
      server.use(...simulatorHandlers(simulator, { baseUrl: base }));
      const response = await send(describeInventory({ ...connection(base), sku: 'MUG-RED' }));
      expect(response.status).toBe(200);
      expect(simulator.received().map((r) => r.url)).toEqual([`${base}/productapi/v1/inventory?sku=MUG-RED`]);
    },
  );

  it('matches at a path boundary only: /env is not /environment', async () => {
    await expect(fetch('https://api.operator.test/environment/productapi/v1/inventory', { headers: headers() })).rejects.toThrow();
    expect(simulator.received()).toEqual([]);
  });

  it('refuses a base URL with a query or fragment, as send does (a raw ? cannot start a path)', () => {
    expect(() => simulatorHandlers(simulator, { baseUrl: 'https://api.operator.test/a?b' })).toThrow(RangeError);
    expect(() => simulatorHandlers(simulator, { baseUrl: 'https://api.operator.test/a#b' })).toThrow(RangeError);
  });

  it('drops 100,000 trailing slashes, and reads 100,000 slashes before a last segment in linear time', async () => {
    const N = 100_000;
    const trailing = `https://api.operator.test/deep${'/'.repeat(N)}`;
    server.use(...simulatorHandlers(simulator, { baseUrl: trailing }));
    expect((await send(describeInventory(connection(trailing)))).status).toBe(200);
    expect(simulator.received()[0]?.url).toBe('https://api.operator.test/deep/productapi/v1/inventory');
    const handlers = (baseUrl: string) => () => void simulatorHandlers(simulator, { baseUrl });
    expect(slowdown(handlers(trailing), handlers(`https://api.operator.test/deep${'a'.repeat(N)}`))).toBeLessThan(MAX_SLOWDOWN);
    // The old trim, /\/+$/, took seconds here: every slash started a match that failed at the x.
    expect(slowdown(handlers(`https://api.operator.test/${'/'.repeat(N)}x`), handlers(`https://api.operator.test/${'a'.repeat(N)}x`))).toBeLessThan(MAX_SLOWDOWN);
  });
});
