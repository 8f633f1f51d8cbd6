/**
 * splitAddressLines reads grapheme clusters a window at a time (one segment call over a long
 * text grew with the square of its length: 80,000 Cyrillic characters took 17 s): the
 * clusters are those of one call over the whole text, and the time grows with the length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { segmentsOf, splitAddressLines } from '../../src/builders/splitAddressLines';

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const whole = (text: string) => Array.from(segmenter.segment(text), (s) => s.segment);

// Pieces that make clusters of every kind: combining marks, ZWJ emoji, flags (regional indicator pairs), Hangul jamo, CR LF, Indic conjuncts.
const piece = fc.constantFrom('a', ' ', 'é', 'e\u0301', '\u0301', '\u0308\u0308', '👨‍👩‍👧', '\u200d', '🇩🇪', '🇩', '\u1100', '\u1161', '\u11a8', '\r', '\n', '\r\n', 'क्ष', '\u094d', 'ж', '\ud800', 'x\ufe0f');

describe('segmentsOf', () => {
  it('gives the clusters one segment call gives, whatever the window (property)', () => {
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 60 }).map((parts) => parts.join('')), fc.integer({ min: 1, max: 8 }), (text, size) => {
        expect(segmentsOf(text, segmenter, size)).toEqual(whole(text));
      }),
      { numRuns: 2000 },
    );
  });

  it('reads a cluster longer than its window whole', () => {
    const long = `a${'\u0301'.repeat(5000)}b`;
    expect(segmentsOf(long, segmenter, 16)).toEqual(['a' + '\u0301'.repeat(5000), 'b']);
  });
});

describe('splitAddressLines on long text', () => {
  it('takes time in proportion to the length (8 times the text: well under 30 times the time)', () => {
    const cyrillic = (n: number) => 'улица Тверская дом '.repeat(Math.ceil(n / 19)).slice(0, n);
    const time = (n: number) => {
      const text = cyrillic(n);
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        const start = performance.now();
        splitAddressLines(text);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    time(10_000);
    // Quadratic would be 64 times; measured 4-9 times here.
    expect(time(80_000) / time(10_000)).toBeLessThan(30);
  });
});
