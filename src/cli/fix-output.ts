/**
 * Where `--fix` writes: a file is rewritten through a temporary file beside it, put in place
 * once the whole file was linted (never half a file); stdin's fixed payloads go to stdout.
 * A symlink is followed to its target (the link stays a link); a file with hard links is
 * written over in place, so that every link still shares it.
 */
import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { chmod, chown, open, readdir, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { UsageError } from './errors';
import type { TextSink } from './io';
import { OutputSink } from './output';
import { ioReason } from './profile';

const UTF8_BOM = Uint8Array.of(0xef, 0xbb, 0xbf);

/** Receives an input's bytes, fixed, in order. */
export interface FixTarget {
  /** Where the fixed bytes go, for messages. */
  readonly name: string;
  /** The sink (its `failure` says when writing failed). */
  readonly sink: OutputSink;
  /**
   * Writes the next bytes of the input.
   *
   * @param bytes The bytes, fixed or as read.
   * @param fixes How many fixes changed them (0: as read).
   */
  write(bytes: Uint8Array, fixes: number): void;
  /**
   * The input is complete: its fixed bytes are all written (a file's temporary file is
   * closed, not yet in place).
   */
  complete(): Promise<void>;
  /**
   * The whole run is complete: put the fixed input in place.
   *
   * @returns The fixes now applied (0 when the file could not be replaced).
   */
  commit(): Promise<number>;
  /**
   * The run stopped (interrupted, or a fault) before it was complete: leave a file as it was
   * (a second call, after `commit`, does nothing).
   *
   * @returns The fixes applied all the same: those already written to a stream; 0 for a file.
   */
  abort(): Promise<number>;
}

/**
 * Fixed payloads of stdin, written to a stream.
 *
 * @param sink The stream's sink (stdout).
 * @param hadBom Whether the input started with a byte-order mark (written back first).
 * @returns The target.
 */
export function streamFixTarget(sink: OutputSink, hadBom: () => boolean): FixTarget {
  let started = false;
  let written = 0;
  const settle = async () => {
    await sink.flush();
    const fixes = written;
    written = 0;
    return fixes;
  };
  return {
    name: sink.name,
    sink,
    write(bytes, fixes) {
      if (!started && hadBom()) sink.write(UTF8_BOM);
      started = true;
      written += fixes;
      sink.write(bytes);
    },
    complete: () => sink.flush(),
    commit: settle,
    abort: settle,
  };
}

// Temporary files are named `.<name>.fulfilkit-fix-<pid>.tmp` (`.fixed` once complete and
// being written over a hard-linked file), so that a later run can tell its own leftovers.
const MARK = '.fulfilkit-fix-';
// The longest name a file system takes (NAME_MAX, in bytes), and the most a temporary name
// adds to the file's: the leading dot, MARK, a pid (at most 10 digits) and `.fixed`.
const NAME_MAX = 255;
const ADDED_BYTES = 1 + MARK.length + 10 + '.fixed'.length;

/** The text's longest start of at most `max` UTF-8 bytes, cut between characters. */
function startWithin(text: string, max: number): string {
  let bytes = 0;
  let end = 0;
  for (const c of text) {
    bytes += Buffer.byteLength(c);
    if (bytes > max) break;
    end += c.length;
  }
  return text.slice(0, end);
}

/**
 * What the temporary names of a file start with: `.<name>.fulfilkit-fix-`; a name too long
 * for that within NAME_MAX is cut, and a hash of the whole name keeps it apart from others.
 */
function tempPrefix(path: string): string {
  const name = basename(path);
  if (Buffer.byteLength(name) + ADDED_BYTES <= NAME_MAX) return `.${name}${MARK}`;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 16);
  return `.${startWithin(name, NAME_MAX - ADDED_BYTES - hash.length - 1)}~${hash}${MARK}`;
}

function tempName(path: string, pid: number, state: 'tmp' | 'fixed'): string {
  return join(dirname(path), `${tempPrefix(path)}${pid}.${state}`);
}

/** Creates the temporary file beside a file (permissions as the file's, without the special bits). */
async function createTemp(path: string, file: string): Promise<FileHandle> {
  try {
    return await open(tempName(path, process.pid, 'tmp'), 'wx', (await stat(path)).mode & 0o777);
  } catch (error) {
    throw new UsageError(`Cannot fix ${file}: cannot create a file beside it (${ioReason(error)}).`);
  }
}

/**
 * Gives the temporary file the owner and group of the file it replaces, where the system
 * lets it (root; a user who owns the file and is in its group), and says which mode it takes:
 * the setuid, setgid and sticky bits only when both were kept, so that `--fix` run by root
 * never turns a user's setuid file into a setuid-root program.
 *
 * @param temp The temporary file.
 * @param info The file's owner, group and mode.
 * @param changeOwner How to change the owner (`chown`; tests make it fail).
 * @returns The mode to give the temporary file.
 * @example await chmod(temp, await replacementMode(temp, await stat(path)));
 */
export async function replacementMode(temp: string, info: { readonly uid: number; readonly gid: number; readonly mode: number }, changeOwner = chown): Promise<number> {
  // EPERM for a user who is not root; whatever failed, what the file now has decides.
  await changeOwner(temp, info.uid, info.gid).catch(() => {});
  const now = await stat(temp);
  return info.mode & (now.uid === info.uid && now.gid === info.gid ? 0o7777 : 0o777);
}

