/**
 * Where `--fix` writes: a file is rewritten through a temporary file beside it, renamed over
 * it once the whole file was linted (never half a file); stdin's fixed payloads go to stdout.
 */
import type { FileHandle } from 'node:fs/promises';
import { chmod, open, rename, unlink } from 'node:fs/promises';
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
   * @param changed Whether fixes changed them.
   */
  write(bytes: Uint8Array, changed: boolean): void;
  /** The input is complete: put the fixed input in place. */
  commit(): Promise<void>;
  /** The run stopped before the end of the input: leave it as it was. */
  abort(): Promise<void>;
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
  return {
    name: sink.name,
    sink,
    write(bytes) {
      if (!started && hadBom()) sink.write(UTF8_BOM);
      started = true;
      sink.write(bytes);
    },
    commit: () => sink.flush(),
    abort: () => sink.flush(),
  };
}

/**
 * Rewrites a file in place: fixed bytes go to a temporary file in the same folder, which
 * replaces the file (same permissions) on `commit` when a fix changed something; otherwise
 * the file is left untouched.
 *
 * @param path The file's path.
 * @param file The name to show in messages.
 * @param mode The file's permission bits.
 * @param hadBom Whether the input started with a byte-order mark (written back first).
 * @returns The target.
 * @throws {UsageError} When the temporary file cannot be created (read-only folder, ...).
 */
export async function fileFixTarget(path: string, file: string, mode: number, hadBom: () => boolean): Promise<FixTarget> {
  const temp = join(dirname(path), `.${basename(path)}.fulfilkit-fix-${process.pid}-${Date.now().toString(36)}`);
  let handle: FileHandle;
  try {
    handle = await open(temp, 'wx', mode & 0o777);
  } catch (error) {
    throw new UsageError(`Cannot fix ${file}: cannot create a file beside it (${ioReason(error)}).`);
  }
  const stream = handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  const sink = new OutputSink(stream as unknown as TextSink, file);
  let started = false;
  let changed = false;
  let settled = false;
  const finish = async (keep: boolean) => {
    if (settled) return;
    settled = true;
    await sink.flush();
    stream.end();
    await closed;
    if (keep && changed && !sink.failure) {
      await chmod(temp, mode & 0o7777).catch(() => {});
      try {
        await rename(temp, path);
        return;
      } catch (error) {
        sink.failure ??= { reason: ioReason(error) };
      }
    }
    await unlink(temp).catch(() => {});
  };
  return {
    name: file,
    sink,
    write(bytes, didChange) {
      if (!started && hadBom()) sink.write(UTF8_BOM);
      started = true;
      changed ||= didChange;
      sink.write(bytes);
    },
    commit: () => finish(true),
    abort: () => finish(false),
  };
}
