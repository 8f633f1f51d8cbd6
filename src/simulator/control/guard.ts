/**
 * Who may use a control API (the simulator's, the proxy's): the bearer token, compared in
 * constant time, and same-origin callers only, so that a web page on another origin cannot
 * drive it through the user's browser. Shared by `fulfilkit serve` and `fulfilkit proxy`.
 */
import { json } from '../answers';

// A variable, not a literal: browser bundlers must not try to resolve a Node built-in.
const NODE_CRYPTO = 'node:crypto';

/** The control API's path prefix (the console and the control API live under it, on the operator's port). */
export const CONTROL_PREFIX = '/_fulfilkit/';

/** The messages of the answers every control API gives (its OpenAPI document shows them as examples). */
export const CONTROL_MESSAGES = {
  unauthorized: 'The control API needs the header Authorization: Bearer <control token>.',
  crossOrigin: 'The control API answers pages of its own origin only.',
  foreignHost: "The Host header does not name this server: without a control token, the control API answers only an IP address, localhost (or a name under .localhost) or the host it listens on.",
  notFound: 'No such control path; see `fulfilkit openapi --control`.',
  proxyNotFound: 'No such control path; the proxy answers GET /_fulfilkit/violations.',
  methodNotAllowed: 'This control path does not take this method.',
  newest: 'newest must be a whole number from 0 to 999999999.',
} as const;

/**
 * Tells whether a path belongs to the control API: `/_fulfilkit` or anything under it.
 *
 * @param pathname The URL's path.
 * @returns `true` under the control prefix.
 */
export function isControlPath(pathname: string): boolean {
  return pathname.startsWith(CONTROL_PREFIX) || pathname === '/_fulfilkit';
}

/**
 * A control answer without a body member beyond `{ message }`.
 *
 * @param status The HTTP status.
 * @param message What is wrong.
 * @returns The response.
 */
export function controlError(status: number, message: string): Response {
  return json(status, { message });
}

/**
 * The answer to a method a control path does not take: 405 with `Allow`, which lists HEAD
 * wherever GET is (a control path answers HEAD as GET, without the body).
 *
 * @param allowed The methods the path takes.
 * @returns The response.
 * @example methodNotAllowed(['GET', 'PUT']).headers.get('Allow'); // 'GET, HEAD, PUT'
 */
export function methodNotAllowed(allowed: readonly string[]): Response {
  const refused = controlError(405, CONTROL_MESSAGES.methodNotAllowed);
  refused.headers.set('Allow', allowed.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).join(', '));
  return refused;
}

/**
 * The answer to HEAD: the GET answer's status and headers (its `Content-Length` too), no body.
 *
 * @param answer The answer GET gets.
 * @returns The same answer without its body.
 * @example (await headOf(Response.json({ ok: true }))).headers.get('Content-Length'); // '11'
 */
export async function headOf(answer: Response): Promise<Response> {
  const headers = new Headers(answer.headers);
  headers.set('Content-Length', String((await answer.arrayBuffer()).byteLength));
  return new Response(null, { status: answer.status, headers });
}

/** The host each request that came over a socket was received on (`listen`, the proxy); in-process requests are absent. */
const LISTENED = new WeakMap<Request, string>();

/**
 * Marks a request as received by a listener bound to `host`, so the control gate checks its
 * `Host` header (DNS rebinding); requests made in-process (`fetch`, msw) may use any host name.
 *
 * @param request The request built from the socket's.
 * @param host The host the server was told to listen on (`--host`).
 * @returns The same request.
 * @example const request = receivedOn(new Request('http://127.0.0.1:4010/_fulfilkit/health'), '127.0.0.1');
 */
export function receivedOn(request: Request, host: string): Request {
  LISTENED.set(request, host);
  return request;
}