/** True when a process with this id is running (another user's counts: it may be a run in progress). */
function isAlive(pid: number): boolean {
  // Ours are made after the leftovers are cleared: one with our id is an earlier process's.
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Prepares a file for `--fix`: follows symlinks to the file itself, removes the temporary
 * files that killed runs left beside it, and makes sure its own can be created.
 *
 * @param path The file's path, as resolved from the command line.
 * @param file The name to show in messages.
 * @returns The real path, which `fileFixTarget` rewrites.
 * @throws {UsageError} When a killed run was writing its fixes over the file (hard links):
 *   the file may be partly written, and the complete fixed content is beside it; or when the
 *   temporary file cannot be created (read-only folder, ...).
 */
export async function prepareFix(path: string, file: string): Promise<string> {
  const real = await realpath(path);
  const prefix = tempPrefix(real);
  // An unreadable folder: creating the temporary file says what is wrong.
  const names = await readdir(dirname(real)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = /^(\d+)\.(tmp|fixed)$/.exec(name.slice(prefix.length));
    if (!match || isAlive(Number(match[1]))) continue;
    if (match[2] === 'fixed') {
      throw new UsageError(`Cannot fix ${file}: a run killed while writing its fixes over it left ${name} beside it, which holds the whole fixed content; check ${file}, then move ${name} over it or delete ${name}.`);
    }
    await unlink(join(dirname(real), name)).catch(() => {});
  }
  // Made and removed now: a file that cannot be rewritten is refused before any file is.
  await (await createTemp(real, file)).close();
  await unlink(tempName(real, process.pid, 'tmp'));
  return real;
}

/** Writes the content of `from` over `to` in place (same inode: its hard links keep sharing it). */
async function overwrite(from: string, to: string): Promise<void> {
  const source = await open(from, 'r');
  try {
    const target = await open(to, 'r+');
    try {
      const buffer = Buffer.allocUnsafe(1 << 20);
      let at = 0;
      for (;;) {
        const { bytesRead } = await source.read(buffer, 0, buffer.length, at);
        if (bytesRead === 0) break;
        for (let done = 0; done < bytesRead; ) done += (await target.write(buffer, done, bytesRead - done, at + done)).bytesWritten;
        at += bytesRead;
      }
      await target.truncate(at);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

/**
 * Rewrites a file: fixed bytes go to a temporary file in the same folder, closed on
 * `complete` (the input's end), which replaces the file (same owner and permissions, see
 * `replacementMode`) on `commit` (the run's end) when a fix changed something; a file with
 * hard links is written over in place instead, once the temporary file is complete;
 * otherwise the file is left untouched.
 *
 * @param path The file's real path (from `prepareFix`).
 * @param file The name to show in messages.
 * @param hadBom Whether the input started with a byte-order mark (written back first).
 * @returns The target.
 * @throws {UsageError} When the temporary file cannot be created (read-only folder, ...).
 */
export async function fileFixTarget(path: string, file: string, hadBom: () => boolean): Promise<FixTarget> {
  const temp = tempName(path, process.pid, 'tmp');
  const handle = await createTemp(path, file);
  const stream = handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  const sink = new OutputSink(stream as unknown as TextSink, file);
  let started = false;
  let fixes = 0;
  let settled = false;
  /** Puts the fixed file in place; false when it failed (`sink.failure` says why). */
  const replace = async (): Promise<boolean> => {
    const fixed = tempName(path, process.pid, 'fixed');
    let current = temp;
    try {
      // Now, not at the start: the file's links and permissions as they are when it is replaced.
      const info = await stat(path);
      if (info.nlink === 1) {
        await chmod(temp, await replacementMode(temp, info));
        await rename(temp, path);
        return true;
      }
      // Renamed first: a run killed while writing over the file leaves the complete content, marked as such.
      await rename(temp, fixed);
      current = fixed;
      await overwrite(fixed, path);
      await unlink(fixed);
      return true;
    } catch (error) {
      const kept = current === fixed ? `; the fixed content is in ${basename(fixed)}` : '';
      sink.failure ??= { reason: ioReason(error) + kept };
      if (!kept) await unlink(temp).catch(() => {});
      return false;
    }
  };
  /** Writes out what is queued and closes the temporary file (no more writes are taken). */
  const close = async (): Promise<void> => {
    if (settled) return;
    settled = true;
    await sink.flush();
    stream.end();
    await closed;
  };
  let ended = false;
  const finish = async (keep: boolean): Promise<number> => {
    await close();
    if (ended) return 0;
    ended = true;
    if (keep && fixes > 0 && !sink.failure) return (await replace()) ? fixes : 0;
    await unlink(temp).catch(() => {});
    return 0;
  };
  return {
    name: file,
    sink,
    write(bytes, count) {
      // Results taken after an abort: the stream is closed.
      if (settled) return;
      if (!started && hadBom()) sink.write(UTF8_BOM);
      started = true;
      fixes += count;
      sink.write(bytes);
    },
    complete: close,
    commit: () => finish(true),
    abort: () => finish(false),
  };
}
