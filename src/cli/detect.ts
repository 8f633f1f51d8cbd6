/**
 * What a text holds, told by its shape, as the CLI reads stdin and the console reads what is
 * pasted: NDJSON or one JSON document, and a payload's kind. No Node module: the console
 * bundles it.
 */
import type { PayloadKind } from '../lint/types';
import { isBlank } from './lines';

const own = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;

/**
 * The kind of a payload by its shape: `clientRequest` → order, `rma` → return, else order.
 *
 * @param payload Parsed JSON.
 * @returns The kind.
 * @example detectKind({ rma: {} }); // 'return'
 */
export function detectKind(payload: unknown): PayloadKind {
  if (own(payload, 'clientRequest') !== undefined) return 'order';
  if (own(payload, 'rma') !== undefined) return 'return';
  return 'order';
}

/**
 * Whether a payload has the shape of the other kind than the one it is linted as: an order's
 * `clientRequest` (and no `rma`) linted as a return, or a return's `rma` (and no
 * `clientRequest`) linted as an order. A payload of neither shape is no sign either way.
 *
 * @param payload Parsed JSON.
 * @param kind The kind it is linted as.
 * @returns `true` when its shape says the other kind.
 * @example shapedAsOther({ clientRequest: {} }, 'return'); // true
 */
export function shapedAsOther(payload: unknown, kind: PayloadKind): boolean {
  const order = own(payload, 'clientRequest') !== undefined;
  const ret = own(payload, 'rma') !== undefined;
  return kind === 'return' ? order && !ret : ret && !order;
}

/**
 * A document that does not parse as a whole but has several non-blank lines, one of them a
 * JSON object: NDJSON that did not look like it at first (stdin, unknown extensions).
 */
export function looksLikeLines(text: string): boolean {
  let nonBlank = 0;
  let objects = 0;
  for (const line of text.split('\n')) {
    if (isBlank(line)) continue;
    nonBlank++;
    if (objects === 0 && isJsonObjectText(line)) objects++;
    if (nonBlank > 1 && objects > 0) return true;
  }
  return false;
}

/**
 * True when a line holds one whole JSON object.
 *
 * @param line A line of text.
 * @returns Whether it parses to a non-array object.
 */
export function isJsonObjectText(line: string): boolean {
  const t = line.trimStart();
  if (t.charCodeAt(0) !== 123) return false; // cheap pre-check for '{'
  try {
    const value = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
