/**
 * The simulator's seeded random sources: each request gets its own, seeded by the
 * simulator's seed and the request itself (`hash32`), so its fault draws, tokens and ids
 * are the same whatever ran before it or beside it.
 */

/** A seeded random source. */
export interface RandomSource {
  /** A number in [0, 1). */
  next(): number;
  /** `length` lower-case hex digits. */
  hex(length: number): string;
  /** A version-4-shaped UUID (for activity and request ids). */
  uuid(): string;
}

/**
 * Creates a random source (mulberry32: small, fast, good enough for test data; not for secrets).
 *
 * @param seed Any safe integer.
 * @returns The source.
 * @example createRandom(1).uuid(); // the same on every run
 */
export function createRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const hex = (length: number): string => {
    let out = '';
    while (out.length < length) out += Math.floor(next() * 16).toString(16);
    return out;
  };
  return {
    next,
    hex,
    uuid: () => `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[Math.floor(next() * 4)]}${hex(3)}-${hex(12)}`,
  };
}

const UTF8 = new TextEncoder();

/**
 * The 32-bit FNV-1a hash of parts (text as UTF-8, bytes as they are), each followed by a
 * 0xff byte (never part of UTF-8 text), so `['ab', 'c']` and `['a', 'bc']` differ.
 *
 * @param parts Texts and byte arrays.
 * @returns An unsigned 32-bit integer.
 * @example createRandom(hash32([String(seed), operation, requestReference]))
 */
export function hash32(parts: readonly (string | Uint8Array)[]): number {
  let hash = 0x811c9dc5;
  for (const part of parts) {
    const bytes = typeof part === 'string' ? UTF8.encode(part) : part;
    for (let i = 0; i < bytes.length; i++) hash = Math.imul(hash ^ bytes[i]!, 0x01000193);
    hash = Math.imul(hash ^ 0xff, 0x01000193);
  }
  return hash >>> 0;
}
