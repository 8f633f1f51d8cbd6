/**
 * `fulfilkit merge`: the json reports of shards (or any runs) made one report.
 */
import { closeSync, existsSync, openSync, readFileSync, statSync, symlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { MERGE_HELP, sumSummaries } from '../../src/cli/merge-command';
import { set, validOrder, validReturn } from '../fixtures';
import { runBinMeasured, useBin } from './_bin';
import { cli, tempFiles } from './_run';

const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);

/** A corpus with errors, warnings, duplicates, a line that is not JSON, returns and an array file. */
function corpus(): Record<string, string> {
  const lines: string[] = [];
  for (let i = 0; i < 40; i++) {
    let payload: unknown = order(`M-${i % 33}`); // 7 duplicates
    if (i % 5 === 0) payload = set(order(`M-${i % 33}`), '/clientRequest/order/shipServiceLevel', 'XXX');
    if (i % 7 === 0) payload = set(order(`M-${i % 33}`), '/clientRequest/order/shipServiceLevel', 'PUO');
    lines.push(JSON.stringify(payload));
  }
  lines.splice(11, 0, '{not json');
  lines.push(JSON.stringify(set(validReturn(), '/requestHeader/requestReference', 'R-1')));
  return {
    'orders.ndjson': lines.join('\n') + '\n',
    'batch.json': JSON.stringify([order('B-1'), set(order('B-2'), '/clientRequest/item', []), order('M-3')], null, 2),
  };
}

interface Report {
  results: { source: string; file: string; problems: { rule: string; line: number; column: number }[] }[];
  summary: Record<string, unknown>;
}

const sortBySource = (results: Report['results']) => [...results].sort((a, b) => (a.source < b.source ? -1 : a.source > b.source ? 1 : 0));

