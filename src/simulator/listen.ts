/**
 * The node:http adapter: serves a simulator's `handle` over real HTTP. node:http is
 * imported when `listen` is called, never at load, so the main entry stays browser-safe.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { MESSAGES } from './answers';
import { receivedOn } from './control/guard';
import { isDroppedConnection } from './faults';
import { redactedPath } from './received';
import type { SimulatorRequestEvent, SimulatorServer } from './types';

// A variable, not a literal: browser bundlers must not try to resolve a Node built-in.
const NODE_HTTP = 'node:http';

/**
 * The request body as a stream the core reads only if it needs it (an unauthenticated
 * request's body is never buffered): at most one chunk waits in the stream.
 * `discard()` drops whatever the core did not read, so the connection stays usable.
 * `onRead` runs when the core first reads it (listen() then sends 100 Continue).
 */
function bodyStream(req: IncomingMessage, onRead?: () => void): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let open = true;
  let read = false;
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const onData = (chunk: Buffer) => {
    if (!open) return;
    controller.enqueue(new Uint8Array(chunk));
    if ((controller.desiredSize ?? 0) <= 0) req.pause();
  };
  const discard = () => {
    open = false;
    req.off('data', onData);
    req.resume();
  };
  // Pulled only when the body is read (a high-water mark of 0: not on creation), so `onRead` says when that first happens.
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    pull() {
      if (!read) {
        read = true;
        onRead?.();
      }
      req.resume();
    },
    cancel: discard,
  }, { highWaterMark: 0 });
  req.on('data', onData);
  req.pause();
  req.once('end', () => {
    if (open) controller.close();
    open = false;
  });
  req.once('close', () => {
    if (open) controller.error(new Error('the client closed the request'));
    open = false;
  });
  return { stream, discard };
}

/**
 * The path and query a request line names: an origin-form target's, or an absolute-form
 * http(s) target's (a proxy's request line), never its host or user info; for `*`
 * (`OPTIONS *`) and any other form, `/*`, a path no operation has (the simulator's 404).
 * The simulator and the proxy read targets, and log paths, through this one function.
 *
 * @param target The request line's target (`req.url`).
 * @returns The parsed `pathname` and `search` (`''` or `?...`).
 * @example requestTarget('http://user:pw@host/productapi/v1/inventory?sku=A'); // { pathname: '/productapi/v1/inventory', search: '?sku=A' }
 */
export function requestTarget(target: string | undefined): { pathname: string; search: string } {
  const raw = target ?? '/';
  try {
    // A fixed origin before an origin-form target: `//host/x` stays a path, never a host.
    const url = new URL(raw.startsWith('/') ? `http://target.invalid${raw}` : raw);
    if (url.protocol === 'http:' || url.protocol === 'https:') return { pathname: url.pathname, search: url.search };
  } catch {
    // Not a URL: the path no operation has.
  }
  return { pathname: '/*', search: '' };
}

/**
 * The path of a request line as the request log shows it: parsed (see {@link requestTarget}),
 * credential parameters of its segments redacted (see `redactedPath`).
 *
 * @param target The request line's target (`req.url`).
 * @returns The path to log.
 * @example loggedPath('/productapi/v1/inventory;subscription-key=K?sku=A'); // '/productapi/v1/inventory;subscription-key=<redacted>'
 */
export function loggedPath(target: string | undefined): string {
  return redactedPath(requestTarget(target).pathname);
}

/** The URL a request line names, on this server (see {@link requestTarget}). */
function urlOf(target: string | undefined, origin: string): string {
  const { pathname, search } = requestTarget(target);
  return origin + pathname + search;
}

/** The request log's callback (`createSimulator({ onRequest })`, `fulfilkit serve|proxy --log`). */
type RequestLog = ((event: SimulatorRequestEvent) => void) | undefined;

/** Status, reason and message of what Node's parser refuses, by its error code (Node's own statuses); anything else is 400. */
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request Header Fields Too Large', MESSAGES.headersTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request Timeout', MESSAGES.requestTimeout],
};
const BAD_REQUEST = [400, 'Bad Request', MESSAGES.notHttp] as const;

/** The answer to CONNECT: no server of fulfilkit is a tunnel, so no target of CONNECT has any method. */
const CONNECT_REFUSED = MESSAGES.connectRefused;

