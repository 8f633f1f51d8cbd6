/**
 * `--shard i/n`: n machines split a corpus by requestReference, so that every payload is
 * linted by exactly one of them and duplicate detection stays exact.
 */
import { UsageError } from './errors';

/** One shard of n: `index` runs from 1 to `count`. */
export interface Shard {
  /** This shard, 1-based. */
  readonly index: number;
  /** How many shards the corpus is split into. */
  readonly count: number;
}

/**
 * Parses the value of `--shard`.
 *
 * @param text `i/n` with 1 <= i <= n <= 999999, e.g. `2/4`, nothing around it.
 * @returns The shard.
 * @throws {UsageError} On anything else.
 * @example parseShard('2/4'); // { index: 2, count: 4 }
 */
export function parseShard(text: string): Shard {
  // As given: a value with spaces around it is malformed like any other (no trimming).
  const match = /^([1-9]\d{0,5})\/([1-9]\d{0,5})$/.exec(text);
  const index = match ? Number(match[1]) : 0;
  const count = match ? Number(match[2]) : 0;
  if (!match || index > count) throw new UsageError('Invalid value for --shard: expected i/n with 1 <= i <= n <= 999999, e.g. --shard 2/4.');
  return { index, count };
}

/**
 * The 32-bit FNV-1a hash of the UTF-8 bytes of a text: the same on every machine and in
 * every language (a shell or a job runner can compute it too).
 *
 * @param text Any text.
 * @returns The hash, an unsigned 32-bit integer.
 * @example fnv1a32('a'); // 0xe40c292c
 */
export function fnv1a32(text: string): number {
  let hash = 0x811c9dc5;
  const add = (byte: number) => {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  };
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c < 0x80) {
      add(c);
      continue;
    }
    // Encode as UTF-8 on the fly (a lone surrogate as U+FFFD, as TextEncoder does).
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x800) {
      add(0xc0 | (c >> 6));
    } else if (c < 0x10000) {
      add(0xe0 | (c >> 12));
      add(0x80 | ((c >> 6) & 0x3f));
    } else {
      add(0xf0 | (c >> 18));
      add(0x80 | ((c >> 12) & 0x3f));
      add(0x80 | ((c >> 6) & 0x3f));
    }
    add(0x80 | (c & 0x3f));
  }
  return hash >>> 0;
}

/**
 * The shard a payload belongs to: `fnv1a32(requestReference) % count + 1`. A payload
 * without a string requestReference (and a line that is not read as a payload: not JSON,
 * not UTF-8, too long) belongs to shard 1, so it is reported exactly once.
 *
 * @param requestReference The payload's requestReference, when it is a string.
 * @param count The number of shards.
 * @returns The 1-based shard.
 * @example shardOf('REQ-1', 4); // one of 1, 2, 3, 4, the same on every machine
 */
export function shardOf(requestReference: string | undefined, count: number): number {
  if (requestReference === undefined || count <= 1) return 1;
  return (fnv1a32(requestReference) % count) + 1;
}
