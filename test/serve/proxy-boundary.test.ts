/**
 * `fulfilkit proxy` at the network boundary (audit B): what its log shows of an absolute-form
 * target, one deadline for the whole upstream exchange, other spellings of a linted
 * operation's path under --reject-invalid, and the headers a `Connection` header names.
 * Every server binds 127.0.0.1 and stops by itself.
 */
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProxy, type ProxyViolation } from '../../src/simulator/control/proxy';
import { BODY_BUDGET_BYTES, heapBytes } from '../../src/simulator/kept';
import { change, validOrder, validReturn } from '../fixtures';
import { AUTH, jsonRequest, proxy, raw, type Running } from './_kit';

const ORDERS = '/fulfillmentapi/v1.1/orders';
const RETURNS = '/rmaportalapi/v1/rmaTokens';
const invalidOrder = () => change(validOrder('1.1'), { '/clientRequest/order/shipServiceLevel': 'FLY' });
const invalidReturn = () => change(validReturn(), { '/requestHeader/client': 42 });

/** A recording upstream on 127.0.0.1: each request's target and headers, then `answer`. */
async function upstreamOf(answer: (res: ServerResponse) => void = (res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"result":"true","errorCode":null,"errorMessage":null}')) {
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  const server: Server = createServer((req, res) => {
    req.resume();
    seen.push({ url: req.url ?? '', headers: req.headers });
    answer(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url,
    seen,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** Sends one raw request line to `url`'s port and reads the whole answer (the socket closes). */
function rawLine(url: string, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1', () => socket.end(text));
    let answer = '';
    socket.setEncoding('utf8');
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('the proxy log shows the parsed path only', () => {
  it('never prints the user info or the query of an absolute-form target, in the log or the violations', async () => {
    const upstream = await upstreamOf();
    const runs = [await proxy(['--upstream', upstream.url, '--log', 'pretty']), await proxy(['--upstream', upstream.url, '--log', 'json'])];
    try {
      for (const run of runs) {
        const answer = await rawLine(run.url, 'GET http://log-user:LOG-SECRET-1@operator.example/productapi/v1/inventory?sku=QUERY-SECRET-2 HTTP/1.1\r\nHost: operator.example\r\nConnection: close\r\n\r\n');
        expect(answer).toMatch(/^HTTP\/1\.1 400/);
        // An origin-form target with a query and a stray `@`: the path is logged, the query is not.
        await raw(`${run.url}/productapi/v1/inventory?key=QUERY-SECRET-3@x`, { headers: AUTH });
        const written = run.out() + run.err() + JSON.stringify((await raw(`${run.url}/_fulfilkit/violations`)).json);
        for (const part of ['log-user', 'LOG-SECRET-1', 'operator.example', 'QUERY-SECRET', 'sku=', '?']) expect(written).not.toContain(part);
      }
      expect(runs[0]!.out()).toMatch(/Z GET \/productapi\/v1\/inventory - 400 /);
      const line = runs[1]!.out().split('\n').find((text) => text.includes('"status":400'))!;
      expect(JSON.parse(line)).toMatchObject({ method: 'GET', path: '/productapi/v1/inventory', status: 400 });
    } finally {
      for (const run of runs) await run.stop();
      await upstream.close();
    }
  });
});

describe('the proxy gives the upstream one deadline for the whole exchange', () => {
  it('answers 504 to an upstream that trickles its body, long before the trickle would end, and closes it', { timeout: 20_000 }, async () => {
    let trickling = 0;
    const ended: boolean[] = [];
    const upstream = await upstreamOf((res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      // One byte every 100 ms for 4 s: never idle long enough for an idle timeout of 300 ms.
      const timer = setInterval(() => {
        trickling++;
        if (trickling < 40) res.write(' ');
        else {
          clearInterval(timer);
          res.end('{"inventory":[],"errorCode":"","errorMessage":""}');
        }
      }, 100);
      res.on('close', () => {
        clearInterval(timer);
        ended.push(res.writableFinished);
      });
    });
    const running = await startProxy({ upstream: upstream.url, timeoutMs: 300 });
    try {
      const answer = await raw(`${running.url}/productapi/v1/inventory`, { headers: AUTH });
      const bytesSent = trickling;
      expect(answer.status).toBe(504);
      expect(answer.json).toEqual({ statusCode: '504', message: 'The upstream did not answer in time.' });
      expect(bytesSent).toBeLessThan(40);
      // The proxy closed the upstream's connection before its answer was complete.
      await expect.poll(() => ended).toEqual([false]);
      // The proxy goes on serving.
      expect((await raw(`${running.url}/_fulfilkit/violations`)).status).toBe(200);
    } finally {
      await running.close();
      await upstream.close();
    }
  });

  it('refuses a deadline setTimeout cannot keep', async () => {
    for (const timeoutMs of [0, -1, Number.NaN, 2 ** 31, Number.POSITIVE_INFINITY]) {
      await expect(startProxy({ upstream: 'http://127.0.0.1:9', timeoutMs })).rejects.toThrow(RangeError);
    }
  });

  it('answers 504 to an upstream that sends no status at all', async () => {
    const upstream = await upstreamOf(() => undefined);
    const running = await startProxy({ upstream: upstream.url, timeoutMs: 200 });
    try {
      expect((await raw(`${running.url}/productapi/v1/inventory`, { headers: AUTH })).status).toBe(504);
    } finally {
      await running.close();
      await upstream.close();
    }
  });
});

/** Other spellings of a linted operation's path that a lenient upstream reads as the operation. */
const SPELLINGS = [
  { name: 'a trailing slash', orders: `${ORDERS}/`, returns: `${RETURNS}/` },
  { name: 'another case', orders: '/FulfillmentAPI/v1.1/Orders', returns: '/RMAPortalAPI/v1/RMATOKENS' },
  { name: 'an escaped unreserved letter', orders: '/fulfillmentapi/v1.1/%6Frders', returns: '/rmaportalapi/v1/%72ma%54okens' },
  { name: 'a ;param', orders: `${ORDERS};x=1`, returns: `${RETURNS};x=1` },
  { name: 'a doubled slash', orders: '/fulfillmentapi//v1.1/orders', returns: '/rmaportalapi//v1/rmaTokens' },
  { name: 'a dot segment behind a ;param', orders: `${ORDERS}/x/..;y`, returns: `${RETURNS}/x/..;y` },
  { name: 'an escaped slash', orders: '/fulfillmentapi/v1.1%2Forders', returns: '/rmaportalapi%2fv1/rmaTokens' },
  { name: 'an escaped backslash', orders: '/fulfillmentapi/v1.1%5Corders', returns: '/rmaportalapi/v1%5crmaTokens' },
] as const;

const OPERATIONS = [
  { operation: 'createOrderV1_1', key: 'orders', invalid: invalidOrder, valid: () => validOrder('1.1') },
  { operation: 'createReturnToken', key: 'returns', invalid: invalidReturn, valid: validReturn },
] as const;

describe('--reject-invalid and other spellings of a linted path', () => {
  let upstream: Awaited<ReturnType<typeof upstreamOf>>;
  let rejecting: Running;
  let checking: Running;
  beforeAll(async () => {
    upstream = await upstreamOf();
    rejecting = await proxy(['--upstream', upstream.url, '--reject-invalid', '--log', 'off']);
    checking = await proxy(['--upstream', upstream.url, '--log', 'off']);
  });
  afterAll(async () => {
    for (const run of [rejecting, checking]) expect(await run.stop()).toBe(0);
    await upstream.close();
  });

  describe.each(OPERATIONS)('$operation', ({ operation, key, invalid, valid }) => {
    it.each(SPELLINGS)('refuses $name with 400, valid body or not, and never forwards it', async (spelling) => {
      const path = spelling[key];
      const before = upstream.seen.length;
      for (const body of [invalid(), valid()]) {
        const answer = await raw(`${rejecting.url}${path}`, { ...jsonRequest('POST', body, AUTH), path });
        expect(answer.status).toBe(400);
        expect(answer.json).toEqual({ statusCode: '400', message: expect.stringContaining('another spelling of') });
      }
      expect(upstream.seen.length).toBe(before);
      const violations = (await raw(`${rejecting.url}/_fulfilkit/violations`)).json.violations.slice(-2);
      expect(violations).toEqual([
        { operation, status: 400, problems: [expect.objectContaining({ severity: 'error' })] },
        { operation, status: 400, problems: [] },
      ]);
    });

    it.each(SPELLINGS)('without --reject-invalid: forwards $name as sent and lints it as the operation', async (spelling) => {
      const path = spelling[key];
      const before = upstream.seen.length;
      await raw(`${checking.url}${path}`, { ...jsonRequest('POST', invalid(), AUTH), path });
      expect(upstream.seen.slice(before).map((seen) => seen.url)).toEqual([path]);
      const [last] = (await raw(`${checking.url}/_fulfilkit/violations`)).json.violations.slice(-1);
      expect(last).toMatchObject({ operation, problems: [expect.objectContaining({ severity: 'error' })] });
    });
  });

  it('still answers 422 at the spec spelling and forwards a valid body there', async () => {
    const before = upstream.seen.length;
    expect((await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', invalidOrder(), AUTH))).status).toBe(422);
    expect((await raw(`${rejecting.url}${RETURNS}`, jsonRequest('POST', invalidReturn(), AUTH))).status).toBe(422);
    expect((await raw(`${rejecting.url}${ORDERS}`, jsonRequest('POST', validOrder('1.1'), AUTH))).status).toBe(200);
    expect(upstream.seen.slice(before).map((seen) => seen.url)).toEqual([ORDERS]);
  });
});

describe('the upstream path prefix', () => {
  it('stays: dot segments of the request cannot climb out of it', async () => {
    const upstream = await upstreamOf((res) => res.writeHead(404).end());
    const run = await proxy(['--upstream', `${upstream.url}/test-env`, '--log', 'off']);
    try {
      for (const path of ['/../productapi/v1/inventory', '/%2e%2e/productapi/v1/inventory?sku=A']) await raw(run.url, { path, headers: AUTH });
      expect(upstream.seen.map((seen) => seen.url)).toEqual(['/test-env/productapi/v1/inventory', '/test-env/productapi/v1/inventory?sku=A']);
    } finally {
      await run.stop();
      await upstream.close();
    }
  });
});

describe('headers a Connection header names stay on their hop', () => {
  it('drops them from the request and from the answer; other headers pass', async () => {
    const upstream = await upstreamOf((res) =>
      res.writeHead(200, { 'Content-Type': 'application/json', Connection: 'keep-alive, X-Upstream-Hop', 'X-Upstream-Hop': 'proxy-only', 'X-Upstream-End': 'client' }).end('{"inventory":[],"errorCode":"","errorMessage":""}'),
    );
    const run = await proxy(['--upstream', upstream.url, '--log', 'off']);
    try {
      const answer = await raw(`${run.url}/productapi/v1/inventory`, { headers: { ...AUTH, Connection: 'close, X-Client-Hop', 'X-Client-Hop': 'proxy-only', 'X-Client-End': 'upstream' } });
      expect(answer.status).toBe(200);
      const [seen] = upstream.seen;
      expect(seen!.headers['x-client-hop']).toBeUndefined();
      expect(seen!.headers['x-client-end']).toBe('upstream');
      expect(answer.headers['x-upstream-hop']).toBeUndefined();
      expect(answer.headers['x-upstream-end']).toBe('client');
    } finally {
      await run.stop();
      await upstream.close();
    }
  });
});

describe('the problems the proxy keeps are bounded in bytes, as the simulator bounds its kept bodies', () => {
  it('counts the oldest violations\' problems in `omitted` once the kept ones pass 64 MiB, newest kept whole', { timeout: 60_000 }, async () => {
    // An order of 400 empty items: over 1,000 problems (the first 1,000 listed) from 1.2 KB.
    const order = change(validOrder('1.1'), { '/clientRequest/item': Array.from({ length: 400 }, () => ({})) });
    const running = await startProxy({ upstream: 'http://127.0.0.1:9', rejectInvalid: true });
    try {
      const sent = 200;
      for (let i = 0; i < sent; i++) expect((await fetch(`${running.url}${ORDERS}`, { ...jsonRequest('POST', order, AUTH) })).status).toBe(422);
      const violations = running.violations();
      expect(violations).toHaveLength(sent);
      const whole = violations.filter((v) => v.problems.length > 0);
      // Each listed its first 1,000: the budget keeps some 90 of them, the newest.
      expect(whole.length).toBeGreaterThan(10);
      expect(whole.length).toBeLessThan(sent);
      expect(violations.slice(sent - whole.length)).toEqual(whole);
      expect(whole.reduce((n, v) => n + heapBytes(v.problems), 0)).toBeLessThanOrEqual(BODY_BUDGET_BYTES);
      // Nothing is lost from the count: an older one tallies all it had.
      const [oldest, newest] = [violations[0]!, violations[sent - 1]!];
      const total = (v: ProxyViolation) => v.problems.length + (v.omitted ? v.omitted.errors + v.omitted.warnings : 0);
      expect(oldest.problems).toEqual([]);
      expect(total(oldest)).toBe(total(newest));
      expect(Object.values(oldest.omitted!.byRule).reduce((a, b) => a + b, 0)).toBe(total(newest));
      const answer = (await (await fetch(`${running.url}/_fulfilkit/violations`)).json()) as { violations: ProxyViolation[] };
      expect(answer.violations[0]).toEqual(oldest);
    } finally {
      await running.close();
    }
  });
});
