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
