/**
 * Where problems are: `locate` (line and column of the member a JSON Pointer points at),
 * and the positions every format shows.
 */
import fc from 'fast-check';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createUnitLinter, unpackUnitResult, type UnitSettings } from '../../src/cli/lint-unit';
import { skipSpace, skipValue } from '../../src/cli/json-text';
import * as located from '../../src/cli/locate';
import { locate, locateAll } from '../../src/cli/locate';
import { memberSpan } from '../../src/console/member-span';
import { parsePointer, resolvePointer, toPointer } from '../../src/lint/pointer';
import { set, validOrder, validReturn } from '../fixtures';
import { cli, tempFiles } from './_run';

// A spy around the real scanner: which payloads get scanned, and how often.
vi.mock('../../src/cli/locate', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/cli/locate')>();
  return { ...real, locateAll: vi.fn(real.locateAll) };
});

/** The position of an offset, counted the plain way (LF ends a line; a leading BOM is no column). */
function positionAt(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const lineStart = before.lastIndexOf('\n') + 1;
  const bom = line === 1 && text.startsWith('\ufeff') ? 1 : 0;
  return { line, column: offset - lineStart - bom + 1 };
}

const escapeToken = (key: string) => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Serializes a JSON value with the given whitespace between tokens, and records where each
 * pointer's member is (an object member's key quote, an array element's first character)
 * and where each value starts.
 */
function serialize(value: unknown, space: () => string): { text: string; at: Map<string, number>; starts: Map<string, number> } {
  let text = '';
  const at = new Map<string, number>();
  const starts = new Map<string, number>();
  const write = (v: unknown, pointer: string) => {
    starts.set(pointer, text.length);
    if (Array.isArray(v)) {
      text += '[' + space();
      v.forEach((item, i) => {
        if (i > 0) text += space() + ',' + space();
        at.set(`${pointer}/${i}`, text.length);
        write(item, `${pointer}/${i}`);
      });
      text += space() + ']';
    } else if (v !== null && typeof v === 'object') {
      text += '{' + space();
      Object.keys(v).forEach((key, i) => {
        if (i > 0) text += space() + ',' + space();
        const child = `${pointer}/${escapeToken(key)}`;
        at.set(child, text.length);
        text += JSON.stringify(key) + space() + ':' + space();
        write((v as Record<string, unknown>)[key], child);
      });
      text += space() + '}';
    } else text += JSON.stringify(v);
  };
  write(value, '');
  at.set('', 0);
  return { text, at, starts };
}

