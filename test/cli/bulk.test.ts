/**
 * Bulk linting through the real bin, in child processes: streaming, workers, shards,
 * signals, broken pipes and full disks, compressed and broken input.
 */
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { spawn as spawnOnTerminal } from '@lydell/node-pty';
import Ajv04 from 'ajv-draft-04';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/index';
import { set, validOrder } from '../fixtures';
import { finished, runBin, startBin, useBin, waitFor } from './_bin';
import { tempFiles } from './_run';

const bin = useBin();
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const bad = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'EXPRESS');
const ndjson = (...lines: unknown[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';

type Report = { results: { source: string; kind: string | null; problems: { rule: string; path: string; message: string; severity: string }[] }[]; summary: Record<string, any> };
const parse = (text: string): Report => JSON.parse(text);
const brief = (report: Report) => report.results.flatMap((r) => r.problems.map((p) => `${r.source} ${p.rule}`));

/** `count` orders, every 7th invalid, R-5 repeated at line `count` * 3/4 (2,000 make about 5 MB: several units). */
function corpus(count: number): string {
  const lines = Array.from({ length: count }, (_, i) => (i % 7 === 3 ? bad(`R-${i}`) : order(`R-${i}`)));
  lines[(count * 3) / 4 - 1] = order('R-5');
  return ndjson(...lines);
}

describe('fulfilkit lint (bin): streaming and order', () => {
  it('prints the first result while stdin is still open', async () => {
    const child = startBin(bin(), ['lint', '--format', 'json', '--concurrency', '2'], { cwd: tempFiles({}) });
    const done = finished(child);
    child.stdin.write(ndjson(bad('A'), order('B')));
    await waitFor(child.stdout, (text) => text.includes('"source":"<stdin>:1"'));
    // The input is not closed yet, and the result is out.
    expect(child.exitCode).toBeNull();
    child.stdin.end(ndjson(order('C')));
    const out = await done;
    expect(out.code).toBe(1);
    expect(parse(out.stdout).summary.payloads).toBe(3);
  });

  it('prints the result of every line already read while stdin stays open, its threads busy when the lines came', async () => {
    // 200 lines at once: both threads take a unit, the rest is held; then the writer is quiet.
    const child = startBin(bin(), ['lint', '--format', 'json', '--concurrency', '2'], { cwd: tempFiles({}) });
    const done = finished(child);
    child.stdin.write(ndjson(...Array.from({ length: 200 }, (_, i) => bad(`Q-${i}`))));
    // Bounded: the test's own timeout ends it if the last result never comes while stdin is open.
    await waitFor(child.stdout, (text) => text.includes('"source":"<stdin>:200"'));
    expect(child.exitCode).toBeNull();
    child.stdin.end();
    const out = await done;
    expect(parse(out.stdout).summary.payloads).toBe(200);
  }, 15_000);

  it('gives the same report, in input order, with 2 workers as in-process', async () => {
    const dir = tempFiles({ 'orders.ndjson': corpus(2000) });
    const [two, one] = await Promise.all([
      runBin(bin(), ['lint', '--format', 'json', '--concurrency', '2', 'orders.ndjson'], { cwd: dir }),
      runBin(bin(), ['lint', '--format', 'json', '--concurrency', '1', 'orders.ndjson'], { cwd: dir }),
    ]);
    expect(two.code).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    const report = parse(two.stdout);
    const lines = report.results.map((r) => Number(r.source.split(':')[1]));
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(report.summary.payloads).toBe(2000);
    // The repeat is 1,494 lines (about 4 MB, another unit) after the first R-5.
    expect(brief(report)).toContain('orders.ndjson:1500 duplicate-request-reference');
    expect(brief(report).filter((b) => b.endsWith('duplicate-request-reference'))).toHaveLength(1);
  });

  it('finds every repeat among 12,000 references, near or thousands of lines back, as a Set of them would (2 workers)', async () => {
    // Only the batch rule on (the payloads are bare references): each reference is R-(i mod 5,000), and every
    // 1,000th line repeats the line before it, so repeats come 1 and 5,000 payloads after their first use.
    const rules = Object.fromEntries(RULES.map((rule) => [rule.meta.id, rule.meta.id === 'duplicate-request-reference' ? 'error' : 'off']));
    const references = Array.from({ length: 12_000 }, (_, i) => `R-${(i % 1000 === 999 ? i - 1 : i) % 5000}`);
    const dir = tempFiles({
      'refs.ndjson': ndjson(...references.map((requestReference) => ({ clientRequest: { requestHeader: { requestReference } } }))),
      'fulfilkit.config.json': JSON.stringify({ kind: 'order', version: '1.1', rules }),
    });
    const out = await runBin(bin(), ['lint', '--format', 'json', '--concurrency', '2', 'refs.ndjson'], { cwd: dir });
    const seen = new Set<string>();
    const repeats = references.flatMap((reference, i) => (seen.size === seen.add(reference).size ? [`refs.ndjson:${i + 1} duplicate-request-reference`] : []));
    expect(repeats.length).toBeGreaterThan(7_000);
    expect(brief(parse(out.stdout))).toEqual(repeats);
    expect(out.code).toBe(1);
  });

  it('finds duplicates across files, a gzipped one included', async () => {
    const dir = tempFiles({ 'a.ndjson': ndjson(order('X-1'), order('X-2')) });
    writeFileSync(join(dir, 'b.ndjson.gz'), gzipSync(ndjson(order('X-3'), order('X-1'), bad('X-4'))));
    const out = await runBin(bin(), ['lint', '--format', 'json', '--concurrency', '2', 'a.ndjson', 'b.ndjson.gz'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(brief(parse(out.stdout))).toEqual(['b.ndjson.gz:2 duplicate-request-reference', 'b.ndjson.gz:3 enum']);
  });

  it('splits the payloads over shards: each problem once, duplicates exact, the shard in the summary', async () => {
    const dir = tempFiles({ 'orders.ndjson': corpus(400), 'more.ndjson': ndjson(order('R-7'), '{broken', order('R-400')) });
    const files = ['orders.ndjson', 'more.ndjson'];
    const all = await runBin(bin(), ['lint', '--format', 'json', ...files], { cwd: dir });
    const shards = await Promise.all([1, 2, 3].map((i) => runBin(bin(), ['lint', '--format', 'json', '--shard', `${i}/3`, ...files], { cwd: dir })));
    const whole = parse(all.stdout);
    const parts = shards.map((s) => parse(s.stdout));
    expect(parts.flatMap(brief).sort()).toEqual(brief(whole).sort());
    expect(brief(whole)).toContain('more.ndjson:1 duplicate-request-reference');
    expect(parts.reduce((n, p) => n + p.summary.payloads, 0)).toBe(whole.summary.payloads);
    for (const [i, part] of parts.entries()) {
      expect(part.summary.shard).toEqual({ index: i + 1, count: 3, otherPayloads: whole.summary.payloads - part.summary.payloads });
      expect(shards[i]!.stderr).toContain(`of shard ${i + 1}/3`);
      expect(part.summary.payloads).toBeGreaterThan(100);
    }
    // A line that is not JSON has no requestReference: shard 1 reports it.
    expect(brief(parts[0]!)).toContain('more.ndjson:2 parse');
  });
});

describe('fulfilkit lint (bin): interruptions and failed writes', () => {
  it('stops quietly with exit 141 when the reader closes the pipe (| head)', async () => {
    const dir = tempFiles({ 'orders.ndjson': ndjson(...Array.from({ length: 1500 }, (_, i) => bad(`H-${i}`))) });
    const child = startBin(bin(), ['lint', '--concurrency', '2', 'orders.ndjson'], { cwd: dir });
    const done = new Promise<{ code: number | null; stderr: string }>((resolve) => {
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
      child.on('close', (code) => resolve({ code, stderr }));
    });
    child.stdout.once('data', () => child.stdout.destroy());
    const out = await done;
    expect(out.code).toBe(141);
    expect(out.stderr).toBe('');
  });

  it.runIf(existsSync('/dev/full'))('exits 2 with one line when the output cannot be written (/dev/full)', async () => {
    const dir = tempFiles({ 'orders.ndjson': ndjson(bad('F-1'), bad('F-2')) });
    const full = openSync('/dev/full', 'w');
    try {
      const child = startBin(bin(), ['lint', 'orders.ndjson'], { cwd: dir, stdio: ['ignore', full, 'pipe'] });
      const out = await finished(child);
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(/^fulfilkit: cannot write the report to stdout: no space left on the device \(ENOSPC\)\.\n$/);
    } finally {
      closeSync(full);
    }
    const toFile = await runBin(bin(), ['lint', '--format', 'sarif', '-o', '/dev/full', 'orders.ndjson'], { cwd: dir });
    expect(toFile.code).toBe(2);
    expect(toFile.stderr.trim().split('\n')).toEqual(['fulfilkit: cannot write the report to /dev/full: no space left on the device (ENOSPC).']);
  });
});

describe('fulfilkit lint (bin): input that is not what it should be', () => {
  it('reports a line that is not UTF-8 as encoding, naming the line, and goes on', async () => {
    const broken = Buffer.concat([Buffer.from('{"clientRequest": {"note": "caf'), Buffer.from([0xc3, 0x28]), Buffer.from('"}}')]);
    const text = Buffer.concat([Buffer.from(ndjson(order('U-1'))), broken, Buffer.from('\n' + ndjson(bad('U-3')))]);
    const dir = tempFiles({});
    writeFileSync(join(dir, 'mixed.ndjson'), text);
    const out = await runBin(bin(), ['lint', '--format', 'json', '--concurrency', '2', 'mixed.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    const report = parse(out.stdout);
    expect(brief(report)).toEqual(['mixed.ndjson:2 encoding', 'mixed.ndjson:3 enum']);
    expect(report.results[0]!.problems[0]!.message).toBe('The line is not valid UTF-8 (byte 32).');
    expect(report.summary.payloads).toBe(3);
  });

  it('skips a line longer than --max-line-bytes as a parse problem, and numbers the next lines right', async () => {
    const long = JSON.stringify({ note: 'x'.repeat(10_000) });
    const dir = tempFiles({ 'o.ndjson': ndjson(order('L-1'), long, bad('L-3')) });
    const out = await runBin(bin(), ['lint', '--format', 'json', '--max-line-bytes', '4K', 'o.ndjson'], { cwd: dir });
    const report = parse(out.stdout);
    expect(brief(report)).toEqual(['o.ndjson:2 parse', 'o.ndjson:3 enum']);
    expect(report.results[0]!.problems[0]!.message).toBe(`The line is ${long.length} bytes long, more than --max-line-bytes (4096); it was not read.`);
  });

  it('reads 20 MB without a newline from a pipe as one skipped line', async () => {
    const out = await runBin(bin(), ['lint', '--format', 'json', '--max-line-bytes', '1M'], { cwd: tempFiles({}), stdin: Buffer.alloc(20 << 20, 0x20) });
    expect(out.code).toBe(1);
    expect(parse(out.stdout).results.map((r) => r.problems[0]!.message)).toEqual([
      'The line is 20971520 bytes long, more than --max-line-bytes (1048576); it was not read.',
    ]);
  });

  it.runIf(existsSync('/dev/zero') && existsSync('/proc/self/status'))('keeps memory bounded on /dev/zero, and stops on Ctrl-C', async () => {
    const child = startBin(bin(), ['lint', '--no-progress', '/dev/zero'], { cwd: tempFiles({}) });
    const done = finished(child);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const peakKb = Number(/VmHWM:\s+(\d+)/.exec(status)![1]);
    child.kill('SIGINT');
    const out = await done;
    expect(out.code).toBe(130);
    // The default limit (64 MiB) is held at most once, besides the runtime.
    expect(peakKb).toBeLessThan(400 * 1024);
    expect(out.stdout).toContain('0 payloads; interrupted');
  });

  it('exits 2 on a .gz file that is not gzip, after the report', async () => {
    const dir = tempFiles({ 'a.ndjson': ndjson(order('G-1')), 'b.ndjson.gz': 'not gzip at all\n' });
    const out = await runBin(bin(), ['lint', '--format', 'json', 'a.ndjson', 'b.ndjson.gz'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(parse(out.stdout).summary.payloads).toBe(1);
    expect(out.stderr).toMatch(/Cannot read b\.ndjson\.gz: it is not valid gzip data \(Z_DATA_ERROR\)\./);
  });
});

describe('fulfilkit lint (bin): every format is what it says', () => {
  // Errors, a warning, a line that is not JSON, an array file: every kind of result.
  const files = {
    'orders.ndjson': ndjson(order('F-1'), bad('F-2'), '{broken', set(order('F-4'), '/clientRequest/order/shipServiceLevel', 'PUO')),
    'batch.json': JSON.stringify([order('F-5'), bad('F-6')]),
  };
  const run = (format: string) => runBin(bin(), ['lint', '--format', format, '--concurrency', '2', 'orders.ndjson', 'batch.json'], { cwd: tempFiles(files) });
  const PROBLEMS = 4;

  it('sarif validates against the SARIF 2.1.0 JSON schema', async () => {
    const out = await run('sarif');
    expect(out.code).toBe(1);
    const schema = createRequire(import.meta.url)('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
    // The schema's language-tag pattern is not valid in Unicode mode: compile patterns without it.
    const validate = new Ajv04({ allErrors: true, strict: false, unicodeRegExp: false }).compile(schema);
    const log = JSON.parse(out.stdout);
    expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    expect(log.runs[0].results).toHaveLength(PROBLEMS);
    expect(log.runs[0].invocations).toEqual([{ executionSuccessful: true }]);
    // A broken log must fail the same check, or the check proves nothing.
    expect(validate({ ...log, version: '2.0' })).toBe(false);
  });

  it('junit is well-formed XML with a testcase per problem', async () => {
    const out = await run('junit');
    expect(XMLValidator.validate(out.stdout)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, isArray: (name) => name === 'testsuite' || name === 'testcase' }).parse(out.stdout);
    const suites = doc.testsuites.testsuite as { '@_name': string; testcase: { failure: { '@_type': string } }[] }[];
    expect(suites.map((s) => s['@_name'])).toEqual(['orders.ndjson:2', 'orders.ndjson:3', 'orders.ndjson:4', 'batch.json#/1']);
    expect(suites.flatMap((s) => s.testcase).map((c) => c.failure['@_type'])).toEqual(['error', 'error', 'warning', 'error']);
  });

  it('github prints one annotation per problem and nothing else', async () => {
    const out = await run('github');
    const lines = out.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(PROBLEMS);
    for (const line of lines) expect(line).toMatch(/^::(error|warning) file=[^,:]+(,line=\d+)?(,col=\d+)?,title=fulfilkit [a-z-]+::\S/);
    expect(out.stderr).toBe('✖ 4 problems (3 errors, 1 warning) in 6 payloads.\n');
  });

  it('json is one document, stylish ends with the summary line', async () => {
    expect(parse((await run('json')).stdout).summary).toMatchObject({ payloads: 6, errors: 3, warnings: 1 });
    expect((await run('stylish')).stdout.trimEnd().split('\n').pop()).toBe('✖ 4 problems (3 errors, 1 warning) in 6 payloads.');
  });
});

// A pseudo-terminal from npm (@lydell/node-pty: prebuilt binaries, nothing to compile).
describe('fulfilkit lint (bin): progress on a terminal', () => {
  /** Runs the bin on a terminal (stdin, stdout and stderr); returns what the terminal showed. */
  const onTerminal = (argv: string[], cwd: string) =>
    new Promise<string>((resolve) => {
      const child = spawnOnTerminal(process.execPath, [bin(), ...argv], { cwd, cols: 200, rows: 24, env: { ...process.env, NO_COLOR: '1' } as Record<string, string> });
      let shown = '';
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      child.onData((data) => (shown += data));
      child.onExit(() => {
        clearTimeout(timer);
        resolve(shown);
      });
    });

  it('draws a progress line (payloads, rate, problems, percent) and clears it; --no-progress turns it off', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(order('P-1'), bad('P-2')) });
    const shown = await onTerminal(['lint', 'o.ndjson'], dir);
    expect(shown).toMatch(/fulfilkit: \d+ payloads?, \d+\/s, \d+ problems?, \d+%/);
    expect(shown).toContain('\r\u001b[K');
    expect(shown).toContain('✖ 1 problem (1 error, 0 warnings) in 2 payloads.');
    const quiet = await onTerminal(['lint', '--no-progress', 'o.ndjson'], dir);
    expect(quiet).not.toContain('fulfilkit: ');
    expect(quiet).toContain('in 2 payloads.');
  });

  it('draws nothing when stderr is not a terminal', async () => {
    const out = await runBin(bin(), ['lint', 'examples/order-v1.1.json'], { cwd: join(__dirname, '..', '..') });
    expect(out.stderr).toBe('');
  });
});
