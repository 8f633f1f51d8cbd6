/**
 * Outputs never destroy inputs, and every input is opened before anything is reported:
 * an output that is an input (by any path or link) and an input that cannot be read exit 2
 * before a byte is written. Also the bound on --concurrency.
 */
import { existsSync, linkSync, mkdirSync, openSync, closeSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { set, validOrder } from '../fixtures';
import { finished, startBin, useBin } from './_bin';
import { main } from '../../src/cli/main';
import { cli, tempFiles } from './_run';

const bin = useBin();
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const bad = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'EXPRESS');
const spelled = (ref: string) => JSON.stringify(order(ref)).replace('"transactionID":', '"transactionId":');
const TEXT = [JSON.stringify(bad('A')), spelled('B'), JSON.stringify(order('C'))].join('\n') + '\n';

/** A folder with f.ndjson, a symlink to it from a subfolder, and a hard link to it. */
function linkedFiles(): string {
  const dir = tempFiles({ 'f.ndjson': TEXT, 'other.ndjson': TEXT });
  mkdirSync(join(dir, 'sub'));
  symlinkSync(join(dir, 'f.ndjson'), join(dir, 'sub', 'link.ndjson'));
  linkSync(join(dir, 'f.ndjson'), join(dir, 'hard.ndjson'));
  return dir;
}

