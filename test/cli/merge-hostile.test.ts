/**
 * `fulfilkit merge` reads reports that may come from anywhere: what it lets through reaches a
 * terminal or a CI log, and what it says about a bad report names members, never their text.
 */
import { execFileSync, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sumSummaries } from '../../src/cli/merge-command';
import type { LintSummary } from '../../src/cli/result';
import { set, validOrder } from '../fixtures';
import { runBinMeasured, useBin } from './_bin';
import { cli, tempFiles } from './_run';

// What must never be written raw: C0 (but the newline that ends a line), DEL, C1, U+2028/2029, bidi controls.
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;
// An escape sequence, an OSC 8 link, a forged workflow command on a new line, a right-to-left override.
const EVIL_RULE = 'r\u001b[31mRED\u001b]8;;http://e.vil\u0007link\u001b]8;;\u0007\r\n::error file=forged.js,line=1::forged\u202eRTL';
const MAX = '9,007,199,254,740,991';

const problem = (rule = 'enum', severity = 'error') => ({ rule, severity, path: '/x', message: 'm.' });

/** A report as lint writes it (a result a line), its summary counted from its problems unless given. */
function report(results: { problems: ({ rule: string; severity: string } & Record<string, unknown>)[]; omitted?: number }[], summary: Partial<LintSummary> & Record<string, unknown> = {}): string {
  const byRule: Record<string, number> = {};
  let errors = 0;
  let warnings = 0;
  for (const r of results) {
    for (const p of r.problems) {
      if (p.severity === 'error') errors++;
      else warnings++;
      byRule[p.rule] = (byRule[p.rule] ?? 0) + 1;
    }
  }
  const lines = results.map((r, i) => JSON.stringify({ source: `o.ndjson:${i + 1}`, file: 'o.ndjson', line: i + 1, kind: 'order', ...r }));
  return `{"results":[\n${lines.join(',\n')}\n],"summary":${JSON.stringify({ payloads: results.length, errors, warnings, byRule, ...summary })}}\n`;
}

/** Merges `content` (as r.json) and returns what the run printed. */
async function mergeOne(content: string, ...argv: string[]) {
  const dir = tempFiles({ 'r.json': content });
  return cli(['merge', ...argv, 'r.json'], { cwd: dir });
}

const NOT_A_RULE_ID = 'must be a rule id (1 to 64 lowercase letters, digits and hyphens).';

describe('merge refuses a rule id that is not one, without echoing it', () => {
  it.each([
    ['escape sequences, a link, CR LF and U+202E', EVIL_RULE],
    ['upper case', 'toString'],
    ['65 characters', 'a'.repeat(65)],
    ['empty', ''],
    ['a space', 'max length'],
  ])('in a problem: %s', async (_what, rule) => {
    for (const format of ['stylish', 'github']) {
      const out = await mergeOne(report([{ problems: [problem(rule)] }]), '-f', format);
      expect([out.code, out.stdout, out.stderr]).toEqual([2, '', `fulfilkit: The report r.json is not a fulfilkit json report: results[0].problems[0].rule ${NOT_A_RULE_ID}\n`]);
    }
  });

  it.each([
    ['escape sequences, a link, CR LF and U+202E', EVIL_RULE],
    ['upper case', 'toString'],
    ['65 characters', 'a'.repeat(65)],
  ])('as a key of summary.byRule, named by its length: %s', async (_what, rule) => {
    const out = await mergeOne(report([], { byRule: { [rule]: 0 } }));
    expect([out.code, out.stdout, out.stderr]).toEqual([2, '', `fulfilkit: The report r.json is not a fulfilkit json report: summary.byRule[a key of ${rule.length} characters] ${NOT_A_RULE_ID}\n`]);
  });
});

