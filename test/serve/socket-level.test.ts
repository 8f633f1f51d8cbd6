/**
 * What reaches `serve` and `proxy` below a request handler, over raw sockets: a body over
 * 10 MiB that the client sends whole before it reads (Python's http.client, Java) gets the
 * 413, not a broken pipe; CONNECT and requests Node's parser refuses get a JSON answer and
 * one log line each.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/simulator/answers';
import { AUTH, proxy, rawConnection, serve, type Running } from './_kit';

const ORDERS = '/fulfillmentapi/v1.1/orders';
const BIG = Buffer.from(`{"a":"${'x'.repeat(MAX_BODY_BYTES + 1024 * 1024)}"}`);
const authHeaders = Object.entries(AUTH).map(([name, value]) => `${name}: ${value}\r\n`).join('');

/** The request log lines written since `before`. */
const linesSince = (run: Running, before: number) => run.out().slice(before).trimEnd().split('\n').filter(Boolean);

describe('a body over 10 MiB sent whole before the answer is read', () => {
  let sim: Running;
  let proxied: Running;
  beforeAll(async () => {
    sim = await serve(['--log', 'off']);
    proxied = await proxy(['--upstream', sim.url, '--log', 'off']);
  });
  afterAll(async () => {
    for (const run of [proxied, sim]) expect(await run.stop()).toBe(0);
  });

  const chunked = (body: Buffer) => {
    const parts: Buffer[] = [];
    for (let i = 0; i < body.length; i += 65536) {
      const part = body.subarray(i, i + 65536);
      parts.push(Buffer.from(`${part.length.toString(16)}\r\n`), part, Buffer.from('\r\n'));
    }
    return Buffer.concat([...parts, Buffer.from('0\r\n\r\n')]);
  };

  it.each([
    ['serve', 'declared (Content-Length)'],
    ['proxy', 'declared (Content-Length)'],
    ['serve', 'growing past the limit (chunked)'],
    ['proxy', 'growing past the limit (chunked)'],
  ] as const)('%s, %s: the whole body is written, then a 413 is read, and the connection still answers', { timeout: 30_000 }, async (server, how) => {
    const url = server === 'serve' ? sim.url : proxied.url;
    const connection = await rawConnection(url);
    try {
      const framing = how.startsWith('declared') ? `Content-Length: ${BIG.length}` : 'Transfer-Encoding: chunked';
      await connection.write(`POST ${ORDERS} HTTP/1.1\r\nHost: 127.0.0.1\r\n${authHeaders}Content-Type: application/json\r\n${framing}\r\n\r\n`);
      await connection.write(how.startsWith('declared') ? BIG : chunked(BIG));
      const answer = await connection.answer();
      expect(answer.status).toBe(413);
      expect(JSON.parse(answer.text)).toEqual({ statusCode: '413', message: expect.stringContaining('10 MiB') });
      // The rest of the body was read and dropped: the next request on the connection is answered.
      await connection.write(`GET /_fulfilkit/${server === 'serve' ? 'health' : 'violations'} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
      expect((await connection.answer()).status).toBe(200);
    } finally {
      connection.close();
    }
  });
});

describe('CONNECT and requests the HTTP parser refuses', () => {
  const runs: Record<string, Running> = {};
  beforeAll(async () => {
    runs.serveJson = await serve(['--log', 'json']);
    runs.servePretty = await serve(['--log', 'pretty']);
    runs.proxyJson = await proxy(['--upstream', runs.serveJson.url, '--log', 'json']);
    runs.proxyPretty = await proxy(['--upstream', runs.serveJson.url, '--log', 'pretty']);
  });
  afterAll(async () => {
    for (const name of ['proxyJson', 'proxyPretty', 'serveJson', 'servePretty']) expect(await runs[name]!.stop()).toBe(0);
  });

  /** Sends raw bytes and reads the one answer; the server closes the connection after it. */
  async function exchange(run: Running, bytes: string) {
    const before = run.out().length;
    const connection = await rawConnection(run.url);
    try {
      await connection.write(bytes);
      const answer = await connection.answer();
      // The answer ends the connection: nothing further comes.
      await expect(connection.answer()).rejects.toThrow(/closed/);
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { answer, lines: linesSince(run, before) };
    } finally {
      connection.close();
    }
  }

  describe.each(['serve', 'proxy'])('%s', (server) => {
    it('answers CONNECT 405 in JSON with an empty Allow, and logs one line of it (never the user info)', async () => {
      for (const format of ['Json', 'Pretty']) {
        const run = runs[`${server}${format}`]!;
        const { answer, lines } = await exchange(run, 'CONNECT user:secret@other.host:443 HTTP/1.1\r\nHost: other.host:443\r\n\r\n');
        expect(answer.status).toBe(405);
        expect(answer.headers).toMatchObject({ allow: '', connection: 'close', 'content-type': 'application/json; charset=utf-8' });
        expect(JSON.parse(answer.text)).toEqual({ statusCode: '405', message: expect.stringContaining('CONNECT is not supported') });
        expect(lines).toHaveLength(1);
        expect(lines[0]).not.toMatch(/secret|other\.host/);
        if (format === 'Json') expect(JSON.parse(lines[0]!)).toMatchObject({ method: 'CONNECT', path: '/*', operation: null, status: 405, requestReference: null });
        else expect(lines[0]).toMatch(/^\S+Z CONNECT \/\* - 405 0ms -$/);
      }
    });

    it('logs only the 413 when the client stops sending its body after reading it (as curl does), and still logs a request cut short', async () => {
      const run = runs[`${server}Json`]!;
      const target = new URL(run.url);
      /**
       * Writes the bytes and ends its side: a short request (headers cut short) right after
       * writing it, a long one (a body cut short) once an answer's head has come back.
       */
      const halfClosed = (bytes: string | Buffer) =>
        new Promise<string>((resolve) => {
          let got = '';
          const endsAtOnce = bytes.length < 1000;
          const socket = connect({ host: target.hostname, port: Number(target.port) }, () => socket.write(bytes, () => (endsAtOnce ? socket.end() : undefined)));
          socket.on('data', (chunk) => {
            got += chunk.toString('latin1');
            if (got.includes('\r\n\r\n')) socket.end();
          });
          socket.on('error', () => undefined);
          socket.on('close', () => resolve(got));
        });
      const before = run.out().length;
      const head = `POST ${ORDERS} HTTP/1.1\r\nHost: 127.0.0.1\r\n${authHeaders}Content-Type: application/json\r\nContent-Length: ${MAX_BODY_BYTES * 2}\r\n\r\n`;
      expect(await halfClosed(Buffer.concat([Buffer.from(head), Buffer.alloc(100_000, 32)]))).toMatch(/^HTTP\/1\.1 413 /);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(linesSince(run, before).map((line) => JSON.parse(line).status)).toEqual([413]);
      // Headers cut short by the client's end, on a fresh connection: a request that did not parse, answered and logged.
      const cut = run.out().length;
      expect(await halfClosed('GET /_fulfilkit/health HTTP/1.1\r\nHost: x\r\n')).toMatch(/^HTTP\/1\.1 400 /);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(linesSince(run, cut).map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ method: '-', path: '-', status: 400 })]);
    });

    it('answers TRACE 404 in JSON as any method no route has (a Fetch Request cannot carry it), and logs one line', async () => {
      const run = runs[`${server}Json`]!;
      const before = run.out().length;
      const connection = await rawConnection(run.url);
      try {
        for (const path of ['/fulfillmentapi/v1.1/orders', '/_fulfilkit/health']) {
          await connection.write(`TRACE ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
          const answer = await connection.answer();
          // The proxy forwards the first to its upstream (a serve) and answers the second itself.
          expect(answer.status).toBe(404);
          if (server === 'serve') expect(JSON.parse(answer.text)).toEqual({ statusCode: '404', message: 'Resource not found.' });
        }
      } finally {
        connection.close();
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(linesSince(run, before).map((line) => JSON.parse(line))).toEqual([expect.objectContaining({ method: 'TRACE', path: '/fulfillmentapi/v1.1/orders', status: 404 }), expect.objectContaining({ method: 'TRACE', path: '/_fulfilkit/health', status: 404 })]);
    });

    it.each([
      ['a header line without a colon', 'GET /_fulfilkit/health HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n', 400, '-', '-'],
      ['a target with spaces', 'GET /a b c HTTP/1.1\r\nHost: x\r\n\r\n', 400, '-', '-'],
      ['not HTTP at all (a TLS hello)', '\u0016\u0003\u0001\u0002\u0000\u0001\r\n\r\n', 400, '-', '-'],
      ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, 431, '-', '-'],
      ['HTTP/1.1 without Host (RFC 9112, 3.2)', 'GET /_fulfilkit/health?k=secret HTTP/1.1\r\n\r\n', 400, 'GET', '/_fulfilkit/health'],
    ])('answers %s with JSON and Connection: close, and logs one line', async (_name, bytes, status, method, path) => {
      for (const format of ['Json', 'Pretty']) {
        const run = runs[`${server}${format}`]!;
        const { answer, lines } = await exchange(run, bytes);
        expect(answer.status).toBe(status);
        expect(answer.headers).toMatchObject({ connection: 'close', 'content-type': 'application/json; charset=utf-8' });
        expect(JSON.parse(answer.text)).toEqual({ statusCode: String(status), message: expect.any(String) });
        expect(lines).toHaveLength(1);
        expect(lines[0]).not.toContain('secret');
        if (format === 'Json') expect(JSON.parse(lines[0]!)).toMatchObject({ method, path, operation: null, status, requestReference: null });
        else expect(lines[0]!.split(' ').slice(1)).toEqual([method, path, '-', String(status), '0ms', '-']);
      }
    });
  });
});
