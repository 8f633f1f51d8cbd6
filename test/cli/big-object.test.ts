/**
 * A long line holding an object of millions of members, or nested millions of levels deep
 * (src/cli/lazy-json.ts): refused with one `parse` problem before it is built, so the CLI
 * stays within its memory; one holding an object of large members: a lazy object.
 */
import { closeSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_VERSION } from '../../src/cli/args';
import { AllMembersLimitError, DepthLimitError, LAZY_JSON_LIMITS, MemberLimitError, nestsDeeper, parseLongJson, type LazyJsonLimits } from '../../src/cli/lazy-json';
import { createUnitLinter, unpackUnitResult, type Unit } from '../../src/cli/lint-unit';
import { lintOrder } from '../../src/lint/engine';
import { runBinMeasured, useBin } from './_bin';
import { tempFiles } from './_run';

/** An object text of `n` members named k0, k1... */
const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
const SMALL: LazyJsonLimits = { textBytes: 0, arrayBytes: 64, batchItems: 3, batchBytes: 40, objectMembers: 50, allMembers: 120, depth: 512 };

const thrown = (text: string, limits: LazyJsonLimits): unknown => {
  try {
    parseLongJson(Buffer.from(text), limits);
  } catch (error) {
    return error;
  }
  return undefined;
};