describe('merge sums own members only', () => {
  it('adds up byRule keys named like Object.prototype members as any other key', () => {
    const sum = sumSummaries([
      { payloads: 1, errors: 0, warnings: 6, byRule: { toString: 3, hasOwnProperty: 1, valueOf: 2 } },
      // As JSON.parse makes it: an own member named __proto__.
      { payloads: 1, errors: 0, warnings: 4, byRule: JSON.parse('{"toString":2,"__proto__":2}') as Record<string, number> },
    ]);
    expect(Object.entries(sum.byRule)).toEqual([['toString', 5], ['hasOwnProperty', 1], ['valueOf', 2], ['__proto__', 2]]);
    expect(Object.getPrototypeOf(sum.byRule)).toBe(Object.prototype);
    expect(JSON.parse(JSON.stringify(sum))).toEqual({ payloads: 2, errors: 0, warnings: 10, byRule: JSON.parse('{"toString":5,"hasOwnProperty":1,"valueOf":2,"__proto__":2}') });
  });

  it('writes a merged report that merges again', async () => {
    const dir = tempFiles({ 'r.json': report([{ problems: [problem('enum'), problem('constructor-x', 'warn')] }]) });
    expect((await cli(['merge', '-f', 'json', '-o', 'once.json', 'r.json', 'r.json'], { cwd: dir })).code).toBe(1);
    const twice = await cli(['merge', '-f', 'json', 'once.json', 'r.json'], { cwd: dir });
    expect(twice.code).toBe(1);
    expect(JSON.parse(twice.stdout).summary).toEqual({ payloads: 3, errors: 3, warnings: 3, byRule: { 'constructor-x': 3, enum: 3 } });
  });
});

describe('merge counts exactly: safe integers only', () => {
  it.each([
    ['summary.payloads', report([], { payloads: 1e308 })],
    ['summary.payloads', report([], { payloads: 2 ** 53 })],
    ['summary.fixed', report([], { fixed: 1.5 })],
    ['summary.byRule.enum', report([], { byRule: { enum: 1e308 } })],
    ['summary.shard.otherPayloads', report([], { shard: { index: 1, count: 2, otherPayloads: Number.MAX_VALUE } })],
    ['results[0].omitted', report([{ problems: [problem()], omitted: 1e300 }])],
  ])('refuses a count past Number.MAX_SAFE_INTEGER: %s', async (member, content) => {
    const out = await mergeOne(content);
    expect([out.code, out.stdout]).toEqual([2, '']);
    expect(out.stderr).toMatch(new RegExp(`^fulfilkit: The report r\\.json is not a fulfilkit json report: ${member.replace(/[.[\]]/g, '\\$&')} must be a whole number from [01] to ${MAX}\\.\\n$`));
  });

  it('refuses reports whose sum would pass it, before writing anything', async () => {
    const big = report([], { payloads: 5e15 });
    const dir = tempFiles({ 'a.json': big, 'b.json': big });
    const out = await cli(['merge', '-f', 'json', '-o', 'm.json', 'a.json', 'b.json'], { cwd: dir });
    expect([out.code, out.stdout, out.stderr]).toEqual([2, '', `fulfilkit: The reports count more than ${MAX} payloads in all; merge cannot add them up exactly.\n`]);
    // One report alone is counted.
    expect(JSON.parse((await cli(['merge', '-f', 'json', 'a.json'], { cwd: dir })).stdout).summary.payloads).toBe(5e15);
  });

  it('refuses a sum of errors and warnings past it', () => {
    expect(() => sumSummaries([{ payloads: 1, errors: 2 ** 52, warnings: 2 ** 52, byRule: {} }])).toThrow(`The reports count more than ${MAX} problems in all`);
  });
});

