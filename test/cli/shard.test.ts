import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fnv1a32, parseShard, shardOf } from '../../src/cli/shard';

/** FNV-1a over bytes, written the textbook way, to check the on-the-fly UTF-8 of fnv1a32. */
function reference(bytes: Uint8Array): number {
  let hash = 0x811c9dc5n;
  for (const byte of bytes) hash = ((hash ^ BigInt(byte)) * 0x01000193n) & 0xffffffffn;
  return Number(hash);
}

describe('fnv1a32', () => {
  it('matches the published FNV-1a 32-bit test vectors', () => {
    expect(fnv1a32('')).toBe(0x811c9dc5);
    expect(fnv1a32('a')).toBe(0xe40c292c);
    expect(fnv1a32('foobar')).toBe(0xbf9cf968);
  });

  it('hashes the UTF-8 bytes of any text (what another language or a shell would hash)', () => {
    fc.assert(fc.property(fc.string({ unit: 'grapheme', maxLength: 20 }), (text) => {
      expect(fnv1a32(text)).toBe(reference(new TextEncoder().encode(text)));
    }));
    expect(fnv1a32('\ud800')).toBe(reference(new TextEncoder().encode('\ud800')));
  });
});

describe('shardOf', () => {
  it('is 1..n, the same for the same reference, and 1 without a reference', () => {
    fc.assert(fc.property(fc.string(), fc.integer({ min: 1, max: 64 }), (ref, n) => {
      const shard = shardOf(ref, n);
      expect(shard).toBeGreaterThanOrEqual(1);
      expect(shard).toBeLessThanOrEqual(n);
      expect(shardOf(ref, n)).toBe(shard);
    }));
    expect(shardOf(undefined, 5)).toBe(1);
    expect(shardOf('REQ-1', 4)).toBe((fnv1a32('REQ-1') % 4) + 1);
  });

  it('spreads typical references evenly', () => {
    const counts = [0, 0, 0, 0];
    for (let i = 0; i < 4000; i++) counts[shardOf(`REQ-${i}`, 4) - 1]!++;
    for (const c of counts) expect(c).toBeGreaterThan(800);
  });
});

describe('parseShard', () => {
  it('reads i/n', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(parseShard('1/1')).toEqual({ index: 1, count: 1 });
  });

  it.each(['0/4', '5/4', '2', '2/0', 'a/b', '-1/2', '1/2/3'])('refuses %s', (text) => {
    expect(() => parseShard(text)).toThrow(/--shard: expected i\/n/);
  });
});
