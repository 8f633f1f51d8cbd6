/**
 * `--fix` rewrites files safely: through a symlink to its target (the link stays a link),
 * keeping hard links shared, cleaning up what a killed run left, and counting only the fixes
 * that reached the file.
 */
import { spawnSync } from 'node:child_process';
import { linkSync, lstatSync, mkdirSync, readdirSync, readFileSync, readlinkSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { set, validOrder } from '../fixtures';
import { finished, startBin, useBin } from './_bin';
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
    const text = lines(4000);
    const dir = tempFiles({ 'o.ndjson': text });
    const child = startBin(bin(), ['lint', '--fix', '--concurrency', '1', '--format', 'json', 'o.ndjson'], { cwd: dir });
    const done = finished(child);
    await poll(tempOf(dir, 'o.ndjson', 1));
    child.kill('SIGINT');
    const out = await done;
    expect(out.code).toBe(130);
    expect(JSON.parse(out.stdout).summary).toMatchObject({ fixed: 0, interrupted: true });
    expect(out.stderr).toContain('; 0 fixes applied; interrupted');
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(text);
    expect(readdirSync(dir)).toEqual(['o.ndjson']);
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
