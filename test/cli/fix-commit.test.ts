/**
 * `--fix` puts the fixed files in place at the end of the run: a file that cannot be put in
 * place then is an I/O failure (exit 2, named on stderr, not counted, nothing left beside
 * it); a file that changed since it was read is not rewritten (the other writer's edit is
 * kept); what can be checked before is checked before any file is rewritten (a hard-linked
 * file that cannot be opened for writing); and a path that names an open descriptor
 * (`/dev/stdin`, `/dev/fd/N`, `/proc/self/fd/N`) is refused: `-` fixes stdin.
 *
 * "During the run" is made deterministic: the run reads its inputs in order and puts the files
 * in place only after the last one, so a stdin that the test feeds changes the files named
 * before it while the run waits for stdin, and ends stdin after.
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { appendFileSync, chmodSync, chownSync, closeSync, linkSync, openSync, readdirSync, readFileSync, renameSync, statSync, symlinkSync, unlinkSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { set, validOrder } from '../fixtures';
import { finished, startBin, useBin, type BinOutput } from './_bin';
import { poll } from './_poll';
import { tempFiles } from './_run';

// Standalone: nobody runs it too (below), wherever the repository is.
const bin = useBin({ standalone: true });
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
/** A line with an example-body spelling that --fix renames. */
const spelled = (ref: string) => JSON.stringify(order(ref)).replace('"transactionID":', '"transactionId":');
const lines = (prefix: string, count: number) => Array.from({ length: count }, (_, i) => spelled(`${prefix}-${i}`) + '\n').join('');
const fixed = (text: string) => text.replaceAll('"transactionId":', '"transactionID":');
const A = lines('A', 3);
const B = lines('B', 5);
const STDIN = lines('S', 1);
/** A time long gone: a file given it, then written during the run, has another modification time whatever the clock's grain. */
const LONG_AGO = new Date('2001-01-01T00:00:00Z');

/** The name of this process's temporary file for `file` (in-process runs). */
const ownTemp = (file: string) => `.${file}.fulfilkit-fix-${process.pid}.tmp`;

/**
 * Runs the CLI in-process with `argv` (which ends with `-`): `during` runs when the run
 * starts reading stdin, after every file before it was read whole; then stdin gives STDIN.
 */
async function fixWhile(dir: string, argv: string[], during: () => void): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  async function* stdin(): AsyncGenerator<string> {
    during();
    yield STDIN;
  }
  const code = await main(argv, {
    stdin: stdin(),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
  });
  return { code, stdout, stderr };
}

/** The summary line on stderr (the report is a file), then the failure. */
const NINE = '✔ No problems in 9 payloads; 6 fixes applied.\n';
const FOUR = '✔ No problems in 4 payloads; 1 fix applied.\n';

const summary = (dir: string) => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).summary;

// Root opens any file for writing: a user who cannot is played by nobody (65534), running the real bin.
const root = process.getuid?.() === 0;
const NOBODY = 65534;

/** The real bin, run as nobody when the tests run as root (else as the test's user). */
function startAsUser(argv: string[], dir: string): ChildProcessWithoutNullStreams {
  if (!root) return startBin(bin(), argv, { cwd: dir });
  // nobody runs the standalone bin and works in the scratch folder.
  chownSync(dir, NOBODY, NOBODY);
  for (const name of readdirSync(dir)) chownSync(join(dir, name), NOBODY, NOBODY);
  return spawn(process.execPath, [bin(), ...argv], { cwd: dir, uid: NOBODY, gid: NOBODY, stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined } }) as ChildProcessWithoutNullStreams;
}

describe('--fix: a fixed file that cannot be put in place is an I/O failure', () => {
  it('names the file (escaped), exits 2, counts only the fixes put in place and leaves nothing beside it', async () => {
    const name = 'a\u001b[31m\u202e.ndjson';
    const dir = tempFiles({ [name]: A, 'b.ndjson': B });
    // Its temporary file is complete and closed: removed, it cannot be renamed over the file.
    const out = await fixWhile(dir, ['lint', '--fix', '-f', 'json', '-o', 'report.json', name, 'b.ndjson', '-'], () => unlinkSync(join(dir, ownTemp(name))));
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(NINE + 'fulfilkit: Cannot fix a\\u{1b}[31m\\u{202e}.ndjson: cannot put the fixed file in place (no such file); it was not rewritten.\n');
    expect(out.stdout).toBe(fixed(STDIN));
    // b.ndjson's 5 and stdin's 1: the 3 of the file not put in place do not count.
    expect(summary(dir)).toMatchObject({ fixed: 6 });
    expect(readFileSync(join(dir, name), 'utf8')).toBe(A);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(fixed(B));
    expect(readdirSync(dir).sort()).toEqual([name, 'b.ndjson', 'report.json'].sort());
  });

  it('refuses a hard-linked file that cannot be opened for writing before any file is rewritten (its fixes are written over it in place)', async () => {
    const dir = tempFiles({ 'a.ndjson': A, 'b.ndjson': B });
    linkSync(join(dir, 'b.ndjson'), join(dir, 'c.ndjson'));
    chmodSync(join(dir, 'b.ndjson'), 0o444);
    const out = await finished(startAsUser(['lint', '--fix', 'a.ndjson', 'b.ndjson'], dir));
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toBe('fulfilkit: Cannot fix b.ndjson: it has 2 hard links, so its fixes are written over it in place, and it cannot be opened for writing (permission denied).\n');
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(A);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(B);
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'b.ndjson', 'c.ndjson']);
  });

  it('a hard-linked file that became read-only during the run: exit 2, the file as it was, no leftover', async () => {
    const dir = tempFiles({ 'a.ndjson': A, 'b.ndjson': B });
    linkSync(join(dir, 'a.ndjson'), join(dir, 'l.ndjson'));
    const child = startAsUser(['lint', '--fix', '-f', 'json', '-o', 'report.json', 'a.ndjson', 'b.ndjson', '-'], dir);
    const done = finished(child);
    // The run waits for stdin before it puts any file in place: a.ndjson is read, its fixed content written.
    await poll(() => readdirSync(dir).find((name) => name.startsWith('.a.ndjson.fulfilkit-fix-') && statSync(join(dir, name)).size === A.length));
    chmodSync(join(dir, 'a.ndjson'), 0o444);
    child.stdin.end(STDIN);
    const out: BinOutput = await done;
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(NINE + 'fulfilkit: Cannot fix a.ndjson: it has 2 hard links, so its fixes are written over it in place, and it cannot be opened for writing (permission denied); it was not rewritten.\n');
    expect(out.stdout).toBe(fixed(STDIN));
    expect(summary(dir)).toMatchObject({ fixed: 6 });
    expect(readFileSync(join(dir, 'l.ndjson'), 'utf8')).toBe(A);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(fixed(B));
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'b.ndjson', 'l.ndjson', 'report.json']);
  });
});

