/**
 * The node:http adapter: serves a simulator's `handle` over real HTTP. node:http is
 * imported when `listen` is called, never at load, so the main entry stays browser-safe.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isDroppedConnection } from './faults';
import type { SimulatorServer } from './types';

// A variable, not a literal: browser bundlers must not try to resolve a Node built-in.
const NODE_HTTP = 'node:http';

/**
 * The request body as a stream the core reads only if it needs it (an unauthenticated
 * request's body is never buffered): at most one chunk waits in the stream.
 * `discard()` drops whatever the core did not read, so the connection stays usable.
 */
function bodyStream(req: IncomingMessage): { stream: ReadableStream<Uint8Array>; discard(): void } {
  let open = true;
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
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
    pull() {
      req.resume();
    },
    cancel: discard,
  });
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

/** The URL a request line names, on this server (see {@link requestTarget}). */
function urlOf(target: string | undefined, origin: string): string {
  const { pathname, search } = requestTarget(target);
  return origin + pathname + search;
}

function toRequest(req: IncomingMessage, origin: string, body: ReadableStream<Uint8Array>, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? 'GET';
  // duplex: 'half' lets undici take a stream body (the DOM typings do not know it yet).
  const init = { method, headers, signal, ...(method === 'GET' || method === 'HEAD' ? {} : { body, duplex: 'half' }) };
  return new Request(urlOf(req.url, origin), init as RequestInit);
}

async function reply(res: ServerResponse, response: Response): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const body = Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(body);
}

/**
 * Serves `handle` on node:http until `close` is called.
 *
 * @param handle The simulator's core.
 * @param options Host (default 127.0.0.1) and port (default 0: any free port).
 * @returns The base URL and `close`.
 */
export async function listen(
  handle: (request: Request) => Promise<Response>,
  options: { port?: number; host?: string } = {},
): Promise<SimulatorServer> {
  const host = options.host ?? '127.0.0.1';
  const port = options.port ?? 0;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new RangeError('port must be a whole number from 0 to 65535.');
  const http = (await import(/* @vite-ignore */ NODE_HTTP)) as typeof import('node:http');
  let origin = '';
  const server: Server = http.createServer((req, res) => {
    const aborted = new AbortController();
    res.on('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    void (async () => {
      const body = bodyStream(req);
      try {
        const response = await handle(toRequest(req, origin, body.stream, aborted.signal));
        body.discard();
        await reply(res, response);
      } catch (error) {
        body.discard();
        if (isDroppedConnection(error) || aborted.signal.aborted) req.socket.destroy();
        else if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' }).end('simulator failure');
      }
    })();
  });
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
