/**
 * Where `--fix` writes: a file is rewritten through a temporary file beside it, put in place
 * once the whole run is complete (never half a file), and only if it is still what was read;
 * stdin's fixed payloads go to stdout. A symlink is followed to its target (the link stays a
 * link); a file with hard links is written over in place, so that every link still shares it.
 */
import { createHash } from 'node:crypto';
import type { BigIntStats } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { chmod, chown, lstat, open, readdir, readlink, realpath, rename, stat, unlink } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
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
   * @returns The fixes now applied (0 when the file was not replaced), and, when a file that
   *   had fixes could not be replaced (it changed since it was read, it is gone, a write
   *   failed), why: one sentence naming the file, for stderr (escaped there, as every line of it; the run exits 2).
   */
  commit(): Promise<{ fixes: number; failure?: string }>;
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
    commit: async () => ({ fixes: await settle() }),
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

// A folder of open descriptors: /proc/self/fd, /proc/<pid>/fd, /proc/<pid>/task/<tid>/fd
// (/dev/fd and /dev/stdin lead there), or /dev/fd itself where it is no link (macOS, BSD).
const DESCRIPTOR_FOLDER = /^(?:\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/fd|\/dev\/fd)$/;
const DESCRIPTOR_NAME = /^\/dev\/(?:stdin|stdout|stderr)$/;

/**
 * Refuses a path that names an open descriptor rather than a file: `/dev/stdin`,
 * `/dev/fd/N`, `/proc/self/fd/N`, or a symlink that leads to one. Followed, it is whatever
 * the descriptor is (`--fix /dev/stdin < orders.json` would rewrite orders.json in place,
 * its report on stdout); `-` fixes stdin, to stdout.
 *
 * @param path The input's path, as resolved from the command line.
 * @param file The name to show in messages.
 * @throws {UsageError} When the path, or a link on the way to the file, is a descriptor's.
 */
export async function refuseDescriptorPath(path: string, file: string): Promise<void> {
  let at = resolve(path);
  // Each link on the way (40: the kernel's limit), by its folder's real path: /dev/fd/3 is /proc/<pid>/fd/3.
  for (let hop = 0; hop < 40; hop++) {
    const folder = await realpath(dirname(at)).catch(() => dirname(at));
    if (DESCRIPTOR_NAME.test(at) || DESCRIPTOR_FOLDER.test(folder) || DESCRIPTOR_FOLDER.test(dirname(at))) {
      throw new UsageError(`--fix cannot rewrite ${file}: it names an open descriptor (stdin or one the shell opened), not a file; to fix stdin, pass - (the fixed payloads go to stdout).`);
    }
    const info = await lstat(at).catch(() => undefined);
    if (!info?.isSymbolicLink()) return;
    at = resolve(folder, await readlink(at));
  }
}

/**
 * Prepares a file for `--fix`: follows symlinks to the file itself, removes the temporary
 * files that killed runs left beside it, and makes sure the fixed file can be put in place:
 * its own temporary file can be created and, for a file with hard links (written over in
 * place), the file can be opened for writing.
 *
 * @param path The file's path, as resolved from the command line.
 * @param file The name to show in messages.
 * @returns The real path, which `fileFixTarget` rewrites.
 * @throws {UsageError} When a killed run was writing its fixes over the file (hard links):
 *   the file may be partly written, and the complete fixed content is beside it; when the
 *   temporary file cannot be created (read-only folder, ...); or when a file with hard links
 *   cannot be opened for writing.
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
  // A file with hard links is written over in place: opened for writing (not emptied) and closed now, for the same reason.
  const { nlink } = await stat(real);
  if (nlink > 1) {
    try {
      await (await open(real, 'r+')).close();
    } catch (error) {
      throw new UsageError(`${cannotOverwrite(file, nlink, error)}.`);
    }
  }
  return real;
}

/** Why a file with hard links cannot be written over (no final period). */
function cannotOverwrite(file: string, links: number | bigint, error: unknown): string {
  return `Cannot fix ${file}: it has ${links} hard links, so its fixes are written over it in place, and it cannot be opened for writing (${ioReason(error)})`;
}

/**
 * What tells that a file's content changed: its device and inode (replaced by another file),
 * its size and its modification time (in nanoseconds, as the file system keeps it).
 */
function sameContent(read: BigIntStats, now: BigIntStats): boolean {
  return read.dev === now.dev && read.ino === now.ino && read.size === now.size && read.mtimeNs === now.mtimeNs;
}