describe('merge names a member of a report by its length when it is long or not a plain name', () => {
  it.each([
    ['a byRule key of 1 MB', report([], { byRule: { ['K'.repeat(1e6)]: -1 } }), 'summary.byRule[a key of 1,000,000 characters] must be a rule id'],
    ['a params key of 1 MB', report([{ problems: [{ ...problem(), params: { ['K'.repeat(1e6)]: [[1]] } }] }]), 'results[0].problems[0].params[a key of 1,000,000 characters] must be a string, a number or a list of strings.'],
    ['a params key with controls', report([{ problems: [{ ...problem(), params: { 'a\u001b[31m\nb': {} } }] }]), 'results[0].problems[0].params[a key of 8 characters] must be'],
    ['a short plain params key, as it is', report([{ problems: [{ ...problem(), params: { 'max-len': {} } }] }]), 'results[0].problems[0].params["max-len"] must be'],
  ])('%s', async (_what, content, message) => {
    const out = await mergeOne(content);
    expect([out.code, out.stdout]).toEqual([2, '']);
    expect(out.stderr).toContain(message);
    expect(out.stderr.length).toBeLessThan(300);
    expect(out.stderr).not.toMatch(RAW_CONTROL);
  });
});

// Every message merge refuses a report with is its own: a library's default ("Invalid type:
// Expected (string | number | Array) but received Array") says nothing a user can act on.
const OURS = /^fulfilkit: (The report r\.json (is not a fulfilkit json report: [^\n]+ (must be [^\n]+|is missing)|contradicts itself: [^\n]+ \(merge trusts neither\)|is not valid JSON [^\n]+)|The reports count more than [^\n]+)\.\n$/;
const LIBRARY = /Invalid|Expected|[Rr]eceived|undefined|\[object /;

/** A report with every member a report can have. */
const FULL = {
  results: [
    { source: 'o.ndjson:1', file: 'o.ndjson', line: 1, kind: 'order', problems: [{ rule: 'enum', severity: 'error', path: '/x', message: 'm.', params: { a: 's', b: 1, c: ['x'] }, fix: { kind: 'rename-member', to: 'y' }, line: 1, column: 2 }], omitted: 2 },
    { source: 'b.json#/0', file: 'b.json', index: 0, kind: null, problems: [{ rule: 'parse', severity: 'warn', path: '', message: 'p.' }] },
  ],
  summary: { payloads: 3, errors: 2, warnings: 2, byRule: { enum: 3, parse: 1 }, omitted: 2, fixed: 0, shard: { index: 1, count: 1, otherPayloads: 0 }, interrupted: false },
};

/** The paths of every member and element of a value. */
function pathsOf(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [at];
  const keys: (string | number)[] = Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value);
  return [at, ...keys.flatMap((key) => pathsOf((value as Record<string | number, unknown>)[key], [...at, key]))];
}

/** `FULL` with the member at `path` replaced by `value` (deleted when undefined), or given one more member. */
function mutated(path: (string | number)[], value: unknown, extraKey?: string): unknown {
  const copy = structuredClone(FULL) as unknown;
  if (path.length === 0) return value;
  let parent = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (extraKey !== undefined && parent[last] !== null && typeof parent[last] === 'object' && !Array.isArray(parent[last])) (parent[last] as Record<string, unknown>)[extraKey] = value;
  else if (value === undefined && !Array.isArray(parent)) delete parent[last];
  else parent[last] = value;
  return copy;
}

/** The text of a report: a result a line as lint writes it when it has a list of results, else one JSON text. */
function textOf(value: unknown): string {
  const doc = value as { results?: unknown; summary?: unknown } | null;
  if (doc === null || typeof doc !== 'object' || !Array.isArray(doc.results) || doc.summary === undefined) return JSON.stringify(value) ?? '';
  return `{"results":[\n${doc.results.map((r) => JSON.stringify(r) ?? 'null').join(',\n')}\n],"summary":${JSON.stringify(doc.summary)}}\n`;
}

