/**
 * Lines too long to parse whole (src/cli/lazy-json.ts): parsed from their bytes, their long
 * arrays a batch at a time and their long objects a member at a time, with the results of a
 * whole parse, in bounded memory; `--fix` renames members in their bytes.
 */
import { join } from 'node:path';
import { types } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_VERSION } from '../../src/cli/args';
import { renameMembers } from '../../src/cli/json-text';
import { LAZY_JSON_LIMITS, parseLongJson, type LazyJsonLimits } from '../../src/cli/lazy-json';
import { createUnitLinter, parseFailure, Splicer, unpackUnitResult, type Unit, type UnitSettings } from '../../src/cli/lint-unit';
import { memberOffsets } from '../../src/cli/locate';
import { fixPayload, memberRenames } from '../../src/lint/apply-fixes';
import { toPointer } from '../../src/lint/pointer';
import type { Problem } from '../../src/lint/types';
import { invalidOrderArbitrary, validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { FMS_PROFILE, clone, validOrder, validReturn } from '../fixtures';
import { mutate, mutationArb, pointersOf } from '../lint/_corpus';

afterEach(() => vi.restoreAllMocks());

// ---------------------------------------------------------------------------------------
// JSON texts: random whitespace, repeated names, __proto__, escapes, non-ASCII, long arrays.

const space = fc.constantFrom('', '', '', ' ', '  ', '\t', '\n', '\r\n ');
const keyText = fc.oneof(
  fc.constantFrom('"a"', '"b"', '"__proto__"', '"item"', '"0"', '"\\u0061"', '"é"', '"😀"', '"k\\"q"', '"constructor"'),
  fc.string({ maxLength: 3 }).map((s) => JSON.stringify(s)),
);
const scalarText = fc.oneof(
  fc.constantFrom('0', '-0', '1e5', '0.50', '-12.5E-3', '1E+2', 'true', 'false', 'null', '""', '"x"', '"\\n\\t\\u00e9\\/"', '"é😀"', '"at position 3"'),
  fc.jsonValue({ maxDepth: 0 }).map((v) => JSON.stringify(v)),
);
const { value: jsonText } = fc.letrec<{ value: string; array: string; object: string }>((tie) => ({
  value: fc.oneof({ maxDepth: 4, depthSize: 'small' }, scalarText, tie('array'), tie('object')),
  array: fc
    .tuple(fc.array(fc.tuple(space, fc.oneof(scalarText, tie('value')), space), { maxLength: 40 }), space)
    .map(([items, pad]) => `[${items.length === 0 ? pad : items.map(([a, v, b]) => a + v + b).join(',')}]`),
  object: fc
    .tuple(fc.array(fc.tuple(space, keyText, space, space, tie('value'), space), { maxLength: 6 }), space)
    .map(([members, pad]) => `{${members.length === 0 ? pad : members.map(([a, k, b, c, v, d]) => `${a}${k}${b}:${c}${v}${d}`).join(',')}}`),
}));

/** An edit that may make a text invalid JSON (of its UTF-16 units: it may split a surrogate pair). */
const editArb = fc.record({
  at: fc.nat(),
  op: fc.constantFrom('delete', 'insert', 'replace', 'cut'),
  char: fc.constantFrom(',', ']', '}', '[', '{', ':', '"', 'x', '0', '-', '.', 'e', '\\', '\t', '\u0001', 'é', 't', ' ', '😀'),
});
type Edit = typeof editArb extends fc.Arbitrary<infer T> ? T : never;

function edited(text: string, edits: readonly Edit[]): string {
  for (const { at, op, char } of edits) {
    const i = at % (text.length + 1);
    if (op === 'cut') text = text.slice(0, i);
    else text = text.slice(0, i) + (op === 'delete' ? '' : char) + text.slice(op === 'insert' ? i : i + 1);
  }
  return text;
}

const maybeEdited = (text: fc.Arbitrary<string>) =>
  fc.tuple(text, fc.oneof(fc.constant([]), fc.array(editArb, { minLength: 1, maxLength: 2 }))).map(([t, e]) => edited(t, e));

/** Limits small enough for every array of a small text to be lazy, in batches of a few elements. */
const limitsArb: fc.Arbitrary<LazyJsonLimits> = fc.record({
  textBytes: fc.constant(0),
  arrayBytes: fc.nat(24),
  batchItems: fc.integer({ min: 1, max: 4 }),
  batchBytes: fc.nat(40),
  objectMembers: fc.constant(LAZY_JSON_LIMITS.objectMembers),
  allMembers: fc.constant(LAZY_JSON_LIMITS.allMembers),
  depth: fc.constant(LAZY_JSON_LIMITS.depth),
});

/** What a JSON value is, in full: types, member order, -0, prototypes. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return { array: Array.from({ length: value.length }, (_, i) => shape(value[i])) };
  if (value !== null && typeof value === 'object') {
    return { plain: Object.getPrototypeOf(value) === Object.prototype, members: Object.keys(value).map((k) => [k, shape((value as Record<string, unknown>)[k])]) };
  }
  return Object.is(value, -0) ? '-0' : value;
}

/** How many lazy arrays and lazy objects a value holds. */
const lazyContainers = (value: unknown, count = { arrays: 0, objects: 0 }) => {
  if (value === null || typeof value !== 'object') return count;
  if (types.isProxy(value)) count[Array.isArray(value) ? 'arrays' : 'objects']++;
  for (const v of Object.values(value)) lazyContainers(v, count);
  return count;
};

/** Every answer an object or array gives that the linter or `offsetsIn` may ask for, down the whole value. */
function answers(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return Object.is(value, -0) ? '-0' : value;
  const o = value as Record<string | symbol, unknown>;
  const forIn: string[] = [];
  for (const key in o) forIn.push(key);
  const probes = [...Reflect.ownKeys(o), 'zz', '__proto__', 'toString', 'constructor', 'length', '0', '1', '01', Symbol.iterator];
  const descriptor = (key: string | symbol) => {
    const d = Object.getOwnPropertyDescriptor(o, key);
    return d && { ...d, value: d.value !== null && typeof d.value === 'object' ? 'a container' : d.value };
  };
  return {
    array: Array.isArray(o),
    prototype: Object.getPrototypeOf(o) === (Array.isArray(o) ? Array.prototype : Object.prototype),
    ownKeys: Reflect.ownKeys(o),
    keys: Object.keys(o),
    forIn,
    probes: probes.map((key) => [String(key), key in o, Object.prototype.hasOwnProperty.call(o, key), Object.prototype.propertyIsEnumerable.call(o, key), descriptor(key)]),
    members: Object.keys(o).map((key) => [key, answers(o[key])]),
  };
}

const outcome = (parse: () => unknown) => {
  try {
    return { value: shape(parse()) };
  } catch (error) {
    return { error: error instanceof SyntaxError ? error.message : error };
  }
};

describe('parseLongJson', () => {
  it('builds what JSON.parse builds, or throws its very error, for any text (property)', () => {
    const lazy = { arrays: 0, objects: 0 };
    fc.assert(
      fc.property(maybeEdited(jsonText), limitsArb, (text, limits) => {
        const bytes = Buffer.from(text);
        const decoded = bytes.toString();
        const expected = outcome(() => JSON.parse(decoded));
        expect(outcome(() => parseLongJson(bytes, limits).value)).toEqual(expected);
        if ('value' in expected) lazyContainers(parseLongJson(bytes, limits).value, lazy);
      }),
      { numRuns: 1500 },
    );
    expect(lazy.arrays).toBeGreaterThan(100);
    expect(lazy.objects).toBeGreaterThan(100);
  });

  it('lazy arrays and objects answer every question as the arrays and objects of JSON.parse do: keys, order, for-in, descriptors, prototypes (property)', () => {
    fc.assert(
      fc.property(jsonText, limitsArb, (text, limits) => {
        expect(answers(parseLongJson(Buffer.from(text), limits).value)).toEqual(answers(JSON.parse(text)));
      }),
      { numRuns: 800 },
    );
  });

  it('finds members where memberOffsets finds them in the whole text, missing ones too (property)', () => {
    fc.assert(
      fc.property(jsonText, limitsArb, fc.array(fc.constantFrom('/zz', '/0', '/999', '/a/0'), { maxLength: 3 }), (text, limits, extra) => {
        const bytes = Buffer.from(text);
        const pointers = pointersOf(JSON.parse(text));
        pointers.push(...pointers.slice(0, 4).flatMap((p) => extra.map((e) => p + e)));
        expect(parseLongJson(bytes, limits).offsets(pointers)).toEqual(memberOffsets(bytes.toString(), pointers));
      }),
      { numRuns: 500 },
    );
  });

  const TINY: LazyJsonLimits = { textBytes: 0, arrayBytes: 8, batchItems: 3, batchBytes: 20, objectMembers: 1 << 16, allMembers: 1 << 18, depth: 512 };
  const zeros = (n: number) => Array.from({ length: n }, () => '0').join(',');

  it('finds the members of a repeated name where memberOffsets does (its last occurrence, the one JSON.parse keeps)', () => {
    const long = `[${zeros(50)},{"c":[${zeros(50)}]}]`;
    const pointers = ['/a', '/a/1', '/a/2/0', '/a/40', '/a/50/c/3', '/a/50/d', '/b'];
    for (const text of [`{"a":${long},"b":1,"a":[7,8,[9]]}`, `{"a":[7,8,[9]],"b":1,"a":${long}}`, `{"a":${long},"a":${long.replace('"c"', '"d"')}}`]) {
      expect(parseLongJson(Buffer.from(text), TINY).offsets(pointers)).toEqual(memberOffsets(text, pointers));
    }
  });

  it('recomputes an error far into the text from the text shortened: same message, same position', () => {
    const texts = [
      `[${zeros(3000)},x]`,
      `{"a":[${zeros(3000)}],"b":[${zeros(2000)},01]}`,
      `[${zeros(3000)},[${zeros(500)},"é😀\u0001"]]`,
      `{"a":[${zeros(3000)}] "b":1}`,
      `[${zeros(3000)},tru, "at position 12"]`, // V8 quotes the text around: the quote holds "at position"
      `{"item":[${zeros(1000)},{"x":[${zeros(1000)},-]}]}`,
      `[${zeros(3000)}`,
      // Long objects: their members well before the error are cut out.
      `{${Array.from({ length: 400 }, (_, i) => `"k${i}":[${zeros(5)}]`).join(',')},"z":tru}`,
      `{"a":{${Array.from({ length: 400 }, (_, i) => `"é${i}":"${i}"`).join(', ')}, "b": [${zeros(500)}, {"c": 1 "d": 2}]}}`,
      `{${Array.from({ length: 400 }, (_, i) => `"k${i}":{"v":${i}}`).join(',')},"k0":"at position 3", x}`,
    ];
    for (const text of texts) {
      let expected: unknown;
      try {
        JSON.parse(text);
      } catch (error) {
        expected = error;
      }
      expect(() => parseLongJson(Buffer.from(text), TINY)).toThrow(expected as Error);
      let thrown: unknown;
      try {
        parseLongJson(Buffer.from(text), TINY);
      } catch (error) {
        thrown = error;
      }
      expect(parseFailure(text, thrown, 'The line', false)).toEqual(parseFailure(text, expected, 'The line', false));
    }
  });

  it('parses a long container nested deeper than 64 levels whole, valid or not', () => {
    const deep = (n: number, inner: string) => '{"a":'.repeat(n) + `[${inner}]` + '}'.repeat(n);
    for (const text of [deep(80, zeros(200)), deep(80, zeros(200)).slice(0, -1), `[${deep(70, `${zeros(200)},x`)}]`]) {
      expect(outcome(() => parseLongJson(Buffer.from(text), TINY).value)).toEqual(outcome(() => JSON.parse(text)));
    }
  });

  it('never parses the whole text: each JSON.parse gets at most a batch', () => {
    const text = `{"clientRequest":{"item":[${Array.from({ length: 20_000 }, (_, i) => `{"sku":"S-${i}"}`).join(',')}]}}`;
    const parse = vi.spyOn(JSON, 'parse');
    const { value } = parseLongJson(Buffer.from(text), { ...LAZY_JSON_LIMITS, arrayBytes: 1024, batchBytes: 1024 });
    const items = (value as { clientRequest: { item: { sku: string }[] } }).clientRequest.item;
    let last = '';
    for (let i = 0; i < items.length; i++) last = items[i]!.sku;
    expect([items.length, last]).toEqual([20_000, 'S-19999']);
    const longest = Math.max(...parse.mock.calls.map(([t]) => t.length));
    expect(longest).toBeLessThan(1100);
    expect(parse.mock.calls.length).toBeGreaterThan(2 * (text.length / 1100)); // checked once, read once
  });

  it('a lazy array is a read-only array', () => {
    const { value } = parseLongJson(Buffer.from('{"a": [1, {"b": 2}, [3], "4", null]}'), { ...TINY, arrayBytes: 2 });
    const a = (value as { a: unknown[] }).a;
    expect(types.isProxy(a)).toBe(true);
    expect(Array.isArray(a) && a instanceof Array && Object.getPrototypeOf(a) === Array.prototype).toBe(true);
    expect([a.length, a[1], a[4], a[5], a[-1 as number]]).toEqual([5, { b: 2 }, null, undefined, undefined]);
    expect([0 in a, 4 in a, 5 in a, 'length' in a, 'map' in a]).toEqual([true, true, false, true, true]);
    expect(Object.keys(a)).toEqual(['0', '1', '2', '3', '4']);
    expect(Object.getOwnPropertyDescriptor(a, 'length')).toEqual({ value: 5, writable: true, enumerable: false, configurable: false });
    expect(Object.getOwnPropertyDescriptor(a, '3')).toEqual({ value: '4', writable: true, enumerable: true, configurable: true });
    expect([...a]).toEqual([1, { b: 2 }, [3], '4', null]);
    expect(a.map((x) => typeof x)).toEqual(['number', 'object', 'object', 'string', 'object']);
    expect(JSON.stringify(value)).toBe('{"a":[1,{"b":2},[3],"4",null]}');
    expect(() => {
      a[0] = 9;
    }).toThrow(TypeError);
    expect(() => delete a[0]).toThrow(TypeError);
    expect(a[0]).toBe(1);
  });

  it('a lazy object is a read-only object: its keys in the order of JSON.parse, a member parsed when read, the last two kept', () => {
    const text = '{"b": [1, 2], "2": "two", "a": {"x": 1}, "b": {"y": 3}, "__proto__": {"p": 1}, "10": null, "é😀": "v"}';
    const expected = JSON.parse(text);
    // Each member is short (parsed when read), the object is not.
    const { value } = parseLongJson(Buffer.from(text), { ...TINY, arrayBytes: 16 });
    const o = value as Record<string, unknown>;
    expect([types.isProxy(o), Array.isArray(o), Object.getPrototypeOf(o) === Object.prototype]).toEqual([true, false, true]);
    expect(Object.keys(o)).toEqual(['2', '10', 'b', 'a', '__proto__', 'é😀']);
    expect(Object.keys(o)).toEqual(Object.keys(expected));
    expect(JSON.stringify(o)).toBe(JSON.stringify(expected));
    expect([o.b, o.__proto__, o.zz, Object.prototype.hasOwnProperty.call(o, '__proto__'), 'toString' in o, Object.prototype.hasOwnProperty.call(o, 'toString')]).toEqual([
      { y: 3 },
      { p: 1 },
      undefined,
      true,
      true,
      false,
    ]);
    expect(Object.getOwnPropertyDescriptor(o, 'a')).toEqual({ value: { x: 1 }, writable: true, enumerable: true, configurable: true });
    const forIn: string[] = [];
    for (const key in o) forIn.push(key);
    expect(forIn).toEqual(Object.keys(expected));
    expect(() => {
      o.a = 9;
    }).toThrow(TypeError);
    expect(() => delete o.a).toThrow(TypeError);
    expect(() => Object.defineProperty(o, 'c', { value: 1 })).toThrow(TypeError);
    expect(() => Object.setPrototypeOf(o, null)).toThrow(TypeError);
    expect(() => Object.preventExtensions(o)).toThrow(TypeError);
    expect([o.a, Object.keys(o).length, Object.getPrototypeOf(o) === Object.prototype]).toEqual([{ x: 1 }, 6, true]);
    // The last two members read are kept: a walk reading a member again does not parse it again.
    const parse = vi.spyOn(JSON, 'parse');
    const read = (keys: string[]) => keys.map((key) => o[key]);
    read(['a', 'a', '2', 'a', '2', 'a']);
    expect(parse).toHaveBeenCalledTimes(2);
    read(['10', 'b', 'b', '10', 'a']); // '10' parsed, 'b' parsed, '10' kept, 'a' parsed again
    expect(parse).toHaveBeenCalledTimes(5);
  });

  /** The paths of the members of the objects in a value (not of array elements). */
  const objectMembers = (value: unknown, at: string[] = [], out: string[][] = []): string[][] => {
    if (Array.isArray(value)) value.forEach((v, i) => objectMembers(v, [...at, String(i)], out));
    else if (value !== null && typeof value === 'object') {
      for (const [key, v] of Object.entries(value)) out.push([...at, key]), objectMembers(v, [...at, key], out);
    }
    return out;
  };
  const newName = fc.constantFrom('a', 'b', '__proto__', '0', 'é', '😀', 'k"q', 'x\\y', '', 'a name much longer than before', '\u2028');

  it('renames members in the bytes, through lazy arrays and objects, as --fix renames them in the decoded text; in place or in a copy (property)', () => {
    const seen = { renamed: 0, inPlace: 0 };
    fc.assert(
      fc.property(jsonText, limitsArb, fc.array(fc.tuple(fc.nat(), newName, fc.boolean()), { maxLength: 4 }), fc.boolean(), (text, limits, picks, inPlace) => {
        const value: unknown = JSON.parse(text);
        const members = objectMembers(value);
        if (members.length === 0) return;
        // Renames of members, some of a member renamed just before (its path in its new name).
        const problems: Problem[] = [];
        let last: string[] | undefined;
        for (const [pick, to, again] of picks) {
          const tokens = again && last ? last : members[pick % members.length]!;
          problems.push({ rule: 'spelling', severity: 'warn', path: toPointer(tokens), message: '', fix: { kind: 'rename-member', to } });
          last = [...tokens.slice(0, -1), to];
        }
        const { renames } = fixPayload(value, problems);
        expect(memberRenames(parseLongJson(Buffer.from(text), limits).value, problems)).toEqual(renames);
        const bytes = Buffer.from(text);
        const edited = parseLongJson(bytes, limits).renamed(renames, inPlace);
        expect(Buffer.from(edited).toString()).toBe(renameMembers(text, renames));
        if (!inPlace) expect(bytes.toString()).toBe(text);
        seen.renamed += renames.length > 0 ? 1 : 0;
        seen.inPlace += renames.length > 0 && edited.buffer === bytes.buffer && edited.byteOffset === bytes.byteOffset ? 1 : 0;
      }),
      { numRuns: 1000 },
    );
    expect(seen.renamed).toBeGreaterThan(200);
    expect(seen.inPlace).toBeGreaterThan(50);
  });
});

// ---------------------------------------------------------------------------------------
// The unit linter: a long line parsed lazily gives what the line parsed whole gives.

const ORDER = DEFAULT_API_VERSION;
const mutations = fc.array(mutationArb, { maxLength: 3 });
const mutated = (base: fc.Arbitrary<unknown>) => fc.tuple(base, mutations).map(([p, ms]) => JSON.stringify(ms.reduce<unknown>((x, m) => mutate(x, m), clone(p))));
/** An order whose item list is long (each item a little different), and a root that repeats a name. */
const longOrder = fc.tuple(fc.integer({ min: 2, max: 30 }), mutations, fc.boolean()).map(([n, ms, repeat]) => {
  const order = validOrder(ORDER) as { clientRequest: { item: Record<string, unknown>[] } };
  const item = order.clientRequest.item[0]!;
  order.clientRequest.item = Array.from({ length: n }, (_, i) => ({ ...item, itemId: String(i + (i % 7 === 3 ? 2 : 1)), quantity: i % 5 === 0 ? 'x' : item.quantity }));
  const text = JSON.stringify(ms.reduce<unknown>((x, m) => mutate(x, m), order));
  return repeat ? text.replace('{"clientRequest":', '{"clientRequest":{"item":[1,2,3]},"__proto__":[{"a":1}],"clientRequest":') : text;
});
const lineText = fc.oneof(
  maybeEdited(mutated(fc.oneof(fc.constant(validOrder(ORDER)), validOrderArbitrary(ORDER, { fms: true }), invalidOrderArbitrary(ORDER).map((c) => c.payload)))),
  maybeEdited(mutated(fc.oneof(fc.constant(validReturn()), validReturnArbitrary()))),
  maybeEdited(longOrder),
  maybeEdited(jsonText),
  fc.constantFrom('', '  \t'),
);

const LIMITS: readonly LazyJsonLimits[] = [
  { textBytes: 0, arrayBytes: 0, batchItems: 1, batchBytes: 0, objectMembers: 1 << 16, allMembers: 1 << 18, depth: 512 },
  { textBytes: 0, arrayBytes: 30, batchItems: 3, batchBytes: 60, objectMembers: 1 << 16, allMembers: 1 << 18, depth: 512 },
  { textBytes: 0, arrayBytes: 300, batchItems: 4096, batchBytes: 200, objectMembers: 1 << 16, allMembers: 1 << 18, depth: 512 },
  { textBytes: 200, arrayBytes: 10, batchItems: 2, batchBytes: 1 << 20, objectMembers: 1 << 16, allMembers: 1 << 18, depth: 512 },
];
const OPTIONS: readonly Partial<UnitSettings>[] = [{}, { maxProblems: 2 }, { quiet: true, maxProblems: 1 }, { profile: FMS_PROFILE, version: '1.2' }, { kind: 'return' }];
const FIX_OPTIONS: readonly Partial<UnitSettings>[] = [{ fix: true }, { fix: true, quiet: true, maxProblems: 1 }, { fix: true, maxProblems: 3, profile: FMS_PROFILE, version: '1.2' }];
const ALL_OPTIONS = [...OPTIONS, ...FIX_OPTIONS];
const settings = (more: Partial<UnitSettings>): UnitSettings => ({ version: ORDER, rules: {}, fix: false, quiet: false, batch: true, ...more });
// One linter per settings (each makes its rule plans once).
const linters = new Map<string, ReturnType<typeof createUnitLinter>>();
/** The unit result, its fixed bytes as text. With --fix, the unit's bytes are handed over (edited in place): pass bytes of their own. */
function lintUnit(options: number, limits: number | undefined, unit: Unit) {
  const key = `${options}/${limits}`;
  if (!linters.has(key)) linters.set(key, createUnitLinter(settings({ ...ALL_OPTIONS[options], ...(limits === undefined ? {} : { lazyJson: LIMITS[limits] }) })));
  // (Not `otherVersion`: a long payload is not linted again as the other versions; version-note.test.ts.)
  const { bytes, otherVersion: _notLookedForInLong, ...result } = unpackUnitResult(linters.get(key)!(unit));
  return { ...result, found: result.found.map((f) => ({ ...f, problems: f.problems })), ...(bytes ? { bytes: Buffer.from(bytes).toString() } : {}) };
}

/** Example-body spellings that --fix renames, written plainly or with an escape. */
const SPELT: readonly (readonly [string, string])[] = [
  ['"transactionID"', '"transactionId"'],
  ['"entityID"', '"entity\\u0049d"'],
  ['"acquireID"', '"acquirerId"'],
  ['"dateTimeWantedDeliveryDate"', '"datetimeWantedDeliveryDate"'],
];
/** An order that --fix changes, sometimes with a member named in non-ASCII before the renamed ones (bytes are not characters). */
const fixableText = fc.tuple(fc.oneof(mutated(fc.constant(validOrder(ORDER))), longOrder), fc.subarray([...SPELT], { minLength: 1 }), fc.boolean()).map(([text, spelt, accent]) => {
  for (const [from, to] of spelt) text = text.replace(from, to);
  return accent ? text.replace('"clientRequest":{', '"clientRequest":{"ünknown €":"😀",') : text;
});

describe('createUnitLinter on long lines', () => {
  it('lines and documents parsed lazily give the unit result of a whole parse: problems, positions, counts (property)', () => {
    fc.assert(
      fc.property(
        fc.array(lineText, { minLength: 1, maxLength: 3 }),
        fc.nat(LIMITS.length - 1),
        fc.nat(OPTIONS.length - 1),
        fc.boolean(),
        (texts, limits, options, fallbackToLines) => {
          const lines = Buffer.from(texts.map((t) => t.replace(/\r?\n/g, ' ')).join('\n') + '\n');
          expect(lintUnit(options, limits, { type: 'lines', bytes: lines })).toEqual(lintUnit(options, undefined, { type: 'lines', bytes: lines }));
          const document: Unit = { type: 'document', bytes: Buffer.from(texts.join('\n')), fallbackToLines };
          expect(lintUnit(options, limits, document)).toEqual(lintUnit(options, undefined, document));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('--fix on lines and documents parsed lazily gives the unit result and the fixed bytes of a whole parse (property)', () => {
    let fixes = 0;
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fixableText, fixableText, lineText), { minLength: 1, maxLength: 3 }),
        fc.nat(LIMITS.length - 1),
        fc.integer({ min: OPTIONS.length, max: ALL_OPTIONS.length - 1 }),
        fc.boolean(),
        (texts, limits, options, fallbackToLines) => {
          const units = (): Unit[] => [
            { type: 'lines', bytes: Buffer.from(texts.map((t) => t.replace(/\r?\n/g, ' ')).join('\r\n') + '\n') },
            { type: 'document', bytes: Buffer.from(texts.join('\n')), fallbackToLines },
            { type: 'document', bytes: Buffer.from(`[${texts.join(',\n')}]`), fallbackToLines },
          ];
          const whole = units().map((unit) => lintUnit(options, undefined, unit));
          expect(units().map((unit) => lintUnit(options, limits, unit))).toEqual(whole);
          fixes += whole[0]!.fixes;
        },
      ),
      { numRuns: 300 },
    );
    expect(fixes).toBeGreaterThan(300);
  });

  it('--fix renames the members of a long line in its bytes, in place: no JSON.parse of the whole line, the bytes of a whole parse', () => {
    const order = validOrder(ORDER) as { clientRequest: { item: unknown[] } };
    order.clientRequest.item = Array.from({ length: 50 }, () => order.clientRequest.item[0]);
    let line = JSON.stringify(order).replace('"clientRequest":{', '"clientRequest":{"ünknown €":"😀",');
    for (const [from, to] of SPELT) line = line.replace(from, to);
    const unit = () => {
      const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(line) + 1);
      bytes.write(`${line}\n`);
      return bytes;
    };
    const whole = createUnitLinter(settings({ fix: true }))({ type: 'lines', bytes: unit() });
    const bytes = unit();
    const linter = createUnitLinter(settings({ fix: true, lazyJson: LIMITS[1] }));
    const parse = vi.spyOn(JSON, 'parse');
    const decode = vi.spyOn(Buffer.prototype, 'toString');
    const concat = vi.spyOn(Buffer, 'concat');
    const lazy = linter({ type: 'lines', bytes });
    const longest = (calls: { length: number }[]) => Math.max(0, ...calls.map((c) => c.length));
    const [parsed, decoded, copied] = [longest(parse.mock.calls.map(([text]) => text)), longest(decode.mock.results.map((r) => r.value as string)), longest(concat.mock.results.map((r) => r.value as Buffer))];
    vi.restoreAllMocks();
    expect([lazy.fixes, whole.fixes]).toEqual([4, 4]);
    expect(Buffer.from(lazy.bytes!).toString()).toBe(Buffer.from(whole.bytes!).toString());
    // Parsed and decoded a piece at a time, renamed in place (the text grows nowhere), the unit's bytes its output.
    expect(Math.max(parsed, decoded)).toBeLessThan(line.length / 10);
    expect(copied).toBe(0);
    expect(lazy.bytes!.buffer).toBe(bytes.buffer);
  });
});

describe('Splicer', () => {
  it('splices edits into the bytes as joining the pieces does; in the bytes themselves while the output has not grown past what was read (property)', () => {
    const text = fc.array(fc.constantFrom('a', 'é', '😀', '{"k":1}\n', ' '), { minLength: 1, maxLength: 20 }).map((parts) => parts.join(''));
    const edit = fc.record({ to: fc.array(fc.constantFrom('', 'b', 'ü', '😀😀', 'xyz'), { maxLength: 3 }).map((parts) => parts.join('')), inPlace: fc.boolean() });
    let inPlace = 0;
    fc.assert(
      fc.property(text, fc.uniqueArray(fc.nat(), { maxLength: 8 }), fc.array(edit, { minLength: 4, maxLength: 4 }), (t, cuts, edits) => {
        const original = Buffer.from(t);
        const bytes = Buffer.allocUnsafeSlow(original.length);
        original.copy(bytes);
        const at = [...new Set(cuts.map((c) => c % (original.length + 1)))].sort((x, y) => x - y);
        const splicer = new Splicer(bytes);
        const expected: Buffer[] = [];
        let copied = 0;
        let grown = 0;
        let fits = true;
        for (let k = 0; k + 1 < at.length && k / 2 < edits.length; k += 2) {
          const [start, end] = [at[k]!, at[k + 1]!];
          const to = Buffer.from(edits[k / 2]!.to);
          expected.push(original.subarray(copied, start), to);
          copied = end;
          fits &&= (grown += to.length - (end - start)) <= 0;
          // An edit made in the bytes (a long line renamed in place) when it is not longer.
          if (edits[k / 2]!.inPlace && to.length <= end - start) splicer.splice(start, end, bytes.subarray(start, start + to.copy(bytes, start)));
          else splicer.splice(start, end, to);
        }
        expected.push(original.subarray(copied));
        const out = splicer.done();
        expect(Buffer.from(out).toString()).toBe(Buffer.concat(expected).toString());
        if (fits) expect([out.buffer === bytes.buffer, out.byteOffset]).toEqual([true, 0]);
        inPlace += fits && at.length > 1 ? 1 : 0;
      }),
    );
    expect(inPlace).toBeGreaterThan(10);
  });
});

describe('a long string in a long text', () => {
  const limits: LazyJsonLimits = { ...LAZY_JSON_LIMITS, textBytes: 0, arrayBytes: 64 };
  const long = 'é'.repeat(100) + 'x'.repeat(100);

  it('is decoded straight from its bytes, never parsed from a copy of its text, and located with its content cut', () => {
    // An ASCII one too, as a value and as a member name (decoded as Latin-1: the same text).
    const ascii = 'k~/'.repeat(100);
    const text = JSON.stringify({ clientRequest: { requestHeader: { requestReference: long, client: 'C' } }, tail: [long, 1, ascii], [ascii]: { [ascii]: ascii } });
    const parse = vi.spyOn(JSON, 'parse');
    const json = parseLongJson(Buffer.from(text), limits);
    expect(parse.mock.calls.filter(([arg]) => typeof arg === 'string' && arg.includes(long))).toEqual([]);
    expect(json.value).toEqual(JSON.parse(text));
    const pointers = ['/clientRequest/requestHeader/requestReference', '/clientRequest/requestHeader/client', '/tail/0', '/tail/1'];
    expect(json.offsets(pointers)).toEqual(memberOffsets(text, pointers));
  });

  it('with escapes or a control character is parsed as JSON.parse does, errors included', () => {
    for (const text of [JSON.stringify({ a: long + '\n"\\' }), `{"a": "${long}\u0001"}`, `{"a": "${long}`, `["${long}\\"]`]) {
      let expected: unknown;
      try {
        expected = JSON.parse(text);
      } catch (error) {
        expect(() => parseLongJson(Buffer.from(text), limits)).toThrow((error as Error).message);
        continue;
      }
      expect(parseLongJson(Buffer.from(text), limits).value).toEqual(expected);
    }
  });
});
