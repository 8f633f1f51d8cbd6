/**
 * Where and as whom to call: baseUrl and the onboarding credentials, checked and
 * turned into the URL and the spec's authentication headers.
 */
import {
  BAD_BASE_URL,
  MISSING_CREDENTIALS,
  badFilter,
  badHeaderValue,
  unencodableFilter,
  emptyField,
  missingField,
} from './messages';

/**
 * The keys a client receives at onboarding (spec: Authentication).
 *
 * @example
 * // the simulator's default client (DEFAULT_SIMULATOR_DATA); use your own onboarding keys
 * const credentials: Credentials = { clientConfigId: 'sim-client-config-id', clientAuthKey: 'sim-client-auth-key', subscriptionKey: 'sim-subscription-key' };
 */
export interface Credentials {
  /** Client-specific ID, sent as `ClientConfigId`. */
  readonly clientConfigId: string;
  /** Client-specific authentication key, sent as `ClientAuthKey`. */
  readonly clientAuthKey: string;
  /** API subscription key, sent as `Ocp-Apim-Subscription-Key`. */
  readonly subscriptionKey: string;
}

/**
 * Base URL and credentials of the payment-method, product, returns and fulfilment interfaces.
 *
 * @example const connection: Connection = { baseUrl: 'https://api.operator.test', credentials };
 */
export interface Connection {
  /** The environment's base URL (`{base_url}` of the spec); trailing slashes are ignored. */
  readonly baseUrl: string;
  /** The three onboarding keys. */
  readonly credentials: Credentials;
}

/**
 * Base URL and subscription key of the echo interface; a full {@link Connection} fits too.
 *
 * @example const echo: EchoConnection = { baseUrl: 'https://api.operator.test', credentials: { subscriptionKey: 'sim-subscription-key' } };
 */
export interface EchoConnection {
  /** The environment's base URL; trailing slashes are ignored. */
  readonly baseUrl: string;
  /** Only the subscription key is needed (spec: Authentication rule 1). */
  readonly credentials: Pick<Credentials, 'subscriptionKey'>;
}

/** Printable ASCII, no leading or trailing space: valid as-is in every HTTP stack. */
const HEADER_VALUE = /^[\x21-\x7e](?:[\x20-\x7e]*[\x21-\x7e])?$/;

/**
 * Reads one credential; a bad value throws an error naming the field, never the value
 * (fetch's own "invalid header value" message would quote it).
 */
function credential(credentials: unknown, field: keyof Credentials): string {
  const value = (credentials as Record<string, unknown>)[field];
  const name = `credentials.${field}`;
  if (typeof value !== 'string') throw new TypeError(missingField(name));
  if (value.length === 0) throw new RangeError(emptyField(name));
  if (!HEADER_VALUE.test(value)) throw new RangeError(badHeaderValue(name));
  return value;
}

function credentialsOf(connection: unknown): unknown {
  const credentials = (connection as { credentials?: unknown } | null | undefined)?.credentials;
  if (typeof credentials !== 'object' || credentials === null) throw new TypeError(MISSING_CREDENTIALS);
  return credentials;
}

/**
 * The three authentication headers, in the spec's order and spelling.
 *
 * @param connection The caller's connection.
 * @returns ClientConfigId, ClientAuthKey and Ocp-Apim-Subscription-Key.
 */
export function clientHeaders(connection: Connection): Record<string, string> {
  const credentials = credentialsOf(connection);
  return {
    ClientConfigId: credential(credentials, 'clientConfigId'),
    ClientAuthKey: credential(credentials, 'clientAuthKey'),
    'Ocp-Apim-Subscription-Key': credential(credentials, 'subscriptionKey'),
  };
}

/**
 * The subscription-key header alone (echo interface).
 *
 * @param connection The caller's connection.
 * @returns Ocp-Apim-Subscription-Key.
 */
export function subscriptionHeaders(connection: EchoConnection): Record<string, string> {
  return { 'Ocp-Apim-Subscription-Key': credential(credentialsOf(connection), 'subscriptionKey') };
}

/** Percent-encodes a query value; a lone surrogate (URIError) becomes a RangeError naming the field. */
function encodeQueryValue(name: string, value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    throw new RangeError(unencodableFilter(name));
  }
}

/**
 * Drops the trailing slashes of a path by a scan from the end: `/\/+$/` retries from
 * every slash of a long run, which is quadratic in the run's length (ReDoS).
 */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path.charCodeAt(end - 1) === 47 /* / */) end--;
  return path.slice(0, end);
}

/**
 * Parses a URL given by the caller, refusing it with a message that quotes no part of it
 * (URL's own error quotes it whole, user info included).
 *
 * @param url Any value.
 * @param message The refusal's message.
 * @returns The parsed URL.
 * @throws {TypeError} When `url` is not a string.
 * @throws {RangeError} When it does not parse.
 */
export function parsedUrl(url: unknown, message: string): URL {
  if (typeof url !== 'string') throw new TypeError(message);
  try {
    return new URL(url);
  } catch {
    throw new RangeError(message);
  }
}

/**
 * Joins the normalised base URL, an operation path and encoded query parameters.
 *
 * @param baseUrl The caller's base URL (may end in slashes or carry a path prefix).
 * @param path The operation path, starting with `/`.
 * @param query Query parameters; `undefined` and `null` values are left out.
 * @returns The absolute URL.
 */
export function operationUrl(
  baseUrl: unknown,
  path: string,
  query: Readonly<Record<string, unknown>> = {},
): string {
  const parsed = parsedUrl(baseUrl, BAD_BASE_URL);
  // User info would print in String(request); query and fragment cannot precede a path.
  const usable =
    (parsed.protocol === 'https:' || parsed.protocol === 'http:') &&
    parsed.username === '' &&
    parsed.password === '' &&
    parsed.search === '' &&
    parsed.hash === '' &&
    // An empty query or fragment (`…/?`) parses to '' but is there.
    !(baseUrl as string).includes('?') &&
    !(baseUrl as string).includes('#');
  if (!usable) throw new RangeError(BAD_BASE_URL);

  const pairs: string[] = [];
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new TypeError(badFilter(name));
    if (value.length === 0) throw new RangeError(badFilter(name));
    // encodeURIComponent, not URLSearchParams: a space becomes %20, never an ambiguous `+`.
    pairs.push(`${name}=${encodeQueryValue(name, value)}`);
  }
  const prefix = parsed.origin + withoutTrailingSlashes(parsed.pathname);
  return prefix + path + (pairs.length > 0 ? `?${pairs.join('&')}` : '');
}
