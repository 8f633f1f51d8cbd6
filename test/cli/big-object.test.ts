/**
 * A long line holding an object of millions of members (src/cli/lazy-json.ts): refused with
 * one `parse` problem before the object is built, so the CLI stays within its memory.
 */
import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_VERSION } from '../../src/cli/args';
import { LAZY_JSON_LIMITS, MemberLimitError, parseLongJson, type LazyJsonLimits } from '../../src/cli/lazy-json';
import { createUnitLinter, unpackUnitResult, type Unit } from '../../src/cli/lint-unit';
import { finished, useBin } from './_bin';
import { tempFiles } from './_run';

/** An object text of `n` members named k0, k1... */
const members = (n: number) => `{${Array.from({ length: n }, (_, i) => `"k${i}":0`).join(',')}}`;
const SMALL: LazyJsonLimits = { textBytes: 0, arrayBytes: 64, batchItems: 3, batchBytes: 40, objectMembers: 50 };

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
});

describe('peak memory of the real bin on a line of one object of 3 million members', () => {
  const bin = useBin();
  const dir = tempFiles({});
  const preload = join(dir, 'report-rss.cjs');
  writeFileSync(preload, "process.on('exit', () => require('fs').writeFileSync(process.env.RSS_FILE, String(process.resourceUsage().maxRSS)));\n");
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
    const rssFile = join(dir, `rss-${name}`);
    const child = spawn(process.execPath, ['--require', preload, bin(), 'lint', '--format', 'json', name], { cwd: dir, env: { ...process.env, RSS_FILE: rssFile }, stdio: ['pipe', 'pipe', 'pipe'] });
    child.stdin.end();
    const out = await finished(child);
    rmSync(file);
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.results[0].problems).toMatchObject([
      { rule: 'parse', column, message: `${what} has an object of ${COUNT} members, more than ${LAZY_JSON_LIMITS.objectMembers}; it was not read.` },
    ]);
    expect(Number(readFileSync(rssFile, 'utf8')) / 1024).toBeLessThanOrEqual(300);
  }, 60_000);
});
