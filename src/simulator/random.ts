/**
 * The simulator's seeded random sources: each request gets its own, seeded by the
 * simulator's seed and the request itself (`hash128`), so its fault draws, tokens and ids
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
 * Creates a random source: sfc32, a small fast generator with 128 bits of state (test data,
 * not secrets). With a 128-bit seed (`hash128`), two requests share their tokens and ids only
 * if their seeds collide: never in practice. A 32-bit seed made two of about 77,000 return
 * requests share a transactionID, and an update then changed the wrong return.
 *
 * @param seed Four 32-bit words (`hash128`).
 * @returns The source.
 * @example createRandom(hash128(['1'])).uuid(); // the same on every run
 */
export function createRandom(seed: readonly [number, number, number, number]): RandomSource {
  let [a, b, c, d] = seed;
  const next = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // The first outputs of sfc32 still show its seed: they are drawn and dropped.
  for (let i = 0; i < 12; i++) next();
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
 * A 128-bit hash of parts (text as UTF-8, bytes as they are), each followed by a 0xff byte
 * (never part of UTF-8 text), so `['ab', 'c']` and `['a', 'bc']` differ: four 32-bit lanes
 * (cyrb128's mixing), for seeds, not for security.
 *
 * @param parts Texts and byte arrays.
 * @returns Four unsigned 32-bit integers.
 * @example createRandom(hash128([String(seed), operation, requestReference]))
 */
export function hash128(parts: readonly (string | Uint8Array)[]): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  const mix = (k: number) => {
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  };
  for (const part of parts) {
    const bytes = typeof part === 'string' ? UTF8.encode(part) : part;
    for (let i = 0; i < bytes.length; i++) mix(bytes[i]!);
    mix(0xff);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}