/** Writes the content of `from` over the open file `target` in place (same inode: its hard links keep sharing it). */
async function overwrite(from: string, target: FileHandle): Promise<void> {
  const source = await open(from, 'r');
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
    await source.close();
  }
}

/**
 * Rewrites a file: fixed bytes go to a temporary file in the same folder, closed on
 * `complete` (the input's end), which replaces the file (same owner and permissions, see
 * `replacementMode`) on `commit` (the run's end) when a fix changed something and the file is
 * still what was read (same device, inode, size and modification time); a file with hard
 * links is written over in place instead; otherwise the file is left untouched, and the
 * temporary file removed.
 *
 * @param path The file's real path (from `prepareFix`).
 * @param file The name to show in messages.
 * @param hadBom Whether the input started with a byte-order mark (written back first).
 * @returns The target (call it right before the file is read: what identifies the content read is taken now).
 * @throws {UsageError} When the temporary file cannot be created (read-only folder, ...).
 */
export async function fileFixTarget(path: string, file: string, hadBom: () => boolean): Promise<FixTarget> {
  const read = await stat(path, { bigint: true });
  const temp = tempName(path, process.pid, 'tmp');
  const handle = await createTemp(path, file);
  const stream = handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  const sink = new OutputSink(stream as unknown as TextSink, file);
  const changed = `Cannot fix ${file}: it changed during the run (written after it was read), so it was not rewritten and keeps that change; run --fix again.`;
  let started = false;
  let fixes = 0;
  let settled = false;
  /** Puts the fixed file in place; when it cannot, says why (and nothing is left beside the file unless it was partly written). */
  const replace = async (): Promise<string | undefined> => {
    const dropTemp = async (why: string) => {
      await unlink(temp).catch(() => {});
      return why;
    };
    const notPlaced = (error: unknown) => dropTemp(`Cannot fix ${file}: cannot put the fixed file in place (${ioReason(error)}); it was not rewritten.`);
    let now: BigIntStats;
    try {
      // Now, not at the start: the file's links and permissions as they are when it is replaced.
      now = await stat(path, { bigint: true });
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      return dropTemp(code === 'ENOENT' || code === 'ENOTDIR' ? `Cannot fix ${file}: it was moved or removed during the run, so it was not rewritten.` : `Cannot fix ${file}: cannot read what it is now (${ioReason(error)}); it was not rewritten.`);
    }
    // Someone else's edit since it was read would be lost (checked as late as can be: a write between this and the rename is not seen).
    if (!sameContent(read, now)) return dropTemp(changed);
    if (now.nlink === 1n) {
      try {
        await chmod(temp, await replacementMode(temp, { uid: Number(now.uid), gid: Number(now.gid), mode: Number(now.mode) }));
        await rename(temp, path);
        return undefined;
      } catch (error) {
        return notPlaced(error);
      }
    }
    // Opened before anything is written or renamed: a file that cannot be written over stays as it was, with nothing beside it.
    let target: FileHandle;
    try {
      target = await open(path, 'r+');
    } catch (error) {
      return dropTemp(`${cannotOverwrite(file, now.nlink, error)}; it was not rewritten.`);
    }
    const fixed = tempName(path, process.pid, 'fixed');
    try {
      // The very file opened: still the one read.
      if (!sameContent(read, await target.stat({ bigint: true }))) return await dropTemp(changed);
      try {
        // Renamed first: a run killed while writing over the file leaves the complete content, marked as such.
        await rename(temp, fixed);
      } catch (error) {
        return await notPlaced(error);
      }
      try {
        await overwrite(fixed, target);
      } catch (error) {
        // Partly written: the complete fixed content stays beside it (the next run refuses the file until it is dealt with).
        const kept = basename(fixed);
        return `Cannot fix ${file}: writing the fixes over it failed (${ioReason(error)}), which may have left it partly written; ${kept} beside it holds the whole fixed content: check ${file}, then move ${kept} over it.`;
      }
      await unlink(fixed).catch(() => {});
      return undefined;
    } finally {
      await target.close().catch(() => {});
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
  const finish = async (keep: boolean): Promise<{ fixes: number; failure?: string }> => {
    await close();
    if (ended) return { fixes: 0 };
    ended = true;
    if (keep && fixes > 0 && !sink.failure) {
      const failure = await replace();
      return failure === undefined ? { fixes } : { fixes: 0, failure };
    }
    await unlink(temp).catch(() => {});
    return { fixes: 0 };
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
    abort: async () => (await finish(false)).fixes,
  };
}
