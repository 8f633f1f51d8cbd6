/**
 * The request descriptor: a frozen `{ method, url, headers, body? }` that any HTTP
 * stack can send, and that never prints a credential.
 *
 * `headers` is an object whose only own members are the header entries, so
 * `fetch(req.url, { method: req.method, headers: req.headers, body: req.body })`,
 * `fetch(req.url, req)`, axios, undici and `node:http` read the real values. Printing
 * goes through `toJSON`, `toString` and `Symbol.for('nodejs.util.inspect.custom')`
 * inherited from a shared prototype, which replace secret values with `'<redacted>'`.
 * A copy (`{ ...req.headers }`) is a plain object again: it prints the secrets.
 */
import { REDACTED } from './messages';

/** An HTTP method used by the five interfaces. */
export type HttpMethod = 'GET' | 'POST' | 'OPTIONS';

/** A request for one operation of the spec, ready for any HTTP client. */
export interface HttpRequest {
  /** The HTTP method of the operation. */
  readonly method: HttpMethod;
  /** Absolute URL: normalised baseUrl, the operation's path and its encoded query. */
  readonly url: string;
  /** Header names exactly as the spec spells them; the real values, for sending. */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON text of the body (POST only); absent for GET and OPTIONS. */
  readonly body?: string;
}

/**
 * Header names whose values are secrets or client identifiers (spec: Authentication rule 4);
 * every printable view of a request shows them as `'<redacted>'`.
 *
 * @example
 * const safe = Object.fromEntries(Object.entries(myHeaders).map(([k, v]) => [k, SECRET_HEADERS.includes(k) ? REDACTED : v]));
 */
export const SECRET_HEADERS: readonly string[] = Object.freeze([
  'ClientConfigId',
  'ClientAuthKey',
  'Ocp-Apim-Subscription-Key',
]);

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** A copy of `headers` with every secret value replaced. */
function redactHeaders(headers: Readonly<Record<string, string>>): Record<string, string> {
  const view: Record<string, string> = {};
  for (const name of Object.keys(headers)) {
    view[name] = SECRET_HEADERS.includes(name) ? REDACTED : (headers[name] as string);
  }
  return view;
}

/** Defines non-enumerable members: JSON, inspect and spreads never list them. */
function define(target: object, members: Record<PropertyKey, unknown>): void {
  for (const key of Reflect.ownKeys(members)) {
    Object.defineProperty(target, key, { value: members[key as string], enumerable: false });
  }
}

/**
 * Prototype of every `headers` object. The printers live here, not on the object:
 * Node 20's fetch (undici 6) turns every own key of a headers record into a header,
 * enumerable or not. Its own prototype is null so that axios still sees a plain object;
 * Object.prototype's methods are copied in for code that calls them directly.
 */
const HEADERS_PROTOTYPE: object = Object.create(null);
define(HEADERS_PROTOTYPE, {
  hasOwnProperty: Object.prototype.hasOwnProperty,
  isPrototypeOf: Object.prototype.isPrototypeOf,
  propertyIsEnumerable: Object.prototype.propertyIsEnumerable,
  valueOf: Object.prototype.valueOf,
  toLocaleString(this: Readonly<Record<string, string>>) {
    return JSON.stringify(redactHeaders(this));
  },
  toString(this: Readonly<Record<string, string>>) {
    return JSON.stringify(redactHeaders(this));
  },
  toJSON(this: Readonly<Record<string, string>>) {
    return redactHeaders(this);
  },
  [INSPECT](this: Readonly<Record<string, string>>) {
    return redactHeaders(this);
  },
});
Object.freeze(HEADERS_PROTOTYPE);

/** The printable view of a request: secret header values replaced. */
function requestView(request: HttpRequest): Record<string, unknown> {
  return { ...request, headers: redactHeaders(request.headers) };
}

/** Prototype of every request: printers only, so `fetch(req.url, req)` sees just the four members. */
const REQUEST_PROTOTYPE: object = Object.create(Object.prototype);
define(REQUEST_PROTOTYPE, {
  toJSON(this: HttpRequest) {
    return requestView(this);
  },
  // Only the request line: short enough for log lines, nothing secret in it.
  toString(this: HttpRequest) {
    return `${this.method} ${this.url}`;
  },
  [INSPECT](this: HttpRequest) {
    return requestView(this);
  },
});
Object.freeze(REQUEST_PROTOTYPE);

/**
 * Builds a frozen request whose printable forms (String, JSON.stringify,
 * util.inspect) show the secret headers as `'<redacted>'`.
 *
 * @param method The HTTP method.
 * @param url The absolute URL.
 * @param entries Header names and real values.
 * @param body The JSON text, or `undefined` for no body.
 * @returns The request descriptor.
 */
export function createHttpRequest(
  method: HttpMethod,
  url: string,
  entries: Readonly<Record<string, string>>,
  body?: string,
): HttpRequest {
  const headers = Object.assign(Object.create(HEADERS_PROTOTYPE) as Record<string, string>, entries);
  const request = Object.create(REQUEST_PROTOTYPE) as { -readonly [K in keyof HttpRequest]: HttpRequest[K] };
  request.method = method;
  request.url = url;
  request.headers = Object.freeze(headers);
  if (body !== undefined) request.body = body;
  return Object.freeze(request);
}
