/**
 * The simulator's seeded random source: tokens, request ids, activity ids and fault
 * draws come from it, so a run with the same seed and the same requests answers the same.
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
