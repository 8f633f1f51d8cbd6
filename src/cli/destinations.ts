/**
 * Where each document of a lint report goes: stdout (one format at most), stderr (`--fix`
 * on stdin writes the fixed payloads to stdout), or a file (`-o`, `--output.<format>`).
 * Outputs are checked before anything is opened for writing: none may be an input, and no
 * two formats may share a file.
 */
import { open, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { LintArgs } from './args';
import { UsageError } from './errors';
import { escapeControls } from './escape';
import type { FormatName } from './formatters/index';
import type { CliIo, TextSink } from './io';
import { ioReason } from './profile';
import { refuseInputsAsOutputs, type FileIdentity, type OutputTarget } from './same-file';

/** Where one format's document goes. */
export interface Destination {
  /** The format. */
  readonly format: FormatName;
  /** The stream. */
  readonly target: TextSink;
  /** How messages name it: `stdout`, `stderr` or the file as given. */
  readonly name: string;
  /** The document goes to stdout. */
  readonly toStdout: boolean;
  /** The document goes to stdout or stderr (not a file). */
  readonly toStream: boolean;
  /** Ends the file (waits until it is closed); nothing for a stream. */
  close(): Promise<void>;
}

/**
 * Refuses outputs that are inputs (by identity: any path or link), and two formats written
 * to one file. Call it before any output is opened.
 *
 * @param args The parsed arguments.
 * @param io The streams (stdout's descriptor, to know where it is redirected).
 * @param cwd The working folder.
 * @param inputs What the run reads.
 * @param stdoutWritten Whether anything goes to stdout.
 * @throws {UsageError} Naming the output.
 */
export async function checkDestinations(args: LintArgs, io: CliIo, cwd: string, inputs: readonly FileIdentity[], stdoutWritten: boolean): Promise<void> {
  const files = args.formats.flatMap((format) => {
    const file = args.outputs[format];
    return file === undefined ? [] : [{ format, file, path: resolve(cwd, file) }];
  });
  const seen = new Map<string, string>();
  for (const { format, file, path } of files) {
    const info = await stat(path).catch(() => undefined);
    const key = info?.isFile() ? `${info.dev}:${info.ino}` : path;
    const first = seen.get(key);
    if (first !== undefined) throw new UsageError(`Formats ${first} and ${format} would both be written to ${escapeControls(file)}; give each format its own file.`);
    seen.set(key, format);
  }
  const outputs: OutputTarget[] = files.map(({ file, path }) => ({ name: file, path }));
  if (stdoutWritten && io.stdoutFd !== undefined) outputs.push({ name: 'stdout', fd: io.stdoutFd });
  await refuseInputsAsOutputs(outputs, inputs);
}

/**
 * Opens every destination of the report: all or none (a failure closes those opened).
 *
 * @param args The parsed arguments.
 * @param io The streams.
 * @param cwd The working folder.
 * @param fixesStdin `--fix` on stdin: the document meant for stdout goes to stderr.
 * @returns One destination per format, in the order of `args.formats`.
 * @throws {UsageError} When a file cannot be opened for writing.
 */
export async function openDestinations(args: LintArgs, io: CliIo, cwd: string, fixesStdin: boolean): Promise<Destination[]> {
  const opened: Destination[] = [];
  try {
    for (const format of args.formats) opened.push(await destination(format, args.outputs[format], io, cwd, fixesStdin));
  } catch (error) {
    for (const d of opened) await d.close();
    throw error;
  }
  return opened;
}

async function destination(format: FormatName, file: string | undefined, io: CliIo, cwd: string, fixesStdin: boolean): Promise<Destination> {
  if (file === undefined) {
    const target = fixesStdin ? io.stderr : io.stdout;
    return { format, target, name: fixesStdin ? 'stderr' : 'stdout', toStdout: !fixesStdin, toStream: true, close: async () => {} };
  }
  return { format, ...(await openOutputFile(file, cwd)), toStdout: false, toStream: false };
}

/**
 * Opens a file to write a report to (`-o`; `fulfilkit merge -o`).
 *
 * @param file The file as given.
 * @param cwd The working folder.
 * @returns Its stream, its name for messages (controls escaped), and `close` (ends it, waits until it is closed).
 * @throws {UsageError} `Cannot write <file>: <reason>.`
 * @example const out = await openOutputFile('lint.sarif', process.cwd()); out.target.write(text); await out.close();
 */
export async function openOutputFile(file: string, cwd: string): Promise<{ target: TextSink; name: string; close(): Promise<void> }> {
  let handle;
  try {
    handle = await open(resolve(cwd, file), 'w');
  } catch (error) {
    throw new UsageError(`Cannot write ${escapeControls(file)}: ${ioReason(error)}.`);
  }
  const stream = handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  return {
    target: stream as unknown as TextSink,
    name: escapeControls(file),
    close: async () => {
      stream.end();
      await closed;
    },
  };
}
