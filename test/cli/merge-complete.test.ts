/**
 * What a report lacks travels with it: the json report carries the run's faults
 * and its batch rules; `merge` writes the whole merged report, says what it lacks in every
 * format and exits 2 when a run was interrupted or faulted or a shard is missing or doubled.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { set, validOrder } from '../fixtures';
import { cli, tempFiles } from './_run';

const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const wrong = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'XXX');
const ndjson = (...payloads: unknown[]) => payloads.map((p) => JSON.stringify(p) + '\n').join('');
const junitOf = (xml: string) => new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(xml).testsuites;

/** A report as lint lays it out, a result a line, with `tail` after its summary. */
function report(summary: Record<string, unknown>, tail = ''): string {
  const result = { source: 'o.ndjson:1', file: 'o.ndjson', line: 1, kind: 'order', problems: [{ rule: 'enum', severity: 'error', path: '/x', message: 'm.', line: 1, column: 9 }] };
  return `{"results":[\n${JSON.stringify(result)}\n],"summary":${JSON.stringify({ payloads: 3, errors: 1, warnings: 0, byRule: { enum: 1 }, ...summary })}${tail}}\n`;
}

describe('a run stopped by an input fault (a truncated .gz)', () => {
  it('says so in its json report; merge carries the fault on in every format and exits 2', async () => {
    const gz = gzipSync(ndjson(...Array.from({ length: 3000 }, (_, i) => (i === 5 ? wrong(`G-${i}`) : order(`G-${i}`)))));
    const dir = tempFiles({});
    writeFileSync(join(dir, 'cut.ndjson.gz'), gz.subarray(0, gz.length >> 1));
    const lint = await cli(['lint', '-f', 'json', '-o', 'r.json', 'cut.ndjson.gz'], { cwd: dir });
    expect(lint.code).toBe(2);
    const fault = /^fulfilkit: (Cannot read cut\.ndjson\.gz: .*)$/m.exec(lint.stderr)![1]!;
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).summary.faults).toEqual([fault]);

    const sarif = await cli(['merge', '-f', 'sarif', 'r.json'], { cwd: dir });
    expect(sarif.code).toBe(2);
    expect(JSON.parse(sarif.stdout).runs[0].invocations).toEqual([{ executionSuccessful: false, toolExecutionNotifications: [{ level: 'error', message: { text: fault } }] }]);
    expect(sarif.stderr).toContain(`fulfilkit: The report r.json is incomplete: ${fault}\n`);
    const json = await cli(['merge', '-f', 'json', 'r.json'], { cwd: dir });
    expect([json.code, JSON.parse(json.stdout).summary.faults]).toEqual([2, [fault]]);
    const junit = junitOf((await cli(['merge', '-f', 'junit', 'r.json'], { cwd: dir })).stdout);
    expect(junit['@_errors']).toBe('1');
    expect(junit.testsuite.at(-1).testcase[0].error).toMatchObject({ '@_type': 'fault', '@_message': fault });
    const github = (await cli(['merge', '-f', 'github', 'r.json'], { cwd: dir })).stdout;
    expect(github).toContain(`::error title=fulfilkit::${fault}\n`);

    // The shards of one split each meet the fault: merged, it is the run's one fault, as unsharded.
    for (const i of [1, 2, 3]) await cli(['lint', '-f', 'json', '--shard', `${i}/3`, '-o', `s${i}.json`, 'cut.ndjson.gz'], { cwd: dir });
    const shards = await cli(['merge', '-f', 'json', 's1.json', 's2.json', 's3.json'], { cwd: dir });
    expect([shards.code, JSON.parse(shards.stdout).summary.faults]).toEqual([2, [fault]]);
    expect((await cli(['merge', '-f', 'stylish', 's1.json', 's2.json', 's3.json'], { cwd: dir })).stdout).toBe((await cli(['lint', 'cut.ndjson.gz'], { cwd: dir })).stdout);
  });
});

