/**
 * DNS rebinding: a page at http://evil.example:PORT whose name now resolves to 127.0.0.1 is
 * same-origin to the browser (Origin and Host agree, Sec-Fetch-Site: same-origin). Without a
 * token, `serve` and `proxy` answer a control request only when its Host names this server
 * (an IP literal, localhost, a name under .localhost, or the host it listens on); the
 * in-process simulator (fetch, msw) takes any host name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTROL_MESSAGES, namesThisServer } from '../../src/simulator/control/guard';
import { createSimulator } from '../../src/simulator/create-simulator';
import { validOrder } from '../fixtures';
import { AUTH, jsonRequest, proxy, raw, rawConnection, serve, type Running } from './_kit';

/** The headers a browser sends from a page at `http://${host}` (after the rebinding: same-origin). */
const page = (host: string) => ({ Host: host, Origin: `http://${host}`, 'Sec-Fetch-Site': 'same-origin' });

const REFUSED = ['evil.example:PORT', 'evil.example', 'EVIL.Example:PORT', 'localhost.evil.example:PORT', '127.0.0.1.nip.io:PORT', 'localhostx:PORT', '[::1].evil.example'];
const ALLOWED = ['127.0.0.1:PORT', '127.0.0.1', 'localhost:PORT', 'LOCALHOST', 'app.localhost:PORT', '[::1]:PORT', '10.1.2.3:PORT'];

describe('serve and proxy without a token refuse a control request whose Host is not theirs', () => {
  let sim: Running;
  let proxied: Running;
  beforeAll(async () => {
    sim = await serve(['--log', 'off']);
    proxied = await proxy(['--upstream', sim.url, '--log', 'off']);
    await raw(`${sim.url}/fulfillmentapi/v1.1/orders`, jsonRequest('POST', validOrder('1.1'), AUTH));
  });
  afterAll(async () => {
    for (const run of [proxied, sim]) expect(await run.stop()).toBe(0);
  });
  const hostOf = (run: Running, host: string) => host.replace('PORT', new URL(run.url).port);

  it.each(REFUSED)('Host %j: 403 on read, reset and faults, never echoing the Host; nothing changes', async (template) => {
    const host = hostOf(sim, template);
    const read = await raw(`${sim.url}/_fulfilkit/received`, { headers: page(host) });
    expect(read).toMatchObject({ status: 403, json: { message: CONTROL_MESSAGES.foreignHost } });
    expect(read.text).not.toContain('evil');
    expect((await raw(`${sim.url}/_fulfilkit/reset`, { method: 'POST', headers: page(host) })).status).toBe(403);
    expect((await raw(`${sim.url}/_fulfilkit/faults`, { method: 'PUT', headers: { ...page(host), 'Content-Type': 'application/json' }, body: '{"drop":1}' })).status).toBe(403);
    expect((await raw(`${sim.url}/_fulfilkit/orders`)).json.orders).toHaveLength(1);
    expect((await raw(`${sim.url}/_fulfilkit/faults`)).json).toEqual({});
    const violations = await raw(`${proxied.url}/_fulfilkit/violations`, { headers: page(hostOf(proxied, template)) });
    expect(violations).toMatchObject({ status: 403, json: { message: CONTROL_MESSAGES.foreignHost } });
  });

  it.each(ALLOWED)('Host %j: answered', async (template) => {
    expect((await raw(`${sim.url}/_fulfilkit/health`, { headers: { Host: hostOf(sim, template), 'Sec-Fetch-Site': 'same-origin' } })).status).toBe(200);
    expect((await raw(`${proxied.url}/_fulfilkit/violations`, { headers: { Host: hostOf(proxied, template) } })).status).toBe(200);
  });

  it('answers a request without a Host header (HTTP/1.0: no browser sends one)', async () => {
    for (const run of [sim, proxied]) {
      const connection = await rawConnection(run.url);
      await connection.write(`GET /_fulfilkit/${run === sim ? 'health' : 'violations'} HTTP/1.0\r\n\r\n`);
      expect((await connection.answer()).status).toBe(200);
      connection.close();
    }
  });

  it("leaves the operator's paths alone: any Host reaches them", async () => {
    const answer = await raw(`${sim.url}/productapi/v1/inventory?sku=MUG-RED`, { headers: { ...AUTH, Host: 'operator.example' } });
    expect(answer.status).toBe(200);
  });
});

describe('with a token, the token is the guard', () => {
  it('answers a container name (http://operator:4010) that carries the token', async () => {
    const sim = await serve(['--log', 'off', '--control-token', 'ci-token']);
    const proxied = await proxy(['--upstream', sim.url, '--log', 'off', '--control-token', 'ci-token']);
    try {
      const bearer = { Authorization: 'Bearer ci-token', Host: 'operator:4010' };
      expect((await raw(`${sim.url}/_fulfilkit/health`, { headers: bearer })).status).toBe(200);
      expect((await raw(`${proxied.url}/_fulfilkit/violations`, { headers: bearer })).status).toBe(200);
      expect((await raw(`${sim.url}/_fulfilkit/health`, { headers: page('evil.example') })).status).toBe(401);
    } finally {
      for (const run of [proxied, sim]) expect(await run.stop()).toBe(0);
    }
  });
});

describe('in process, any host name', () => {
  it('handle and fetch answer the control API at any host (msw and fetch users name their own)', async () => {
    const simulator = createSimulator({ control: {} });
    expect((await simulator.handle(new Request('http://evil.example/_fulfilkit/health', { headers: { Host: 'evil.example' } }))).status).toBe(200);
    expect((await simulator.fetch('https://api.operator.test/_fulfilkit/health')).status).toBe(200);
  });
});

describe('namesThisServer', () => {
  it.each([
    ['127.0.0.1:4010', '127.0.0.1', true],
    ['192.168.1.20:4010', '0.0.0.0', true],
    ['[::1]', '::1', true],
    ['[fe80::1]:4010', '::', true],
    ['localhost', '127.0.0.1', true],
    ['a.b.localhost:4010', '127.0.0.1', true],
    ['sim.internal:4010', 'sim.internal', true],
    ['SIM.internal', 'sim.internal', true],
    [null, '127.0.0.1', true],
    ['sim.internal.evil.example', 'sim.internal', false],
    ['evil.example:4010', '0.0.0.0', false],
    ['1.2.3.4.evil.example', '127.0.0.1', false],
    ['1.2.3', '127.0.0.1', false],
    ['[evil.example]', '127.0.0.1', false],
    ['[]', '127.0.0.1', false],
    ['localhost.:4010', '127.0.0.1', false],
    ['', '127.0.0.1', false],
  ] as const)('Host %j, listening on %j: %j', (header, listenHost, expected) => {
    expect(namesThisServer(header, listenHost)).toBe(expected);
  });
});
