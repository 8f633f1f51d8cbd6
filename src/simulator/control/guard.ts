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
  notFound: 'No such control path; see `fulfilkit openapi --control`.',
  proxyNotFound: 'No such control path; the proxy answers GET /_fulfilkit/violations.',
  methodNotAllowed: 'This control path does not take this method.',
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
 * The answer to a method a control path does not take: 405 with `Allow`.
 *
 * @param allowed The methods the path takes.
 * @returns The response.
 * @example methodNotAllowed(['GET', 'PUT']).headers.get('Allow'); // 'GET, PUT'
 */
export function methodNotAllowed(allowed: readonly string[]): Response {
  const refused = controlError(405, CONTROL_MESSAGES.methodNotAllowed);
  refused.headers.set('Allow', allowed.join(', '));
  return refused;
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
 * @returns A check that answers 401 (no or wrong token) or 403 (another origin), or `undefined` to let the request in.
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
    if (crossOrigin(request, url)) return controlError(403, CONTROL_MESSAGES.crossOrigin);
    return undefined;
  };
}
