/**
 * The request descriptor: a frozen `{ method, url, headers, body? }` that fetch sends
 * as it is (`fetch(req.url, req)`), and that no printer can show a credential of.
 *
 * No own member of a request or of its `headers` holds a header value: the entries live
 * in a module-private WeakMap, reached only through the Fetch `Headers` methods of
 * `headers` (`get`, `entries`, iteration ...). So console.log/dir/table, util.inspect
 * (with or without customInspect, showHidden, any depth), JSON.stringify, Object.entries,
 * spreads, for...in and structuredClone find nothing secret; the printers that do look
 * (`toJSON`, `toString`, util.inspect's custom hook) show `'<redacted>'`. fetch reads an
 * iterable HeadersInit as its entries; other clients take `Object.fromEntries(req.headers)`
 * (a plain copy, which prints the secrets: keep it out of logs). So does a Fetch `Request`
 * built from a descriptor, `new Request(req.url, req)` (msw, Hono, fetch wrappers):
 * console.log and util.inspect print every credential in it (Node's own printer, out of
 * fulfilkit's reach).
 */
import { REDACTED } from './messages';

/**
 * An HTTP method used by the five interfaces.
 *
 * @example const method: HttpMethod = describeInventory(connection).method; // 'GET'
 */
export type HttpMethod = 'GET' | 'POST' | 'OPTIONS';

/**
 * The headers of a request: the Fetch `Headers` interface, read-only. Names keep the
 * spec's spelling (`ClientAuthKey`); `get` and `has` ignore case as Fetch does.
 *
 * @example
 * const request = describeInventory(connection);
 * request.headers.get('ClientAuthKey');        // the real value, for sending
 * new Headers(request.headers);                // a Fetch Headers copy
 * axios.get(request.url, { headers: Object.fromEntries(request.headers) }); // a plain copy
 */
export interface RequestHeaders extends Iterable<[string, string]> {
  /** The value of a header (case-insensitive name), or `null`. */
  get(name: string): string | null;
  /** Whether the request has the header (case-insensitive name). */
  has(name: string): boolean;
  /** Calls `callback(value, name, headers)` for each header, in the spec's order. */
  forEach(callback: (value: string, name: string, headers: RequestHeaders) => void, thisArg?: unknown): void;
  /** `[name, value]` pairs, in the spec's order. */
  entries(): IterableIterator<[string, string]>;
  /** Header names. */
  keys(): IterableIterator<string>;
  /** Header values. */
  values(): IterableIterator<string>;
  /** `[name, value]` pairs (what fetch reads). */
  [Symbol.iterator](): IterableIterator<[string, string]>;
  /** Never any: part of the Fetch interface. */
  getSetCookie(): string[];
  /** Throws a TypeError: a descriptor is immutable (copy it with `new Headers(req.headers)`). */
  append(name: string, value: string): never;
  /** Throws a TypeError: a descriptor is immutable. */
  set(name: string, value: string): never;
  /** Throws a TypeError: a descriptor is immutable. */
  delete(name: string): never;
  /** The printable view: secret values replaced by `'<redacted>'`. */
  toJSON(): Record<string, string>;
}

/**
 * A request for one operation of the spec, ready for any HTTP client.
 *
 * @example
 * const request: HttpRequest = describeInventory({ ...connection, sku: 'MUG-RED' });
 * request.url; // 'https://api.operator.test/productapi/v1/inventory?sku=MUG-RED'
 */
export interface HttpRequest {
  /** The HTTP method of the operation. */
  readonly method: HttpMethod;
  /** Absolute URL: normalised baseUrl, the operation's path and its encoded query. */
  readonly url: string;
  /** Header names exactly as the spec spells them; real values through the Fetch `Headers` methods only. */
  readonly headers: RequestHeaders;
  /** The JSON text of the body (POST only); absent for GET and OPTIONS. */
  readonly body?: string;
  /**
   * Always `'manual'` (inherited, not an own member): `fetch(request.url, request)` then
   * answers a redirect with its 3xx (or an `opaqueredirect`) instead of sending the
   * credentials to the Location. `send` refuses such an answer with `UnexpectedRedirectError`.
   */
  readonly redirect: 'manual';
}

