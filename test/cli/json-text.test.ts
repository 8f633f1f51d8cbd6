import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { arrayElementRanges, memberKeyRange, renameMembers } from '../../src/cli/json-text';
import { fixPayload } from '../../src/lint/apply-fixes';

const keyAt = (text: string, tokens: string[]) => {
  const range = memberKeyRange(text, tokens);
  return range && text.slice(range[0], range[1]);
};

describe('memberKeyRange', () => {
  it('finds the key token of a member at a path, through objects and arrays', () => {
    const text = '{ "a" : [ 1, { "b": { "c" : 2 } } ], "d": "x" }';
    expect(keyAt(text, ['a', '1', 'b', 'c'])).toBe('"c"');
    expect(keyAt(text, ['d'])).toBe('"d"');
    expect(keyAt(text, ['a', '2', 'b'])).toBeUndefined();
    expect(keyAt(text, ['nope'])).toBeUndefined();
    expect(keyAt(text, ['a', '0'])).toBeUndefined();
  });

  it('reads escaped keys, skips strings holding brackets and quotes', () => {
    const text = '{"s": "}]\\"{", "k\\u0065y": {"\\"q": 1}}';
    expect(keyAt(text, ['key', '"q'])).toBe('"\\"q"');
  });

  it('takes the last of repeated names, as JSON.parse does', () => {
    const text = '{"a": 1, "a": {"b": 2}}';
    expect(memberKeyRange(text, ['a'])).toEqual([9, 12]);
    expect(keyAt(text, ['a', 'b'])).toBe('"b"');
  });
});

describe('renameMembers', () => {
  it('changes only the key, keeping every other character', () => {
    const text = '{\n  "payment": {\n    "transactionId"  :  "T-1",\n    "x": [1.50, 2e3]\n  }\n}';
    expect(renameMembers(text, [{ parent: ['payment'], from: 'transactionId', to: 'transactionID' }])).toBe(text.replace('"transactionId"', '"transactionID"'));
  });

  it('law: renaming in the text gives what renaming in the value gives', () => {
    const key = fc.string({ minLength: 1, maxLength: 6 });
    fc.assert(
      fc.property(fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1 }), fc.nat(), fc.constantFrom(0, 2, '\t'), (obj, pick, indent) => {
        const names = Object.keys(obj);
        const from = names[pick % names.length]!;
        const to = from + '_';
        if (to in obj) return;
        const payload = { wrap: [obj] };
        const text = JSON.stringify(payload, null, indent);
        const problem = { rule: 'spelling', severity: 'warn' as const, path: '/wrap/0/' + from.replace(/~/g, '~0').replace(/\//g, '~1'), message: 'x', fix: { kind: 'rename-member' as const, to } };
        const { payload: fixed, renames } = fixPayload(JSON.parse(text), [problem]);
        const edited = renameMembers(text, renames);
        expect(JSON.parse(edited)).toEqual(fixed);
        expect(edited.length).toBe(text.length + JSON.stringify(to).length - JSON.stringify(from).length);
      }),
    );
  });
});

describe('arrayElementRanges', () => {
  it('gives the text of each element of a top-level array', () => {
    const text = '[ {"a": [1, 2]}, "s,]", 3 ]';
    expect(arrayElementRanges(text).map(([s, e]) => text.slice(s, e))).toEqual(['{"a": [1, 2]}', '"s,]"', '3']);
    expect(arrayElementRanges('[]')).toEqual([]);
    expect(arrayElementRanges('{}')).toEqual([]);
  });
});
