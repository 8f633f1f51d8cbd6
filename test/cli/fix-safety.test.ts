/**
 * `--fix` rewrites files safely: through a symlink to its target (the link stays a link),
 * keeping hard links shared, cleaning up what a killed run left, and counting only the fixes
 * that reached the file.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { replacementMode } from '../../src/cli/fix-output';
import { set, validOrder } from '../fixtures';
import { finished, startBin, useBin, type BinOutput } from './_bin';
import { poll } from './_poll';
import { cli, tempFiles } from './_run';

const bin = useBin();
const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
/** A line with an example-body spelling that --fix renames. */
const spelled = (ref: string) => JSON.stringify(order(ref)).replace('"transactionID":', '"transactionId":');
const lines = (count: number) => Array.from({ length: count }, (_, i) => spelled(`S-${i}`) + '\n').join('');
const fixed = (text: string) => text.replaceAll('"transactionId":', '"transactionID":');
const SMALL = lines(3);

/** The id of a process that has ended. */
const deadPid = () => spawnSync(process.execPath, ['-e', '']).pid!;

/** The temporary file of a --fix run beside `file`, once it holds at least `bytes` bytes. */
const tempOf = (dir: string, file: string, bytes: number) => () =>
  readdirSync(dir).find((name) => name.startsWith(`.${file}.fulfilkit-fix-`) && statSync(join(dir, name)).size >= bytes);

/** A --fix run of o.ndjson (4,000 lines, in-process, json report) stopped by `signal` once its first unit is written. */
async function interruptedFix(signal: NodeJS.Signals): Promise<{ text: string; dir: string; out: BinOutput }> {
  const text = lines(4000);
  const dir = tempFiles({ 'o.ndjson': text });
  const child = startBin(bin(), ['lint', '--fix', '--concurrency', '1', '--format', 'json', 'o.ndjson'], { cwd: dir });
  const done = finished(child);
  await poll(tempOf(dir, 'o.ndjson', 1));
  child.kill(signal);
  return { text, dir, out: await done };
}

