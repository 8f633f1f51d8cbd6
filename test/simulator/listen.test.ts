/**
 * The simulator over real HTTP (node:http on 127.0.0.1, a free port): the library's
 * own send and decoders, plain fetch, and node:http (a second client, independent of fetch's undici).
 */
import { request } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  decodeCreateOrder,
  decodeCreateReturnToken,
  decodeEcho,
  decodeInventory,
  decodeListPaymentMethods,
  decodeOrderOptions,
  describeCreateOrder,
  describeCreateReturnToken,
  describeEcho,
  describeInventory,
  describeListPaymentMethods,
  describeOrderOptions,
  send,
} from '../../src/http/index';
import { createSimulator } from '../../src/simulator/index';
import type { SimulatorServer } from '../../src/simulator/types';
import { change, validOrder, validReturn } from '../fixtures';
import { CLIENT, connection, headers, SECRETS } from './_kit';

const simulator = createSimulator();
let server: SimulatorServer;

beforeAll(async () => {
  server = await simulator.listen();
});
afterAll(() => server.close());
beforeEach(() => simulator.reset());

describe('listen()', () => {
  it('binds 127.0.0.1 on a free port by default', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.url).not.toMatch(/:0$/);
  });

  it('serves every interface to send + the decoders', async () => {
    const c = connection(server.url);
    const methods = await send(describeListPaymentMethods({ ...c, country: 'NL' }), fetch);
    expect(decodeListPaymentMethods(methods.status, methods.body).ok).toBe(true);
    const inventory = await send(describeInventory({ ...c, sku: 'TEA-GREEN' }), fetch);
    expect(decodeInventory(inventory.status, inventory.body)).toMatchObject({ ok: true, value: { inventory: [{ quantity: 120 }] } });
    const token = await send(describeCreateReturnToken(validReturn(), c), fetch);
    expect(decodeCreateReturnToken(token.status, token.body).ok).toBe(true);
    for (const version of ['1', '1.1', '1.2'] as const) {
      const payload = change(validOrder(version), { '/clientRequest/requestHeader/requestReference': `REQ-${version}` });
      const response = await send(describeCreateOrder(payload, { ...c, version }), fetch);
      expect(decodeCreateOrder(response.status, response.body).ok).toBe(true);
    }
    const options = await send(describeOrderOptions(c), fetch);
    expect(decodeOrderOptions(options.status, options.body).ok).toBe(true);
    const echo = await send(describeEcho({ vehicleType: 'bike', maxSpeed: 30, avgSpeed: 18, speedUnit: 'kmh' }, c), fetch);
    expect(decodeEcho(echo.status, echo.body)).toMatchObject({ ok: true, value: expect.stringContaining('<vehicleType>bike</vehicleType>') });
    expect(simulator.orders().map((o) => o.version)).toEqual(['1', '1.1', '1.2']);
    expect(simulator.received().map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200, 204, 200]);
  });

  it('answers a wrong key with 401 over HTTP', async () => {
    const response = await send(describeInventory(connection(server.url, { ...CLIENT, clientAuthKey: 'nope' })), fetch);
    expect(response.status).toBe(401);
    expect(response.body).toEqual({ statuscode: '401', message: expect.any(String) });
  });

  it('plain fetch: a raw order POST and its JSON answer', async () => {
    const response = await fetch(`${server.url}/fulfillmentapi/v1.1/orders`, {
      method: 'POST',
      headers: headers({ 'Content-Type': 'application/json' }),
      body: JSON.stringify(validOrder('1.1')),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await response.json()).toEqual({ result: 'true', errorCode: null, errorMessage: null });
  });

  it('a dropped connection is a network error for fetch, and the server keeps serving', async () => {
    const dropping = createSimulator({ faults: { drop: 1 } });
    const other = await dropping.listen();
    try {
      await expect(fetch(`${other.url}/productapi/v1/inventory`, { headers: headers() })).rejects.toThrow(TypeError);
      dropping.setFaults({});
      expect((await fetch(`${other.url}/productapi/v1/inventory`, { headers: headers() })).status).toBe(200);
    } finally {
      await other.close();
    }
  });

  it('close() stops the server: later calls fail to connect', async () => {
    const sim = createSimulator();
    const other = await sim.listen({ port: 0, host: '127.0.0.1' });
    await fetch(`${other.url}/productapi/v1/inventory`, { headers: headers() });
    await other.close();
    await expect(fetch(`${other.url}/productapi/v1/inventory`, { headers: headers() })).rejects.toThrow();
  });

  it('refuses a port outside 0-65535', async () => {
    await expect(createSimulator().listen({ port: 70000 })).rejects.toThrow(RangeError);
  });

  // A request target that is not a path made a URL that did not parse: a plain-text 500
  // "simulator failure", in no received() entry and no log line.
  it.each([
    ['OPTIONS * HTTP/1.1', 404, '"Resource not found."'],
    ['GET http://other.example/productapi/v1/inventory HTTP/1.1', 401, '"Access denied'],
    ['GET http://user:pw@other.example/productapi/v1/inventory HTTP/1.1', 401, '"Access denied'],
  ])('answers the request line %s in the interface shape', async (line, status, message) => {
    const { connect } = await import('node:net');
    const { port } = new URL(server.url);
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => socket.end(`${line}\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`));
      let text = '';
      socket.setEncoding('utf8');
      socket.setTimeout(30_000, () => socket.destroy(new Error('no answer in 30 s')));
      socket.on('data', (chunk: string) => (text += chunk));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
    });
    expect(answer.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${status === 404 ? 'Not Found' : 'Unauthorized'}`);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(answer).toContain(message);
    expect(simulator.received().at(-1)).toMatchObject({ status });
  });
});

describe('node:http against listen()', () => {
  /** One request with node:http; `headers` are the response's `name: value` lines, lower case. */
  function http(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<{ status: number; body: string; headers: string }> {
    return new Promise((resolve, reject) => {
      const req = request(url, { method: options.method ?? (options.body === undefined ? 'GET' : 'POST'), headers: options.headers, timeout: 30_000 }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const lines = res.rawHeaders.flatMap((v, i, all) => (i % 2 === 0 ? [`${v}: ${all[i + 1]}`] : []));
          resolve({ status: res.statusCode ?? 0, body, headers: lines.join('\n').toLowerCase() });
        });
      });
      req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
      req.on('error', reject);
      req.end(options.body);
    });
  }

  /** A POST with `Expect: 100-continue` that sends its body only when invited: whether it was, and the status. */
  function expectingContinue(url: string, requestHeaders: Record<string, string>, body: string): Promise<{ invited: boolean; status: number }> {
    return new Promise((resolve, reject) => {
      let invited = false;
      let answered = false;
      const req = request(url, { method: 'POST', headers: { ...requestHeaders, Expect: '100-continue', 'Content-Length': String(Buffer.byteLength(body)) }, timeout: 30_000 }, (res) => {
        res.resume();
        res.on('end', () => {
          answered = true;
          resolve({ invited, status: res.statusCode ?? 0 });
          // A refused request never sent its body: the connection cannot be reused.
          req.destroy();
        });
      });
      req.on('continue', () => {
        invited = true;
        req.end(body);
      });
      req.on('timeout', () => req.destroy(new Error('no answer in 30 s')));
      req.on('error', (error) => {
        if (!answered) reject(error);
      });
      req.flushHeaders();
    });
  }

  it('invites a body (100 Continue) only once the request is authenticated: a 401 comes without it', async () => {
    const order = JSON.stringify(validOrder('1.1'));
    const url = `${server.url}/fulfillmentapi/v1.1/orders`;
    const refused = await expectingContinue(url, { ...headers({ 'Content-Type': 'application/json' }), 'Ocp-Apim-Subscription-Key': 'wrong' }, order);
    expect(refused).toEqual({ invited: false, status: 401 });
    const accepted = await expectingContinue(url, headers({ 'Content-Type': 'application/json' }), order);
    expect(accepted).toEqual({ invited: true, status: 200 });
    expect(simulator.orders()).toHaveLength(1);
    expect(simulator.received().map((r) => r.status)).toEqual([401, 200]);
  });

  it('creates an order', async () => {
    const out = await http(`${server.url}/fulfillmentapi/v1.2/orders`, { headers: headers({ 'Content-Type': 'application/json' }), body: JSON.stringify(validOrder('1.2')) });
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body)).toMatchObject({ result: 'true', requestId: expect.any(String) });
    expect(simulator.orders()).toHaveLength(1);
  });

  it('is refused with a form Content-Type, or none, on an order', async () => {
    const url = `${server.url}/fulfillmentapi/v1.1/orders`;
    const body = JSON.stringify(validOrder('1.1'));
    expect((await http(url, { headers: headers({ 'Content-Type': 'application/x-www-form-urlencoded' }), body })).status).toBe(415);
    expect((await http(url, { headers: headers(), body })).status).toBe(415);
    expect(simulator.orders()).toHaveLength(0);
  });

  it('reads inventory for one sku, and OPTIONS gets the CORS headers', async () => {
    const inventory = await http(`${server.url}/productapi/v1/inventory?sku=MUG-RED`, { headers: headers() });
    expect(JSON.parse(inventory.body).inventory).toEqual([{ productID: 'MUG-RED', quantity: 25, stockLocationName: 'NL01' }]);
    const options = await http(`${server.url}/fulfillmentapi/v1.2/orders`, { method: 'OPTIONS', headers: headers({ Origin: 'https://shop.example' }) });
    expect(options.status).toBe(204);
    expect(options.headers).toContain('access-control-allow-origin: https://shop.example');
    expect(options.headers).toContain('access-control-allow-methods: post, options');
  });

  it('gets 401 without keys, and received() shows no secret', async () => {
    const out = await http(`${server.url}/paymentmethodapi/v1/paymentMethod`);
    expect(out.status).toBe(401);
    expect(JSON.parse(out.body)).toMatchObject({ result: 'false', errorCode: '401' });
    await http(`${server.url}/paymentmethodapi/v1/paymentMethod`, { headers: headers() });
    const text = JSON.stringify(simulator.received());
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