describe('fulfilkit merge', () => {
  it('merges the json reports of 3 shards into the report of one unsharded run', async () => {
    const dir = tempFiles(corpus());
    const inputs = ['orders.ndjson', 'batch.json'];
    const whole = JSON.parse((await cli(['lint', '-f', 'json', ...inputs], { cwd: dir })).stdout) as Report;
    for (const i of [1, 2, 3]) {
      const out = await cli(['lint', '-f', 'json', '--shard', `${i}/3`, '-o', `shard-${i}.json`, ...inputs], { cwd: dir });
      expect(out.code).not.toBe(2);
    }
    const shards = [1, 2, 3].map((i) => JSON.parse(readFileSync(join(dir, `shard-${i}.json`), 'utf8')) as Report);
    // Each shard lints a part: the merge has something to do.
    for (const shard of shards) expect(shard.results.length).toBeLessThan(whole.results.length);
    const merged = await cli(['merge', '-f', 'json', 'shard-1.json', 'shard-2.json', 'shard-3.json'], { cwd: dir });
    expect(merged.code).toBe(1);
    const report = JSON.parse(merged.stdout) as Report;
    // The same results, in input order as the unsharded run lists them (not report after report), the same summary.
    expect(sortBySource(report.results)).toEqual(sortBySource(whole.results));
    expect(report.results).toEqual(whole.results);
    expect(report.results).not.toEqual(shards.flatMap((s) => s.results));
    expect(report.summary).toEqual(whole.summary);
    expect(merged.stderr).toBe(`${/✖[^\n]*/.exec((await cli(['lint', '-f', 'json', ...inputs], { cwd: dir })).stderr)![0]}\n`);
  });

  it('writes any format, positions included, and -o to a file', async () => {
    const dir = tempFiles(corpus());
    await cli(['lint', '-f', 'json', '-o', 'all.json', 'orders.ndjson', 'batch.json'], { cwd: dir });
    const report = JSON.parse(readFileSync(join(dir, 'all.json'), 'utf8')) as Report;
    const problems = report.results.flatMap((r) => r.problems);
    const sarif = JSON.parse((await cli(['merge', '-f', 'sarif', 'all.json'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results).toHaveLength(problems.length);
    expect(sarif.runs[0].results.map((r: { locations: { physicalLocation: { region?: { startLine: number } } }[] }) => r.locations[0]!.physicalLocation.region?.startLine)).toEqual(problems.map((p) => p.line));
    const github = (await cli(['merge', '-f', 'github', 'all.json'], { cwd: dir })).stdout;
    expect(github.trimEnd().split('\n')).toHaveLength(problems.length);
    const junit = new XMLParser({ ignoreAttributes: false }).parse((await cli(['merge', '-f', 'junit', 'all.json'], { cwd: dir })).stdout);
    expect(Number(junit.testsuites['@_tests'])).toBe(problems.length);
    const stylish = await cli(['merge', 'all.json'], { cwd: dir });
    expect(stylish.stdout).toContain(`orders.ndjson:${problems[0]!.line}:${problems[0]!.column}`);
    expect(stylish.stderr).toBe('');
    const toFile = await cli(['merge', '-f', 'sarif', '-o', 'merged.sarif', 'all.json'], { cwd: dir });
    expect(toFile.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'merged.sarif'), 'utf8')).version).toBe('2.1.0');
    expect(toFile.stderr).toMatch(/^✖ .* payloads\.\n$/);
  });

  it('exits as lint does: 1 with errors, 0 with warnings only, 1 past --max-warnings', async () => {
    const dir = tempFiles({
      'warn.ndjson': JSON.stringify(set(order('W-1'), '/clientRequest/order/shipServiceLevel', 'PUO')) + '\n',
      'clean.ndjson': JSON.stringify(order('C-1')) + '\n',
    });
    await cli(['lint', '-f', 'json', '-o', 'warn.json', 'warn.ndjson'], { cwd: dir });
    await cli(['lint', '-f', 'json', '-o', 'clean.json', 'clean.ndjson'], { cwd: dir });
    expect((await cli(['merge', 'clean.json', 'warn.json'], { cwd: dir })).code).toBe(0);
    const strict = await cli(['merge', '--max-warnings', '0', 'clean.json', 'warn.json'], { cwd: dir });
    expect(strict.code).toBe(1);
    expect(strict.stderr).toContain('1 warning, more than --max-warnings 0');
    const summary = JSON.parse((await cli(['merge', '-f', 'json', 'clean.json', 'warn.json'], { cwd: dir })).stdout).summary;
    expect(summary).toEqual({ payloads: 2, errors: 0, warnings: 1, byRule: { 'ambiguous-value': 1 } });
  });

  it('sums the summaries: payloads, errors, warnings, by rule, not listed, fixed; interrupted if any was', () => {
    expect(
      sumSummaries([
        { payloads: 2, errors: 1, warnings: 0, byRule: { enum: 1 }, omitted: 4, shard: { index: 1, count: 2, otherPayloads: 3 } },
        { payloads: 3, errors: 2, warnings: 1, byRule: { enum: 1, totals: 2 }, fixed: 2, interrupted: true },
      ]),
    ).toEqual({ payloads: 5, errors: 3, warnings: 1, byRule: { enum: 2, totals: 2 }, omitted: 4, fixed: 2, interrupted: true });
  });

  it('keeps the problems past --max-problems-per-payload counted', async () => {
    const dir = tempFiles({ 'o.ndjson': JSON.stringify(set(order('O-1'), '/clientRequest/item', [1, 2, 3, 4, 5])) + '\n' });
    await cli(['lint', '-f', 'json', '--max-problems-per-payload', '2', '-o', 'r.json', 'o.ndjson'], { cwd: dir });
    const merged = JSON.parse((await cli(['merge', '-f', 'json', 'r.json', 'r.json'], { cwd: dir })).stdout);
    expect(merged.results.map((r: { omitted?: number }) => r.omitted)).toEqual([3, 3]);
    expect(merged.summary).toMatchObject({ payloads: 2, errors: 10, omitted: 6 });
  });

  it('names a missing or repeated shard on stderr, and exits 2', async () => {
    const dir = tempFiles(corpus());
    for (const i of [1, 2, 3]) await cli(['lint', '-f', 'json', '--shard', `${i}/3`, '-o', `s${i}.json`, 'orders.ndjson'], { cwd: dir });
    const missing = await cli(['merge', '-f', 'json', 's1.json', 's3.json'], { cwd: dir });
    expect(missing.stderr).toContain('fulfilkit: 1 shard of 3 missing: 2/3.');
    expect(missing.code).toBe(2);
    const twice = await cli(['merge', '-f', 'json', 's1.json', 's2.json', 's3.json', 's2.json'], { cwd: dir });
    expect(twice.stderr).toContain('fulfilkit: shard 2/3 is given 2 times');
    expect(twice.code).toBe(2);
    const all = await cli(['merge', '-f', 'json', 's3.json', 's1.json', 's2.json'], { cwd: dir });
    expect(all.stderr).not.toContain('fulfilkit: warning');
  });

  it.each([
    ['not JSON', '{"results": [', 'The report bad.json is not valid JSON'],
    ['another format', JSON.stringify({ version: '2.1.0', runs: [] }), 'The report bad.json is not a fulfilkit json report: results is missing.'],
    ['a bad severity', JSON.stringify({ results: [{ source: 'a.json', kind: 'order', problems: [{ rule: 'x', severity: 'fatal', path: '', message: 'm' }] }], summary: { payloads: 1, errors: 1, warnings: 0, byRule: {} } }), 'results[0].problems[0].severity must be "error" or "warn".'],
    ['a path that is not a JSON Pointer', JSON.stringify({ results: [{ source: 'a.json', kind: 'order', problems: [{ rule: 'x', severity: 'error', path: 'clientRequest/order', message: 'm' }] }], summary: { payloads: 1, errors: 1, warnings: 0, byRule: { x: 1 } } }), 'results[0].problems[0].path must be a JSON Pointer ("" or "/" and members, "~" only in "~0" and "~1").'],
    ['a path with a lone ~', JSON.stringify({ results: [{ source: 'a.json', kind: 'order', problems: [{ rule: 'x', severity: 'error', path: '/a~2b', message: 'm' }] }], summary: { payloads: 1, errors: 1, warnings: 0, byRule: { x: 1 } } }), 'results[0].problems[0].path must be a JSON Pointer'],
    ['a missing member', JSON.stringify({ results: [{ source: 'a.json', kind: 'order', problems: [{ rule: 'x', severity: 'error', message: 'm' }] }], summary: { payloads: 1, errors: 1, warnings: 0, byRule: {} } }), 'results[0].problems[0].path is missing.'],
    ['a negative count', JSON.stringify({ results: [], summary: { payloads: -1, errors: 0, warnings: 0, byRule: {} } }), 'summary.payloads must be a whole number from 0 to 9,007,199,254,740,991.'],
    ['a count by rule', JSON.stringify({ results: [], summary: { payloads: 1, errors: 0, warnings: 0, byRule: { 'max-length': 'x' } } }), 'summary.byRule["max-length"] must be a whole number from 0 to 9,007,199,254,740,991.'],
  ])('exits 2 on a report that is %s, naming the file and the member', async (_what, content, message) => {
    const dir = tempFiles({ 'bad.json': content, 'good.json': JSON.stringify({ results: [], summary: { payloads: 1, errors: 0, warnings: 0, byRule: {} } }) });
    const out = await cli(['merge', 'good.json', 'bad.json'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toContain(message);
  });

  it('reads a report laid out as lint writes it a result a line: a wrong member named by its result, a cut one refused, nothing written', async () => {
    const problem = { rule: 'enum', severity: 'error', path: '/x', message: 'm.' };
    const result = (source: string, severity = 'error') => JSON.stringify({ source, file: 'o.ndjson', line: 1, kind: 'order', problems: [{ ...problem, severity }] });
    const lines = (...results: string[]) => `{"results":[\n${results.join(',\n')}\n],"summary":{"payloads":5,"errors":${results.length},"warnings":0,"byRule":{"enum":${results.length}}}}\n`;
    const dir = tempFiles({ 'good.json': lines(result('o.ndjson:1'), result('o.ndjson:2')), 'bad.json': lines(result('o.ndjson:1'), result('o.ndjson:2', 'fatal')), 'cut.json': lines(result('o.ndjson:1')).split('\n').slice(0, 2).join('\n') });
    const good = await cli(['merge', '-f', 'json', 'good.json', 'good.json'], { cwd: dir });
    expect(JSON.parse(good.stdout).results.map((r: { source: string }) => r.source)).toEqual(['o.ndjson:1', 'o.ndjson:2', 'o.ndjson:1', 'o.ndjson:2']);
    expect(JSON.parse(good.stdout).summary).toMatchObject({ payloads: 10, errors: 4 });
    const bad = await cli(['merge', '-f', 'json', '-o', 'out.json', 'good.json', 'bad.json'], { cwd: dir });
    expect([bad.code, bad.stdout, bad.stderr]).toEqual([2, '', 'fulfilkit: The report bad.json is not a fulfilkit json report: results[1].problems[0].severity must be "error" or "warn".\n']);
    expect(existsSync(join(dir, 'out.json'))).toBe(false);
    const cut = await cli(['merge', 'good.json', 'cut.json'], { cwd: dir });
    expect([cut.code, cut.stdout]).toEqual([2, '']);
    expect(cut.stderr).toContain('The report cut.json is not valid JSON');
  });

  it('reads a report written before results named their file (from the source)', async () => {
    const old = { results: [{ source: 'dir/o.ndjson:7', kind: 'order', problems: [{ rule: 'enum', severity: 'error', path: '/x', message: 'm.' }] }, { source: 'b.json#/2', kind: null, problems: [{ rule: 'parse', severity: 'error', path: '', message: 'p.' }] }], summary: { payloads: 9, errors: 2, warnings: 0, byRule: { enum: 1, parse: 1 } } };
    const dir = tempFiles({ 'old.json': JSON.stringify(old) });
    const github = (await cli(['merge', '-f', 'github', 'old.json'], { cwd: dir })).stdout.split('\n');
    expect(github[0]).toMatch(/^::error file=dir\/o\.ndjson,line=7,col=1,title=fulfilkit enum::\/x: m\.$/);
    expect(github[1]).toMatch(/^::error file=b\.json,title=fulfilkit parse::\/2: p\.$/);
  });

  it('refuses an output that is one of the reports, by any path or link, before writing', async () => {
    const dir = tempFiles({ 'r.json': JSON.stringify({ results: [], summary: { payloads: 1, errors: 0, warnings: 0, byRule: {} } }) });
    symlinkSync(join(dir, 'r.json'), join(dir, 'link.json'));
    const before = readFileSync(join(dir, 'r.json'), 'utf8');
    for (const output of ['r.json', './r.json', 'link.json']) {
      const out = await cli(['merge', '-f', 'json', '-o', output, 'r.json'], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('is the input r.json');
    }
    expect(readFileSync(join(dir, 'r.json'), 'utf8')).toBe(before);
  });

  it.each([
    [[], /merge needs the json reports/],
    // Bad options in lint's words: the option as written, the nearest known one, the help to run.
    [['--bogus', 'a.json'], /^fulfilkit: Unknown option --bogus; run "fulfilkit merge --help"\.\n$/],
    [['--colr', 'a.json'], /^fulfilkit: Unknown option --colr \(did you mean --color\?\); run "fulfilkit merge --help"\.\n$/],
    [['--max-warnings', '-1', 'a.json'], /^fulfilkit: Option --max-warnings needs a value \(a value that starts with "-" is written --max-warnings=-1\)\.\n$/],
    [['--color=yes', 'a.json'], /^fulfilkit: Option --color takes no value\.\n$/],
    [['-f', 'xml', 'a.json'], /merge --format: expected one of stylish, json, sarif, github, junit/],
    [['--max-warnings', 'lots', 'a.json'], /--max-warnings: expected a whole number/],
    // A one-value option given twice: the last one won silently (two formats asked, one written).
    [['-f', 'json', '-f', 'sarif', 'a.json'], /merge: option --format is given more than once; give it once\./],
    [['-o', 'a.out', '-o', 'b.out', 'a.json'], /merge: option --output-file is given more than once/],
    [['--max-warnings', '1', '--max-warnings', '100', 'a.json'], /merge: option --max-warnings is given more than once/],
    [['no-such.json'], /Cannot read no-such\.json: no such file\./],
    // Not a regular file (read once, whole) and over 32 MiB: read that far, no further.
    [['/dev/zero'], /^fulfilkit: The report \/dev\/zero is larger than 32 MiB and is not a regular file \(merge holds a report from a pipe or a device in memory; write it to a file first\)\.\n$/],
  ])('exits 2 on bad usage: %j', async (argv, message) => {
    const out = await cli(['merge', ...argv], { cwd: tempFiles({}) });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(message);
  });

  it('prints its help', async () => {
    for (const argv of [['merge', '--help'], ['merge', '-h']]) {
      const out = await cli(argv);
      expect(out.code).toBe(0);
      expect(out.stdout).toBe(MERGE_HELP);
    }
    expect(MERGE_HELP).toContain('Usage: fulfilkit merge [options] REPORT.json...');
  });

  it('writes file names with their controls escaped', async () => {
    const dir = tempFiles({});
    writeFileSync(join(dir, 'x\u001b[31m.json'), '{');
    const out = await cli(['merge', 'x\u001b[31m.json', 'gone\n.json'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('fulfilkit: The report x\\u{1b}[31m.json is not valid JSON (merge reads the reports of fulfilkit lint --format json).\n');
  });
});

describe('fulfilkit merge, the real bin, on a 150 MB report', () => {
  const bin = useBin();

  it('holds a result at a time: at most 300 MB (read whole, it took 1.6 GB)', async () => {
    const dir = tempFiles({});
    const problem = JSON.stringify({ rule: 'type', severity: 'error', path: '', message: 'An order payload must be a JSON object with a clientRequest member.', params: { expected: 'an object' }, line: 1, column: 1 });
    const count = 250_000;
    const fd = openSync(join(dir, 'big.json'), 'w');
    writeSync(fd, '{"results":[\n');
    for (let i = 0; i < count; i += 1000) {
      const lines = Array.from({ length: 1000 }, (_, k) => `{"source":"o.ndjson:${i + k + 1}","file":"o.ndjson","line":${i + k + 1},"kind":"order","problems":[${problem},${problem},${problem}]}`);
      writeSync(fd, lines.join(',\n') + (i + 1000 < count ? ',\n' : '\n'));
    }
    writeSync(fd, `],"summary":{"payloads":${count},"errors":${3 * count},"warnings":0,"byRule":{"type":${3 * count}}}}\n`);
    closeSync(fd);
    expect(statSync(join(dir, 'big.json')).size).toBeGreaterThan(150_000_000);
    const out = await runBinMeasured(bin(), ['merge', '-f', 'sarif', '-o', '/dev/null', 'big.json'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(`${(3 * count).toLocaleString('en-US')} problems`);
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 120_000);
});