describe('locate', () => {
  const text = '{\n  "clientRequest": {\n    "item": [\n      { "sku": "A" },\n      7\n    ],\n    "a/b": 1, "m~n": 2, "e\\u0073c": 3\n  }\n}';

  it.each([
    ['', 1, 1],
    ['/clientRequest', 2, 3],
    ['/clientRequest/item', 3, 5],
    ['/clientRequest/item/0', 4, 7],
    ['/clientRequest/item/0/sku', 4, 9],
    ['/clientRequest/item/1', 5, 7],
    ['/clientRequest/a~1b', 7, 5],
    ['/clientRequest/m~0n', 7, 15],
    ['/clientRequest/esc', 7, 25],
  ])('%j: the key of an object member, the first character of an array element', (pointer, line, column) => {
    expect(locate(text, pointer)).toEqual({ line, column });
  });

  it.each([
    ['/clientRequest/payment', 2, 20],
    ['/clientRequest/payment/amount/value', 2, 20],
    ['/clientRequest/item/2', 3, 13],
    ['/clientRequest/item/1/sku', 5, 7],
    ['/clientRequest/item/-', 3, 13],
  ])('%j: a member that is not there is placed at its nearest ancestor\'s value', (pointer, line, column) => {
    expect(locate(text, pointer)).toEqual({ line, column });
  });

  it('skips a byte-order mark and whitespace, counts CRLF as one line end, columns in UTF-16 code units', () => {
    expect(locate('\ufeff{"a": 1}', '/a')).toEqual({ line: 1, column: 2 });
    expect(locate(' \r\n\t[1]', '')).toEqual({ line: 2, column: 2 });
    expect(locate('{\r\n"a": 1,\r\n"b": 2}', '/b')).toEqual({ line: 3, column: 1 });
    expect(locate('{"😀": 1, "b": 2}', '/b')).toEqual({ line: 1, column: 11 });
  });

  it('places a repeated name at its last occurrence, the member JSON.parse keeps', () => {
    const repeated = '{"a": {"b": 1},\n "a": {"c": 2}}';
    expect(locate(repeated, '/a')).toEqual({ line: 2, column: 2 });
    // The kept "a" has no "b": a missing member is at its parent's `{`, in the kept value.
    expect(locate(repeated, '/a/b')).toEqual({ line: 2, column: 7 });
    expect(locate(repeated, '/a/c')).toEqual({ line: 2, column: 8 });
    expect(locate('{"x": [1, {"y": 0}], "x": [2]}', '/x/1/y')).toEqual({ line: 1, column: 27 });
    // As the console's member-span finds it.
    expect(memberSpan(repeated, '/a')!.start).toBe(repeated.indexOf('"a"', 3));
  });

  it('reads strings with escaped quotes and brackets without losing its place', () => {
    expect(locate('{"x": "a\\"]}\\\\", "y": [1, "]", {"z": 0}]}', '/y/2/z')).toEqual({ line: 1, column: 33 });
  });

  it('finds every member of any JSON value, whatever the whitespace (fast-check)', () => {
    const whitespace = fc.array(fc.constantFrom('', ' ', '\t', '\n', '\r\n', '  \n\t'), { minLength: 1, maxLength: 8 });
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), whitespace, fc.boolean(), (value, spaces, bom) => {
        let n = 0;
        const serialized = serialize(value, () => spaces[n++ % spaces.length]!);
        const text = (bom ? '\ufeff' : '') + serialized.text;
        const shift = bom ? 1 : 0;
        const pointers = [...serialized.at.keys()];
        const found = locateAll(text, pointers);
        pointers.forEach((pointer, i) => expect(found[i], pointer).toEqual(positionAt(text, serialized.at.get(pointer)! + shift)));
        // A member that is not there: at its parent's value.
        for (const [pointer, start] of serialized.starts) expect(locate(text, `${pointer}/\u0000missing`)).toEqual(positionAt(text, start + shift));
      }),
      { numRuns: 300 },
    );
  });

  it('finds every member in JSON.stringify(value, null, k) text: its key, then its value (fast-check)', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.integer({ min: 0, max: 4 }), (value, k) => {
        const text = JSON.stringify(value, null, k);
        const lines = text.split('\n');
        for (const pointer of serialize(value, () => '').at.keys()) {
          const { line, column } = locate(text, pointer);
          let offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
          const tokens = parsePointer(pointer);
          const parent = resolvePointer(value, toPointer(tokens.slice(0, -1)));
          if (tokens.length > 0 && parent.found && !Array.isArray(parent.value)) {
            const key = JSON.stringify(tokens[tokens.length - 1]);
            expect(text.startsWith(key, offset), pointer).toBe(true);
            offset = skipSpace(text, skipSpace(text, offset + key.length) + 1);
          }
          const member = JSON.parse(text.slice(offset, skipValue(text, offset)));
          const expected = resolvePointer(value, pointer);
          expect(expected.found && JSON.stringify(member), pointer).toBe(expected.found && JSON.stringify(expected.value));
        }
      }),
      { numRuns: 200 },
    );
  });

  it('stringMemberOffset finds the member JSON.parse keeps, as memberOffsets does, when it holds the value (fast-check)', () => {
    const key = fc.constantFrom('h', 'r', 'x', 'h2', 'r\\u0072', '\\u0068', 'a{b', 'a\\"b');
    const member = fc.tuple(key, fc.oneof(fc.jsonValue({ maxDepth: 2 }).map((v) => JSON.stringify(v)), fc.constantFrom('"X"', '"Y"', '{"r": "X"}', '{"r": "Y", "r": "X"}', '{"r": "X", "r": "X"}', '{"r": "X", "\\u0072": "X"}', '{"r": "X", "x": "\\u00e9"}')));
    const object = fc.array(member, { maxLength: 5 }).map((members) => `{${members.map(([k, v]) => `"${k}": ${v}`).join(', ')}}`);
    // Repeated members of one value too (an "h" or an "r" twice, the same "X" in each): the scan must not stop at the first.
    const text = fc.array(fc.tuple(fc.oneof(key, fc.constant('h')), fc.oneof(object, fc.constant('{"r": "X"}'), fc.jsonValue({ maxDepth: 1 }).map((v) => JSON.stringify(v)))), { maxLength: 5 }).map((members) => `{${members.map(([k, v]) => `"${k}":${v}`).join(',')}}`);
    fc.assert(
      fc.property(text, fc.constantFrom('X', 'Y'), (json, value) => {
        const parsed = JSON.parse(json) as { h?: { r?: unknown } };
        const holds = typeof parsed.h === 'object' && parsed.h !== null && !Array.isArray(parsed.h) && parsed.h.r === value;
        const offset = located.stringMemberOffset(json, ['h', 'r'], value);
        if (!holds) {
          // The member JSON.parse keeps holds something else: another occurrence may hold the value, never the kept one.
          if (offset !== -1) expect(json.slice(offset, offset + 3)).toBe('"r"');
          return;
        }
        expect(offset).toBe(located.memberOffsets(json, ['/h/r'])[0]);
      }),
      { numRuns: 1000 },
    );
  });

  it('positionOf agrees with positionsOf, reading only the text before the offset (fast-check)', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('a', '\n', '\r', '😀', '\ufeff') }), fc.nat(), (text, n) => {
        const offset = text.length === 0 ? 0 : n % text.length;
        expect(located.positionOf(text, offset)).toEqual(located.positionsOf(text, [offset])[0]);
      }),
      { numRuns: 500 },
    );
  });

  it('resolves many pointers in one scan: 1000 pointers cost about what one does (ratio, not a time limit)', () => {
    const big = JSON.stringify({ item: Array.from({ length: 3000 }, (_, i) => ({ sku: `S${i}`, quantity: { value: String(i) }, note: 'x'.repeat(40) })) }, null, 2);
    const many = Array.from({ length: 1000 }, (_, i) => `/item/${i * 3}/quantity/value`);
    const best = (f: () => void) => {
      let min = Infinity;
      for (let r = 0; r < 7; r++) {
        const t = performance.now();
        f();
        min = Math.min(min, performance.now() - t);
      }
      return min;
    };
    const one = best(() => locateAll(big, ['/item/2999/quantity/value']));
    const all = best(() => locateAll(big, many));
    // A scan per pointer would be about 500 times one scan; one scan for all stays within a few.
    expect(all / one).toBeLessThan(20);
  });
});

