/**
 * What received() keeps: the newest `retain` requests, credentials redacted in headers and
 * in the query string, bodies only of authenticated requests (at most 512 levels deep, so
 * copying them never overflows the stack).
 */
import { REDACTED } from '../http/messages';
import { SECRET_HEADERS } from '../http/request';
import type { ReceivedRequest } from './types';

/** A received request while it is answered (its status and fault are filled in as they happen). */
export type Entry = { -readonly [K in keyof ReceivedRequest]: ReceivedRequest[K] };

/** The three credential headers, and `subscription-key`, the query parameter the gateway also reads the key from. */
const SECRETS = new Set([...SECRET_HEADERS, 'subscription-key'].map((name) => name.toLowerCase()));

/**
 * Headers with the credentials replaced by `'<redacted>'`, names in lower case.
 *
 * @param headers The request's headers.
 * @returns A plain record.
 */
export function redactedHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRETS.has(name) ? REDACTED : value;
  });
  return out;
}

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    return name.toLowerCase();
  }
}

/**
 * A URL with the value of every credential query parameter (names compared without case,
 * after decoding) replaced by `<redacted>`; the rest of the URL is kept as it was sent.
 *
 * @param url The request's URL.
 * @returns The URL to keep.
 */
export function redactedUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const pairs = url.slice(query + 1, end).split('&');
  const kept = pairs.map((pair) => {
    const eq = pair.indexOf('=');
    const name = eq < 0 ? pair : pair.slice(0, eq);
    return SECRETS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
  });
  return url.slice(0, query + 1) + kept.join('&') + url.slice(end);
}

/** The bounded list behind received(). */
export interface Log {
  /** Adds an entry; the oldest goes when more than `retain` are kept. */
  add(entry: Entry): void;
  /** Copies of the kept entries, oldest first. */
  list(): ReceivedRequest[];
}

/**
 * Creates an empty log that keeps the newest `retain` entries (a ring: adding is O(1)).
 *
 * @param retain How many entries to keep; 0 keeps none.
 * @returns The log.
 */
export function createLog(retain: number): Log {
  const entries: Entry[] = [];
  let oldest = 0;
  return {
    add(entry) {
      if (retain === 0) return;
      if (entries.length < retain) {
        entries.push(entry);
        return;
      }
      entries[oldest] = entry;
      oldest = (oldest + 1) % retain;
    },
    list: () => [...entries.slice(oldest), ...entries.slice(0, oldest)].map((entry) => structuredClone(entry)),
  };
}