describe('--fix and a file changed during the run', () => {
  const changed = (file: string) => `fulfilkit: Cannot fix ${file}: it changed during the run (written after it was read), so it was not rewritten and keeps that change; run --fix again.\n`;

  it('does not replace a file someone appended to: the edit is kept, exit 2, no leftover', async () => {
    const dir = tempFiles({ 'a.ndjson': A, 'b.ndjson': B });
    utimesSync(join(dir, 'a.ndjson'), LONG_AGO, LONG_AGO);
    const extra = lines('E', 1);
    const out = await fixWhile(dir, ['lint', '--fix', '-f', 'json', '-o', 'report.json', 'a.ndjson', 'b.ndjson', '-'], () => appendFileSync(join(dir, 'a.ndjson'), extra));
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(NINE + changed('a.ndjson'));
    expect(summary(dir)).toMatchObject({ fixed: 6 });
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(A + extra);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(fixed(B));
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'b.ndjson', 'report.json']);
  });

  it('does not write over a hard-linked file edited in place to the same size', async () => {
    const dir = tempFiles({ 'a.ndjson': A });
    linkSync(join(dir, 'a.ndjson'), join(dir, 'l.ndjson'));
    utimesSync(join(dir, 'a.ndjson'), LONG_AGO, LONG_AGO);
    const edited = A.replace('"A-0"', '"Z-0"');
    expect(edited.length).toBe(A.length);
    const out = await fixWhile(dir, ['lint', '--fix', '-f', 'json', '-o', 'report.json', 'a.ndjson', '-'], () => writeFileSync(join(dir, 'a.ndjson'), edited));
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(FOUR + changed('a.ndjson'));
    expect(summary(dir)).toMatchObject({ fixed: 1 });
    expect(readFileSync(join(dir, 'l.ndjson'), 'utf8')).toBe(edited);
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'l.ndjson', 'report.json']);
  });

  it('a file moved away during the run: exit 2, the moved file untouched, no leftover', async () => {
    const dir = tempFiles({ 'a.ndjson': A });
    const out = await fixWhile(dir, ['lint', '--fix', '-f', 'json', '-o', 'report.json', 'a.ndjson', '-'], () => renameSync(join(dir, 'a.ndjson'), join(dir, 'moved.ndjson')));
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(FOUR + 'fulfilkit: Cannot fix a.ndjson: it was moved or removed during the run, so it was not rewritten.\n');
    expect(summary(dir)).toMatchObject({ fixed: 1 });
    expect(readFileSync(join(dir, 'moved.ndjson'), 'utf8')).toBe(A);
    expect(readdirSync(dir).sort()).toEqual(['moved.ndjson', 'report.json']);
  });
});

describe('--fix refuses a path that names an open descriptor', () => {
  const refused = (name: string) => `fulfilkit: --fix cannot rewrite ${name}: it names an open descriptor (stdin or one the shell opened), not a file; to fix stdin, pass - (the fixed payloads go to stdout).\n`;

  it.each([
    ['/dev/stdin', 0],
    ['/proc/self/fd/0', 0],
    ['/dev/fd/3', 3],
    ['in.ndjson', 0], // a symlink to /dev/stdin
  ])('--fix %s with the descriptor redirected from a file: exit 2, the file unchanged', async (name, fd) => {
    const dir = tempFiles({ 'orders.ndjson': A });
    symlinkSync('/dev/stdin', join(dir, 'in.ndjson'));
    const file = openSync(join(dir, 'orders.ndjson'), 'r');
    try {
      const stdio: ('pipe' | number)[] = fd === 3 ? ['pipe', 'pipe', 'pipe', file] : [file, 'pipe', 'pipe'];
      const out = await finished(startBin(bin(), ['lint', '--fix', name], { cwd: dir, stdio }));
      expect(out.code).toBe(2);
      expect(out.stdout).toBe('');
      expect(out.stderr).toBe(refused(name));
    } finally {
      closeSync(file);
    }
    expect(readFileSync(join(dir, 'orders.ndjson'), 'utf8')).toBe(A);
    expect(readdirSync(dir).sort()).toEqual(['in.ndjson', 'orders.ndjson']);
  });
});
