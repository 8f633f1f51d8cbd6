import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ArrayElements, memberKeyRange, renameMembers, renameMembersUtf8 } from '../../src/cli/json-text';
import { fixPayload, memberRenames } from '../../src/lint/apply-fixes';
import { parsePointer, toPointer } from '../../src/lint/pointer';
import type { Problem } from '../../src/lint/types';

/** JSON texts whose objects share a few names (renames collide, names repeat), `__proto__`, an escaped and a non-ASCII name among them. */
const { text: payloadText } = fc.letrec<{ text: string; array: string; object: string }>((tie) => ({
  text: fc.oneof({ depthSize: 'small' }, fc.constantFrom('0', '"x"', 'null'), tie('array'), tie('object')),
  array: fc.array(tie('text'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(fc.constantFrom('a', 'b', 'c', '__proto__', '0', 'é', 'b\\u0061'), fc.constantFrom('', ' '), tie('text')), { maxLength: 4 })
    .map((members) => `{${members.map(([k, space, v]) => `"${k}"${space}:${v}`).join(',')}}`),
}));

/** The paths of the members of the objects in a value. */
const objectMembers = (value: unknown, at: string[] = [], out: string[][] = []): string[][] => {
  if (Array.isArray(value)) value.forEach((v, i) => objectMembers(v, [...at, String(i)], out));
  else if (value !== null && typeof value === 'object') for (const [key, v] of Object.entries(value)) out.push([...at, key]), objectMembers(v, [...at, key], out);
  return out;
};

/** Rename problems on members of `value`, some on a member renamed just before (by its new name). */
const renameProblems = (value: unknown) =>
  fc.array(fc.tuple(fc.nat(), fc.constantFrom('a', 'b', 'c', '__proto__', 'é', 'd'), fc.boolean()), { maxLength: 5 }).map((picks) => {
    const members = objectMembers(value);
    const problems: Problem[] = [];
    let last: string[] | undefined;
    for (const [pick, to, again] of picks) {
      if (members.length === 0) break;
      const tokens = again && last ? last : members[pick % members.length]!;
      problems.push({ rule: 'spelling', severity: 'warn', path: toPointer(tokens), message: '', fix: { kind: 'rename-member', to } });
      last = [...tokens.slice(0, -1), to];
    }
    return problems;
  });

const isContainer = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object';

/** The model: each fix applied to a copy of the payload, one after the other, when its member is there and its new name is not. */
function oneByOne(payload: unknown, problems: readonly Problem[]) {
  const copy: unknown = JSON.parse(JSON.stringify(payload));
  const renames: { parent: string[]; from: string; to: string }[] = [];
  for (const { path, fix } of problems) {
    const tokens = parsePointer(path);
    const from = tokens.pop()!;
    let node: unknown = copy;
    for (const token of tokens) node = isContainer(node) && Object.hasOwn(node, token) ? node[token] : undefined;
    if (!isContainer(node) || Array.isArray(node) || !Object.hasOwn(node, from) || Object.hasOwn(node, fix!.to) || from === fix!.to) continue;
    const entries = Object.entries(node);
    for (const key of Object.keys(node)) delete node[key];
    for (const [key, v] of entries) Object.defineProperty(node, key === from ? fix!.to : key, { value: v, writable: true, enumerable: true, configurable: true });
    renames.push({ parent: tokens, from, to: fix!.to });
  }
  return { payload: copy, renames };
}

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

  it('renames every key of a repeated name, so that the text parses as the renamed value (the last one kept)', () => {
    const text = '{"payment": {"transactionId": "A1", "x": 0, "transactionId" : "B2"}}';
    const problem = { rule: 'spelling', severity: 'warn' as const, path: '/payment/transactionId', message: 'x', fix: { kind: 'rename-member' as const, to: 'transactionID' } };
    const { payload, renames } = fixPayload(JSON.parse(text), [problem]);
    const edited = renameMembers(text, renames);
    expect(edited).toBe('{"payment": {"transactionID": "A1", "x": 0, "transactionID" : "B2"}}');
    expect(JSON.parse(edited)).toEqual(payload);
    expect(Buffer.from(renameMembersUtf8(Buffer.from(text), renames)).toString()).toBe(edited);
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

describe('memberRenames and fixPayload', () => {
  it('law: they rename as applying each fix in turn to a copy does, and fixPayload never changes its input (property)', () => {
    let renamed = 0;
    fc.assert(
      fc.property(
        payloadText.chain((text) => fc.tuple(fc.constant(text), renameProblems(JSON.parse(text)))),
        ([text, problems]) => {
          const payload: unknown = JSON.parse(text);
          const before = JSON.stringify(payload);
          const model = oneByOne(payload, problems);
          expect(memberRenames(payload, problems)).toEqual(model.renames);
          const fixed = fixPayload(payload, problems);
          expect([JSON.stringify(fixed.payload), fixed.renames]).toEqual([JSON.stringify(model.payload), model.renames]);
          expect(JSON.stringify(payload)).toBe(before);
          renamed += model.renames.length;
        },
      ),
      { numRuns: 500 },
    );
    expect(renamed).toBeGreaterThan(200);
  });
});

/**
 * The model of renaming in the text: each rename in turn, in the text the renames before it
 * left; a repeated name is renamed in each of its keys (once the last is renamed, the one
 * before it is the last of its name).
 */
function sequentially(text: string, renames: readonly { parent: readonly string[]; from: string; to: string }[]): string {
  for (const { parent, from, to } of renames) {
    let range: [number, number] | undefined;
    while (from !== to && (range = memberKeyRange(text, [...parent, from]))) text = text.slice(0, range[0]) + JSON.stringify(to) + text.slice(range[1]);
  }
  return text;
}

describe('renameMembersUtf8', () => {
  it('law: renaming in the bytes gives the bytes of renaming in the text (each rename in turn), in place or in a copy; a copy leaves the bytes as they were (property)', () => {
    fc.assert(
      fc.property(
        payloadText.chain((text) => fc.tuple(fc.constant(text), renameProblems(JSON.parse(text)), fc.boolean())),
        ([text, problems, inPlace]) => {
          const { renames } = fixPayload(JSON.parse(text), problems);
          const bytes = Buffer.from(text);
          const edited = renameMembersUtf8(bytes, renames, { inPlace });
          expect(renameMembers(text, renames)).toBe(sequentially(text, renames));
          expect(Buffer.from(edited).toString()).toBe(sequentially(text, renames));
          if (!inPlace || edited.buffer !== bytes.buffer) expect(bytes.toString()).toBe(text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('ArrayElements', () => {
  it('gives the bytes of each element of a top-level array, asked for in order', () => {
    const bytes = Buffer.from('[ {"a": [1, 2]}, "é,]" ,\n3 ]');
    const elements = new ArrayElements(bytes);
    const text = (range: [number, number] | undefined) => range && bytes.toString('utf8', ...range);
    expect(text(elements.range(0))).toBe('{"a": [1, 2]}');
    expect(text(elements.range(0))).toBe('{"a": [1, 2]}');
    expect([text(elements.range(2)), elements.range(3)]).toEqual(['3', undefined]);
    expect(new ArrayElements(Buffer.from('[]')).range(0)).toBeUndefined();
    expect(new ArrayElements(Buffer.from('{}')).range(0)).toBeUndefined();
    expect(new ArrayElements(Buffer.from('\ufeff[7]')).range(0)).toEqual([4, 5]);
  });

  it('finds what JSON.parse finds, for any array', () => {
    fc.assert(
      fc.property(fc.array(fc.jsonValue(), { maxLength: 8 }), fc.constantFrom('', ' ', '\n\t'), (values, space) => {
        const bytes = Buffer.from(`[${space}${values.map((v) => JSON.stringify(v, null, space.length > 0 ? 1 : 0)).join(`${space},${space}`)}${space}]`);
        const elements = new ArrayElements(bytes);
        expect(values.map((_, i) => JSON.parse(bytes.toString('utf8', ...elements.range(i)!)))).toEqual(JSON.parse(bytes.toString()));
        expect(elements.range(values.length)).toBeUndefined();
      }),
    );
  });
});