describe('parseLongJson and objects of too many members', () => {
  it.each([
    ['flat', (o: string) => o],
    ['in a lazy array', (o: string) => `[1,2,${o}]`],
    ['deep', (o: string) => `{"a":{"b":${o}}}`],
    ['short itself, in a long array', (o: string) => `[${'0,'.repeat(100)}${o.replace(/"k(\d+)"/g, '"$1"')}]`],
    ['not closed', (o: string) => `{"é":${o.slice(0, -1)}`],
  ])('refuses one of limit + 1 members (%s), and takes one of limit members as JSON.parse does', (_, wrap) => {
    const over = wrap(members(51));
    const error = thrown(over, SMALL);
    expect(error).toBeInstanceOf(MemberLimitError);
    const { members: count, limit, offset } = error as MemberLimitError;
    expect([count, limit, over[offset]]).toEqual([51, 50, '{']);
    expect((error as Error).message).not.toMatch(/k\d|"/);
    const under = wrap(members(50));
    if (!under.endsWith(']') && !under.endsWith('}}')) return; // the unclosed text is not JSON
    expect(JSON.stringify(parseLongJson(Buffer.from(under), SMALL).value)).toBe(JSON.stringify(JSON.parse(under)));
  });

  it('reports a syntax error before the object rather than the object', () => {
    const text = `[1,x,${members(51)}]`;
    expect(thrown(text, SMALL)).toBeInstanceOf(SyntaxError);
    expect(thrown(`{"a":1,}${members(51)}`, SMALL)).toBeInstanceOf(SyntaxError);
  });
});

describe('parseLongJson and long objects of too many members together', () => {
  // SMALL: 50 members an object, 120 together; each object of `members(40)` is long (over 64 bytes).
  const objects = (n: number) => `{${Array.from({ length: n }, (_, i) => `"o${i}":${members(40)}`).join(',')}}`;

  it('refuses a text whose long objects have more members together than allMembers, at the object that passes it', () => {
    // The outer object's members count too: 1 + 2 x 41 = 83 fit, 1 + 3 x 41 = 124 do not.
    expect(JSON.stringify(parseLongJson(Buffer.from(objects(2)), SMALL).value)).toBe(JSON.stringify(JSON.parse(objects(2))));
    const text = objects(3);
    const error = thrown(text, SMALL);
    expect(error).toBeInstanceOf(AllMembersLimitError);
    expect((error as AllMembersLimitError).offset).toBe(text.indexOf('"o2":') + 5);
    expect((error as Error).message).toBe('long objects of more than 120 members together');
  });

  it('reports a syntax error before the object that passes the limit rather than the limit', () => {
    expect(thrown(`[1,x,${objects(3)}]`, SMALL)).toBeInstanceOf(SyntaxError);
  });

  it('counts the members of objects built up front only: those in a batch of a lazy array cost nothing', () => {
    const short = `[${Array.from({ length: 100 }, () => '{"a":1,"b":2}').join(',')}]`;
    expect((parseLongJson(Buffer.from(short), SMALL).value as unknown[]).length).toBe(100);
  });
});

describe('parseLongJson and values nested too deep', () => {
  const DEEP: LazyJsonLimits = { ...SMALL, depth: 10 };
  /** `levels` containers, arrays and objects in turn, around a 0. */
  const nested = (levels: number) => {
    let text = '0';
    for (let i = levels - 1; i >= 0; i--) text = i % 2 === 0 ? `[${text}]` : `{"a":${text}}`;
    return text;
  };
  /** Containers open just before `offset` (the texts here have no brackets in strings). */
  const openAt = (text: string, offset: number) => [...text.slice(0, offset)].reduce((n, c) => n + ('[{'.includes(c) ? 1 : ']}'.includes(c) ? -1 : 0), 0);

  it.each([
    ['alone', (t: string) => t, 0],
    ['in a long array', (t: string) => `[${'1,'.repeat(100)}${t}]`, 1],
    ['in a long object', (t: string) => `{"x":"${'y'.repeat(100)}","z":${t}}`, 1],
  ])('refuses nesting one level past the limit (%s), at the first value past it; takes the limit as JSON.parse does', (_, wrap, around) => {
    const over = wrap(nested(11 - around));
    const error = thrown(over, DEEP);
    expect(error).toBeInstanceOf(DepthLimitError);
    expect((error as DepthLimitError).message).toBe('values nested more than 10 levels deep');
    // Ten levels are open at the offset: it points at the eleventh.
    const offset = (error as DepthLimitError).offset;
    expect([openAt(over, offset), '[{'.includes(over[offset]!)]).toEqual([10, true]);
    const under = wrap(nested(10 - around));
    expect(JSON.stringify(parseLongJson(Buffer.from(under), DEEP).value)).toBe(JSON.stringify(JSON.parse(under)));
  });

  it('reports a syntax error in an earlier piece rather than the nesting', () => {
    expect(thrown(`[${'1,'.repeat(100)}x,${nested(11)}]`, { ...DEEP, arrayBytes: 8, batchItems: 2, batchBytes: 8 })).toBeInstanceOf(SyntaxError);
  });
});

describe('the unit linter on a line with an object of too many members', () => {
  const lint = (limits: LazyJsonLimits | undefined, unit: Unit) =>
    unpackUnitResult(createUnitLinter({ version: DEFAULT_API_VERSION, rules: {}, fix: false, quiet: false, batch: true, ...(limits ? { lazyJson: limits } : {}) })(unit));

  it('gives one parse problem naming the limit and the count, no key; a line at the limit is linted as before', () => {
    const line = `{"clientRequest":{"secretKey":${members(51)}}}`;
    const { found } = lint(SMALL, { type: 'lines', bytes: Buffer.from(`${line}\n`) });
    expect(found).toHaveLength(1);
    expect(found[0]!.problems.map((p) => [p.rule, p.message])).toEqual([['parse', 'The line has an object of 51 members, more than 50; it was not read.']]);
    expect(found[0]!.problems[0]!.column).toBe(line.indexOf('{"k0"') + 1);
    const document = lint(SMALL, { type: 'document', bytes: Buffer.from(`\n ${line}`), fallbackToLines: true });
    expect(document.found[0]!.problems[0]!.message).toBe('The input has an object of 51 members, more than 50; it was not read.');
    expect(document.found[0]!.problems[0]).toMatchObject({ line: 2, column: line.indexOf('{"k0"') + 2 });
    const at = `{"clientRequest":{"secretKey":${members(50)}}}\n`;
    expect(lint(SMALL, { type: 'lines', bytes: Buffer.from(at) })).toEqual(lint(undefined, { type: 'lines', bytes: Buffer.from(at) }));
  });

  it('refuses deep nesting in a line too short to be parsed lazily (over 256 KiB), with the default limits; takes one at the limit', () => {
    const deep = (levels: number) => `{"clientRequest":${'['.repeat(levels)}${']'.repeat(levels)},"pad":"${'x'.repeat(300_000)}"}`;
    const over = deep(LAZY_JSON_LIMITS.depth);
    expect(Buffer.byteLength(over)).toBeLessThan(LAZY_JSON_LIMITS.textBytes);
    const { found } = lint(undefined, { type: 'lines', bytes: Buffer.from(`${over}\n`) });
    expect(found[0]!.problems.map((p) => [p.rule, p.message])).toEqual([['parse', `The line has values nested more than ${LAZY_JSON_LIMITS.depth} levels deep; it was not read.`]]);
    const at = lint(undefined, { type: 'lines', bytes: Buffer.from(`${deep(LAZY_JSON_LIMITS.depth - 1)}\n`) });
    expect(at.found[0]!.problems.map((p) => p.rule)).not.toContain('parse');
  });

  it('nestsDeeper counts levels of arrays and objects, never brackets in strings', () => {
    expect([nestsDeeper(Buffer.from('[[{"a":[]}]]'), 4), nestsDeeper(Buffer.from('[[{"a":[]}]]'), 3)]).toEqual([false, true]);
    expect(nestsDeeper(Buffer.from(`["${'[['.repeat(10)}\\"[["]`), 1)).toBe(false);
    expect(nestsDeeper(Buffer.from('[][][][]'), 1)).toBe(false);
  });

  it('gives one parse problem for values nested too deep, at the first one past the limit', () => {
    const line = `{"clientRequest":${'['.repeat(20)}${']'.repeat(20)}}`;
    const { found } = lint({ ...SMALL, depth: 10 }, { type: 'lines', bytes: Buffer.from(`${line}\n`) });
    expect(found[0]!.problems.map((p) => [p.rule, p.message, p.column])).toEqual([['parse', 'The line has values nested more than 10 levels deep; it was not read.', line.indexOf('[') + 10]]);
  });
});

describe('peak memory of the real bin on a line of one object of 3 million members', () => {
  const bin = useBin();
  const dir = tempFiles({});
  const COUNT = 3_000_000;

  it.each([
    ['flat.ndjson', '', '', 'The line', 1],
    ['nested.ndjson', '[{"a":', '}]', 'The line', 7],
    ['document.json', '{"a":{"b":', '}}', 'The input', 11],
  ] as const)('%s: at most 300 MB, one parse problem', async (name, head, tail, what, column) => {
    const file = join(dir, name);
    const fd = openSync(file, 'w');
    writeSync(fd, `${head}{`);
    for (let s = 0; s < COUNT; s += 100_000) writeSync(fd, (s ? ',' : '') + Array.from({ length: 100_000 }, (_, i) => `"k${s + i}":0`).join(','));
    writeSync(fd, `}${tail}\n`);
    closeSync(fd);
    expect(LAZY_JSON_LIMITS.objectMembers).toBeLessThan(COUNT);
    const out = await runBinMeasured(bin(), ['lint', '--format', 'json', name], { cwd: dir });
    rmSync(file);
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.results[0].problems).toMatchObject([
      { rule: 'parse', column, message: `${what} has an object of ${COUNT} members, more than ${LAZY_JSON_LIMITS.objectMembers}; it was not read.` },
    ]);
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);

  it.each(['1', '2'])('wide.ndjson, one object of 60 arrays of 524,000 zeros (63 MB), --concurrency %s: at most 300 MB, the problems of a whole parse', async (concurrency) => {
    const array = `[${Array(524_000).fill('0').join(',')}]`;
    const fd = openSync(join(dir, 'wide.ndjson'), 'w');
    for (let i = 0; i < 60; i++) writeSync(fd, `${i === 0 ? '{' : ','}"m${i}":${array}`);
    writeSync(fd, '}\n');
    closeSync(fd);
    const out = await runBinMeasured(bin(), ['lint', '--concurrency', concurrency, '--format', 'json', 'wide.ndjson'], { cwd: dir });
    rmSync(join(dir, 'wide.ndjson'));
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    const expected = lintOrder(JSON.parse(`{${Array.from({ length: 60 }, (_, i) => `"m${i}":[0]`).join(',')}}`), { version: DEFAULT_API_VERSION });
    expect(report.results[0].problems.map((p: { rule: string; path: string; column: number }) => [p.rule, p.path, p.column])).toEqual(expected.map((p) => [p.rule, p.path, 1]));
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);

  it('unknown.ndjson, 95 objects of 60,000 members each (62 MB): at most 300 MB, one parse problem', async () => {
    const object = members(60_000);
    const fd = openSync(join(dir, 'unknown.ndjson'), 'w');
    writeSync(fd, '{"clientRequest":{');
    for (let i = 0; i < 95; i++) writeSync(fd, `${i ? ',' : ''}"x${i}":${object}`);
    writeSync(fd, '}}\n');
    closeSync(fd);
    const out = await runBinMeasured(bin(), ['lint', '--format', 'json', 'unknown.ndjson'], { cwd: dir });
    rmSync(join(dir, 'unknown.ndjson'));
    expect(out.code).toBe(1);
    const { allMembers } = LAZY_JSON_LIMITS;
    // At the first object that takes the count past the limit: the root's member counts 1, each x-member 1 and its object 60,000.
    const passing = Math.floor((allMembers - 1) / 60_001);
    const column = 1 + `{"clientRequest":{`.length + passing * (`"x0":`.length + object.length + 1) + `"x${passing}":`.length;
    expect(JSON.parse(out.stdout).results[0].problems).toEqual([
      expect.objectContaining({ rule: 'parse', column, message: `The line has long objects of more than ${allMembers} members together; it was not read.` }),
    ]);
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);

  it('deep.ndjson, 12 million levels of brackets: at most 300 MB, one parse problem', async () => {
    const levels = 12_000_000;
    writeFileSync(join(dir, 'deep.ndjson'), `${'['.repeat(levels)}${']'.repeat(levels)}\n`);
    const out = await runBinMeasured(bin(), ['lint', '--format', 'json', 'deep.ndjson'], { cwd: dir });
    rmSync(join(dir, 'deep.ndjson'));
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).results[0].problems).toMatchObject([
      { rule: 'parse', column: LAZY_JSON_LIMITS.depth + 1, message: `The line has values nested more than ${LAZY_JSON_LIMITS.depth} levels deep; it was not read.` },
    ]);
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);
});