/**
 * Whether a `Host` header names this server: an IP literal (IPv4, or IPv6 in brackets),
 * `localhost` or a name under `.localhost`, or exactly the host it listens on. A page whose
 * name was rebound to this machine's address sends its own name, and is refused.
 *
 * @param header The `Host` header (`null`: none, which no browser sends; allowed).
 * @param listenHost The host the server was told to listen on.
 * @returns `true` when the header names this server.
 * @example namesThisServer('evil.example:4010', '127.0.0.1'); // false
 */
export function namesThisServer(header: string | null, listenHost: string): boolean {
  if (header === null) return true;
  const host = header.trim().toLowerCase();
  const colon = host.lastIndexOf(':');
  // Without its port, if it has one (`[::1]:4010`, `localhost:4010`); a bare `[::1]` has none.
  const name = colon >= 0 && consistsOf(host.slice(colon + 1), '0123456789') && !host.endsWith(']') ? host.slice(0, colon) : host;
  if (name.length > 2 && name.startsWith('[') && name.endsWith(']') && consistsOf(name.slice(1, -1), '0123456789abcdef:.')) return true;
  const parts = name.split('.');
  if (parts.length === 4 && parts.every((part) => part.length > 0 && part.length <= 3 && consistsOf(part, '0123456789'))) return true;
  return name === 'localhost' || name.endsWith('.localhost') || name === listenHost.toLowerCase();
}

/** Whether every character of `text` is one of `allowed` (no regular expression on caller input). */
function consistsOf(text: string, allowed: string): boolean {
  for (const char of text) if (!allowed.includes(char)) return false;
  return true;
}

/** The token of an `Authorization: Bearer <token>` header, or `undefined`. */
function bearerToken(header: string | null): string | undefined {
  if (header === null) return undefined;
  const space = header.indexOf(' ');
  if (space < 0 || header.slice(0, space).toLowerCase() !== 'bearer') return undefined;
  return header.slice(space + 1).trim();
}

/** Whether the request comes from a page of another origin (Fetch Metadata, else Origin against Host). */
function crossOrigin(request: Request, url: URL): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site !== null && site !== 'same-origin' && site !== 'none') return true;
  const origin = request.headers.get('origin');
  if (origin === null) return false;
  try {
    return new URL(origin).host !== (request.headers.get('host') ?? url.host);
  } catch {
    return true;
  }
}

/**
 * Creates the gate of a control API.
 *
 * @param token The token control requests must carry; `undefined`: none needed.
 * @returns A check that answers 401 (no or wrong token) or 403 (another origin; without a token, a Host that is not this server's), or `undefined` to let the request in.
 */
export function controlGate(token: string | undefined): (request: Request, url: URL) => Promise<Response | undefined> {
  let crypto: Promise<typeof import('node:crypto')> | undefined;
  async function matches(given: string | undefined): Promise<boolean> {
    crypto ??= import(/* @vite-ignore */ NODE_CRYPTO) as Promise<typeof import('node:crypto')>;
    const { createHash, timingSafeEqual } = await crypto;
    // Digests have equal lengths, so the comparison reveals neither the token nor its length.
    const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
    return timingSafeEqual(digest(given ?? ''), digest(token!)) && given !== undefined;
  }
  return async (request, url) => {
    if (token !== undefined) {
      let ok = false;
      try {
        ok = await matches(bearerToken(request.headers.get('authorization')));
      } catch {
        // No node:crypto (a browser): a token cannot be checked, so nothing gets in.
      }
      if (!ok) {
        const refused = controlError(401, CONTROL_MESSAGES.unauthorized);
        refused.headers.set('WWW-Authenticate', 'Bearer realm="fulfilkit"');
        return refused;
      }
    }
    // A token already keeps out a rebound page (it cannot know it), and a container's name must work with one.
    const listenHost = LISTENED.get(request);
    if (token === undefined && listenHost !== undefined && !namesThisServer(request.headers.get('host'), listenHost)) {
      return controlError(403, CONTROL_MESSAGES.foreignHost);
    }
    if (crossOrigin(request, url)) return controlError(403, CONTROL_MESSAGES.crossOrigin);
    return undefined;
  };
}
