import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
  IncompleteResponseError,
  send,
  sendAndDecode,
  type Connection,
} from '../../src/http/index';
import {
  CREDENTIALS,
  ECHO_REQUEST,
  INVENTORY_ENTRY,
  ORDER,
  ORDER_RESULT_V1_TRUE,
  ORDER_RESULT_V11_TRUE,
  PAYMENT_METHOD_ENTRY,
  PRODUCT_401,
  RETURN_REQUEST,
  RETURN_TOKEN_OK,
  SERVER_500,
} from './fixtures';

/** What the server saw of one request. */
interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

interface Reply {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

const json = (status: number, value: unknown): Reply => ({
  status,
  headers: { 'content-type': 'application/json; charset=utf-8' },
  body: JSON.stringify(value),
});

/** The operator, as far as the tests need it: a reply per method and path. */
const REPLIES: Record<string, Reply> = {
  'GET /env/paymentmethodapi/v1/paymentMethod': json(200, [PAYMENT_METHOD_ENTRY]),
  'GET /env/productapi/v1/inventory': json(200, INVENTORY_ENTRY),
  'POST /env/rmaportalapi/v1/rmaTokens': json(200, RETURN_TOKEN_OK),
  'POST /env/fulfillmentapi/v1/orders': json(200, ORDER_RESULT_V1_TRUE),
  'POST /env/fulfillmentapi/v1.1/orders': json(200, ORDER_RESULT_V11_TRUE),
  'POST /env/fulfillmentapi/v1.2/orders': json(200, { ...ORDER_RESULT_V11_TRUE, requestId: 'req-1' }),
  'OPTIONS /env/fulfillmentapi/v1.2/orders': {
    status: 204,
    headers: { 'access-control-allow-origin': 'https://shop.example.com', 'access-control-allow-methods': 'POST, OPTIONS' },
  },
  'POST /env/echo/resource': { status: 200, headers: { 'content-type': 'text/plain' }, body: 'OK' },
  // Bodies that send must survive.
  'GET /unauthorized/productapi/v1/inventory': json(401, PRODUCT_401),
  'POST /server-error/fulfillmentapi/v1.1/orders': json(500, SERVER_500),
  'GET /bad-json/productapi/v1/inventory': { status: 200, headers: { 'content-type': 'application/json' }, body: '{"inventory": [' },
  'GET /text-json/productapi/v1/inventory': { status: 200, headers: { 'content-type': 'text/plain' }, body: JSON.stringify(INVENTORY_ENTRY) },
  'GET /html/productapi/v1/inventory': { status: 502, headers: { 'content-type': 'text/html' }, body: '<h1>Bad gateway</h1>' },
  'GET /empty/productapi/v1/inventory': { status: 500 },
};

let server: Server;
let origin: string;
let received: Received[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = req.url ?? '';
      received.push({ method: req.method ?? '', url, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const path = url.split('?')[0];
      if (path === '/cut-off/productapi/v1/inventory') {
        // Headers promise 100 bytes, then the connection dies: the body cannot be read.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        res.write('{"inventory":');
        setTimeout(() => res.destroy(), 10);
        return;
      }
      const reply = REPLIES[`${req.method} ${path}`] ?? json(404, { statusCode: '404', message: 'Resource not found' });
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const connection = (prefix = 'env'): Connection => ({ baseUrl: `${origin}/${prefix}/`, credentials: CREDENTIALS });

/** Sends one request and returns the response and what the server received. */
async function roundTrip(request: Parameters<typeof send>[0]) {
  received = [];
  const response = await send(request);
  expect(received).toHaveLength(1);
  return { response, seen: received[0] as Received };
}

const AUTH = {
  clientconfigid: CREDENTIALS.clientConfigId,
  clientauthkey: CREDENTIALS.clientAuthKey,
  'ocp-apim-subscription-key': CREDENTIALS.subscriptionKey,
};

describe('each descriptor, sent with global fetch, reaches a real server as the spec says', () => {
  it('list payment methods: GET, encoded query, three headers, no body', async () => {
    const { response, seen } = await roundTrip(
      describeListPaymentMethods({ ...connection(), country: 'DE', paymentMethod: 'Terms 30&x' }),
    );
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/env/paymentmethodapi/v1/paymentMethod?country=DE&paymentMethod=Terms%2030%26x');
    expect(new URL(seen.url, origin).searchParams.get('paymentMethod')).toBe('Terms 30&x');
    expect(seen.headers).toMatchObject(AUTH);
    expect(seen.headers['content-type']).toBeUndefined();
    expect(seen.body).toBe('');
    expect(decodeListPaymentMethods(response.status, response.body)).toStrictEqual({ ok: true, value: [PAYMENT_METHOD_ENTRY] });
  });

  it('inventory: GET with sku', async () => {
    const { response, seen } = await roundTrip(describeInventory({ ...connection(), sku: 'SKU-1' }));
    expect(seen.method).toBe('GET');
    expect(seen.url).toBe('/env/productapi/v1/inventory?sku=SKU-1');
    expect(seen.headers).toMatchObject(AUTH);
    expect(seen.body).toBe('');
    expect(decodeInventory(response.status, response.body)).toStrictEqual({ ok: true, value: INVENTORY_ENTRY });
  });

  it('create return token: POST, JSON body and Content-Type', async () => {
    const { response, seen } = await roundTrip(describeCreateReturnToken(RETURN_REQUEST, connection()));
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/env/rmaportalapi/v1/rmaTokens');
    expect(seen.headers).toMatchObject({ ...AUTH, 'content-type': 'application/json' });
    expect(JSON.parse(seen.body)).toStrictEqual(RETURN_REQUEST);
    expect(decodeCreateReturnToken(response.status, response.body)).toStrictEqual({ ok: true, value: RETURN_TOKEN_OK });
  });

  it.each([
    ['1', ORDER_RESULT_V1_TRUE],
    ['1.1', ORDER_RESULT_V11_TRUE],
    ['1.2', { ...ORDER_RESULT_V11_TRUE, requestId: 'req-1' }],
  ] as const)('create order v%s: POST to its versioned path', async (version, result) => {
    const { response, seen } = await roundTrip(describeCreateOrder(ORDER, { ...connection(), version }));
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe(`/env/fulfillmentapi/v${version}/orders`);
    expect(seen.headers).toMatchObject({ ...AUTH, 'content-type': 'application/json' });
    expect(seen.body).toBe(JSON.stringify(ORDER));
    expect(decodeCreateOrder(response.status, response.body)).toStrictEqual({ ok: true, value: result });
  });

  it('options of v1.2: OPTIONS, 204, response headers readable', async () => {
    const { response, seen } = await roundTrip(describeOrderOptions(connection()));
    expect(seen.method).toBe('OPTIONS');
    expect(seen.url).toBe('/env/fulfillmentapi/v1.2/orders');
    expect(seen.headers).toMatchObject(AUTH);
    expect(response).toMatchObject({ status: 204, body: '' });
    expect(response.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(decodeOrderOptions(response.status, response.body)).toStrictEqual({ ok: true, value: null });
  });

  it('echo: POST with the subscription key only', async () => {
    const { response, seen } = await roundTrip(describeEcho(ECHO_REQUEST, connection()));
    expect(seen.method).toBe('POST');
    expect(seen.url).toBe('/env/echo/resource');
    expect(seen.headers['ocp-apim-subscription-key']).toBe(CREDENTIALS.subscriptionKey);
    expect(seen.headers.clientconfigid).toBeUndefined();
    expect(seen.headers.clientauthkey).toBeUndefined();
    expect(seen.headers['content-type']).toBe('application/json');
    expect(JSON.parse(seen.body)).toStrictEqual(ECHO_REQUEST);
    expect(decodeEcho(response.status, response.body)).toStrictEqual({ ok: true, value: 'OK' });
  });

  it('sends no header besides the descriptor’s and what fetch always adds', async () => {
    const { seen } = await roundTrip(describeCreateOrder(ORDER, { ...connection(), version: '1.1' }));
    const names = Object.keys(seen.headers).filter(
      (name) => !['host', 'connection', 'accept', 'accept-language', 'accept-encoding', 'sec-fetch-mode', 'user-agent', 'content-length'].includes(name),
    );
    expect(names.sort()).toStrictEqual(['clientauthkey', 'clientconfigid', 'content-type', 'ocp-apim-subscription-key']);
  });

  it('works as a RequestInit too: fetch(req.url, req)', async () => {
    const request = describeCreateOrder(ORDER, { ...connection(), version: '1' });
    received = [];
    const response = await fetch(request.url, request);
    expect(response.status).toBe(200);
    expect(received[0]?.headers).toMatchObject({ ...AUTH, 'content-type': 'application/json' });
    expect(received[0]?.body).toBe(JSON.stringify(ORDER));
  });
});

describe('send reads any complete body without throwing', () => {
  it('parses JSON error bodies for the decoder', async () => {
    const { response } = await roundTrip(describeInventory(connection('unauthorized')));
    expect(response).toMatchObject({ status: 401, body: PRODUCT_401 });
    expect(decodeInventory(response.status, response.body)).toMatchObject({ ok: false, error: { kind: 'unauthorized', code: '401' } });
  });

  it('keeps malformed JSON as text', async () => {
    const { response } = await roundTrip(describeInventory(connection('bad-json')));
    expect(response).toMatchObject({ status: 200, body: '{"inventory": [' });
    expect(decodeInventory(response.status, response.body)).toMatchObject({ ok: false, error: { kind: 'unexpected', raw: '{"inventory": [' } });
  });

  it('keeps text/plain as text; the decoder still parses JSON text', async () => {
    const { response } = await roundTrip(describeInventory(connection('text-json')));
    expect(response.body).toBe(JSON.stringify(INVENTORY_ENTRY));
    expect(decodeInventory(response.status, response.body)).toStrictEqual({ ok: true, value: INVENTORY_ENTRY });
  });

  it('keeps HTML as text', async () => {
    const { response } = await roundTrip(describeInventory(connection('html')));
    expect(response).toMatchObject({ status: 502, body: '<h1>Bad gateway</h1>' });
  });

  it('gives an empty body as empty text', async () => {
    const { response } = await roundTrip(describeInventory(connection('empty')));
    expect(response).toMatchObject({ status: 500, body: '' });
    expect(decodeInventory(response.status, response.body)).toStrictEqual({ ok: false, error: { kind: 'server', status: 500, raw: '' } });
  });

  it('rejects a body cut off mid-stream: an incomplete response is never decoded', async () => {
    await expect(send(describeInventory(connection('cut-off')))).rejects.toBeInstanceOf(IncompleteResponseError);
  });

  it('refuses to run without a fetch implementation', async () => {
    await expect(send(describeInventory(connection()), null as never)).rejects.toThrow(TypeError);
  });
});

describe('sendAndDecode', () => {
  it('pairs send with a decoder', async () => {
    const result = await sendAndDecode(describeCreateOrder(ORDER, { ...connection(), version: '1.1' }), decodeCreateOrder);
    expect(result).toStrictEqual({ ok: true, value: ORDER_RESULT_V11_TRUE });
  });

  it('decodes a documented error', async () => {
    const result = await sendAndDecode(describeCreateOrder(ORDER, { ...connection('server-error'), version: '1.1' }), decodeCreateOrder);
    expect(result).toStrictEqual({
      ok: false,
      error: { kind: 'server', status: 500, code: '500', message: SERVER_500.message, activityId: SERVER_500.activityId, raw: SERVER_500 },
    });
  });

  it('decodes an undocumented status', async () => {
    const result = await sendAndDecode(describeListPaymentMethods(connection('nowhere')), decodeListPaymentMethods);
    expect(result).toMatchObject({ ok: false, error: { kind: 'unexpected', status: 404, code: '404' } });
  });
});
