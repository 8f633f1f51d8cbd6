/**
 * The sets of texts the engine makes for batch rules (src/lint/text-set.ts): unbounded, a
 * set in flat memory that answers as a `Set` of strings does, across its blocks and table
 * growth, in well under half of a `Set`'s memory; bounded, the newest `limit` texts.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { textSetOf } from '../../src/lint/text-set';

/** What `add` answers for each text, fed in order to one set. */
const answers = (texts: readonly string[], limit?: number): boolean[] => {
  const set = textSetOf(limit);
  return texts.map((text) => set.add(text));
};

/** The same of a `Set` of strings (every text kept). */
const model = (texts: readonly string[]): boolean[] => {
  const seen = new Set<string>();
  return texts.map((text) => seen.size !== seen.add(text).size);
};

/** Any UTF-16 code unit: lone surrogates, NUL and controls included. */
const codeUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));

describe('a set of every text (no limit)', () => {
  it('answers as a Set of strings: any text, the empty one, texts that are prefixes of others', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: codeUnit, maxLength: 12 }), fc.string({ unit: fc.constantFrom('a', 'b', '\ud800'), maxLength: 3 })), { maxLength: 300 }), (texts) => {
        expect(answers(texts)).toEqual(model(texts));
      }),
      { numRuns: 300 },
    );
  });

  it('answers as a Set of strings over many blocks and table growths, each text found in whichever block holds it', () => {
    // 30,000 texts (7 blocks of 4,096): repeats near and far, of other lengths and of other blocks.
    const texts: string[] = [];
    for (let i = 0; i < 30_000; i++) {
      const k = (i * 7919) % 12_000;
      texts.push(i % 3 === 0 ? `R-${k}` : i % 3 === 1 ? `R-${k}-x` : `${'é'.repeat(k % 5)}R-${k}`);
    }
    texts.push('', 'R-1', 'R-', 'R-1-x', '');
    const got = answers(texts);
    expect(got).toEqual(model(texts));
    expect(got.filter((fresh) => !fresh).length).toBeGreaterThan(5_000);
    expect(textSetOf(undefined).size).toBe(0);
  });

  it('keeps the references of a run in less memory than a Set of strings (measured)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const used = () => {
      gc();
      const m = process.memoryUsage();
      return m.heapUsed + m.arrayBuffers;
    };
    // References as a CLI run meets them: 16 characters each, cut from the joined references
    // of a unit of 500 payloads (unpackFacts), so that a kept slice keeps its unit's text.
    function* references(n: number): Generator<string> {
      for (let u = 0; u < n / 500; u++) {
        const unit = Array.from({ length: 500 }, (_, i) => `WEB-${String(1e10 + (u * 500 + i) * 7)}`);
        const text = unit.join('');
        let at = 0;
        for (const reference of unit) yield text.slice(at, (at += reference.length));
      }
    }
    const perReference = (set: { add(text: string): unknown; readonly size: number }) => {
      const before = used();
      for (const reference of references(200_000)) set.add(reference);
      const grown = used() - before;
      expect(set.size).toBe(200_000);
      return grown / 200_000;
    };
    const flat = perReference(textSetOf(undefined));
    const plain = perReference(new Set<string>());
    // Measured: about 31 bytes a reference against 52 (and 39 against 85 of peak RSS in a CLI run).
    expect(flat).toBeLessThan(0.7 * plain);
  });
});

describe('a set of every text, attacked', () => {
  /**
   * Texts that plain FNV-1a (offset basis 0x811c9dc5, no seed, no final mix) puts at one
   * table index for any table of up to 65,536 slots: the last code unit of each is chosen
   * to set the low 16 bits of the hash.
   */
  const colliding = (n: number): string[] => {
    // The inverse of the FNV prime modulo 2^16, so that the last code unit sets the low bits.
    const inverse = 0x449b;
    expect(Math.imul(0x01000193, inverse) & 0xffff).toBe(1);
    return Array.from({ length: n }, (_, i) => {
      const prefix = `R-${i}-`;
      let h = 0x811c9dc5;
      for (let k = 0; k < prefix.length; k++) h = Math.imul(h ^ prefix.charCodeAt(k), 0x01000193);
      const last = (Math.imul(0x1234, inverse) ^ h) & 0xffff;
      return prefix + String.fromCharCode(last);
    });
  };

  it('adds texts made to share a plain hash index in about the time of any others (a run stays linear)', () => {
    const timed = (texts: readonly string[]): number => {
      const set = textSetOf(undefined);
      const start = performance.now();
      for (const text of texts) set.add(text);
      const ms = performance.now() - start;
      expect(set.size).toBe(texts.length);
      return ms;
    };
    const attack = colliding(30_000);
    const plain = attack.map((text) => `${text.slice(0, -1)}x`);
    // Warm both paths, then take the better of three of each (a busy machine only adds time).
    timed(plain.slice(0, 2_000));
    timed(attack.slice(0, 2_000));
    const best = (texts: readonly string[]) => Math.min(timed(texts), timed(texts), timed(texts));
    // Sharing one index, each add would walk all the texts before it: some 450 million steps.
    expect(best(attack)).toBeLessThan(5 * best(plain) + 5);
  });
});

describe('a set of the newest `limit` texts', () => {
  it('forgets the oldest when full; a text added again keeps its place', () => {
    expect(answers(['A', 'B', 'A', 'C', 'A'], 2)).toEqual([true, true, false, true, true]);
    expect(answers(['A', 'A'], 0)).toEqual([true, true]);
    const set = textSetOf(2);
    for (const text of ['A', 'B', 'C']) set.add(text);
    expect(set.size).toBe(2);
  });
});
