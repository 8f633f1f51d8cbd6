/**
 * The simulator over real HTTP (node:http on 127.0.0.1, a free port): the library's
 * own send and decoders, plain fetch, and curl (a separate program, a different client).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
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

const run = promisify(execFile);
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
});

describe('curl against listen()', () => {
  async function curl(args: string[]): Promise<{ status: number; body: string; headers: string }> {
    const { stdout } = await run('curl', ['-sS', '-D', '-', '--max-time', '30', ...args]);
    const split = stdout.indexOf('\r\n\r\n');
    const head = stdout.slice(0, split);
    return { status: Number(/^HTTP\/[\d.]+ (\d+)/.exec(head)?.[1]), headers: head.toLowerCase(), body: stdout.slice(split + 4) };
  }
  const auth = () => Object.entries(headers()).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);

  it('creates an order', async () => {
    const out = await curl([...auth(), '-H', 'Content-Type: application/json', '--data-binary', JSON.stringify(validOrder('1.2')), `${server.url}/fulfillmentapi/v1.2/orders`]);
    expect(out.status).toBe(200);
    expect(JSON.parse(out.body)).toMatchObject({ result: 'true', requestId: expect.any(String) });
    expect(simulator.orders()).toHaveLength(1);
  });

  it('is refused without Content-Type on an order (curl -d sends a form type)', async () => {
    const out = await curl([...auth(), '-d', JSON.stringify(validOrder('1.1')), `${server.url}/fulfillmentapi/v1.1/orders`]);
    expect(out.status).toBe(415);
  });

  it('reads inventory for one sku, and OPTIONS gets the CORS headers', async () => {
    const inventory = await curl([...auth(), `${server.url}/productapi/v1/inventory?sku=MUG-RED`]);
    expect(JSON.parse(inventory.body).inventory).toEqual([{ productID: 'MUG-RED', quantity: 25, stockLocationName: 'NL01' }]);
    const options = await curl([...auth(), '-X', 'OPTIONS', '-H', 'Origin: https://shop.example', `${server.url}/fulfillmentapi/v1.2/orders`]);
    expect(options.status).toBe(204);
    expect(options.headers).toContain('access-control-allow-origin: https://shop.example');
    expect(options.headers).toContain('access-control-allow-methods: post, options');
  });

  it('gets 401 without keys, and received() shows no secret', async () => {
    const out = await curl([`${server.url}/paymentmethodapi/v1/paymentMethod`]);
    expect(out.status).toBe(401);
    expect(JSON.parse(out.body)).toMatchObject({ result: 'false', errorCode: '401' });
    await curl([...auth(), `${server.url}/paymentmethodapi/v1/paymentMethod`]);
    const text = JSON.stringify(simulator.received());
    for (const secret of SECRETS) expect(text).not.toContain(secret);
  });
});
