/**
 * A client that never reads its answer must not hold the answer in the server's memory
 * for ever (the simulator's control answers and the proxy's relayed ones can be tens of
 * megabytes): once an answer is written, the client has `READ_DEADLINE_MS` to take it,
 * then its connection is closed. A latency fault, or a slow upstream, is never cut: the
 * time counts from the answer's last write.
 */
import { createServer, type Server } from 'node:http';
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startProxy } from '../../src/simulator/control/proxy';
import { listen, READ_DEADLINE_MS } from '../../src/simulator/listen';

const BIG = 24 * 1024 * 1024;
const DEADLINE_MS = 300;

/**
 * Asks `url` for `path` on a raw socket that reads nothing for `stallMs`, then reads on.
 * Resolves with the body bytes received before the connection ended, and the length the
 * head announced.
 */
function stalledGet(url: string, path: string, stallMs: number): Promise<{ received: number; announced: number }> {
  return new Promise((resolve, reject) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.pause();
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
    let head = '';
    let headDone = false;
    let announced = -1;
    let received = 0;
    const stop = setTimeout(() => socket.destroy(new Error('the answer did not end in 20 s')), 20_000);
    socket.on('data', (chunk: Buffer) => {
      if (headDone) {
        received += chunk.length;
        return;
      }
      head += chunk.toString('latin1');
      const end = head.indexOf('\r\n\r\n');
      if (end === -1) return;
      headDone = true;
      announced = Number(/content-length: (\d+)/i.exec(head.slice(0, end))?.[1] ?? -1);
      received = Buffer.byteLength(head, 'latin1') - end - 4;
    });
    const done = () => {
      clearTimeout(stop);
      resolve({ received, announced });
    };
    socket.on('end', done);
    socket.on('close', done);
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? done() : reject(error)));
    setTimeout(() => socket.resume(), stallMs);
  });
}

/** A plain node:http server on 127.0.0.1 that answers every request with `bytes` zero bytes. */
async function bigUpstream(bytes: number): Promise<{ url: string; close(): Promise<void> }> {
  const body = Buffer.alloc(bytes);
  const server: Server = createServer((req, res) => {
    req.resume();
    res.writeHead(200, { 'Content-Type': 'application/octet-stream', 'Content-Length': String(bytes) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as { port: number }).port}`,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

describe('the read deadline of the simulator and the proxy', () => {
  it('is a minute by default', () => {
    expect(READ_DEADLINE_MS).toBe(60_000);
  });

  it('closes the connection of a client that reads nothing of a large answer past the deadline', { timeout: 30_000 }, async () => {
    const answer = new Uint8Array(BIG);
    const handle = async () => new Response(answer, { headers: { 'Content-Length': String(BIG) } });
    const cut = await listen(handle, { readDeadlineMs: DEADLINE_MS });
    const patient = await listen(handle, { readDeadlineMs: 10_000 });
    try {
      const [cutShort, whole] = await Promise.all([stalledGet(cut.url, '/', 4 * DEADLINE_MS), stalledGet(patient.url, '/', 4 * DEADLINE_MS)]);
      expect(cutShort.announced).toBe(BIG);
      expect(cutShort.received).toBeLessThan(BIG);
      // The same client, with time enough: all of it (the test could fail).
      expect(whole).toEqual({ received: BIG, announced: BIG });
    } finally {
      await Promise.all([cut.close(), patient.close()]);
    }
  });

  it('counts from the last write: an answer that waits longer than the deadline arrives whole', { timeout: 30_000 }, async () => {
    const server = await listen(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 3 * DEADLINE_MS));
        return new Response('{"result":"true"}', { headers: { 'Content-Length': '17' } });
      },
      { readDeadlineMs: DEADLINE_MS },
    );
    try {
      expect(await stalledGet(server.url, '/', 0)).toEqual({ received: 17, announced: 17 });
    } finally {
      await server.close();
    }
  });

  it('closes the proxy connection of a client that reads nothing of a large relayed answer', { timeout: 30_000 }, async () => {
    const upstream = await bigUpstream(8 * 1024 * 1024);
    const cut = await startProxy({ upstream: upstream.url }, { readDeadlineMs: DEADLINE_MS });
    const patient = await startProxy({ upstream: upstream.url }, { readDeadlineMs: 10_000 });
    try {
      const path = '/productapi/v1/inventory?sku=A';
      const [cutShort, whole] = await Promise.all([stalledGet(cut.url, path, 4 * DEADLINE_MS), stalledGet(patient.url, path, 4 * DEADLINE_MS)]);
      expect(cutShort.announced).toBe(8 * 1024 * 1024);
      expect(cutShort.received).toBeLessThan(8 * 1024 * 1024);
      expect(whole).toEqual({ received: 8 * 1024 * 1024, announced: 8 * 1024 * 1024 });
    } finally {
      await Promise.all([cut.close(), patient.close(), upstream.close()]);
    }
  });
});