/** The headers of an answer `{ statusCode, message }` (the operator's error shape) that closes the connection. */
function closingHeaders(body: string): Record<string, string> {
  return { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), Connection: 'close' };
}

/** A whole HTTP/1.1 answer `{ statusCode, message }` that closes the connection, as bytes for a socket. */
function closingAnswer(status: number, reason: string, message: string, extra: Record<string, string> = {}): string {
  const body = JSON.stringify({ statusCode: String(status), message });
  const headers = Object.entries({ ...closingHeaders(body), ...extra }).map(([name, value]) => `${name}: ${value}\r\n`);
  return `HTTP/1.1 ${status} ${reason}\r\n${headers.join('')}\r\n${body}`;
}

/**
 * HTTP/1.1 needs a Host (RFC 9112, 3.2): the servers take such a request from Node
 * (`requireHostHeader: false`) to answer it 400 in JSON and log it, as a parser refusal.
 *
 * @param req The request.
 * @param res Its answer.
 * @param onRequest The request log, if any.
 * @returns `true` when it was refused (answered already).
 * @example if (refusedWithoutHost(req, res, onRequest)) return;
 */
export function refusedWithoutHost(req: IncomingMessage, res: ServerResponse, onRequest: RequestLog): boolean {
  if (req.httpVersion !== '1.1' || req.headers.host !== undefined) return false;
  const body = JSON.stringify({ statusCode: '400', message: MESSAGES.noHost });
  req.resume();
  res.writeHead(400, closingHeaders(body)).end(body);
  onRequest?.({ time: Date.now(), method: req.method ?? 'GET', path: loggedPath(req.url), operation: undefined, status: 400, ms: 0 });
  return true;
}

/**
 * A TRACE request: the Fetch `Request` the simulator answers cannot carry one, so it
 * is answered here as any method no route has, 404 in the statusCode shape, with its log line
 * (and, like CONNECT, no entry in `received()`).
 *
 * @param req The request.
 * @param res Its answer.
 * @param onRequest The request log, if any.
 * @returns `true` when it was answered.
 * @example if (refusedMethod(req, res, onRequest)) return;
 */
function refusedMethod(req: IncomingMessage, res: ServerResponse, onRequest: RequestLog): boolean {
  if (req.method !== 'TRACE') return false;
  const body = JSON.stringify({ statusCode: '404', message: MESSAGES.notFound });
  req.resume();
  res.writeHead(404, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
  onRequest?.({ time: Date.now(), method: req.method, path: loggedPath(req.url), operation: undefined, status: 404, ms: 0 });
  return true;
}

/**
 * Answers what never reaches a request handler, and logs one line for each: a CONNECT (405,
 * `Allow` empty: an authority names no resource here) and a request Node's parser refuses
 * (400; 431 headers too large, 408 too slow), in place of Node's silent close or bare 400.
 * The log shows CONNECT's parsed path (`/*` for an authority, never its user info) and `-`
 * for the method and path of a request that did not parse.
 *
 * @param server A node:http server (`listen`'s or the proxy's).
 * @param onRequest The request log, if any.
 * @example answerBeyondRequests(http.createServer(handler), (event) => console.log(event.status));
 */
export function answerBeyondRequests(server: Server, onRequest: RequestLog): void {
  const log = (method: string, path: string, status: number) => onRequest?.({ time: Date.now(), method, path, operation: undefined, status, ms: 0 });
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => undefined);
    socket.end(closingAnswer(405, 'Method Not Allowed', CONNECT_REFUSED, { Allow: '' }), () => socket.destroy());
    log(req.method ?? 'CONNECT', loggedPath(req.url), 405);
  });
  // Connections that carried a request: one that ends in the middle of the next message is a
  // client gone after its answer (curl stops sending a body once it reads a 413), no request.
  const answered = new WeakSet<Duplex>();
  server.on('request', (req: IncomingMessage) => answered.add(req.socket));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A reset client, an answer in flight (Node's own rule), or a client gone after its answer: nothing to say.
    if (error.code === 'ECONNRESET' || (socket as { _httpMessage?: unknown })._httpMessage || (error.code === 'HPE_INVALID_EOF_STATE' && answered.has(socket))) {
      socket.destroy();
      return;
    }
    // Answered already: the parser reports again for each later chunk, and the answer under way closes the socket.
    if (!socket.writable) return;
    const [status, reason, message] = (Object.hasOwn(CLIENT_ERRORS, error.code ?? '') ? CLIENT_ERRORS[error.code!] : undefined) ?? BAD_REQUEST;
    socket.end(closingAnswer(status, reason, message), () => socket.destroy());
    log('-', '-', status);
  });
}