describe('fulfilkit merge of incomplete reports', () => {
  it('exits 2 on an interrupted run, after writing the whole merged report, which says so', async () => {
    const dir = tempFiles({ 'int.json': report({ interrupted: true }), 'ok.json': report({}) });
    const out = await cli(['merge', '-f', 'sarif', 'ok.json', 'int.json'], { cwd: dir });
    expect(out.code).toBe(2);
    const log = JSON.parse(out.stdout);
    expect(log.runs[0].results).toHaveLength(2);
    expect(log.runs[0].invocations[0].executionSuccessful).toBe(false);
    expect(out.stderr).toBe('✖ 2 problems (2 errors, 0 warnings) in 6 payloads; interrupted before the end of the input.\nfulfilkit: The report int.json is of an interrupted run: it lists what was linted before the interruption.\n');
    const junit = junitOf((await cli(['merge', '-f', 'junit', 'int.json'], { cwd: dir })).stdout);
    expect(junit.testsuite.at(-1).testcase[0].error['@_type']).toBe('interrupted');
    expect((await cli(['merge', '-f', 'github', 'int.json'], { cwd: dir })).stdout).toMatch(/^::error title=fulfilkit::The run was interrupted before the end of its input/m);
  });

  it('exits 2 when a shard is missing or given twice, naming it, and the merged report lists it as a fault', async () => {
    const shard = (index: number) => report({ shard: { index, count: 3, otherPayloads: 6 } });
    const dir = tempFiles({ 's1.json': shard(1), 's2.json': shard(2), 's3.json': shard(3) });
    const missing = await cli(['merge', '-f', 'json', 's1.json', 's3.json'], { cwd: dir });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/\nfulfilkit: 1 shard of 3 missing: 2\/3\.\n$/);
    expect(JSON.parse(missing.stdout).summary.faults).toEqual(['1 shard of 3 missing: 2/3.']);
    const twice = await cli(['merge', '-f', 'json', 's1.json', 's2.json', 's3.json', 's2.json'], { cwd: dir });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toMatch(/\nfulfilkit: shard 2\/3 is given 2 times; its payloads are counted 2 times\.\n$/);
    const all = await cli(['merge', '-f', 'json', 's3.json', 's1.json', 's2.json'], { cwd: dir });
    expect([all.code, all.stderr]).toEqual([1, '✖ 3 problems (3 errors, 0 warnings) in 9 payloads.\n']);
  });

  it('warns that duplicates were not looked for across separate runs with a batch rule on, and not for the shards of one split', async () => {
    const dir = tempFiles({ 'a.ndjson': ndjson(order('SAME')), 'b.ndjson': ndjson(order('SAME')) });
    await cli(['lint', '-f', 'json', '-o', 'a.json', 'a.ndjson'], { cwd: dir });
    await cli(['lint', '-f', 'json', '-o', 'b.json', 'b.ndjson'], { cwd: dir });
    const runs = await cli(['merge', '-f', 'json', 'a.json', 'b.json'], { cwd: dir });
    expect(runs.stderr).toContain('fulfilkit: warning: the reports are not the shards of one split: duplicate-request-reference compared the payloads of each run, not those of different runs.\n');
    // One run finds the duplicate that the two runs missed.
    expect((await cli(['lint', 'a.ndjson', 'b.ndjson'], { cwd: dir })).code).toBe(1);
    expect(runs.code).toBe(0);
    for (const i of [1, 2]) await cli(['lint', '-f', 'json', '--shard', `${i}/2`, '-o', `s${i}.json`, 'a.ndjson', 'b.ndjson'], { cwd: dir });
    expect((await cli(['merge', '-f', 'json', 's1.json', 's2.json'], { cwd: dir })).stderr).not.toContain('fulfilkit: warning');
    // Runs without a batch rule lose nothing by being separate.
    for (const f of ['a', 'b']) await cli(['lint', '--rule', 'duplicate-request-reference=off', '-f', 'json', '-o', `${f}-off.json`, `${f}.ndjson`], { cwd: dir });
    expect((await cli(['merge', '-f', 'json', 'a-off.json', 'b-off.json'], { cwd: dir })).stderr).not.toContain('fulfilkit: warning');
  });
});

describe('the run time of a report', () => {
  it('is not in the json report (two runs write the same bytes); JUnit has one, and a merged report merge\'s own', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(wrong('T-1')) });
    const first = await cli(['lint', '-f', 'json', 'o.ndjson'], { cwd: dir });
    expect(JSON.parse(first.stdout)).not.toHaveProperty('time');
    expect((await cli(['lint', '-f', 'json', 'o.ndjson'], { cwd: dir })).stdout).toBe(first.stdout);
    writeFileSync(join(dir, 'a.json'), first.stdout);
    expect(Number(junitOf((await cli(['merge', '-f', 'junit', 'a.json'], { cwd: dir })).stdout)['@_time'])).toBeGreaterThanOrEqual(0);
  });
});

describe('an unwritable $GITHUB_STEP_SUMMARY', () => {
  it('is one line on stderr; the exit code stays', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(wrong('S-1')) });
    let stderr = '';
    const code = await main(['lint', '-f', 'github', 'o.ndjson'], {
      stdin: Readable.from([]),
      stdout: { write: () => true },
      stderr: { write: (s: string) => (stderr += s) },
      cwd: dir,
      env: { GITHUB_STEP_SUMMARY: join(dir, 'no-such-dir', 'summary.md') },
    });
    expect(code).toBe(1);
    expect(stderr.split('\n').filter((l) => l.includes('step summary'))).toEqual([`fulfilkit: warning: cannot write the step summary to $GITHUB_STEP_SUMMARY (${join(dir, 'no-such-dir', 'summary.md')}): ENOENT.`]);
  });
});
