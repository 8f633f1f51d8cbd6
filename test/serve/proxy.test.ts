/**
 * `fulfilkit proxy` over real HTTP on 127.0.0.1, in front of a `fulfilkit serve` upstream:
 * valid and invalid orders with and without --reject-invalid, violations bounded, a
 * redirecting upstream (passed back, never followed), and every input bounded.
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { parseProxyArgs } from '../../src/cli/proxy-command';
import { decodeCreateOrder } from '../../src/http/decode-create-order';
import { MAX_BODY_BYTES } from '../../src/simulator/answers';
import { change, validOrder, validReturn } from '../fixtures';
import { SECRETS } from '../simulator/_kit';
import { AUTH, capture, deepJson, jsonRequest, proxy, raw, serve, type Running } from './_kit';

const ORDERS = '/fulfillmentapi/v1.1/orders';
const invalid = () => change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': 'REQ-BAD', '/clientRequest/order/shipServiceLevel': 'FLY' });

async function received(upstream: Running): Promise<{ operation: string; body: unknown }[]> {
  return (await raw(`${upstream.url}/_fulfilkit/received`)).json.requests;
}

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

describe('fulfilkit proxy in front of fulfilkit serve', () => {
  let upstream: Running;
  let checking: Running;
  let rejecting: Running;
  beforeAll(async () => {
    upstream = await serve(['--log', 'off']);
    checking = await proxy(['--upstream', upstream.url, '--log', 'json', '--retain', '3']);
    rejecting = await proxy(['--upstream', upstream.url, '--reject-invalid', '--log', 'pretty']);
  });
  afterAll(async () => {
    for (const run of [checking, rejecting, upstream]) expect(await run.stop()).toBe(0);
  });

  it('forwards a valid order unchanged, credentials included, and lists no violation', async () => {
    await raw(`${upstream.url}/_fulfilkit/reset`, { method: 'POST' });
    const answer = await raw(`${checking.url}${ORDERS}?trace=1`, jsonRequest('POST', validOrder('1.1'), AUTH));
    expect(answer.status).toBe(200);
    expect(decodeCreateOrder(answer.status, answer.text)).toMatchObject({ ok: true });
    const [seen] = await received(upstream);
    expect(seen).toMatchObject({ operation: 'createOrderV1_1', url: expect.stringMatching(/\/fulfillmentapi\/v1\.1\/orders\?trace=1$/), body: validOrder('1.1'), client: 'ACME' });
    expect((await raw(`${checking.url}/_fulfilkit/violations`)).json).toEqual({ violations: [] });
  });

  it('without --reject-invalid: forwards an invalid order and lists its problems', async () => {
    await raw(`${upstream.url}/_fulfilkit/reset`, { method: 'POST' });
    const answer = await raw(`${checking.url}${ORDERS}`, jsonRequest('POST', invalid(), AUTH));
    expect(answer.json).toMatchObject({ result: 'false', errorCode: 'VALIDATION_ERROR' });
    expect(await received(upstream)).toHaveLength(1);
    const { violations } = (await raw(`${checking.url}/_fulfilkit/violations`)).json;
    expect(violations.at(-1)).toEqual({ operation: 'createOrderV1_1', status: 200, problems: [expect.objectContaining({ rule: 'enum', path: '/clientRequest/order/shipServiceLevel', severity: 'error' })] });
  });

  it('with --reject-invalid: answers 422 { problems } and the body never reaches the upstream', async () => {
    await raw(`${upstream.url}/_fulfilkit/reset`, { method: 'POST' });
    const answer = await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', invalid(), AUTH));
    expect(answer.status).toBe(422);
    expect(answer.json).toEqual({ problems: [expect.objectContaining({ rule: 'enum', path: '/clientRequest/order/shipServiceLevel' })] });
    const notJson = await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', '{"clientRequest":', AUTH));
    expect(notJson.json).toEqual({ problems: [{ rule: 'parse', severity: 'error', path: '', message: 'The request body is not valid JSON.' }] });
    const deep = await raw(`${rejecting.url}/rmaportalapi/v1/rmaTokens`, jsonRequest('POST', deepJson(600), AUTH));
    expect(deep.json.problems[0]).toMatchObject({ rule: 'parse', message: expect.stringContaining('512 levels') });
    expect(await received(upstream)).toEqual([]);
    // A valid body passes, whatever its kind.
    expect((await raw(`${rejecting.url}/rmaportalapi/v1/rmaTokens`, jsonRequest('POST', validReturn(), AUTH))).json).toMatchObject({ resultCode: '0' });
    expect((await raw(`${rejecting.url}/_fulfilkit/violations`)).json.violations.map((v: { status: number }) => v.status)).toEqual([422, 422, 422]);
  });

  it('lists at most 1000 problems of a body and counts the rest in omitted, in the 422 and in violations', async () => {
    await raw(`${rejecting.url}/_fulfilkit/violations`);
    const order = validOrder('1.1') as { clientRequest: { item: unknown[] } };
    // 1,200 items that are numbers: a type error each.
    order.clientRequest.item = Array.from({ length: 1200 }, () => 5);
    const answer = await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', order, AUTH));
    expect(answer.status).toBe(422);
    expect(answer.json.problems).toHaveLength(1000);
    expect(answer.json.omitted).toEqual({ errors: 200, warnings: 0, byRule: { type: 200 } });
    const last = (await raw(`${rejecting.url}/_fulfilkit/violations`)).json.violations.at(-1);
    expect(last.problems).toHaveLength(1000);
    expect(last.omitted).toEqual(answer.json.omitted);
  });

  it('refuses a body whose object names a member twice (which one the upstream reads is unknown), and lists it without --reject-invalid', async () => {
    await raw(`${upstream.url}/_fulfilkit/reset`, { method: 'POST' });
    // JSON.parse keeps the last clientRequest (valid); a reader that keeps the first gets an empty one.
    const text = JSON.stringify(validOrder('1.1')).replace('{"clientRequest":', '{"clientRequest":{},"clientRequest":');
    const refused = await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', text, AUTH));
    expect(refused.status).toBe(422);
    expect(refused.json.problems).toEqual([{ rule: 'parse', severity: 'error', path: '/clientRequest', message: expect.stringContaining('names the member twice') }]);
    expect(await received(upstream)).toEqual([]);
    // Deeper, and with the lint problems of what JSON.parse keeps after it.
    const nested = JSON.stringify(invalid()).replace('"sku":', '"sku":"A","sku":');
    expect((await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', nested, AUTH))).json.problems.map((p: { rule: string; path: string }) => `${p.rule} ${p.path}`)).toEqual([
      'parse /clientRequest/item/0/sku',
      'enum /clientRequest/order/shipServiceLevel',
    ]);
    const forwarded = await raw(`${checking.url}${ORDERS}`, jsonRequest('POST', text, AUTH));
    expect(forwarded.status).toBe(200);
    expect((await raw(`${checking.url}/_fulfilkit/violations`)).json.violations.at(-1)).toMatchObject({ status: 200, problems: [expect.objectContaining({ rule: 'parse', path: '/clientRequest' })] });
  });

  it('lints at the version of the path', async () => {
    const v12 = change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': 'REQ 12' });
    expect((await raw(`${rejecting.url}/fulfillmentapi/v1.1/orders`, jsonRequest('POST', v12, AUTH))).status).not.toBe(422);
    expect((await raw(`${rejecting.url}/fulfillmentapi/v1.2/orders`, jsonRequest('POST', v12, AUTH))).json.problems).toContainEqual(expect.objectContaining({ rule: 'key-charset' }));
  });

  it('keeps the newest --retain violations', async () => {
    for (let i = 0; i < 5; i++) await raw(`${checking.url}${ORDERS}`, jsonRequest('POST', change(invalid(), { '/clientRequest/requestHeader/requestReference': `R-${i}` }), AUTH));
    expect((await raw(`${checking.url}/_fulfilkit/violations`)).json.violations).toHaveLength(3);
  });

  it('logs one line per request, never a key, a header, a query or a body; escapes control characters', async () => {
    const before = checking.out().length;
    const hostile = change(invalid(), { '/clientRequest/requestHeader/requestReference': 'R\u001b[31m\nforged 200' });
    await raw(`${checking.url}${ORDERS}?subscription-key=${AUTH['Ocp-Apim-Subscription-Key']}`, jsonRequest('POST', hostile, AUTH));
    const lines = checking.out().slice(before).trimEnd().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toEqual({ time: expect.any(String), method: 'POST', path: ORDERS, operation: 'createOrderV1_1', status: 200, ms: expect.any(Number), requestReference: 'R\u001b[31m\nforged 200' });
    expect(lines[0]).not.toMatch(/[\u0000-\u001f]/);
    await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', hostile, AUTH));
    const pretty = rejecting.out().trimEnd().split('\n').at(-1)!;
    expect(pretty).toMatch(/^\d{4}-\d\d-\d\dT\S+ POST \/fulfillmentapi\/v1\.1\/orders createOrderV1_1 422 [\d.]+ms "R\\u\{1b\}\[31m\\u\{a\}forged 200"$/);
    for (const run of [checking, rejecting]) {
      for (const secret of SECRETS) expect(run.out() + run.err()).not.toContain(secret);
      expect(run.out()).not.toContain('jane.doe@example.com');
    }
  });

  it('bounds bodies: over 10 MiB is 413 and never forwarded', async () => {
    await raw(`${upstream.url}/_fulfilkit/reset`, { method: 'POST' });
    const huge = `{"x":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
    expect((await raw(`${checking.url}${ORDERS}`, jsonRequest('POST', huge, AUTH))).status).toBe(413);
    const chunks = function* () {
      for (let i = 0; i < 11; i++) yield new Uint8Array(1024 * 1024).fill(0x20);
    };
    expect((await raw(`${checking.url}/echo/resource`, { method: 'POST', headers: AUTH, body: chunks() })).status).toBe(413);
    expect(await received(upstream)).toEqual([]);
  });

  it('takes origin-form request targets only: another host cannot be named', async () => {
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(Number(new URL(checking.url).port), '127.0.0.1', () => socket.end('GET http://example.test/productapi/v1/inventory HTTP/1.1\r\nHost: example.test\r\n\r\n'));
      let text = '';
      socket.on('data', (c) => (text += c.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    const slashes = await raw(checking.url, { path: '//example.test/productapi/v1/inventory?sku=MUG-RED', headers: AUTH });
    expect(slashes.status).toBe(200);
  });

  it('answers 404 for its other control paths; the violations list needs the token when one is set', async () => {
    expect((await raw(`${checking.url}/_fulfilkit/orders`)).status).toBe(404);
    expect(await raw(`${checking.url}/_fulfilkit/violations`, { method: 'DELETE' })).toMatchObject({ status: 405, headers: { allow: 'GET, HEAD' } });
    // HEAD is answered as GET, without the body (RFC 9110, 9.3.2).
    const get = await raw(`${checking.url}/_fulfilkit/violations`);
    const head = await raw(`${checking.url}/_fulfilkit/violations`, { method: 'HEAD' });
    expect(head).toMatchObject({ status: 200, text: '', headers: { 'content-type': get.headers['content-type'], 'content-length': String(Buffer.byteLength(get.text)) } });
    const guarded = await proxy(['--upstream', upstream.url, '--log', 'off', '--control-token', 'proxy-token']);
    try {
      expect((await raw(`${guarded.url}/_fulfilkit/violations`)).status).toBe(401);
      expect((await raw(`${guarded.url}/_fulfilkit/violations`, { headers: { Authorization: 'Bearer proxy-token' } })).json).toEqual({ violations: [] });
      expect((await raw(`${guarded.url}/_fulfilkit/violations`, { headers: { Origin: 'http://evil.test', Authorization: 'Bearer proxy-token' } })).status).toBe(403);
      // The operator's paths need no control token.
      expect((await raw(`${guarded.url}/productapi/v1/inventory?sku=MUG-RED`, { headers: AUTH })).status).toBe(200);
    } finally {
      await guarded.stop();
    }
  });
});

describe('fulfilkit proxy and its upstream', () => {
  it('passes a redirect back to the client and never follows it; the answer is a decode error', async () => {
    let hits = 0;
    const elsewhere = await listen((_req, res) => {
      hits++;
      res.end('{}');
    });
    const redirecting = await listen((_req, res) => {
      res.writeHead(307, { Location: `${elsewhere.url}/fulfillmentapi/v1.1/orders` }).end();
    });
    const run = await proxy(['--upstream', redirecting.url, '--log', 'off']);
    try {
      const answer = await raw(`${run.url}${ORDERS}`, jsonRequest('POST', validOrder('1.1'), AUTH));
      expect(answer.status).toBe(307);
      expect(answer.headers.location).toBe(`${elsewhere.url}/fulfillmentapi/v1.1/orders`);
      expect(hits).toBe(0);
      expect((await raw(`${run.url}/_fulfilkit/violations`)).json.violations).toEqual([
        { operation: 'createOrderV1_1', status: 307, problems: [], decodeError: 'The answer (HTTP 307) matches none of the documented shapes of createOrderV1_1.' },
      ]);
    } finally {
      await run.stop();
      elsewhere.server.close();
      redirecting.server.close();
    }
  });

  it('keeps a path prefix of the upstream, and passes headers and status through', async () => {
    let seen: { url?: string; key?: string | string[] } = {};
    const upstream = await listen((req, res) => {
      seen = { url: req.url, key: req.headers['clientauthkey'] };
      res.writeHead(418, { 'X-Operator': 'yes' }).end('teapot');
    });
    const run = await proxy(['--upstream', `${upstream.url}/test-env/`, '--log', 'off']);
    try {
      const answer = await raw(`${run.url}/productapi/v1/inventory?sku=A`, { headers: AUTH });
      expect(answer).toMatchObject({ status: 418, text: 'teapot', headers: { 'x-operator': 'yes' } });
      expect(seen).toEqual({ url: '/test-env/productapi/v1/inventory?sku=A', key: AUTH.ClientAuthKey });
      expect((await raw(`${run.url}/_fulfilkit/violations`)).json.violations).toEqual([{ operation: 'getInventory', status: 418, problems: [], decodeError: expect.any(String) }]);
    } finally {
      await run.stop();
      upstream.server.close();
    }
  });

  it('answers 502 when the upstream cannot be reached', async () => {
    const gone = await listen(() => undefined);
    const url = gone.url;
    await new Promise((resolve) => gone.server.close(resolve));
    const run = await proxy(['--upstream', url, '--log', 'off']);
    try {
      expect((await raw(`${run.url}/productapi/v1/inventory?sku=A`, { headers: AUTH })).status).toBe(502);
    } finally {
      await run.stop();
    }
  });

  it.each([
    { argv: [], message: /needs --upstream URL/ },
    { argv: ['--upstream', 'ftp://operator.test'], message: /Invalid value for --upstream/ },
    { argv: ['--upstream', 'http://user:pw@operator.test'], message: /Invalid value for --upstream/ },
    { argv: ['--upstream', 'http://127.0.0.1:1', '--host', '0.0.0.0'], message: /give a --control-token/ },
    { argv: ['--upstream', 'http://127.0.0.1:1', '--log', 'loud'], message: /Invalid value for --log/ },
    { argv: ['--upstream', 'http://127.0.0.1:1', '--reject-invalid=yes'], message: /takes no value/ },
    { argv: ['--upstream', 'http://127.0.0.1:1', '--profile', 'missing.json'], message: /Cannot read the profile missing\.json/ },
  ])('exits 2 for $argv', async ({ argv, message }) => {
    const run = capture();
    const { proxyCommand } = await import('../../src/cli/proxy-command');
    let code: number;
    try {
      code = await proxyCommand(parseProxyArgs(['--port', '0', ...argv]), run.io);
    } catch (error) {
      run.io.stderr.write((error as Error).message);
      code = 2;
    }
    expect(code).toBe(2);
    expect(run.err()).toMatch(message);
    expect(run.err()).not.toContain('pw');
  });

  it('prints its help', () => {
    expect(parseProxyArgs(['--help'])).toMatchObject({ help: true });
    expect(parseProxyArgs(['--upstream', 'http://x.test'])).toMatchObject({ port: 4020, host: '127.0.0.1', rejectInvalid: false, log: 'pretty' });
    void main;
  });
});
