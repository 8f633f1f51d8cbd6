/**
 * The control API of `fulfilkit serve` over real HTTP on 127.0.0.1: every endpoint, the
 * token, same-origin only, and the bounds of every input that crosses it.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { isLoopbackHost, parseServeArgs } from '../../src/cli/serve-command';
import { controlApiDocument } from '../../src/openapi/control';
import { createSimulator } from '../../src/simulator/create-simulator';
import { MAX_BODY_BYTES } from '../../src/simulator/answers';
import { change, validOrder, validReturn } from '../fixtures';
import { CLIENT, forClient, OTHER, SECRETS } from '../simulator/_kit';
import { AUTH, capture, deepJson, jsonRequest, raw, serve, type Running } from './_kit';

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const ORDERS = '/fulfillmentapi/v1.1/orders';

function sendOrder(url: string, payload: unknown) {
  return raw(`${url}${ORDERS}`, jsonRequest('POST', payload, AUTH));
}

describe('the control API (no token, loopback)', () => {
  let sim: Running;
  beforeAll(async () => {
    sim = await serve(['--log', 'off']);
  });
  afterAll(async () => {
    expect(await sim.stop()).toBe(0);
  });
  const at = (path: string) => `${sim.url}/_fulfilkit/${path}`;

  it('GET health answers { ok: true, version } with the package version', async () => {
    expect((await raw(at('health'))).json).toEqual({ ok: true, version: VERSION });
  });

  it('lists received requests, orders and returns; control requests are not received', async () => {
    await raw(at('reset'), { method: 'POST' });
    expect((await sendOrder(sim.url, validOrder('1.1'))).json).toMatchObject({ result: 'true' });
    const ret = await raw(`${sim.url}/rmaportalapi/v1/rmaTokens`, jsonRequest('POST', validReturn(), AUTH));
    expect(ret.json).toMatchObject({ resultCode: '0' });
    const received = (await raw(at('received'))).json;
    expect(received.requests.map((r: { operation: string }) => r.operation)).toEqual(['createOrderV1_1', 'createReturnToken']);
    expect(received.requests[0].headers.clientauthkey).toBe('<redacted>');
    expect((await raw(at('orders'))).json).toMatchObject({ orders: [{ requestReference: 'REQ-1001', requestStatus: 'created', client: 'ACME' }] });
    expect((await raw(at('returns'))).json).toMatchObject({ returns: [{ requestReference: 'RMA-REQ-1' }] });
    for (const secret of SECRETS) expect(JSON.stringify(received)).not.toContain(secret);
  });

  it('GET received?newest=N lists the newest N, oldest first, and the total kept; a bad N is 400', async () => {
    await raw(at('reset'), { method: 'POST' });
    for (let i = 0; i < 5; i++) await raw(`${sim.url}/productapi/v1/inventory?sku=SKU-${i}`, { headers: AUTH });
    const all = (await raw(at('received'))).json;
    expect(all.requests).toHaveLength(5);
    // The whole list keeps its pinned shape: no total.
    expect(Object.keys(all)).toEqual(['requests']);
    const urls = (answer: { requests: { url: string }[] }) => answer.requests.map((r) => new URL(r.url).search);
    expect((await raw(at('received?newest=2'))).json).toEqual({ requests: all.requests.slice(3), total: 5 });
    expect(urls((await raw(at('received?newest=2'))).json)).toEqual(['?sku=SKU-3', '?sku=SKU-4']);
    expect((await raw(at('received?newest=0'))).json).toEqual({ requests: [], total: 5 });
    expect((await raw(at('received?newest=99'))).json).toEqual({ requests: all.requests, total: 5 });
    for (const bad of ['-1', '1.5', 'x', '', '01', '1e3', '1000000000']) {
      const refused = await raw(at(`received?newest=${encodeURIComponent(bad)}`));
      expect(refused, bad).toMatchObject({ status: 400, json: { message: 'newest must be a whole number from 0 to 999999999.' } });
    }
  });

  it('advances an order: 200 { order }, 409 { message, allowed }, 404 unknown, 400 without a status', async () => {
    await raw(at('reset'), { method: 'POST' });
    await sendOrder(sim.url, validOrder('1.1'));
    const moved = await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { status: 'confirmed' }));
    expect(moved.status).toBe(200);
    expect(moved.json.order).toMatchObject({ requestReference: 'REQ-1001', requestStatus: 'confirmed', history: ['created', 'confirmed'] });
    const conflict = await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { status: 'created' }));
    expect(conflict.status).toBe(409);
    expect(conflict.json).toEqual({ message: expect.stringContaining('cannot move to created'), allowed: ['released', 'reserved', 'shipped', 'cancelled', 'dplhold'] });
    const notAStatus = await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { status: 'teleported' }));
    expect(notAStatus).toMatchObject({ status: 409, json: { allowed: ['released', 'reserved', 'shipped', 'cancelled', 'dplhold'] } });
    expect((await raw(at('orders/NOPE/advance'), jsonRequest('POST', { status: 'confirmed' }))).status).toBe(404);
    expect((await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { state: 'confirmed' }))).status).toBe(400);
    // `client` names the order's client (needed when clients share a reference); another client's name finds none.
    expect((await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { status: 'released', client: 'ACME' }))).json.order).toMatchObject({ requestStatus: 'released' });
    expect((await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { status: 'shipped', client: 'NOBODY' }))).status).toBe(404);
    expect((await raw(at('orders/REQ-1001/advance'), jsonRequest('POST', { status: 'shipped', client: 7 }))).status).toBe(400);
    const get = await raw(at('orders/REQ-1001/advance'));
    expect(get).toMatchObject({ status: 405, headers: { allow: 'POST' } });
  });

  it('reads a requestReference as one path segment: %2F is part of it, dot segments never reach another path', async () => {
    await raw(at('reset'), { method: 'POST' });
    await sendOrder(sim.url, change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': 'A/../B' }));
    expect((await raw(at('orders/A%2F..%2FB/advance'), jsonRequest('POST', { status: 'confirmed' }))).json.order).toMatchObject({ requestReference: 'A/../B' });
    // Dot segments are resolved by the URL parser before routing: these name other control paths, which do not exist.
    for (const path of ['orders/../received/advance', 'orders/%2e%2e/advance', 'orders/..%2Freceived/advance', 'orders/%E0%A4%A/advance']) {
      const answer = await raw(sim.url, { ...jsonRequest('POST', { status: 'confirmed' }), path: `/_fulfilkit/${path}` });
      expect(answer.status, path).toBe(404);
      expect(answer.json.requests, path).toBeUndefined();
    }
  });

  it('GET and PUT faults (the setFaults object, 204), 400 naming the member; reset restores them (204)', async () => {
    expect((await raw(at('faults'))).json).toEqual({});
    const put = await raw(at('faults'), jsonRequest('PUT', { serverError: 1, operations: ['getInventory'] }));
    expect(put).toMatchObject({ status: 204, text: '' });
    expect((await raw(at('faults'))).json).toEqual({ serverError: 1, operations: ['getInventory'] });
    expect((await raw(`${sim.url}/productapi/v1/inventory?sku=MUG-RED`, { headers: AUTH })).status).toBe(500);
    expect((await raw(at('faults'), jsonRequest('PUT', { serverError: 2 }))).json).toEqual({ message: 'faults.serverError must be a number from 0 to 1.' });
    expect((await raw(at('faults'), jsonRequest('PUT', [1]))).status).toBe(400);
    // A misspelled fault was 204 and set nothing.
    const typo = await raw(at('faults'), jsonRequest('PUT', { servererror: 1 }));
    expect(typo).toMatchObject({ status: 400, json: { message: 'faults takes only serverError, drop, lostResponse, latencyMs, operations.' } });
    expect((await raw(at('reset'), { method: 'POST' })).status).toBe(204);
    expect((await raw(at('faults'))).json).toEqual({});
    expect((await raw(at('received'))).json).toEqual({ requests: [] });
  });

  it('POST lint answers { problems } for orders and returns, with a profile; 400 for a bad kind, version, profile or no payload', async () => {
    const clean = await raw(at('lint'), jsonRequest('POST', { kind: 'order', version: '1.1', payload: validOrder('1.1') }));
    expect(clean.json).toEqual({ problems: [] });
    const broken = change(validOrder('1.2'), { '/clientRequest/requestHeader/requestReference': 'REQ 1' });
    expect((await raw(at('lint'), jsonRequest('POST', { kind: 'order', version: '1.2', payload: broken }))).json.problems).toContainEqual(
      expect.objectContaining({ rule: 'key-charset', path: '/clientRequest/requestHeader/requestReference' }),
    );
    const wrongClient = await raw(at('lint'), jsonRequest('POST', { kind: 'return', profile: { client: 'Other', clientCode: 'O' }, payload: validReturn() }));
    expect(wrongClient.json.problems).toContainEqual(expect.objectContaining({ rule: 'client-name' }));
    for (const [body, message] of [
      [{ kind: 'invoice', payload: {} }, 'kind must be "order" or "return".'],
      [{ kind: 'order', version: '2', payload: {} }, 'version must be one of "1", "1.1", "1.2".'],
      [{ kind: 'order', profile: { client: 'A', clientCode: 'A', fms: 'yes' }, payload: {} }, 'profile.fms must be true or false.'],
      [{ kind: 'order' }, 'payload is required.'],
    ] as const) {
      expect((await raw(at('lint'), jsonRequest('POST', body))).json).toEqual({ message });
    }
  });

  it('lists at most 1000 problems of a payload and counts the rest', async () => {
    const order = validOrder('1.1');
    order.clientRequest.item = Array.from({ length: 2000 }, () => ({ itemId: 1 }));
    const answer = (await raw(at('lint'), jsonRequest('POST', { kind: 'order', payload: order }))).json;
    expect(answer.problems).toHaveLength(1000);
    expect(answer.omitted.errors + answer.omitted.warnings).toBeGreaterThan(0);
  });

  it('bounds its bodies: 413 over 10 MiB (declared or streamed), 400 deeper than 512 levels or not JSON, 415 not JSON typed', async () => {
    const huge = `{"kind":"order","payload":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
    expect((await raw(at('lint'), jsonRequest('POST', huge))).status).toBe(413);
    const chunks = function* () {
      for (let i = 0; i < 11; i++) yield new Uint8Array(1024 * 1024).fill(0x20);
    };
    expect((await raw(at('lint'), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: chunks() })).status).toBe(413);
    expect((await raw(at('lint'), jsonRequest('POST', `{"kind":"order","payload":${deepJson(600)}}`))).json).toEqual({ message: expect.stringContaining('512 levels') });
    // 511 levels inside the wrapper are fine: the payload is linted (and is no order).
    expect((await raw(at('lint'), jsonRequest('POST', `{"kind":"order","payload":${deepJson(511)}}`))).status).toBe(200);
    expect((await raw(at('lint'), jsonRequest('POST', '{"kind":'))).json).toEqual({ message: 'The request body is not valid JSON.' });
    expect((await raw(at('faults'), { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: '{}' })).status).toBe(415);
  });

  it('answers 404 for an unknown control path and 405 (with Allow) for a wrong method', async () => {
    expect(await raw(at('nothing'))).toMatchObject({ status: 404, json: { message: expect.any(String) } });
    expect(await raw(`${sim.url}/_fulfilkit`)).toMatchObject({ status: 404 });
    expect(await raw(at('faults'), { method: 'DELETE' })).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD, PUT' } });
    expect(await raw(at('reset'), { method: 'HEAD' })).toMatchObject({ status: 405, headers: { allow: 'POST' } });
    expect(await raw(at('toString'))).toMatchObject({ status: 404 });
  });

  it.each(['received', 'orders', 'returns', 'faults', 'health'])('answers HEAD %s as GET without the body (RFC 9110, 9.3.2)', async (path) => {
    const get = await raw(at(path));
    const head = await raw(at(path), { method: 'HEAD' });
    expect(get.status).toBe(200);
    expect(head).toMatchObject({ status: 200, text: '' });
    expect(head.headers['content-type']).toBe(get.headers['content-type']);
    expect(head.headers['content-length']).toBe(String(Buffer.byteLength(get.text)));
  });

  it('refuses pages of another origin (403), answers its own', async () => {
    expect((await raw(at('reset'), { method: 'POST', headers: { Origin: 'http://evil.test' } })).status).toBe(403);
    expect((await raw(at('reset'), { method: 'POST', headers: { 'Sec-Fetch-Site': 'cross-site' } })).status).toBe(403);
    expect((await raw(at('reset'), { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-site' } })).status).toBe(403);
    expect((await raw(at('reset'), { method: 'POST', headers: { Origin: 'null' } })).status).toBe(403);
    const own = new URL(sim.url).origin;
    expect((await raw(at('reset'), { method: 'POST', headers: { Origin: own, 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(204);
  });
});

describe('--control-token', () => {
  it('needs Authorization: Bearer <token> on every control path (401 otherwise), never on the operator\'s', async () => {
    const token = 'ctl-Secret-42';
    const sim = await serve(['--control-token', token]);
    try {
      for (const headers of <Record<string, string>[]>[{}, { Authorization: 'Bearer wrong' }, { Authorization: `Bearer ${token}x` }, { Authorization: `Bearer ${token.slice(0, -1)}` }, { Authorization: token }, { Authorization: `Basic ${token}` }]) {
        const answer = await raw(`${sim.url}/_fulfilkit/orders`, { headers });
        expect(answer.status, JSON.stringify(headers)).toBe(401);
        expect(answer.headers['www-authenticate']).toBe('Bearer realm="fulfilkit"');
        expect(answer.json.orders).toBeUndefined();
      }
      expect((await raw(`${sim.url}/_fulfilkit/reset`, { method: 'POST' })).status).toBe(401);
      expect((await raw(`${sim.url}/_fulfilkit/orders`, { headers: { Authorization: `Bearer ${token}` } })).json).toEqual({ orders: [] });
      expect((await raw(`${sim.url}/_fulfilkit/health`, { headers: { Authorization: `bearer ${token}` } })).status).toBe(200);
      expect((await raw(`${sim.url}/productapi/v1/inventory?sku=MUG-RED`, { headers: AUTH })).status).toBe(200);
      expect(sim.out()).toContain('control API needs its token');
    } finally {
      await sim.stop();
    }
    expect(sim.out() + sim.err()).not.toContain(token);
  });

  it('takes the token from FULFILKIT_CONTROL_TOKEN too', async () => {
    const sim = await serve([], { FULFILKIT_CONTROL_TOKEN: 'from-env' });
    try {
      expect((await raw(`${sim.url}/_fulfilkit/health`)).status).toBe(401);
      expect((await raw(`${sim.url}/_fulfilkit/health`, { headers: { Authorization: 'Bearer from-env' } })).status).toBe(200);
    } finally {
      await sim.stop();
    }
  });

  it.each(['0.0.0.0', '::', '192.168.1.10', 'example.test'])('refuses to start on the non-loopback host %s without a token (exit 2), before binding', async (host) => {
    const run = capture();
    expect(await main(['serve', '--port', '0', '--host', host], run.io)).toBe(2);
    expect(run.err()).toMatch(/lets other machines in: give a --control-token/);
    expect(run.out()).toBe('');
  });

  it('knows the loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', '10.0.0.1', '1.127.0.0.1', 'localhost.evil.test', '127.0.0.1.nip.io'].some(isLoopbackHost)).toBe(false);
  });

  it('refuses a token that cannot be a header value', async () => {
    const run = capture();
    expect(await main(['serve', '--port', '0', '--control-token', 'a b'], run.io)).toBe(2);
    expect(run.err()).toMatch(/Invalid control token/);
    expect(run.err()).not.toContain('a b');
  });
});

describe('createSimulator({ control })', () => {
  it('leaves handle unchanged without the option: /_fulfilkit/ is the operator\'s 404', async () => {
    const sim = createSimulator();
    const answer = await sim.fetch('http://operator.test/_fulfilkit/health');
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ statusCode: '404', message: 'Resource not found.' });
    expect(sim.received()).toHaveLength(1);
  });

  it('serves the control API from fetch and handle with { control: {} }, with a token when given', async () => {
    const open = createSimulator({ control: {} });
    expect(await (await open.fetch('http://operator.test/_fulfilkit/health')).json()).toEqual({ ok: true, version: VERSION });
    expect(open.received()).toEqual([]);
    const guarded = createSimulator({ control: { token: 't0ken' } });
    expect((await guarded.fetch('http://operator.test/_fulfilkit/health')).status).toBe(401);
    expect((await guarded.fetch('http://operator.test/_fulfilkit/health', { headers: { Authorization: 'Bearer t0ken' } })).status).toBe(200);
    const head = await open.handle(new Request('http://operator.test/_fulfilkit/health', { method: 'HEAD' }));
    expect({ status: head.status, body: head.body, length: head.headers.get('content-length') }).toEqual({ status: 200, body: null, length: String(JSON.stringify({ ok: true, version: VERSION }).length) });
  });

  it('lists with each order the states advance accepts now: FMS-only ones for an FMS client only, none in a final state', async () => {
    const sim = createSimulator({ clients: [CLIENT, OTHER], control: {} });
    const create = (client: typeof CLIENT, payload: unknown) =>
      sim.fetch('http://operator.test/fulfillmentapi/v1.1/orders', {
        method: 'POST',
        headers: { ClientConfigId: client.clientConfigId, ClientAuthKey: client.clientAuthKey, 'Ocp-Apim-Subscription-Key': client.subscriptionKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(payload),
      });
    expect(await (await create(CLIENT, validOrder('1.1'))).json()).toMatchObject({ result: 'true' });
    expect(await (await create(OTHER, forClient(validOrder('1.1'), OTHER.name, 'REQ-FMS'))).json()).toMatchObject({ result: 'true' });
    const listed = async () => ((await (await sim.fetch('http://operator.test/_fulfilkit/orders')).json()) as { orders: { requestReference: string; next: string[] }[] }).orders;
    const nextOf = async (reference: string) => (await listed()).find((o) => o.requestReference === reference)?.next;
    expect(await nextOf('REQ-1001')).toEqual(['confirmed', 'errored', 'cancelled', 'dplhold']);
    expect(await nextOf('REQ-FMS')).toEqual(['confirmed', 'errored', 'cancelled', 'dplhold', 'creditblocked']);
    for (const [reference, status] of [['REQ-1001', 'confirmed'], ['REQ-1001', 'shipped'], ['REQ-FMS', 'confirmed'], ['REQ-FMS', 'shipped']]) sim.advance(reference!, status!);
    expect(await nextOf('REQ-1001')).toEqual([]);
    expect(await nextOf('REQ-FMS')).toEqual(['invoiced']);
    // Each state listed is one advance takes; the advance answer lists the next ones too.
    const moved = await sim.fetch('http://operator.test/_fulfilkit/orders/REQ-FMS/advance', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ status: 'invoiced' }) });
    expect(await moved.json()).toMatchObject({ order: { requestReference: 'REQ-FMS', requestStatus: 'invoiced', next: ['paid'] } });
    // The library's orders() is unchanged: no next there.
    expect(sim.orders().every((order) => !('next' in order))).toBe(true);
  });

  it('checks the option, naming the member', () => {
    expect(() => createSimulator({ control: { token: '' } })).toThrow(new TypeError('control.token must be a non-empty string.'));
    expect(() => createSimulator({ control: { token: 'a\nb' } })).toThrow(/control\.token must be printable ASCII/);
    expect(() => createSimulator({ control: 'yes' as never })).toThrow(new TypeError('control must be an object.'));
    expect(() => createSimulator({ onRequest: 'log' as never })).toThrow(new TypeError('onRequest must be a function.'));
  });

  it('tells onRequest each request without a key, a query or a body; a dropped connection has no status', async () => {
    const events: unknown[] = [];
    const sim = createSimulator({ control: {}, onRequest: (event) => events.push(event) });
    await sim.fetch('http://operator.test/fulfillmentapi/v1.1/orders?subscription-key=k', { method: 'POST', headers: { ...AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify(validOrder('1.1')) });
    await sim.fetch('http://operator.test/_fulfilkit/orders');
    sim.setFaults({ drop: 1 });
    await expect(sim.fetch('http://operator.test/productapi/v1/inventory?sku=X', { headers: AUTH })).rejects.toThrow();
    expect(events).toEqual([
      { time: expect.any(Number), method: 'POST', path: '/fulfillmentapi/v1.1/orders', operation: 'createOrderV1_1', status: 200, ms: expect.any(Number), requestReference: 'REQ-1001' },
      { time: expect.any(Number), method: 'GET', path: '/_fulfilkit/orders', operation: 'control', status: 200, ms: expect.any(Number) },
      { time: expect.any(Number), method: 'GET', path: '/productapi/v1/inventory', operation: 'getInventory', status: undefined, ms: expect.any(Number) },
    ]);
  });
});

describe('fulfilkit openapi --control', () => {
  it('prints the control API document, which names every control path', async () => {
    const run = capture();
    expect(await main(['openapi', '--control'], run.io)).toBe(0);
    const document = JSON.parse(run.out());
    expect(document).toEqual(controlApiDocument());
    expect(document.openapi).toBe('3.1.0');
    expect(Object.keys(document.paths)).toEqual(
      ['received', 'orders', 'returns', 'orders/{requestReference}/advance', 'faults', 'reset', 'health', 'lint', 'violations'].map((p) => `/_fulfilkit/${p}`),
    );
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    const { validate } = await import('@readme/openapi-parser');
    const result = await validate(controlApiDocument() as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it('is still the operator document without --control', async () => {
    expect(parseServeArgs([]).log).toBe('pretty');
    const run = capture();
    expect(await main(['openapi'], run.io)).toBe(0);
    expect(JSON.parse(run.out()).info.title).not.toBe(controlApiDocument().info.title);
  });
});

describe('fulfilkit serve --seed and --log', () => {
  async function requestId(argv: string[]): Promise<string> {
    const sim = await serve(['--log', 'off', ...argv]);
    try {
      return (await raw(`${sim.url}/fulfillmentapi/v1.2/orders`, jsonRequest('POST', validOrder('1.2'), AUTH))).json.requestId;
    } finally {
      await sim.stop();
    }
  }

  it('--seed N seeds ids (the same seed, the same ids; wins over the data file)', async () => {
    const [a, b, c] = [await requestId(['--seed', '7']), await requestId(['--seed', '7']), await requestId(['--seed', '8'])];
    expect(a).toBe(b);
    expect(a).not.toBe(c);
    expect(parseServeArgs(['--seed', '3'])).toMatchObject({ seed: 3 });
    expect(() => parseServeArgs(['--seed', '-1'])).toThrow(/Invalid value for --seed/);
  });

  it('--log json writes one JSON object per request; --log off writes none; a bad format exits 2', async () => {
    const json = await serve(['--log', 'json']);
    const off = await serve(['--log', 'off']);
    try {
      for (const sim of [json, off]) {
        await sendOrder(sim.url, validOrder('1.1'));
        await raw(`${sim.url}/_fulfilkit/orders`);
      }
    } finally {
      await json.stop();
      await off.stop();
    }
    const lines = json.out().split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { time: expect.stringMatching(/Z$/), method: 'POST', path: ORDERS, operation: 'createOrderV1_1', status: 200, ms: expect.any(Number), requestReference: 'REQ-1001' },
      { time: expect.stringMatching(/Z$/), method: 'GET', path: '/_fulfilkit/orders', operation: 'control', status: 200, ms: expect.any(Number), requestReference: null },
    ]);
    expect(off.out().split('\n')).toHaveLength(3);
    for (const sim of [json, off]) for (const secret of SECRETS) expect(sim.out()).not.toContain(secret);
    expect(json.out()).not.toContain('jane.doe@example.com');
    const run = capture();
    expect(await main(['serve', '--log', 'verbose'], run.io)).toBe(2);
    expect(run.err()).toMatch(/Invalid value for --log: expected pretty, json, off/);
  });
});

describe('requestLogLine', () => {
  it('cuts caller text at 200 characters and escapes controls, in both formats', async () => {
    const { requestLogLine } = await import('../../src/simulator/control/log-line');
    const event = { time: 0, method: 'POST', path: '/p', operation: 'createOrderV1_1' as const, status: 200, ms: 1.26, requestReference: `\u202e${'r'.repeat(10_000)}` };
    const pretty = requestLogLine(event, 'pretty');
    expect(pretty).toBe(`1970-01-01T00:00:00.000Z POST /p createOrderV1_1 200 1.3ms \\u{202e}${'r'.repeat(199)}…\n`);
    const json = requestLogLine(event, 'json');
    expect(json).not.toContain('\u202e');
    expect(JSON.parse(json).requestReference).toHaveLength(201);
  });
});
