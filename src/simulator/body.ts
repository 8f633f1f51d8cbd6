/**
 * Reading a request body, bounded: at most MAX_BODY_BYTES are held, JSON at most
 * MAX_BODY_DEPTH levels deep. Read only after authentication, and only by operations that
 * take a body. The simulator's answers for the cases the spec does not show: 413, 415, 400.
 */
import { MAX_BODY_BYTES, MAX_BODY_DEPTH, MESSAGES } from './answers';

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;

/** A body as the simulator read it. */
export interface ReadBody {
  /** The bytes. */
  readonly bytes: Uint8Array;
  /** What received() keeps: the parsed JSON, or the text when it is not JSON or too deep. */
  readonly kept: unknown;
  /** The parsed JSON, when it parses and is no deeper than MAX_BODY_DEPTH. */
  readonly value?: unknown;
  /** Why the body is refused (400), when it is. */
  readonly refusal?: string;
}

/**
 * Tells whether a Content-Type names JSON (`application/json`, `application/x+json`, with parameters).
 *
 * @param type The header's value.
 * @returns `true` for a JSON media type.
 */
export function isJsonType(type: string | null): boolean {
  return type !== null && JSON_TYPE.test(type);
}

/**
 * Tells whether a request declares a Content-Length over MAX_BODY_BYTES (refused before anything is read).
 *
 * @param headers The request's headers.
 * @returns `true` when the declared length is too large.
 */
export function declaresTooLarge(headers: Headers): boolean {
  return Number(headers.get('content-length') ?? 0) > MAX_BODY_BYTES;
}

/** Reads a body until it ends or passes MAX_BODY_BYTES (then cancels it): `undefined` when too large. */
async function boundedBytes(request: Request): Promise<Uint8Array | undefined> {
  if (request.body === null) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}

/**
 * Tells whether valid JSON text nests deeper than `max` levels: one pass, no recursion.
 *
 * @param text JSON text that parsed.
 * @param max The deepest nesting allowed (levels of objects and arrays).
 * @returns `true` when it nests deeper.
 */
export function nestsDeeper(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/**
 * Reads and parses a JSON body.
 *
 * @param request The request.
 * @returns The body, or `undefined` when it is larger than MAX_BODY_BYTES.
 */
export async function readJsonBody(request: Request): Promise<ReadBody | undefined> {
  const bytes = await boundedBytes(request);
  if (bytes === undefined) return undefined;
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { bytes, kept: text === '' ? undefined : text, refusal: MESSAGES.notJson };
  }
  // A deeper body would overflow the stack of the code that reads it (lint, XML, copies).
  if (nestsDeeper(text, MAX_BODY_DEPTH)) return { bytes, kept: text, refusal: MESSAGES.tooDeep };
  return { bytes, kept: value, value };
}
