import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { splitAddressLines } from '../../src/builders/index';
import { codePointLength } from '../../src/schema/predicates';

describe('splitAddressLines', () => {
  it('keeps a short address on one line', () => {
    expect(splitAddressLines('Hauptstrasse 1')).toEqual([{ line: '1', value: 'Hauptstrasse 1' }]);
  });

  it('breaks at the last word boundary before 40 characters', () => {
    expect(splitAddressLines('Rue du Faubourg Saint-Honoré 208, Bâtiment B, 3e étage')).toEqual([
      { line: '1', value: 'Rue du Faubourg Saint-Honoré 208,' },
      { line: '2', value: 'Bâtiment B, 3e étage' },
    ]);
  });

  it('allows exactly 40 characters on a line', () => {
    const forty = `${'a'.repeat(19)} ${'b'.repeat(20)}`;
    expect(splitAddressLines(forty)).toEqual([{ line: '1', value: forty }]);
    expect(splitAddressLines(`${forty} c`)).toEqual([
      { line: '1', value: forty },
      { line: '2', value: 'c' },
    ]);
  });

  it('counts code points: an emoji is one character and is never cut in half', () => {
    const text = `${'😀'.repeat(39)} x`;
    const lines = splitAddressLines(text);
    expect(lines.map((l) => l.value)).toEqual(['😀'.repeat(39), 'x']);
    expect(splitAddressLines('😀'.repeat(41)).map((l) => codePointLength(l.value))).toEqual([40, 1]);
  });

  it('cuts a word longer than a line into full-width pieces', () => {
    const lines = splitAddressLines(`Am ${'X'.repeat(85)} 7`);
    expect(lines.map((l) => l.value)).toEqual(['Am', 'X'.repeat(40), 'X'.repeat(40), 'XXXXX 7']);
  });

  it('starts a new line at each line break and array entry, and collapses white space', () => {
    expect(splitAddressLines('Hauptstrasse 1\n  3.   OG ')).toEqual([
      { line: '1', value: 'Hauptstrasse 1' },
      { line: '2', value: '3. OG' },
    ]);
    expect(splitAddressLines(['Hauptstrasse 1', '', 'c/o Doe'])).toEqual([
      { line: '1', value: 'Hauptstrasse 1' },
      { line: '2', value: 'c/o Doe' },
    ]);
  });

  it('takes another limit', () => {
    expect(splitAddressLines('aa bb cc', 5).map((l) => l.value)).toEqual(['aa bb', 'cc']);
  });

  it('throws for an empty address, a wrong type or a bad limit', () => {
    expect(() => splitAddressLines('   ')).toThrow(RangeError);
    expect(() => splitAddressLines([])).toThrow(/address must not be empty/);
    expect(() => splitAddressLines(42 as never)).toThrow(TypeError);
    expect(() => splitAddressLines(['ok', 7 as never])).toThrow(/address\[1\] must be a string/);
    expect(() => splitAddressLines('x', 0)).toThrow(RangeError);
  });

  it('keeps every word, in order, within the limit (property)', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'ß', '😀', '.', '-'), minLength: 1, maxLength: 50 });
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 20 }), fc.integer({ min: 1, max: 60 }), (words, max) => {
        const lines = splitAddressLines(words.join(' '), max);
        expect(lines.map((l) => l.line)).toEqual(lines.map((_, i) => String(i + 1)));
        for (const l of lines) {
          expect(codePointLength(l.value)).toBeLessThanOrEqual(max);
          expect(l.value).not.toMatch(/^\s|\s$/);
        }
        // Nothing is lost: joining the lines gives the words back, bar the break points.
        expect(lines.map((l) => l.value).join('').replace(/ /g, '')).toBe(words.join(''));
      }),
      { numRuns: 200 },
    );
  });
});

/** The extended grapheme clusters of a text. */
const clusters = (text: string): string[] => Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => s.segment);

