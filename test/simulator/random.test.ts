/**
 * The simulator's seeded random sources: each request's tokens and ids come from a source
 * seeded by a 128-bit hash of the seed and the request. With the 32-bit seed they had, two
 * of about 77,000 return requests got the same transactionID (the birthday bound), and an
 * update sent with that token changed the other return.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, hash128 } from '../../src/simulator/random';

describe('seeded random sources', () => {
  it('give 300,000 different requests 300,000 different ids', () => {
    // As create-simulator.ts seeds a request: the request's key, then the seed, the key and how
    // many identical requests came before. With 32-bit hashes, 11 of these ids repeated.
    const ids = new Set<string>();
    for (let i = 0; i < 300_000; i++) {
      const key = hash128(['ACME-CCID', 'createReturnToken', '', `RMA-${i}`]).join(' ');
      ids.add(createRandom(hash128(['1', key, '0'])).uuid());
    }
    expect(ids.size).toBe(300_000);
  });

  it('are the same for the same seed and request, and differ when either changes', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { maxLength: 4 }), fc.string(), (parts, extra) => {
        const draw = (p: string[]) => createRandom(hash128(p)).uuid();
        expect(draw(parts)).toBe(draw([...parts]));
        expect(draw([...parts, extra])).not.toBe(draw(parts));
      }),
    );
  });

  it('keep the parts apart: ["ab", "c"] is not ["a", "bc"]', () => {
    expect(hash128(['ab', 'c'])).not.toEqual(hash128(['a', 'bc']));
    expect(hash128(['ab', 'c'])).toEqual(hash128([new TextEncoder().encode('ab'), 'c']));
  });

  it('draw numbers in [0, 1) and version-4-shaped UUIDs', () => {
    const random = createRandom(hash128(['1']));
    for (let i = 0; i < 10_000; i++) {
      const x = random.next();
      expect(x >= 0 && x < 1).toBe(true);
    }
    expect(random.uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