describe('--fix and links', () => {
  it('writes through a symlink to its target: the link stays a link, the target is fixed, nothing is left beside either', async () => {
    const dir = tempFiles({});
    mkdirSync(join(dir, 'data'));
    mkdirSync(join(dir, 'links'));
    writeFileSync(join(dir, 'data', 'o.ndjson'), SMALL);
    symlinkSync('../data/o.ndjson', join(dir, 'links', 'o.ndjson'));
    const out = await cli(['lint', '--fix', 'links/o.ndjson'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(lstatSync(join(dir, 'links', 'o.ndjson')).isSymbolicLink()).toBe(true);
    expect(readlinkSync(join(dir, 'links', 'o.ndjson'))).toBe('../data/o.ndjson');
    expect(readFileSync(join(dir, 'data', 'o.ndjson'), 'utf8')).toBe(fixed(SMALL));
    expect(readdirSync(join(dir, 'links'))).toEqual(['o.ndjson']);
    expect(readdirSync(join(dir, 'data'))).toEqual(['o.ndjson']);
  });

  it('keeps hard links shared: every link sees the fixed content, the file keeps its inode and permissions', async () => {
    const dir = tempFiles({ 'a.ndjson': SMALL });
    linkSync(join(dir, 'a.ndjson'), join(dir, 'b.ndjson'));
    const before = statSync(join(dir, 'a.ndjson'));
    const out = await cli(['lint', '--fix', 'a.ndjson'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('3 fixes applied');
    const [a, b] = [statSync(join(dir, 'a.ndjson')), statSync(join(dir, 'b.ndjson'))];
    expect(a.ino).toBe(before.ino);
    expect(b.ino).toBe(a.ino);
    expect(a.nlink).toBe(2);
    expect(a.mode).toBe(before.mode);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(fixed(SMALL));
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'b.ndjson']);
  });

  it('keeps hard links shared when the fixes make the file shorter: no bytes of the old content are left at its end', async () => {
    // acquirerId -> acquireID: one character shorter a line.
    const shorter = Array.from({ length: 3 }, (_, i) => JSON.stringify(order(`H-${i}`)).replace('"acquireID":', '"acquirerId":') + '\n').join('');
    expect(shorter).toContain('"acquirerId":');
    const dir = tempFiles({ 'a.ndjson': shorter });
    linkSync(join(dir, 'a.ndjson'), join(dir, 'b.ndjson'));
    const out = await cli(['lint', '--fix', 'a.ndjson'], { cwd: dir });
    expect(out.stdout).toContain('3 fixes applied');
    const expected = shorter.replaceAll('"acquirerId":', '"acquireID":');
    expect(expected.length).toBe(shorter.length - 3);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(expected);
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(expected);
  });

  it('refuses the same file given twice through a link (it would be rewritten twice)', async () => {
    const dir = tempFiles({ 'a.ndjson': SMALL });
    linkSync(join(dir, 'a.ndjson'), join(dir, 'b.ndjson'));
    symlinkSync('a.ndjson', join(dir, 'c.ndjson'));
    for (const other of ['b.ndjson', 'c.ndjson']) {
      const out = await cli(['lint', '--fix', 'a.ndjson', other], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stderr).toBe(`fulfilkit: --fix got the same file twice (a.ndjson), the second time as ${other}.\n`);
    }
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(SMALL);
  });
});

describe('--fix and runs that were stopped', () => {
  it('after a kill -9 mid-fix, the file is unchanged; the next run removes the leftover and fixes the file', async () => {
    // About 10 MB, linted in-process: reading stays at most two units (2 MB) ahead of the
    // fixed output, so the run is far from the end when its first unit is written.
    const text = lines(4000);
    const dir = tempFiles({ 'o.ndjson': text });
    const child = startBin(bin(), ['lint', '--fix', '--concurrency', '1', 'o.ndjson'], { cwd: dir });
    const done = finished(child);
    const temp = await poll(tempOf(dir, 'o.ndjson', 1));
    child.kill('SIGKILL');
    expect((await done).signal).toBe('SIGKILL');
    expect(temp).toBe(`.o.ndjson.fulfilkit-fix-${child.pid}.tmp`);
    expect(readdirSync(dir).sort()).toEqual([temp, 'o.ndjson']);
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(text);

    const again = await finished(startBin(bin(), ['lint', '--fix', 'o.ndjson'], { cwd: dir }));
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('4,000 fixes applied');
    expect(readdirSync(dir)).toEqual(['o.ndjson']);
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(fixed(text));
  });

  it('an interrupted run leaves the file as it was and reports 0 fixes', async () => {
    const { text, dir, out } = await interruptedFix('SIGINT');
    expect(out.code).toBe(130);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ fixed: 0, interrupted: true });
    expect(out.stderr).toContain('; 0 fixes applied; interrupted');
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['o.ndjson']);
  });

  it('an interrupted run leaves every file as it was, those already read whole too, and reports 0 fixes', async () => {
    const big = lines(4000);
    const dir = tempFiles({ 'a.ndjson': SMALL, 'b.ndjson': big });
    const child = startBin(bin(), ['lint', '--fix', '--concurrency', '1', '--format', 'json', 'a.ndjson', 'b.ndjson'], { cwd: dir });
    const done = finished(child);
    // a.ndjson is read whole (its fixed content complete) once b.ndjson's temporary file holds bytes.
    await poll(tempOf(dir, 'b.ndjson', 1));
    child.kill('SIGTERM');
    const out = await done;
    expect(out.code).toBe(143);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ fixed: 0, interrupted: true });
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(SMALL);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(big);
    expect(readdirSync(dir).sort()).toEqual(['a.ndjson', 'b.ndjson']);
  });

  it('a run that completes puts every fixed file in place, and counts each fix', async () => {
    const other = Array.from({ length: 5 }, (_, i) => spelled(`T-${i}`) + '\n').join('');
    const dir = tempFiles({ 'a.ndjson': SMALL, 'b.ndjson': other });
    const out = await cli(['lint', '--fix', 'a.ndjson', 'b.ndjson'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(out.stdout).toContain('8 fixes applied');
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(fixed(SMALL));
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(fixed(other));
  });

  it('removes only leftovers of processes that have ended, beside the file itself', async () => {
    const dir = tempFiles({ 'o.ndjson': SMALL, 'other.ndjson': SMALL });
    const dead = `.o.ndjson.fulfilkit-fix-${deadPid()}.tmp`;
    const running = `.o.ndjson.fulfilkit-fix-${process.ppid}.tmp`;
    const another = `.other.ndjson.fulfilkit-fix-${deadPid()}.tmp`;
    for (const name of [dead, running, another]) writeFileSync(join(dir, name), 'partial');
    const out = await cli(['lint', '--fix', 'o.ndjson'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([another, running, 'o.ndjson', 'other.ndjson'].sort());
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(fixed(SMALL));
  });

  it('refuses a file that a killed run was writing over (hard links), naming the leftover that holds the fixed content', async () => {
    const dir = tempFiles({ 'o.ndjson': SMALL });
    const leftover = `.o.ndjson.fulfilkit-fix-${deadPid()}.fixed`;
    writeFileSync(join(dir, leftover), fixed(SMALL));
    const out = await cli(['lint', '--fix', 'o.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toBe(
      `fulfilkit: Cannot fix o.ndjson: a run killed while writing its fixes over it left ${leftover} beside it, which holds the whole fixed content; check o.ndjson, then move ${leftover} over it or delete ${leftover}.\n`,
    );
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(SMALL);
    expect(readFileSync(join(dir, leftover), 'utf8')).toBe(fixed(SMALL));
  });

  it('counts the fixes of stdin as they are written to stdout', async () => {
    const out = await cli(['lint', '--fix'], { stdin: SMALL });
    expect(out.stdout).toBe(fixed(SMALL));
    expect(out.stderr).toBe('✔ No problems in 3 payloads; 3 fixes applied.\n');
  });
});

describe('--fix keeps who owns the file', () => {
  const root = process.getuid?.() === 0;
  // Someone else: a uid and gid the test does not run as.
  const other = process.getuid?.() === 65534 ? 65533 : 65534;

  it("keeps the owner, the group and the setuid bit of the file it replaces (root: another user's file)", async () => {
    const dir = tempFiles({ 'o.ndjson': SMALL });
    const file = join(dir, 'o.ndjson');
    // Root replaces a user's file; any other user, its own (chown first: it clears setuid).
    if (root) chownSync(file, other, other);
    chmodSync(file, 0o4755);
    const before = statSync(file);
    const out = await cli(['lint', '--fix', 'o.ndjson'], { cwd: dir });
    expect(out.code).toBe(0);
    const after = statSync(file);
    expect(after.ino).not.toBe(before.ino); // replaced, not written over
    expect([after.uid, after.gid]).toEqual([before.uid, before.gid]);
    expect(after.mode & 0o7777).toBe(0o4755);
    expect(readFileSync(file, 'utf8')).toBe(fixed(SMALL));
  });

  it('gives the replacement the special bits only when it has the owner and group (a failed chown drops them)', async () => {
    const dir = tempFiles({});
    let made = 0;
    /** A new temporary file, owned by whoever runs the test. */
    const fresh = () => {
      const temp = join(dir, `t${made++}`);
      writeFileSync(temp, '');
      return temp;
    };
    const denied = async () => {
      throw Object.assign(new Error('not permitted'), { code: 'EPERM' });
    };
    for (const mode of [0o4755, 0o2750, 0o1644, 0o6711]) {
      // What a user who is not root gets for another user's file: EPERM.
      expect(await replacementMode(fresh(), { uid: other, gid: other, mode: 0o100000 | mode }, denied)).toBe(mode & 0o777);
      // With the real chown: root keeps the owner, and the bits; anyone else cannot, and drops them.
      expect(await replacementMode(fresh(), { uid: other, gid: other, mode: 0o100000 | mode })).toBe(root ? mode : mode & 0o777);
    }
    const temp = fresh();
    // Its own file, whoever runs it: owner and group are the temporary file's already.
    const own = statSync(temp);
    expect(await replacementMode(temp, { uid: own.uid, gid: own.gid, mode: 0o104755 }, denied)).toBe(0o4755);
  });
});

describe('--fix and file names', () => {
  it.each([
    ['250 ASCII bytes', `${'a'.repeat(243)}.ndjson`],
    ['253 bytes, mostly of 2-byte characters', `a${'é'.repeat(122)}x.ndjson`],
  ])('fixes a file whose name is %s long (the temporary name stays within 255 bytes)', async (_, long) => {
    expect(Buffer.byteLength(long)).toBeGreaterThanOrEqual(250);
    // Other references than SMALL's: no duplicate-request-reference across the two files.
    const other = SMALL.replaceAll('"S-', '"L-');
    const dir = tempFiles({ 'first.ndjson': SMALL, [long]: other });
    const out = await cli(['lint', '--fix', 'first.ndjson', long], { cwd: dir });
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain('6 fixes applied');
    expect(out.code).toBe(0);
    expect(readFileSync(join(dir, 'first.ndjson'), 'utf8')).toBe(fixed(SMALL));
    expect(readFileSync(join(dir, long), 'utf8')).toBe(fixed(other));
    expect(readdirSync(dir).sort()).toEqual(['first.ndjson', long].sort());
  });

  it("refuses before any file is rewritten when a later file's temporary file cannot be created", async () => {
    const dir = tempFiles({ 'a.ndjson': SMALL, 'b.ndjson': SMALL });
    // In-process: the run's temporary name for b.ndjson holds this process's id; a folder takes it.
    mkdirSync(join(dir, `.b.ndjson.fulfilkit-fix-${process.pid}.tmp`));
    const out = await cli(['lint', '--fix', '-f', 'json', '-o', 'r.json', 'a.ndjson', 'b.ndjson'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toMatch(/^fulfilkit: Cannot fix b\.ndjson: cannot create a file beside it \(.+\)\.\n$/);
    expect(readFileSync(join(dir, 'a.ndjson'), 'utf8')).toBe(SMALL);
    expect(readFileSync(join(dir, 'b.ndjson'), 'utf8')).toBe(SMALL);
    expect(readdirSync(dir).sort()).toEqual([`.b.ndjson.fulfilkit-fix-${process.pid}.tmp`, 'a.ndjson', 'b.ndjson']);
  });
});

describe('--fix stopped by SIGTERM', () => {
  it('leaves the file as it was, counts 0 fixes and says the run was interrupted (exit 143)', async () => {
    const { text, dir, out } = await interruptedFix('SIGTERM');
    expect(out.code).toBe(143);
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(text);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ fixed: 0, interrupted: true });
    expect(out.stderr).toContain('; 0 fixes applied; interrupted before the end of the input.');
  });
});