describe('an output that is an input', () => {
  it.each([
    ['the same name', 'f.ndjson', ''],
    ['another spelling', './sub/../f.ndjson', ' (the same file)'],
    ['a symlink to it', 'sub/link.ndjson', ' (the same file)'],
    ['a hard link to it', 'hard.ndjson', ' (the same file)'],
  ])('is refused when -o is %s: exit 2, one line, nothing written, the input intact', async (_, output, link) => {
    const dir = linkedFiles();
    for (const extra of [[], ['--fix']]) {
      const out = await cli(['lint', ...extra, '--format', 'json', '-o', output, 'other.ndjson', 'f.ndjson'], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toBe(`fulfilkit: The output file ${output} is the input f.ndjson${link}: writing it would destroy the input; write the output to another file.\n`);
      expect(readFileSync(join(dir, 'f.ndjson'), 'utf8')).toBe(TEXT);
      expect(readFileSync(join(dir, 'other.ndjson'), 'utf8')).toBe(TEXT);
    }
  });

  it.each([
    ['a symlink to it', 'sub/link.ndjson'],
    ['a hard link to it', 'hard.ndjson'],
  ])('is refused when an --output.<format> file is %s, with the other formats fine', async (_, output) => {
    const dir = linkedFiles();
    const out = await cli(['lint', '-f', 'stylish', '--output.json', 'r.json', '--output.sarif', output, 'other.ndjson', 'f.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`fulfilkit: The output file ${output} is the input f.ndjson (the same file): writing it would destroy the input; write the output to another file.\n`);
    expect(existsSync(join(dir, 'r.json'))).toBe(false);
    expect(readFileSync(join(dir, 'f.ndjson'), 'utf8')).toBe(TEXT);
  });

  it('is refused when the output is an input found through a folder or a glob', async () => {
    for (const input of ['.', '*.ndjson']) {
      const dir = linkedFiles();
      const out = await cli(['lint', '--output.json', 'sub/link.ndjson', input], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stderr).toMatch(/^fulfilkit: The output file sub\/link\.ndjson is the input (f|hard)\.ndjson \(the same file\)/);
      expect(readFileSync(join(dir, 'f.ndjson'), 'utf8')).toBe(TEXT);
    }
  });

  it('is refused when the output is the config file, or a profile the config names', async () => {
    const config = JSON.stringify({ profile: 'conf/p.json' });
    const profile = JSON.stringify({ client: 'ACME', clientCode: 'ACME' });
    const dir = tempFiles({ 'f.ndjson': TEXT, 'fulfilkit.config.json': config });
    mkdirSync(join(dir, 'conf'));
    writeFileSync(join(dir, 'conf', 'p.json'), profile);
    for (const output of ['fulfilkit.config.json', 'conf/p.json']) {
      const out = await cli(['lint', '-o', output, 'f.ndjson'], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stderr).toBe(`fulfilkit: The output file ${output} is the input ${output}: writing it would destroy the input; write the output to another file.\n`);
    }
    expect(readFileSync(join(dir, 'fulfilkit.config.json'), 'utf8')).toBe(config);
    expect(readFileSync(join(dir, 'conf', 'p.json'), 'utf8')).toBe(profile);
  });

  it('is refused when -o is the profile', async () => {
    const profile = JSON.stringify({ client: 'ACME', clientCode: 'ACME' });
    const dir = tempFiles({ 'f.ndjson': TEXT, 'profile.json': profile });
    const out = await cli(['lint', '--profile', 'profile.json', '-o', 'profile.json', 'f.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('The output file profile.json is the input profile.json');
    expect(readFileSync(join(dir, 'profile.json'), 'utf8')).toBe(profile);
  });

  it('is refused when stdin comes from the -o file, or stdout is appended to an input (the real bin)', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    const file = join(dir, 'f.ndjson');
    const stdin = openSync(file, 'r');
    try {
      const out = await finished(startBin(bin(), ['lint', '-o', 'f.ndjson'], { cwd: dir, stdio: [stdin, 'pipe', 'pipe'] }));
      expect(out.code).toBe(2);
      expect(out.stderr).toBe('fulfilkit: The output file f.ndjson is the input stdin (the same file): writing it would destroy the input; write the output to another file.\n');
    } finally {
      closeSync(stdin);
    }
    // `fulfilkit lint f.ndjson >> f.ndjson`: the report would grow the file it reads.
    const stdout = openSync(file, 'a');
    try {
      const out = await finished(startBin(bin(), ['lint', 'f.ndjson'], { cwd: dir, stdio: ['ignore', stdout, 'pipe'] }));
      expect(out.code).toBe(2);
      expect(out.stderr).toBe('fulfilkit: stdout, redirected to a file, is the input f.ndjson: writing it would destroy the input; write the output to another file.\n');
    } finally {
      closeSync(stdout);
    }
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
  });

  it('exits 2 without touching -o when no input is named and stdin is /dev/null (the real bin): `lint -o orders.json` left its input out', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    for (const args of [['-o', 'f.ndjson'], ['--output.json', 'f.ndjson', '-f', 'json'], []]) {
      const out = await finished(startBin(bin(), ['lint', ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }));
      expect(out.code, args.join(' ')).toBe(2);
      expect(out.stderr).toBe('fulfilkit: No input: pass files, or pipe payloads to stdin.\n');
    }
    expect(readFileSync(join(dir, 'f.ndjson'), 'utf8')).toBe(TEXT);
    // Named as `-`, /dev/null is read: one empty input, reported.
    const named = await finished(startBin(bin(), ['lint', '-f', 'json', '-'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] }));
    expect(named.code).toBe(1);
    expect(named.stdout).toContain('The input is empty.');
    // A pipe is read as before, named or not.
    const piped = startBin(bin(), ['lint', '-f', 'json'], { cwd: dir });
    piped.stdin.end(TEXT);
    const out = await finished(piped);
    expect(out.code).toBe(1);
    expect((JSON.parse(out.stdout) as { results: unknown[] }).results.length).toBe(2);
  });

  it('exits 2 writing nothing when stderr is appended to an input (the real bin): the summary, or a message, would grow it', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT, 'other.ndjson': TEXT });
    const file = join(dir, 'f.ndjson');
    for (const argv of [['lint', 'f.ndjson'], ['lint', '--fix', 'f.ndjson'], ['lint', '-f', 'json', '-o', 'report.json', 'other.ndjson', 'f.ndjson']]) {
      const stderr = openSync(file, 'a');
      try {
        const out = await finished(startBin(bin(), argv, { cwd: dir, stdio: ['ignore', 'pipe', stderr] }));
        expect([argv, out.code, out.stdout]).toEqual([argv, 2, '']);
      } finally {
        closeSync(stderr);
      }
      expect(readFileSync(file, 'utf8')).toBe(TEXT);
      expect(existsSync(join(dir, 'report.json'))).toBe(false);
    }
    // Appended to a file that is no input, it is written as ever.
    const log = openSync(join(dir, 'log.txt'), 'a');
    try {
      expect((await finished(startBin(bin(), ['lint', '-f', 'json', 'f.ndjson'], { cwd: dir, stdio: ['ignore', 'pipe', log] }))).code).toBe(1);
    } finally {
      closeSync(log);
    }
    expect(readFileSync(join(dir, 'log.txt'), 'utf8')).toMatch(/payload/);
  });

  it('merge exits 2 writing nothing when stderr is appended to one of its reports (the real bin)', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    expect((await finished(startBin(bin(), ['lint', '-f', 'json', '-o', 'r.json', 'f.ndjson'], { cwd: dir }))).code).toBe(1);
    const report = join(dir, 'r.json');
    const before = readFileSync(report, 'utf8');
    const stderr = openSync(report, 'a');
    try {
      const out = await finished(startBin(bin(), ['merge', '-f', 'stylish', 'r.json'], { cwd: dir, stdio: ['ignore', 'pipe', stderr] }));
      expect([out.code, out.stdout]).toEqual([2, '']);
    } finally {
      closeSync(stderr);
    }
    expect(readFileSync(report, 'utf8')).toBe(before);
    // Appended to a file that is no report, the merge runs as ever.
    const log = openSync(join(dir, 'log.txt'), 'a');
    try {
      const out = await finished(startBin(bin(), ['merge', '-f', 'stylish', 'r.json'], { cwd: dir, stdio: ['ignore', 'pipe', log] }));
      expect(out.code).toBe(1);
      expect(out.stdout).toMatch(/problem/);
    } finally {
      closeSync(log);
    }
  });

  it('is refused when $GITHUB_STEP_SUMMARY names an input and github is a format (its summary is appended there)', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    const file = join(dir, 'f.ndjson');
    let stdout = '';
    let errors = '';
    const io = { stdin: process.stdin, stdout: { write: (text: string) => (stdout += text) }, stderr: { write: (text: string) => (errors += text) }, cwd: dir, env: { GITHUB_STEP_SUMMARY: file } };
    expect(await main(['lint', '-f', 'github', 'f.ndjson'], io)).toBe(2);
    expect(errors).toBe('fulfilkit: The output file $GITHUB_STEP_SUMMARY is the input f.ndjson (the same file): writing it would destroy the input; write the output to another file.\n');
    expect(stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(TEXT);
    // Another format writes no step summary: nothing to refuse.
    expect(await main(['lint', '-f', 'json', '-o', 'r.json', 'f.ndjson'], io)).toBe(1);
  });

  it('is not refused for another file, or a device (/dev/null)', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    expect((await cli(['lint', '-o', 'report.txt', 'f.ndjson'], { cwd: dir })).code).toBe(1);
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toContain('f.ndjson:1');
    if (existsSync('/dev/null')) expect((await cli(['lint', '-o', '/dev/null', 'f.ndjson'], { cwd: dir })).code).toBe(1);
  });
});