/**
 * Header names whose values are secrets or client identifiers (spec: Authentication rule 4);
 * every printable view of a request shows them as `'<redacted>'`.
 *
 * @example
 * // Header names ignore case: a Fetch Headers copy has them in lower case.
 * const secret = (name: string) => SECRET_HEADERS.some((h) => h.toLowerCase() === name.toLowerCase());
 * const safe = Object.fromEntries(Object.entries(myHeaders).map(([k, v]) => [k, secret(k) ? REDACTED : v]));
 */
export const SECRET_HEADERS: readonly string[] = Object.freeze([
  'ClientConfigId',
  'ClientAuthKey',
  'Ocp-Apim-Subscription-Key',
]);

const INSPECT = Symbol.for('nodejs.util.inspect.custom');

/** The entries of every headers object. A WeakMap: no printer walks from a headers object into it. */
const ENTRIES = new WeakMap<object, readonly (readonly [string, string])[]>();

function entriesOf(headers: object): readonly (readonly [string, string])[] {
  const entries = ENTRIES.get(headers);
  if (entries === undefined) throw new TypeError('Illegal invocation: not the headers of a request descriptor.');
  return entries;
}

/** The printable view of headers: secret values replaced. */
function redacted(headers: object): Record<string, string> {
  const view: Record<string, string> = {};
  for (const [name, value] of entriesOf(headers)) view[name] = SECRET_HEADERS.includes(name) ? REDACTED : value;
  return view;
}

const READ_ONLY = 'The headers of a request descriptor are read-only: copy them with new Headers(request.headers).';

/** The headers of a request descriptor: methods only; the values stay in {@link ENTRIES}. */
class DescriptorHeaders implements RequestHeaders {
  get(name: string): string | null {
    const wanted = String(name).toLowerCase();
    for (const [key, value] of entriesOf(this)) if (key.toLowerCase() === wanted) return value;
    return null;
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }

  forEach(callback: (value: string, name: string, headers: RequestHeaders) => void, thisArg?: unknown): void {
    for (const [name, value] of entriesOf(this)) callback.call(thisArg, value, name, this);
  }

  *entries(): IterableIterator<[string, string]> {
    for (const [name, value] of entriesOf(this)) yield [name, value];
  }

  *keys(): IterableIterator<string> {
    for (const [name] of entriesOf(this)) yield name;
  }

  *values(): IterableIterator<string> {
    for (const [, value] of entriesOf(this)) yield value;
  }

  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.entries();
  }

  getSetCookie(): string[] {
    return [];
  }

  append(): never {
    throw new TypeError(READ_ONLY);
  }

  set(): never {
    throw new TypeError(READ_ONLY);
  }

  delete(): never {
    throw new TypeError(READ_ONLY);
  }

  toJSON(): Record<string, string> {
    return redacted(this);
  }

  toString(): string {
    return JSON.stringify(redacted(this));
  }

  [INSPECT](): Record<string, string> {
    return redacted(this);
  }
}
Object.freeze(DescriptorHeaders.prototype);

/** Defines non-enumerable members: JSON, inspect and spreads never list them. */
function define(target: object, members: Record<PropertyKey, unknown>): void {
  for (const key of Reflect.ownKeys(members)) {
    Object.defineProperty(target, key, { value: members[key as string], enumerable: false });
  }
}

/** The printable view of a request: secret header values replaced. */
function requestView(request: HttpRequest): Record<string, unknown> {
  return { ...request, headers: redacted(request.headers) };
}

/**
 * Prototype of every request: printers, and `redirect: 'manual'`, which `fetch(req.url, req)`
 * reads through the prototype (a redirect must never carry the credentials to another
 * host); spreads and JSON see just the four members.
 */
const REQUEST_PROTOTYPE: object = Object.create(Object.prototype);
define(REQUEST_PROTOTYPE, {
  redirect: 'manual',
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
 * Builds a frozen request whose headers no printer can show (see the module comment).
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
  const headers = new DescriptorHeaders();
  ENTRIES.set(headers, Object.freeze(Object.entries(entries).map(([name, value]) => Object.freeze([name, value] as const))));
  const request = Object.create(REQUEST_PROTOTYPE) as { -readonly [K in keyof HttpRequest]: HttpRequest[K] };
  request.method = method;
  request.url = url;
  request.headers = Object.freeze(headers);
  if (body !== undefined) request.body = body;
  return Object.freeze(request);
}
