/**
 * Helpers of the `fulfilkit serve` / `fulfilkit proxy` tests: captured CLI streams, a
 * command started in-process on 127.0.0.1 (port 0) and stopped by an AbortController, and
 * raw requests with node:http (a client that sends exactly what it is given).
 */
import { request } from 'node:http';
import { connect } from 'node:net';
import { Readable } from 'node:stream';
import { parseProxyArgs, proxyCommand } from '../../src/cli/proxy-command';
import { parseServeArgs, serveCommand } from '../../src/cli/serve-command';
import { CLIENT } from '../simulator/_kit';
import { scratchDir } from '../_scratch';

/** Captured streams of one command run. */
export function capture(env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  let seen: (text: string) => void = () => undefined;
  const io = {
    stdin: Readable.from([]),
    stdout: { write: (s: string) => ((stdout += s), seen(stdout)) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: scratchDir('fulfilkit-serve-'),
    env,
  };
  const url = new Promise<string>((resolve) => {
    seen = (text) => {
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) resolve(match[1]!);
    };
  });
  return { io, url, out: () => stdout, err: () => stderr };
}

/** A running command: its URL, its output, and `stop()` (resolves with the exit code). */
export interface Running {
  readonly url: string;
  out(): string;
  err(): string;
  stop(): Promise<number>;
}

async function running(run: ReturnType<typeof capture>, start: (signal: AbortSignal) => Promise<number>): Promise<Running> {
  const stop = new AbortController();
  const done = start(stop.signal);
  const url = await Promise.race([run.url, done.then((code) => Promise.reject(new Error(`exited ${code}: ${run.err()}`)))]);
  return { url, out: run.out, err: run.err, stop: () => (stop.abort(), done) };
}

/** Starts `fulfilkit serve --port 0 ...argv` in-process. */
export function serve(argv: readonly string[] = [], env: Record<string, string> = {}): Promise<Running> {
  const run = capture(env);
  return running(run, (signal) => serveCommand(parseServeArgs(['--port', '0', ...argv]), run.io, signal));
}

/** Starts `fulfilkit proxy --port 0 ...argv` in-process. */
export function proxy(argv: readonly string[], env: Record<string, string> = {}): Promise<Running> {
  const run = capture(env);
  return running(run, (signal) => proxyCommand(parseProxyArgs(['--port', '0', ...argv]), run.io, signal));
}

/** An answer read by node:http. */
export interface RawAnswer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly text: string;
  /** The body as JSON (`undefined` when it is not). */
  readonly json: any;
}

/**
 * Sends one request with node:http, exactly as given (a string or bytes body, or a
 * generator of chunks sent with chunked encoding).
 */
export function raw(url: string, options: { method?: string; path?: string; headers?: Record<string, string>; body?: string | Uint8Array | Iterable<Uint8Array> } = {}): Promise<RawAnswer> {
  const target = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request({ host: target.hostname, port: target.port, method: options.method ?? 'GET', path: options.path ?? target.pathname + target.search, headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let json: unknown;
        try {
          json = JSON.parse(text);
        } catch {
          json = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    const body = options.body;
    if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) req.end(body);
    else {
      for (const chunk of body) req.write(chunk);
      req.end();
    }
  });
}

/** A JSON request's options for `raw`. */
export function jsonRequest(method: string, body: unknown, headers: Record<string, string> = {}): { method: string; headers: Record<string, string>; body: string } {
  return { method, headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) };
}

/** The three auth headers of the default client. */
export const AUTH = { ClientConfigId: CLIENT.clientConfigId, ClientAuthKey: CLIENT.clientAuthKey, 'Ocp-Apim-Subscription-Key': CLIENT.subscriptionKey };

/** JSON text nested `depth` levels deep. */
export function deepJson(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** One answer read off a raw connection. */
export interface SocketAnswer {
  readonly status: number;
  /** Header names lower case; a repeated header keeps its last value. */
  readonly headers: Record<string, string>;
  readonly text: string;
}

/**
 * A raw TCP connection to a server: writes exactly the bytes given (a write resolves only
 * once they are all handed to the kernel, and rejects on a reset or broken pipe), and reads
 * answers one by one (by `Content-Length`, else up to the close).
 */
export async function rawConnection(url: string): Promise<{ write(data: string | Uint8Array): Promise<void>; answer(head?: boolean): Promise<SocketAnswer>; close(): void }> {
  const target = new URL(url);
  const socket = connect({ host: target.hostname, port: Number(target.port) });
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = Buffer.alloc(0);
  let ended = false;
  let wake = () => undefined as void;
  socket.on('data', (chunk: Buffer) => ((received = Buffer.concat([received, chunk])), wake()));
  socket.on('end', () => ((ended = true), wake()));
  socket.on('error', () => ((ended = true), wake()));
  return {
    write: (data) => new Promise((resolve, reject) => socket.write(data, (error) => (error ? reject(error) : resolve()))),
    async answer(head = false) {
      for (;;) {
        const end = received.indexOf('\r\n\r\n');
        const parsed = end < 0 ? undefined : parseAnswer(received, end, head, ended);
        if (parsed !== undefined) {
          received = received.subarray(parsed.used);
          return parsed.answer;
        }
        if (ended) throw new Error(`the connection closed after ${received.length} bytes, before a whole answer`);
        await new Promise<void>((resolve) => (wake = resolve));
      }
    },
    close: () => socket.destroy(),
  };
}

/** One whole answer at the start of `bytes` (its head ends at `end`), and the bytes it takes; `undefined` while incomplete. */
function parseAnswer(bytes: Buffer, end: number, head: boolean, ended: boolean): { answer: SocketAnswer; used: number } | undefined {
  const lines = bytes.subarray(0, end).toString('latin1').split('\r\n');
  const headers = Object.fromEntries(lines.slice(1).map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
  const status = Number(lines[0]!.split(' ')[1]);
  let at = end + 4;
  if (head) return { answer: { status, headers, text: '' }, used: at };
  if (headers['transfer-encoding'] === 'chunked') {
    const chunks: Buffer[] = [];
    for (;;) {
      const line = bytes.indexOf('\r\n', at);
      if (line < 0) return undefined;
      const size = Number.parseInt(bytes.subarray(at, line).toString('latin1'), 16);
      if (bytes.length < line + 2 + size + 2) return undefined;
      chunks.push(bytes.subarray(line + 2, line + 2 + size));
      at = line + 2 + size + 2;
      if (size === 0) return { answer: { status, headers, text: Buffer.concat(chunks).toString('utf8') }, used: at };
    }
  }
  const length = headers['content-length'] === undefined ? undefined : Number(headers['content-length']);
  if (length === undefined ? !ended : bytes.length - at < length) return undefined;
  const size = length ?? bytes.length - at;
  return { answer: { status, headers, text: bytes.subarray(at, at + size).toString('utf8') }, used: at + size };
}
