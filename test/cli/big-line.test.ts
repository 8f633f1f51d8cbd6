/**
 * Lines too long to parse whole (src/cli/lazy-json.ts): parsed from their bytes, their long
 * arrays a batch at a time, with the results of a whole parse, in bounded memory.
 */
import { closeSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { types } from 'node:util';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_API_VERSION } from '../../src/cli/args';
import { LAZY_JSON_LIMITS, parseLongJson, type LazyJsonLimits } from '../../src/cli/lazy-json';
import { createUnitLinter, parseFailure, unpackUnitResult, type Unit, type UnitSettings } from '../../src/cli/lint-unit';
import { memberOffsets } from '../../src/cli/locate';
import { lintOrder } from '../../src/lint/engine';
import { invalidOrderArbitrary, validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { FMS_PROFILE, clone, validOrder, validReturn } from '../fixtures';
import { mutate, mutationArb, pointersOf } from '../lint/_corpus';
import { runBinMeasured, useBin } from './_bin';
import { tempFiles } from './_run';

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

const lazyArrays = (value: unknown): number =>
  value !== null && typeof value === 'object' ? (types.isProxy(value) ? 1 : 0) + Object.values(value).reduce((n: number, v) => n + lazyArrays(v), 0) : 0;

const outcome = (parse: () => unknown) => {
  try {
    return { value: shape(parse()) };
  } catch (error) {
    return { error: error instanceof SyntaxError ? error.message : error };
  }
};

describe('parseLongJson', () => {
  it('builds what JSON.parse builds, or throws its very error, for any text (property)', () => {
    let lazy = 0;
    fc.assert(
      fc.property(maybeEdited(jsonText), limitsArb, (text, limits) => {
        const bytes = Buffer.from(text);
        const decoded = bytes.toString();
        const expected = outcome(() => JSON.parse(decoded));
        expect(outcome(() => parseLongJson(bytes, limits).value)).toEqual(expected);
        if ('value' in expected) lazy += lazyArrays(parseLongJson(bytes, limits).value);
      }),
      { numRuns: 1500 },
    );
    expect(lazy).toBeGreaterThan(100);
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

  const TINY: LazyJsonLimits = { textBytes: 0, arrayBytes: 8, batchItems: 3, batchBytes: 20, objectMembers: 1 << 16, depth: 512 };
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
  { textBytes: 0, arrayBytes: 0, batchItems: 1, batchBytes: 0, objectMembers: 1 << 16, depth: 512 },
  { textBytes: 0, arrayBytes: 30, batchItems: 3, batchBytes: 60, objectMembers: 1 << 16, depth: 512 },
  { textBytes: 0, arrayBytes: 300, batchItems: 4096, batchBytes: 200, objectMembers: 1 << 16, depth: 512 },
  { textBytes: 200, arrayBytes: 10, batchItems: 2, batchBytes: 1 << 20, objectMembers: 1 << 16, depth: 512 },
];
const OPTIONS: readonly Partial<UnitSettings>[] = [{}, { maxProblems: 2 }, { quiet: true, maxProblems: 1 }, { profile: FMS_PROFILE, version: '1.2' }, { kind: 'return' }];
const settings = (more: Partial<UnitSettings>): UnitSettings => ({ version: ORDER, rules: {}, fix: false, quiet: false, batch: true, ...more });
// One linter per settings (each makes its rule plans once).
const linters = new Map<string, ReturnType<typeof createUnitLinter>>();
function lintUnit(options: number, limits: number | undefined, unit: Unit) {
  const key = `${options}/${limits}`;
  if (!linters.has(key)) linters.set(key, createUnitLinter(settings({ ...OPTIONS[options], ...(limits === undefined ? {} : { lazyJson: LIMITS[limits] }) })));
  const result = unpackUnitResult(linters.get(key)!(unit));
  return { ...result, found: result.found.map((f) => ({ ...f, problems: f.problems })) };
}

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

  it('--fix parses a long line whole (it edits the parsed value)', () => {
    const line = JSON.stringify(validOrder(ORDER)).replace('"transactionID"', '"transactionId"');
    const parse = vi.spyOn(JSON, 'parse');
    const fixed = createUnitLinter(settings({ fix: true, lazyJson: LIMITS[0] }))({ type: 'lines', bytes: Buffer.from(line + '\n') });
    expect(fixed.fixes).toBe(1);
    expect(parse.mock.calls.map(([text]) => text)).toContain(line);
  });
});

// ---------------------------------------------------------------------------------------
// The real bin on one 64 MB line of 10 million problems.

const HEAD = `{"clientRequest":{"requestHeader":{},"order":{},"partner":[],"item":[`;
const TAIL = ']}}\n';

/** An order line with `count` copies of `element` in its item list, spaced out to `bytes` bytes. */
function writeLine(file: string, element: string, count: number, bytes: number): void {
  const pad = bytes - HEAD.length - TAIL.length - count * element.length - (count - 1);
  const each = Math.floor(pad / (count - 1));
  let wider = pad - each * (count - 1);
  const fd = openSync(file, 'w');
  writeSync(fd, HEAD);
  let chunk = '';
  for (let i = 0; i < count; i++) {
    chunk += i === 0 ? element : `,${' '.repeat(wider-- > 0 ? each + 1 : each)}${element}`;
    if (chunk.length > 1 << 20) {
      writeSync(fd, chunk);
      chunk = '';
    }
  }
  writeSync(fd, chunk + TAIL);
  closeSync(fd);
}

/** What linting the line with `count` elements reports, from lines of 1 and 2 elements: the line's own problems and each element's. */
function expectedSummary(element: string, count: number) {
  const [one, two] = [1, 2].map((n) => lintOrder(JSON.parse(`${HEAD}${Array(n).fill(element).join(',')}${TAIL}`), { version: ORDER }));
  const tally = (problems: typeof one, severity: string) => problems!.filter((p) => p.severity === severity).length;
  const scaled = (severity: string) => tally(one, severity) + (count - 1) * (tally(two, severity) - tally(one, severity));
  return { errors: scaled('error'), warnings: scaled('warn') };
}

describe('peak memory of the real bin on one 64 MB line of 10 million problems', () => {
  const bin = useBin();
  const dir = tempFiles({});
  const BYTES = 64_000_000;
  const SHAPES = {
    // 9,999,994 zeros: one problem each, and 6 for the empty order.
    zeros: { element: '0', count: 9_999_994 },
    // Items that lack most of their members: 3 problems each.
    objects: { element: '{"sku":"SKU-1"}', count: 3_333_332 },
  };
  for (const [name, { element, count }] of Object.entries(SHAPES)) writeLine(join(dir, `${name}.ndjson`), element, count, BYTES);

  it.each([
    ['zeros', '1'],
    ['zeros', '2'],
    ['objects', '1'],
    ['objects', '2'],
  ] as const)('%s, --concurrency %s: at most 300 MB, and the summary counts every problem', async (name, concurrency) => {
    const { element, count } = SHAPES[name];
    const { errors, warnings } = expectedSummary(element, count);
    expect(errors + warnings).toBeGreaterThanOrEqual(10_000_000);
    const out = await runBinMeasured(bin(), ['lint', '--concurrency', concurrency, '--format', 'json', `${name}.ndjson`], { cwd: dir });
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.results[0].problems).toHaveLength(1000);
    expect(report.summary).toMatchObject({ payloads: 1, errors, warnings, omitted: errors + warnings - 1000 });
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);
});