describe('splitAddressLines and grapheme clusters (issue 7, item 12)', () => {
  const family = '👨‍👩‍👧‍👦'; // 7 code points, one cluster
  const flag = '🇩🇪'; // 2 regional indicators, one cluster
  const decomposed = 'e\u0301'; // e + combining acute, one cluster
  const hangul = '\u1100\u1161\u11a8'; // decomposed Hangul syllable, 3 code points

  it.each([
    ['a decomposed accent at the limit', `${'a'.repeat(39)}${decomposed}`, [`${'a'.repeat(39)}`, decomposed]],
    ['a ZWJ family emoji at the limit', `${'a'.repeat(35)}${family}`, ['a'.repeat(35), family]],
    ['a flag at the limit', `${'a'.repeat(39)}${flag}`, ['a'.repeat(39), flag]],
    ['a run of 25 flags (50 code points)', flag.repeat(25), [flag.repeat(20), flag.repeat(5)]],
    ['a decomposed Hangul syllable at the limit', `${'a'.repeat(38)}${hangul}`, ['a'.repeat(38), hangul]],
    ['a skin-tone emoji at the limit', `${'a'.repeat(39)}👍🏽`, ['a'.repeat(39), '👍🏽']],
    ['a word that fits exactly, clusters counted in code points', `${'a'.repeat(33)}${family}`, [`${'a'.repeat(33)}${family}`]],
    ['words of clusters, wrapped at a space', `${decomposed.repeat(10)} ${flag.repeat(10)}`, [decomposed.repeat(10), flag.repeat(10)]],
  ])('never splits %s', (_what, text, expected) => {
    const lines = splitAddressLines(text);
    expect(lines.map((l) => l.value)).toEqual(expected);
    for (const l of lines) expect(codePointLength(l.value)).toBeLessThanOrEqual(40);
  });

  it('reads CR LF as one line break, also beside clusters', () => {
    expect(splitAddressLines(`Rue ${decomposed}\r\n3${flag}\rB\nC`).map((l) => l.value)).toEqual([`Rue ${decomposed}`, `3${flag}`, 'B', 'C']);
  });

  it('refuses one cluster longer than the limit: it cannot be split without breaking it', () => {
    const zalgo = `e${'\u0301'.repeat(45)}`; // one cluster of 46 code points
    expect(() => splitAddressLines(`Hauptstrasse ${zalgo}`)).toThrow(RangeError);
    expect(() => splitAddressLines(`Hauptstrasse ${zalgo}`)).toThrow(/^address holds one character \(a grapheme cluster\) of 46 code points, longer than the line limit of 40/);
    expect(() => splitAddressLines(['ok', flag], 1)).toThrow(/^address\[1\] holds one character/);
    expect(splitAddressLines(family, 7)).toEqual([{ line: '1', value: family }]);
  });

  it('puts every cluster of the text, in order and whole, on lines within the limit (property)', () => {
    const cluster = fc.oneof(
      { weight: 4, arbitrary: fc.constantFrom('a', 'ß', 'Z', '7', '-', '.', '中', '😀') },
      { weight: 2, arbitrary: fc.constantFrom(family, flag, decomposed, hangul, '👍🏽', 'o\u0308\u0301', '\u0915\u094d\u0937') },
      { weight: 2, arbitrary: fc.constantFrom(' ', ' ', '\t', '\u00a0') },
    );
    fc.assert(
      fc.property(fc.array(cluster, { minLength: 1, maxLength: 120 }), fc.integer({ min: 7, max: 45 }), (parts, max) => {
        const text = parts.join('');
        const words = clusters(text).filter((c) => c.trim() !== '');
        if (words.length === 0) return;
        const lines = splitAddressLines(text, max);
        for (const l of lines) {
          expect(codePointLength(l.value)).toBeLessThanOrEqual(max);
          expect(l.value.trim()).toBe(l.value);
        }
        // Re-segmenting the lines gives back the text's clusters: none was cut.
        expect(lines.flatMap((l) => clusters(l.value)).filter((c) => c.trim() !== '')).toEqual(words);
      }),
      { numRuns: 300 },
    );
  });
});