describe('merge says what is wrong in its own words', () => {
  it.each([
    ['a list of lists as a param', ['results', 0, 'problems', 0, 'params', 'a'], [[1]], 'results[0].problems[0].params.a must be a string, a number or a list of strings.'],
    ['a number in a list param', ['results', 0, 'problems', 0, 'params', 'c'], ['x', 1], 'results[0].problems[0].params.c must be a string, a number or a list of strings.'],
    ['an object as a param', ['results', 0, 'problems', 0, 'params', 'a'], { x: 1 }, 'results[0].problems[0].params.a must be a string, a number or a list of strings.'],
    ['a summary that is a number', ['summary'], 5, 'summary must be a summary object.'],
    ['a missing member, named', ['summary', 'payloads'], undefined, 'summary.payloads is missing.'],
  ])('%s', async (_what, path, value, message) => {
    const out = await mergeOne(textOf(mutated(path, value)));
    expect([out.code, out.stdout, out.stderr]).toEqual([2, '', `fulfilkit: The report r.json is not a fulfilkit json report: ${message}\n`]);
  });

  it('the full report it is checked against is one', async () => {
    const out = await mergeOne(textOf(FULL), '-f', 'json');
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ payloads: 3, errors: 2, warnings: 2 });
  });

  it('refuses any report changed at any member with one of its own messages (property)', async () => {
    const dir = tempFiles({});
    const paths = pathsOf(FULL);
    const keyed = paths.filter((p) => ['byRule', 'params'].includes(String(p[p.length - 1])));
    const change = fc.oneof(
      fc.record({ path: fc.constantFrom(...paths), value: fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.constant(undefined)) }),
      fc.record({ path: fc.constantFrom(...keyed), value: fc.jsonValue({ maxDepth: 2 }), extraKey: fc.string({ unit: 'binary', maxLength: 80 }) }),
    );
    await fc.assert(
      fc.asyncProperty(change, async ({ path, value, extraKey }: { path: (string | number)[]; value: unknown; extraKey?: string }) => {
        writeFileSync(join(dir, 'r.json'), textOf(mutated(path, value, extraKey)));
        const out = await cli(['merge', '-f', 'json', 'r.json'], { cwd: dir });
        if (out.code === 2 && out.stdout !== '') {
          // A report of an incomplete run merges whole and exits 2 (merge-complete.test.ts): the merged report says so.
          const { summary } = JSON.parse(out.stdout);
          expect(summary.interrupted === true || summary.faults?.length > 0).toBe(true);
        } else if (out.code === 2) {
          expect(out.stderr).toMatch(OURS);
          expect(out.stderr).not.toMatch(LIBRARY);
          expect(out.stderr.length).toBeLessThan(400);
        } else {
          expect(out.code === 0 || out.code === 1).toBe(true);
          JSON.parse(out.stdout);
        }
      }),
      {
        numRuns: 300,
        examples: [
          [{ path: ['results', 0, 'problems', 0, 'params', 'a'], value: [[1]] }],
          [{ path: ['results', 0, 'problems', 0, 'params', 'c'], value: [true] }],
          [{ path: ['summary', 'byRule'], value: 1, extraKey: 'K'.repeat(70) }],
          // Found by a run of this property: an incomplete report is merged, and merge exits 2.
          [{ path: ['summary', 'interrupted'], value: true }],
        ],
      },
    );
  }, 60_000);
});

