/**
 * What received() keeps: the newest `retain` requests, credentials redacted in headers and
 * in the query string, bodies only of authenticated requests (at most 512 levels deep, so
 * copying them never overflows the stack) and only the newest within BODY_BUDGET_BYTES.
 */
import { REDACTED } from '../http/messages';
import { SECRET_HEADERS } from '../http/request';
import { BODY_BUDGET_BYTES, createByteBudget, heapBytes, truncatedBody } from './kept';
import type { ReceivedRequest } from './types';

/** A received request while it is answered (its status and fault are filled in as they happen). */
export type Entry = { -readonly [K in keyof ReceivedRequest]: ReceivedRequest[K] };

/**
 * The three credential headers, `subscription-key` (the query parameter the gateway also
 * reads the key from), and the generic credential headers a shared HTTP client may send.
 */
const SECRETS = new Set([...SECRET_HEADERS, 'subscription-key', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie'].map((name) => name.toLowerCase()));

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

/**
 * A query parameter's name as servers read it: decoded, in lower case, and without the
 * brackets of the array and object forms (`key[]`, `key[0]`, `key[a][b]`), which many
 * servers read as the name before them.
 */
function decodedName(name: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(name.replaceAll('+', ' ')).toLowerCase();
  } catch {
    decoded = name.toLowerCase();
  }
  const bracket = decoded.indexOf('[');
  return bracket > 0 && decoded.endsWith(']') ? decoded.slice(0, bracket) : decoded;
}

/** A parameter `name=value`: its value replaced by `<redacted>` when its name is a credential's. */
function redactedParam(pair: string): string {
  const eq = pair.indexOf('=');
  const name = eq < 0 ? pair : pair.slice(0, eq);
  return SECRETS.has(decodedName(name)) ? `${name}=${REDACTED}` : pair;
}

/**
 * A path with the value of every credential parameter of its segments (`/a;subscription-key=K/b`,
 * the matrix form some servers read) replaced by `<redacted>`. The request log and
 * `received()` show paths through it.
 *
 * @param path A path (or a URL without its query).
 * @returns The path to show.
 * @example redactedPath('/productapi/v1/inventory;subscription-key=K'); // '/productapi/v1/inventory;subscription-key=<redacted>'
 */
export function redactedPath(path: string): string {
  if (!path.includes(';')) return path;
  return path
    .split('/')
    .map((segment) => segment.split(';').map((part, i) => (i === 0 ? part : redactedParam(part))).join(';'))
    .join('/');
}

/**
 * A URL without its fragment (never sent over HTTP; it may hold anything) and with the
 * value of every credential parameter (in the query, separated by `&` or `;`, and in the
 * path's segments, see `redactedPath`; names compared without case, after decoding, brackets
 * of the array forms left out) replaced by `<redacted>`; the rest of the URL is kept as it was sent.
 *
 * @param url The request's URL.
 * @returns The URL to keep.
 */
export function redactedUrl(url: string): string {
  const hash = url.indexOf('#');
  const sent = hash < 0 ? url : url.slice(0, hash);
  const query = sent.indexOf('?');
  if (query < 0) return redactedPath(sent);
  // `;` separates parameters too for some servers (HTML 4's recommendation, Python's cgi of old):
  // split on both, separators kept, so that what one server reads as a key is never kept.
  const kept = sent
    .slice(query + 1)
    .split(/([&;])/)
    .map((pair, i) => (i % 2 === 1 ? pair : redactedParam(pair)));
  return `${redactedPath(sent.slice(0, query))}?${kept.join('')}`;
}

/** The bounded list behind received(). */
export interface Log {
  /** Adds an entry; the oldest goes when more than `retain` are kept. */
  add(entry: Entry): void;
  /**
   * Sets an entry's body, of `bytes` as received and `cost` in memory (`heapBytes`); the oldest kept bodies become
   * `{ truncated: true, bytes }` (their XML dropped) while what the kept ones take in memory
   * (`heapBytes`, XML included) is more than the budget.
   */
  keepBody(entry: Entry, body: unknown, bytes: number, cost: number): void;
  /** Sets an entry's XML (echo), counted with its body. */
  keepXml(entry: Entry, xml: string): void;
  /** Copies of the kept entries, oldest first: all, or the newest `newest` of them. */
  list(newest?: number): ReceivedRequest[];
  /** How many entries are kept. */
  size(): number;
}

/**
 * Creates an empty log that keeps the newest `retain` entries (a ring: adding is O(1)) and
 * the newest bodies within `budget` bytes.
 *
 * @param retain How many entries to keep; 0 keeps none.
 * @param budget The bytes of the bodies kept whole, at most.
 * @returns The log.
 */
export function createLog(retain: number, budget = BODY_BUDGET_BYTES): Log {
  const entries: Entry[] = [];
  const bodies = createByteBudget(budget);
  // The entries in the ring: a body read after its entry left counts for nothing.
  const kept = new Set<Entry>();
  // Entries whose body the budget truncated (a body may itself look like the marker).
  const truncated = new WeakSet<Entry>();
  let oldest = 0;
  return {
    add(entry) {
      if (retain === 0) return;
      kept.add(entry);
      if (entries.length < retain) {
        entries.push(entry);
        return;
      }
      kept.delete(entries[oldest]!);
      bodies.remove(entries[oldest]!);
      entries[oldest] = entry;
      oldest = (oldest + 1) % retain;
    },
    keepBody(entry, body, bytes, cost) {
      entry.body = body;
      if (body !== undefined && kept.has(entry)) {
        bodies.add(entry, cost, () => {
          entry.body = truncatedBody(bytes);
          delete entry.xml;
          truncated.add(entry);
        });
      }
    },
    keepXml(entry, xml) {
      // An entry no longer kept (or whose body is truncated already) keeps no XML.
      if (!kept.has(entry) || truncated.has(entry)) return;
      entry.xml = xml;
      bodies.grow(entry, heapBytes(xml));
    },
    list: (newest = entries.length) => {
      const ordered = [...entries.slice(oldest), ...entries.slice(0, oldest)];
      // Only the entries asked for are copied (a live view asks for a page of a long list).
      return ordered.slice(Math.max(0, ordered.length - newest)).map((entry) => structuredClone(entry));
    },
    size: () => entries.length,
  };
}
