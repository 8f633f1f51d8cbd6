/**
 * No two documents share a file, and no output is emptied before every output has been
 * opened and compared: two outputs are the same file by what they are (a symlinked folder, a
 * dangling symlink, `/dev/stdout`), not by how they are spelt; a refusal or a failed open
 * leaves every earlier output as it was, and removes nothing but what the run created.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { set, validOrder } from '../fixtures';
import { finished, startBin, useBin } from './_bin';
import { cli, tempFiles } from './_run';

const bin = useBin();
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
const bad = (ref: string) => set(order(ref), '/clientRequest/order/shipServiceLevel', 'EXPRESS');
const spelled = (ref: string) => JSON.stringify(order(ref)).replace('"transactionID":', '"transactionId":');
const TEXT = [JSON.stringify(bad('A')), spelled('B')].join('\n') + '\n';
const OLD = '{"previous":"report"}\n';

/** A folder with the input, an `out` folder, `outlink` (a symlink to it) and an old report. */
function folder(): string {
  const dir = tempFiles({ 'f.ndjson': TEXT, 'prev.json': OLD });
  mkdirSync(join(dir, 'out'));
  symlinkSync('out', join(dir, 'outlink'));
  return dir;
}

describe('two formats to one file, whatever the spelling', () => {
  it.each([
    ['a new file through a symlinked folder', ['--output.json', 'out/r.txt', '--output.sarif', 'outlink/r.txt'], 'outlink/r.txt'],
    ['an old file through a symlinked folder', ['--output.json', 'prev.json', '--output.sarif', './out/../prev.json'], './out/../prev.json'],
    ['a dangling symlink to the other file', ['--output.json', 'out/new.txt', '--output.sarif', 'dangling'], 'dangling'],
  ])('%s: exit 2 naming both formats, nothing written, nothing left that the run created', async (_, outputs, second) => {
    const dir = folder();
    symlinkSync('out/new.txt', join(dir, 'dangling'));
    const out = await cli(['lint', ...outputs, 'f.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe(`fulfilkit: Formats json and sarif would both be written to ${second}; give each format its own file.\n`);
    expect(readdirSync(join(dir, 'out'))).toEqual([]);
    expect(readFileSync(join(dir, 'prev.json'), 'utf8')).toBe(OLD);
    expect(readFileSync(join(dir, 'f.ndjson'), 'utf8')).toBe(TEXT);
  });

  it('two files that are distinct are both written', async () => {
    const dir = folder();
    const out = await cli(['lint', '--output.json', 'prev.json', '--output.sarif', 'outlink/r.sarif', 'f.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(JSON.parse(readFileSync(join(dir, 'prev.json'), 'utf8')).summary.payloads).toBe(2);
    expect(JSON.parse(readFileSync(join(dir, 'out', 'r.sarif'), 'utf8')).version).toBe('2.1.0');
  });
});

describe('an output that fails to open', () => {
  it('leaves the outputs opened before it as they were (the old report stays whole)', async () => {
    const dir = folder();
    const out = await cli(['lint', '--output.json', 'prev.json', '--output.stylish', 'out/new.txt', '--output.sarif', 'no-such-dir/x.sarif', 'f.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('fulfilkit: Cannot write no-such-dir/x.sarif: no such file.\n');
    expect(readFileSync(join(dir, 'prev.json'), 'utf8')).toBe(OLD);
    expect(existsSync(join(dir, 'out', 'new.txt'))).toBe(false);
  });
});

describe('a file output that is stdout (the real bin)', () => {
  it.each([
    ['/dev/stdout', ['-f', 'stylish', '--output.json', '/dev/stdout'], 'format stylish goes'],
    ['/dev/fd/1', ['-f', 'stylish', '--output.json', '/dev/fd/1'], 'format stylish goes'],
  ])('%s while another format goes to stdout (a file): exit 2, the file stays empty', async (name, argv, what) => {
    const dir = folder();
    const stdout = openSync(join(dir, 'both.txt'), 'w');
    try {
      const out = await finished(startBin(bin(), ['lint', ...argv, 'f.ndjson'], { cwd: dir, stdio: ['ignore', stdout, 'pipe'] }));
      expect(out.code).toBe(2);
      expect(out.stderr).toBe(`fulfilkit: Format json would be written to ${name}, which is stdout, where ${what}; give it a file of its own.\n`);
    } finally {
      closeSync(stdout);
    }
    expect(readFileSync(join(dir, 'both.txt'), 'utf8')).toBe('');
  });

  /** Runs the bin with its stdout a pipe (`| cat > piped.txt`; a child's 'pipe' is a socket). */
  function piped(dir: string, argv: string[], stdin = '/dev/null'): { code: number | null; stdout: string; stderr: string } {
    const command = `"$0" "$@" < ${stdin} | cat > piped.txt; exit \${PIPESTATUS[0]}`;
    const run = spawnSync('bash', ['-c', command, process.execPath, bin(), ...argv], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    return { code: run.status, stdout: readFileSync(join(dir, 'piped.txt'), 'utf8'), stderr: run.stderr };
  }

  it('/dev/stdout while another format goes to stdout (a pipe): exit 2, nothing written', () => {
    const out = piped(folder(), ['lint', '-f', 'stylish', '--output.json', '/dev/stdout', 'f.ndjson']);
    expect(out.stderr).toBe('fulfilkit: Format json would be written to /dev/stdout, which is stdout, where format stylish goes; give it a file of its own.\n');
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
  });

  it('--fix on stdin with the report to /dev/stdout (a pipe): exit 2 before the fixed payloads are written', () => {
    const out = piped(folder(), ['lint', '--fix', '-', '-f', 'json', '-o', '/dev/stdout'], 'f.ndjson');
    expect(out.stderr).toBe('fulfilkit: Format json would be written to /dev/stdout, which is stdout, where the fixed payloads go; give it a file of its own.\n');
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
  });

  it('is written when nothing else goes to stdout, and /dev/null takes any number of documents', async () => {
    const dir = folder();
    const stdout = openSync(join(dir, 'r.json'), 'w');
    try {
      const out = await finished(startBin(bin(), ['lint', '-o', '/dev/stdout', '-f', 'json', 'f.ndjson'], { cwd: dir, stdio: ['ignore', stdout, 'pipe'] }));
      expect(out.code).toBe(1);
    } finally {
      closeSync(stdout);
    }
    expect(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')).summary.payloads).toBe(2);
    const devNull = openSync('/dev/null', 'w');
    try {
      const out = await finished(startBin(bin(), ['lint', '-f', 'stylish', '--output.json', '/dev/null', '--output.sarif', '/dev/null', 'f.ndjson'], { cwd: dir, stdio: ['ignore', devNull, 'pipe'] }));
      expect(out.stderr).toBe('');
      expect(out.code).toBe(1);
    } finally {
      closeSync(devNull);
    }
  });
});

describe('a document that cannot be written stops the run: the others say it is incomplete', () => {
  // Enough payloads that the run is still reading when /dev/full fails.
  const many = Array.from({ length: 3000 }, (_, i) => JSON.stringify(i % 50 === 0 ? bad(`M-${i}`) : order(`M-${i}`))).join('\n') + '\n';

  it('lists the failed output as a fault in json and junit, and merge refuses the report (exit 2)', async () => {
    const dir = tempFiles({ 'o.ndjson': many });
    // SARIF streams, so /dev/full fails while the run reads (JUnit is written whole at the end).
    const out = await finished(startBin(bin(), ['lint', '--output.json', 'r.json', '--output.junit', 'r.xml', '--output.sarif', '/dev/full', 'o.ndjson'], { cwd: dir }));
    expect(out.code).toBe(2);
    const { summary } = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(summary.payloads).toBeLessThan(3000);
    expect(summary.faults).toEqual(['Cannot write the report to /dev/full: no space left on the device (ENOSPC); the run stopped before the end of the input.']);
    expect(readFileSync(join(dir, 'r.xml'), 'utf8')).toContain('Cannot write the report to /dev/full');
    const merged = await cli(['merge', 'r.json'], { cwd: dir });
    expect(merged.code).toBe(2);
  });

  it('names a reader that went away (| head) the same way in the documents written to files', async () => {
    const dir = tempFiles({ 'o.ndjson': many });
    const child = startBin(bin(), ['lint', '-f', 'stylish', '--output.json', 'r.json', 'o.ndjson'], { cwd: dir });
    const done = finished(child);
    child.stdout.once('data', () => child.stdout.destroy());
    expect((await done).code).toBe(141);
    const { summary } = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
    expect(summary.faults).toEqual(['The reader of stdout went away: the run stopped before the end of the input.']);
  });
});