describe('positions in lint results', () => {
  const spy = vi.mocked(located.locateAll);
  const settings: UnitSettings = { version: '1.1', rules: {}, fix: false, quiet: false, batch: true };
  const bytes = (text: string) => Buffer.from(text);
  beforeEach(() => {
    spy.mockClear();
  });

  it('runs the full scan on no clean payload, and on each payload with problems once for all its problems', () => {
    const clean = JSON.stringify(validOrder('1.1'));
    const lint = createUnitLinter(settings);
    lint({ type: 'lines', bytes: bytes(Array.from({ length: 50 }, () => clean).join('\n')) });
    lint({ type: 'document', bytes: bytes(JSON.stringify([validOrder('1.1'), validOrder('1.1')], null, 2)), fallbackToLines: false });
    expect(spy).not.toHaveBeenCalled();
    const wrong = set(validOrder('1.1'), '/clientRequest/item', Array.from({ length: 1200 }, () => 1));
    const r = unpackUnitResult(createUnitLinter({ ...settings, maxProblems: 0 })({ type: 'lines', bytes: bytes(`${clean}\n${JSON.stringify(wrong)}\n`) }));
    expect(spy).toHaveBeenCalledTimes(1);
    expect(r.found[0]!.problems.length).toBeGreaterThan(1000);
    expect(r.found[0]!.problems.every((p) => p.line === undefined && p.column! > 1)).toBe(true);
  });

  it('places problems in a pretty JSON file, in each element of a top-level array, and the parser\'s stop', async () => {
    const wrong = set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'XXX');
    const single = JSON.stringify(wrong, null, 2);
    const array = JSON.stringify([validOrder('1.1'), set(wrong, '/clientRequest/requestHeader/requestReference', 'R-2')], null, '\t');
    const dir = tempFiles({ 'one.json': single, 'many.json': array, 'broken.json': '{\n  "a": 1,\n  oops\n}', 'o.ndjson': `${JSON.stringify(validOrder('1.1'))}\n${JSON.stringify(set(wrong, '/clientRequest/requestHeader/requestReference', 'R-3'))}\n` });
    const out = await cli(['lint', '-f', 'json', 'one.json', 'many.json', 'broken.json', 'o.ndjson'], { cwd: dir });
    const { results } = JSON.parse(out.stdout) as { results: { source: string; problems: { rule: string; line?: number; column?: number }[] }[] };
    const at = (source: string, rule: string) => results.find((r) => r.source === source)!.problems.find((p) => p.rule === rule)!;
    const expected = (text: string, key: string, nth = 0) => {
      let offset = -1;
      for (let i = 0; i <= nth; i++) offset = text.indexOf(`"${key}"`, offset + 1);
      return positionAt(text, offset);
    };
    expect(at('one.json', 'enum')).toMatchObject(expected(single, 'shipServiceLevel'));
    // The second element: its own member, placed in the file.
    expect(at('many.json#/1', 'enum')).toMatchObject(expected(array, 'shipServiceLevel', 1));
    expect(at('broken.json', 'parse')).toMatchObject({ line: 3, column: 3 });
    const line = JSON.stringify(set(wrong, '/clientRequest/requestHeader/requestReference', 'R-3'));
    expect(at('o.ndjson:2', 'enum')).toMatchObject({ line: 2, column: line.indexOf('"shipServiceLevel"') + 1 });
  });

  it('shows them in every format: stylish file:line:column, github line= col=, junit line, sarif region', async () => {
    const text = JSON.stringify(set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'XXX'), null, 2);
    const { line, column } = positionAt(text, text.indexOf('"shipServiceLevel"'));
    const dir = tempFiles({ 'order.json': text });
    const run = async (format: string) => (await cli(['lint', '-f', format, 'order.json'], { cwd: dir })).stdout;
    expect(await run('stylish')).toContain(`order.json:${line}:${column}  /clientRequest/order/shipServiceLevel`);
    expect(await run('github')).toContain(`::error file=order.json,line=${line},col=${column},title=fulfilkit enum::`);
    const xml = new XMLParser({ ignoreAttributes: false }).parse(await run('junit'));
    expect(xml.testsuites.testsuite.testcase).toMatchObject({ '@_file': 'order.json', '@_line': String(line) });
    const sarif = JSON.parse(await run('sarif'));
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region).toEqual({ startLine: line, startColumn: column });
    expect(sarif.runs[0].columnKind).toBe('utf16CodeUnits');
  });

  it.each(['1', '2'])('places a duplicate requestReference at its member in a document, an NDJSON line and an array element (--concurrency %s)', async (concurrency) => {
    const text = JSON.stringify(validOrder('1.1'), null, 2);
    const line = JSON.stringify(validOrder('1.1'));
    const array = JSON.stringify([validOrder('1.1'), validOrder('1.1')], null, '\t');
    const returns = `${JSON.stringify(validReturn())}\n${JSON.stringify(validReturn())}\n`;
    const dir = tempFiles({ 'a.json': text, 'b.json': text, 'c.ndjson': `${line}\n`, 'd.json': array, 'r.ndjson': returns });
    const out = await cli(['lint', '-f', 'json', '--concurrency', concurrency, 'a.json', 'b.json', 'c.ndjson', 'd.json', 'r.ndjson'], { cwd: dir });
    const { results } = JSON.parse(out.stdout) as { results: { source: string; problems: { rule: string; path: string; line?: number; column?: number }[] }[] };
    const key = (json: string, nth = 0) => {
      let offset = -1;
      for (let i = 0; i <= nth; i++) offset = json.indexOf('"requestReference"', offset + 1);
      return positionAt(json, offset);
    };
    const place = (source: string) => results.find((r) => r.source === source)!.problems.map((p) => [p.rule, p.line, p.column]);
    expect(results.map((r) => r.source)).toEqual(['b.json', 'c.ndjson:1', 'd.json#/0', 'd.json#/1', 'r.ndjson:2']);
    expect(place('b.json')).toEqual([['duplicate-request-reference', key(text).line, key(text).column]]);
    expect(place('c.ndjson:1')).toEqual([['duplicate-request-reference', 1, key(line).column]]);
    expect(place('d.json#/1')).toEqual([['duplicate-request-reference', key(array, 1).line, key(array, 1).column]]);
    expect(place('r.ndjson:2')).toEqual([['duplicate-request-reference', 2, key(JSON.stringify(validReturn())).column]]);
    const sarif = JSON.parse((await cli(['lint', '-f', 'sarif', 'a.json', 'b.json'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results[0].locations[0].physicalLocation.region).toEqual({ startLine: key(text).line, startColumn: key(text).column });
  });

  it('places a duplicate at the member JSON.parse keeps: a repeated name at its last occurrence, an escaped name, a byte-order mark', async () => {
    const reference = (validOrder('1.1') as { clientRequest: { requestHeader: { requestReference: string } } }).clientRequest.requestHeader.requestReference;
    const header = JSON.stringify(validOrder('1.1').clientRequest.requestHeader);
    // The first requestHeader holds another reference; JSON.parse keeps the second.
    const repeated = JSON.stringify(validOrder('1.1')).replace('"requestHeader":', `"requestHeader": ${header.replace(reference, 'OTHER')}, "requestHeader":`);
    const escaped = JSON.stringify(validOrder('1.1')).replace('"requestReference"', '"request\\u0052eference"');
    const dir = tempFiles({ 'a.ndjson': `${JSON.stringify(validOrder('1.1'))}\n${repeated}\n${escaped}\n`, 'b.json': `\ufeff${JSON.stringify(validOrder('1.1'))}` });
    const out = await cli(['lint', '-f', 'json', '--rule', 'unknown-field=off', 'a.ndjson', 'b.json'], { cwd: dir });
    const { results } = JSON.parse(out.stdout) as { results: { source: string; problems: { rule: string; line?: number; column?: number }[] }[] };
    const duplicate = (source: string) => results.find((r) => r.source === source)!.problems.find((p) => p.rule === 'duplicate-request-reference');
    expect(duplicate('a.ndjson:2')).toMatchObject({ line: 2, column: repeated.lastIndexOf('"requestReference"') + 1 });
    expect(duplicate('a.ndjson:3')).toMatchObject({ line: 3, column: escaped.indexOf('"request\\u0052eference"') + 1 });
    expect(duplicate('b.json')).toMatchObject({ line: 1, column: JSON.stringify(validOrder('1.1')).indexOf('"requestReference"') + 1 });
  });

  it('places a duplicate at the last occurrence when repeated members hold the same reference (a header, a wrapper, the member itself)', async () => {
    const order = JSON.stringify(validOrder('1.1'));
    const header = JSON.stringify(validOrder('1.1').clientRequest.requestHeader);
    const twoHeaders = order.replace('"requestHeader":', `"requestHeader": ${header}, "requestHeader":`);
    const twoWrappers = `{"clientRequest": ${JSON.stringify(validOrder('1.1').clientRequest)},${order.slice(1)}`;
    const twoMembers = order.replace(/"requestReference":("[^"]*")/, '"requestReference":$1,"requestReference":$1');
    const dir = tempFiles({ 'a.ndjson': [order, twoHeaders, twoWrappers, twoMembers].join('\n') });
    const out = await cli(['lint', '-f', 'json', '--rule', 'unknown-field=off', 'a.ndjson'], { cwd: dir });
    const { results } = JSON.parse(out.stdout) as { results: { source: string; problems: { rule: string; line?: number; column?: number }[] }[] };
    const duplicate = (source: string) => results.find((r) => r.source === source)?.problems.find((p) => p.rule === 'duplicate-request-reference');
    expect(duplicate('a.ndjson:2')).toMatchObject({ line: 2, column: twoHeaders.lastIndexOf('"requestReference"') + 1 });
    expect(duplicate('a.ndjson:3')).toMatchObject({ line: 3, column: twoWrappers.lastIndexOf('"requestReference"') + 1 });
    expect(duplicate('a.ndjson:4')).toMatchObject({ line: 4, column: twoMembers.lastIndexOf('"requestReference"') + 1 });
  });

  it('places a JSON document longer than --max-line-bytes at its start, in every format', async () => {
    const dir = tempFiles({ 'big.json': JSON.stringify(validOrder('1.1'), null, 2) });
    const run = async (format: string) => (await cli(['lint', '--no-config', '-f', format, '--max-line-bytes', '100', 'big.json'], { cwd: dir })).stdout;
    const { results } = JSON.parse(await run('json')) as { results: { problems: { rule: string; line?: number; column?: number }[] }[] };
    expect(results.map((r) => r.problems)).toMatchObject([[{ rule: 'parse', line: 1, column: 1 }]]);
    expect(await run('stylish')).toContain('big.json:1:1 ');
    expect(await run('github')).toContain('::error file=big.json,line=1,col=1,title=fulfilkit parse::');
    expect(JSON.parse(await run('sarif')).runs[0].results[0].locations[0].physicalLocation.region).toEqual({ startLine: 1, startColumn: 1 });
  });

  it('places an encoding error at its character, and a line too long at its line', async () => {
    const dir = tempFiles({});
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'o.ndjson'), Buffer.concat([Buffer.from('{"a": 1}\n{"b": "é'), Buffer.from([0xff]), Buffer.from('"}\n'), Buffer.from(`{"c": "${'x'.repeat(100)}"}\n`)]));
    const out = await cli(['lint', '-f', 'json', '--max-line-bytes', '64', 'o.ndjson'], { cwd: dir });
    const { results } = JSON.parse(out.stdout) as { results: { problems: { rule: string; line: number; column: number }[] }[] };
    // (The first line is a payload without its wrapper.)
    expect(results.slice(1).map((r) => r.problems[0])).toMatchObject([
      { rule: 'encoding', line: 2, column: 9 },
      { rule: 'parse', line: 3, column: 1 },
    ]);
  });
});