function toRequest(req: IncomingMessage, origin: string, body: ReadableStream<Uint8Array>, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  // duplex: 'half' lets undici take a stream body (the DOM typings do not know it yet).
  const init = { method, headers, signal, ...(method === 'GET' || method === 'HEAD' ? {} : { body, duplex: 'half' }) };
  return new Request(urlOf(req.url, origin), init as RequestInit);
}

/**
 * How long a client may take to read an answer once it is written (60 s): a client that
 * reads nothing holds the unsent part in the server's memory (a control answer can be tens
 * of megabytes), so its connection is closed then. The time counts from the answer's last
 * write, never while the answer waits (a latency fault of any length stays whole).
 */
export const READ_DEADLINE_MS = 60_000;

/**
 * Ends an answer with its body, and closes the connection if the client has not taken all
 * of it within `deadlineMs` (see `READ_DEADLINE_MS`). The servers of `listen` and of the
 * proxy end every answer they build here.
 *
 * @param res The answer, its head written.
 * @param body The body (nothing is sent for HEAD).
 * @param deadlineMs The time the client has to read it.
 * @example endAnswer(res.writeHead(200, headers), body);
 */
export function endAnswer(res: ServerResponse, body: string | Uint8Array, deadlineMs = READ_DEADLINE_MS): void {
  res.end(body);
  if (res.writableFinished) return;
  const timer = setTimeout(() => res.destroy(), deadlineMs);
  timer.unref();
  // 'close' follows 'finish' (the kernel took the last byte) or a connection gone.
  res.once('close', () => clearTimeout(timer));
}

async function reply(res: ServerResponse, response: Response, deadlineMs: number): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  endAnswer(res.writeHead(response.status, headers), body, deadlineMs);
}

/**
 * Serves `handle` on node:http until `close` is called.
 *
 * @param handle The simulator's core.
 * @param options Host (default 127.0.0.1), port (default 0: any free port) and, for tests, the read deadline (`READ_DEADLINE_MS`).
 * @param onRequest The request log, for what never reaches `handle` (CONNECT, requests Node's parser refuses).
 * @returns The base URL and `close`.
 */
export async function listen(
  handle: (request: Request) => Promise<Response>,
  options: { port?: number; host?: string; readDeadlineMs?: number } = {},
  onRequest?: RequestLog,
): Promise<SimulatorServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError('port must be a whole number from 0 to 65535.');
  const http = (await import(/* @vite-ignore */ NODE_HTTP)) as typeof import('node:http');
  let origin = '';
  const server: Server = http.createServer({ requireHostHeader: false }, (req, res) => {
    if (refusedWithoutHost(req, res, onRequest) || refusedMethod(req, res, onRequest)) return;
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    void (async () => {
      // `Expect: 100-continue`: the client is told to send its body only when the simulator reads
      // it, once the request is authenticated (Node would invite every body, even a 401's).
      const body = bodyStream(req, continued.has(req) ? () => res.writeContinue() : undefined);
      try {
        // Marked as received on `host`: the control gate checks its Host header (DNS rebinding).
        const response = await handle(receivedOn(toRequest(req, origin, body.stream, aborted.signal), host));
        body.discard();
        await reply(res, response, options.readDeadlineMs ?? READ_DEADLINE_MS);
      } catch (error) {
        body.discard();
        if (isDroppedConnection(error) || aborted.signal.aborted) req.socket.destroy();
        else if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('simulator failure');
      }
    })();
  });
  const continued = new WeakSet<IncomingMessage>();
  server.on('checkContinue', (req: IncomingMessage, res) => {
    continued.add(req);
    server.emit('request', req, res);
  });
  answerBeyondRequests(server, onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const shownHost = host.includes(':') ? `[${host}]` : host;
  origin = `http://${shownHost}:${actualPort}`;
  return {
    url: origin,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