describe('inputs are opened before anything is reported', () => {
  it('exits 2 with nothing reported and no report file when the last input is missing', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    const out = await cli(['lint', '--format', 'json', '-o', 'report.json', 'f.ndjson', 'missing.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('fulfilkit: Cannot read missing.ndjson: no such file.\n');
    expect(existsSync(join(dir, 'report.json'))).toBe(false);
  });

  it.runIf(process.platform !== 'win32')('exits 2 with nothing reported when the last input exists but cannot be opened (a socket)', async () => {
    const dir = tempFiles({ 'f.ndjson': TEXT });
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(join(dir, 'x.sock'), resolve));
    try {
      const out = await cli(['lint', '--format', 'json', 'f.ndjson', 'x.sock'], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toMatch(/^fulfilkit: Cannot read x\.sock: [A-Z]+\.\n$/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('--concurrency', () => {
  const most = 4 * availableParallelism();

  it('above 4 x the available cores is a usage error: exit 2, one line, nothing read', async () => {
    for (const n of [most + 1, 3000]) {
      const out = await cli(['lint', '--concurrency', String(n), 'examples/order-v1.1.json']);
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toBe(`fulfilkit: Invalid value for --concurrency: expected a whole number from 1 to ${most} (4 threads per available core; 1 lints in-process).\n`);
    }
  });

  it('up to 4 x the available cores is accepted', async () => {
    expect((await cli(['lint', '--concurrency', String(most), 'examples/order-v1.1.json'])).code).toBe(0);
  });
});

describe('a report dense with problems (the bin)', () => {
  it('written to a slow pipe stays bounded in memory: peak RSS <= 300 MB for about a million problems', async () => {
    // One top-level array (one unit of work) of 10,000 payloads with 103 problems each: the
    // run waits for the pipe to drain between payloads, not only between units.
    const payload = JSON.stringify({ clientRequest: { item: Array(100).fill(1) } });
    const dir = tempFiles({ 'dense.json': `[${Array(10_000).fill(payload).join(',\n')}]` });
    const child = startBin(bin(), ['lint', '-f', 'json', 'dense.json'], { cwd: dir });
    const done = finished(child);
    let peakKb = 0;
    const watch = setInterval(() => {
      try {
        const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (match) peakKb = Math.max(peakKb, Number(match[1]));
      } catch {
        // the child has exited
      }
    }, 20);
    // A slow reader: a short pause after every chunk.
    let tail = '';
    child.stdout.on('data', (chunk: Buffer) => {
      tail = (tail + chunk.toString('latin1')).slice(-200);
      child.stdout.pause();
      setTimeout(() => child.stdout.resume(), 1);
    });
    const out = await done;
    clearInterval(watch);
    expect(out.code).toBe(1);
    expect(out.stderr).toBe('✖ 1,030,000 problems (1,030,000 errors, 0 warnings) in 10,000 payloads.\n');
    // The document was written to its end.
    expect(tail).toMatch(/"errors":\s*1030000[\s\S]*\}\s*$/);
    expect(peakKb).toBeGreaterThan(0);
    expect(peakKb / 1024).toBeLessThanOrEqual(300);
  }, 120_000);
});
