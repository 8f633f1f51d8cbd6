/**
 * `repeatedMember`: the first member name one object names twice, found in the text (which
 * `JSON.parse` cannot tell: it keeps the last).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { repeatedMember } from '../../src/cli/json-text';

/** The same, by a plain recursive reading of the text's tokens (the oracle). */
function oracle(text: string): string | undefined {
  let i = 0;
  const space = () => {
    while (/\s/.test(text[i] ?? '')) i++;
  };
  const string = () => {
    const start = i;
    for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const esc = (name: string) => name.replace(/~/g, '~0').replace(/\//g, '~1');
  let found: string | undefined;
  const value = (at: string): void => {
    space();
    if (text[i] === '{') {
      i++;
      const names = new Set<string>();
      space();
      while (text[i] !== '}') {
        const name = string();
        if (names.has(name)) found ??= `${at}/${esc(name)}`;
        names.add(name);
        space();
        i++; // :
        value(`${at}/${esc(name)}`);
        space();
        if (text[i] === ',') i++;
        space();
      }
      i++;
    } else if (text[i] === '[') {
      i++;
      let n = 0;
      space();
      while (text[i] !== ']') {
        value(`${at}/${n++}`);
        space();
        if (text[i] === ',') i++;
        space();
      }
      i++;
    } else {
      const start = i;
      if (text[i] === '"') string();
      else while (i < text.length && !/[\s,\]}]/.test(text[i]!)) i++;
      if (i === start) throw new Error('no value');
    }
  };
  value('');
  return found;
}

/** JSON text of a value, with objects that may repeat names (written by hand, spaced at random). */
const texts = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom('1', '-0.5e3', 'true', 'null', '"x"', '"a\\"]}"', '"\\u0062"'),
    fc.array(tie('value'), { maxLength: 4 }).chain((items) => fc.constantFrom(' ', '', '\n ').map((sp) => `[${sp}${items.join(`,${sp}`)}${sp}]`)),
    fc.array(fc.tuple(fc.constantFrom('"a"', '"b"', '"\\u0061"', '"a/b"', '"~"', '"}"'), tie('value')), { maxLength: 4 }).chain((members) =>
      fc.constantFrom(' ', '', '\t').map((sp) => `{${sp}${members.map(([k, v]) => `${k}${sp}:${sp}${v}`).join(`${sp},${sp}`)}${sp}}`),
    ),
  ),
})).value;

describe('repeatedMember', () => {
  it.each([
    ['{"a": 1, "b": 2}', undefined],
    ['{"a": 1, "a": 2}', '/a'],
    ['{"a": {"b": [1, {"c": 1, "c": 2}]}, "a": 3}', '/a/b/1/c'],
    ['{"a": 1, "\\u0061": 2}', '/a'],
    ['{"x/y": 1, "x/y": 2}', '/x~1y'],
    ['[{}, [], {"a": []}, {"a": {}, "a": 1}]', '/3/a'],
    ['{"a": "}\\",\\"a\\":1", "b": 1}', undefined],
    ['"a"', undefined],
    ['{}', undefined],
    [' [ 1 , 2 ] ', undefined],
  ])('%s: %s', (text, pointer) => {
    expect(repeatedMember(text)).toBe(pointer);
  });

  it('finds what a recursive reading finds, on any JSON text (property)', () => {
    fc.assert(
      fc.property(texts, (text) => {
        JSON.parse(text);
        expect(repeatedMember(text)).toBe(oracle(text));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads 100,000 levels without recursion', () => {
    expect(repeatedMember(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`)).toBeUndefined();
    expect(repeatedMember(`${'[{"a":1,"b":'.repeat(50_000)}{"a":1,"a":2}${'}]'.repeat(50_000)}`)).toBe(`${'/0/b'.repeat(50_000)}/a`);
  });
});