describe('merge refuses a report whose summary contradicts its results', () => {
  it.each([
    ['errors: 0 over a listed error', report([{ problems: [problem()] }], { errors: 0, byRule: {} }), 'its summary counts 0 errors, its results list 1'],
    ['warnings: 0 over a listed warning', report([{ problems: [problem('enum', 'warn')] }], { warnings: 0, errors: 1 }), 'its summary counts 0 warnings, its results list 1'],
    ['more problems than listed, none counted as not listed', report([{ problems: [problem()] }], { errors: 5, byRule: { enum: 5 } }), 'its summary counts 5 problems, its results 1 (listed or not)'],
    ['problems not listed that the results do not have', report([{ problems: [problem()] }], { errors: 3, omitted: 2, byRule: { enum: 3 } }), 'its summary counts 2 problems not listed, its results 0'],
    ['byRule that does not add up', report([{ problems: [problem()] }], { byRule: {} }), 'its summary counts 1 problem but 0 by rule'],
    ['byRule on another rule', report([{ problems: [problem()] }], { byRule: { type: 1 } }), 'its summary counts 0 problems of rule enum, its results list 1'],
    ['byRule on another rule, unknown', report([{ problems: [problem('no-such-rule')] }], { byRule: { type: 1 } }), 'its summary counts 0 problems of a rule this version does not have, its results list 1'],
  ])('%s: exit 2, the counts only', async (_what, content, why) => {
    for (const layout of ['lines', 'whole']) {
      const text = layout === 'lines' ? content : JSON.stringify(JSON.parse(content));
      const out = await mergeOne(text);
      expect([out.code, out.stdout, out.stderr]).toEqual([2, '', `fulfilkit: The report r.json contradicts itself: ${why} (merge trusts neither).\n`]);
    }
  });

  it('takes every report lint writes: --quiet, --fix, --max-problems-per-payload, --shard', async () => {
    const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
    const lines = [
      JSON.stringify(set(order('A'), '/clientRequest/order/shipServiceLevel', 'XXX')),
      JSON.stringify(set(order('B'), '/clientRequest/order/shipServiceLevel', 'PUO')),
      JSON.stringify(set(order('C'), '/clientRequest/item', [1, 2, 3])),
      JSON.stringify(order('A')).replace('"transactionID":', '"transactionId":'),
      '{not json',
    ];
    const dir = tempFiles({ 'o.ndjson': lines.join('\n') + '\n' });
    const runs = [['--quiet'], ['--max-problems-per-payload', '1'], ['--shard', '1/2'], ['--shard', '2/2'], ['--fix']];
    for (const [i, flags] of runs.entries()) {
      const lint = await cli(['lint', '-f', 'json', '-o', `r${i}.json`, ...flags, 'o.ndjson'], { cwd: dir });
      expect(lint.code).not.toBe(2);
    }
    const out = await cli(['merge', '-f', 'json', ...runs.map((_, i) => `r${i}.json`)], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).not.toContain('contradicts');
  });
});

describe('merge reads a report from stdin (-)', () => {
  it('merges a report piped to stdin with one from a file, as if both were files', async () => {
    const piped = report([{ problems: [problem()] }, { problems: [problem('parse', 'warn')] }]);
    const other = report([{ problems: [problem('type')] }]);
    const dir = tempFiles({ 'a.json': piped, 'b.json': other });
    const fromStdin = await cli(['merge', '-f', 'json', '-', 'b.json'], { cwd: dir, stdin: [piped.slice(0, 50), piped.slice(50)] });
    const fromFiles = await cli(['merge', '-f', 'json', 'a.json', 'b.json'], { cwd: dir });
    expect([fromStdin.code, fromStdin.stderr]).toEqual([1, '✖ 3 problems (2 errors, 1 warning) in 3 payloads.\n']);
    expect(fromStdin.stdout).toBe(fromFiles.stdout);
  });

  it('names stdin in what it says of a bad report', async () => {
    const out = await cli(['merge', '-'], { stdin: '{"results":[],"summary":{"payloads":-1}}' });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^fulfilkit: The report stdin /);
  });

  it('refuses - named twice (a pipe gives its bytes once) and a report on stdin over 32 MiB', async () => {
    const twice = await cli(['merge', '-', '-'], { stdin: report([]) });
    expect([twice.code, twice.stderr]).toEqual([2, 'fulfilkit: merge: stdin (-) is named more than once; it can be read once.\n']);
    const chunk = ' '.repeat(1 << 20);
    const big = await cli(['merge', '-'], { stdin: Array.from({ length: 33 }, () => chunk) });
    expect([big.code, big.stdout, big.stderr]).toEqual([2, '', 'fulfilkit: The report on stdin is larger than 32 MiB and is not a regular file (merge holds a report from a pipe or a device in memory; write it to a file first).\n']);
  });
});

describe.runIf(process.platform !== 'win32')('merge reads a report from a pipe', () => {
  it('reads a FIFO once (a pipe gives its bytes once)', async () => {
    const content = report([{ problems: [problem()] }, { problems: [problem('parse', 'warn')] }]);
    const dir = tempFiles({ 'r.json': content });
    execFileSync('mkfifo', [join(dir, 'r.fifo')]);
    // The report, then the FIFO opened again and again with nothing written: a second reading
    // sees an empty report (rather than wait for a writer forever). Killed at the end, else
    // it ends by itself.
    const writer = spawn('sh', ['-c', 'cat r.json > r.fifo; i=0; while [ $i -lt 20 ]; do : > r.fifo; i=$((i+1)); done'], { cwd: dir, stdio: 'ignore', timeout: 30_000 });
    try {
      const out = await cli(['merge', '-f', 'json', 'r.fifo'], { cwd: dir });
      expect([out.code, out.stderr]).toEqual([1, '✖ 2 problems (1 error, 1 warning) in 2 payloads.\n']);
      expect(out.stdout).toBe((await cli(['merge', '-f', 'json', 'r.json'], { cwd: dir })).stdout);
    } finally {
      writer.kill('SIGKILL');
    }
  }, 30_000);

  it('refuses one larger than 32 MiB, saying why; a regular file that size is read as before', async () => {
    const dir = tempFiles({});
    writeFileSync(join(dir, 'big.json'), ' '.repeat(33 << 20));
    const file = await cli(['merge', 'big.json'], { cwd: dir });
    expect([file.code, file.stderr]).toEqual([2, 'fulfilkit: The report big.json is larger than 32 MiB and is not laid out a result a line, as fulfilkit lint --format json writes it.\n']);
    const device = await cli(['merge', '/dev/zero'], { cwd: dir });
    expect([device.code, device.stdout, device.stderr]).toEqual([2, '', 'fulfilkit: The report /dev/zero is larger than 32 MiB and is not a regular file (merge holds a report from a pipe or a device in memory; write it to a file first).\n']);
  });

  it('refuses a result line over 8 MiB (some 20,000 problems) naming its line, and merges one just under', async () => {
    // One result whose line is `bytes` long, of one error with a message padded to fit.
    const reportOfLine = (bytes: number) => {
      const shell = report([{ problems: [{ ...problem(), message: '' }] }]);
      const line = shell.split('\n')[1]!;
      return shell.replace(line, line.replace('"message":""', `"message":"${'m'.repeat(bytes - line.length)}"`));
    };
    const dir = tempFiles({ 'over.json': reportOfLine((8 << 20) + 1), 'under.json': reportOfLine(8 << 20) });
    expect((await cli(['merge', '-f', 'json', 'under.json'], { cwd: dir })).code).toBe(1);
    // A report written on one line (no result a line) is read whole, up to 32 MiB, as before.
    writeFileSync(join(dir, 'minified.json'), JSON.stringify(JSON.parse(reportOfLine((8 << 20) + 1))));
    expect((await cli(['merge', '-f', 'json', 'minified.json'], { cwd: dir })).code).toBe(1);
    const over = await cli(['merge', 'over.json'], { cwd: dir });
    expect([over.code, over.stdout, over.stderr]).toEqual([
      2,
      '',
      'fulfilkit: The report over.json has a line longer than 8 MiB (line 2), which merge does not read: a result that long lists tens of thousands of problems (lint --max-problems-per-payload, 1,000 by default, bounds them).\n',
    ]);
  });
});

describe('merge of a report with a 60 MB result line', () => {
  const bin = useBin();

  it('refuses it within 300 MB (read whole, such a line peaked at 780 MB)', async () => {
    const problems = Array.from({ length: 150_000 }, (_, i) => ({ ...problem(), path: `/clientRequest/item/${i}/sku`, message: 'x'.repeat(300) }));
    const dir = tempFiles({ 'r.json': report([{ problems }]) });
    const out = await runBinMeasured(bin(), ['merge', '-f', 'json', 'r.json'], { cwd: dir });
    expect([out.code, out.stderr]).toEqual([2, expect.stringContaining('has a line longer than 8 MiB (line 2)')]);
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);
});
