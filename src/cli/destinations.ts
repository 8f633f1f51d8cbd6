/**
 * Where each document of a lint report goes: stdout (one format at most), stderr (`--fix`
 * on stdin writes the fixed payloads to stdout), or a file (`-o`, `--output.<format>`).
 * No output may be an input (checked before anything is opened for writing), and no two
 * documents may share a file or stdout: every file is opened first without being emptied
 * and compared with the others and with stdout by what it is (any path, link or
 * `/dev/stdout`), and emptied only once all of them passed.
 */
import { constants, fstatSync, type Stats } from 'node:fs';
import { open, unlink, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { isatty } from 'node:tty';
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
 * Refuses outputs that are inputs (by identity: any path or link). Call it before any
 * output is opened.
 *
 * @param args The parsed arguments.
 * @param io The streams (stdout's descriptor, to know where it is redirected).
 * @param cwd The working folder.
 * @param inputs What the run reads.
 * @param stdoutWritten Whether anything goes to stdout.
 * @throws {UsageError} Naming the output.
 */
export async function checkDestinations(args: LintArgs, io: CliIo, cwd: string, inputs: readonly FileIdentity[], stdoutWritten: boolean): Promise<void> {
  await refuseStderrAsInput(io, inputs);
  const outputs: OutputTarget[] = args.formats.flatMap((format) => {
    const file = args.outputs[format];
    return file === undefined ? [] : [{ name: file, path: resolve(cwd, file) }];
  });
  if (stdoutWritten && io.stdoutFd !== undefined) outputs.push({ name: 'stdout', fd: io.stdoutFd });
  // `github` appends its Markdown summary to $GITHUB_STEP_SUMMARY: a file like the others.
  const stepSummary = io.env?.GITHUB_STEP_SUMMARY;
  if (args.formats.includes('github') && stepSummary) outputs.push({ name: '$GITHUB_STEP_SUMMARY', path: resolve(cwd, stepSummary) });
  await refuseInputsAsOutputs(outputs, inputs);
}

/**
 * Refuses a run whose stderr is one of its inputs (`2>> input`): its messages would grow the
 * file read, and so would the message saying so, so the refusal is silent (exit 2).
 *
 * @param io The streams (stderr's descriptor).
 * @param inputs What the run reads.
 * @throws {UsageError} A silent one, when stderr is an input.
 * @example await refuseStderrAsInput(io, inputs);
 */
export async function refuseStderrAsInput(io: CliIo, inputs: readonly FileIdentity[]): Promise<void> {
  if (io.stderrFd === undefined) return;
  await refuseInputsAsOutputs([{ name: 'stderr', fd: io.stderrFd }], inputs).catch((error: unknown) => {
    throw error instanceof UsageError ? new UsageError(error.message, { silent: true }) : error;
  });
}

/**
 * Opens every destination of the report: all or none. Files are emptied only once every one
 * is open and none is another's file or stdout; a failure closes them, removes those it
 * created and leaves the others as they were.
 *
 * @param args The parsed arguments.
 * @param io The streams.
 * @param cwd The working folder.
 * @param fixesStdin `--fix` on stdin: the document meant for stdout goes to stderr.
 * @returns One destination per format, in the order of `args.formats`.
 * @throws {UsageError} When a file cannot be opened for writing, or two documents would share one.
 */
export async function openDestinations(args: LintArgs, io: CliIo, cwd: string, fixesStdin: boolean): Promise<Destination[]> {
  const files = new Map<FormatName, OpenedFile>();
  try {
    for (const format of args.formats) {
      const file = args.outputs[format];
      if (file !== undefined) files.set(format, await openUnemptied(file, cwd));
    }
    refuseShared(files, stdoutUse(args, io, fixesStdin));
    for (const opened of files.values()) if (opened.info.isFile()) await opened.handle.truncate(0);
  } catch (error) {
    for (const opened of files.values()) await opened.discard();
    throw error;
  }
  return args.formats.map((format): Destination => {
    const opened = files.get(format);
    if (opened) return { format, ...writeTo(opened), toStdout: false, toStream: false };
    const target = fixesStdin ? io.stderr : io.stdout;
    return { format, target, name: fixesStdin ? 'stderr' : 'stdout', toStdout: !fixesStdin, toStream: true, close: async () => {} };
  });
}

/** A file opened for a document, not emptied yet. */
interface OpenedFile {
  /** The file as given. */
  readonly file: string;
  readonly handle: FileHandle;
  /** What it is (fstat of the handle). */
  readonly info: Stats;
  /** Closes it, and removes it when this run created it. */
  discard(): Promise<void>;
}

/** Opens a file for writing without emptying it (created when missing). */
async function openUnemptied(file: string, cwd: string): Promise<OpenedFile> {
  const path = resolve(cwd, file);
  let handle: FileHandle;
  let created = true;
  try {
    try {
      handle = await open(path, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o666);
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EEXIST') throw error;
      created = false;
      // O_CREAT still: a dangling symlink gets its target created, as `>` would.
      handle = await open(path, constants.O_WRONLY | constants.O_CREAT, 0o666);
    }
  } catch (error) {
    throw new UsageError(`Cannot write ${escapeControls(file)}: ${ioReason(error)}.`);
  }
  const info = await handle.stat();
  const discard = async () => {
    await handle.close().catch(() => {});
    if (created) await unlink(path).catch(() => {});
  };
  return { file, handle, info, discard };
}

/** What goes to stdout, for messages (nothing: undefined), and what stdout is. */
function stdoutUse(args: LintArgs, io: CliIo, fixesStdin: boolean): { what: string; info: Stats } | undefined {
  const format = args.formats.find((f) => args.outputs[f] === undefined);
  const what = fixesStdin ? 'the fixed payloads go' : format === undefined ? undefined : `format ${format} goes`;
  if (what === undefined || io.stdoutFd === undefined) return undefined;
  try {
    return { what, info: fstatSync(io.stdoutFd) };
  } catch {
    return undefined; // closed: nothing can share it
  }
}

/**
 * Refuses two documents in one file, or a file that is stdout while something else goes
 * there, by device and inode (any file type: a pipe or a terminal too). A device that is not
 * a terminal (/dev/null) mixes nothing anyone reads.
 */
function refuseShared(files: Readonly<Map<FormatName, OpenedFile>>, stdout: { what: string; info: Stats } | undefined): void {
  const seen = new Map<string, FormatName>();
  const key = (info: Stats) => `${info.dev}:${info.ino}`;
  for (const [format, { file, handle, info }] of files) {
    if (info.isCharacterDevice() && !isatty(handle.fd)) continue;
    const shown = escapeControls(file);
    const first = seen.get(key(info));
    if (first !== undefined) throw new UsageError(`Formats ${first} and ${format} would both be written to ${shown}; give each format its own file.`);
    if (stdout && key(stdout.info) === key(info)) throw new UsageError(`Format ${format} would be written to ${shown}, which is stdout, where ${stdout.what}; give it a file of its own.`);
    seen.set(key(info), format);
  }
}

/** The stream of an opened file, and how to end it. */
function writeTo(opened: OpenedFile): { target: TextSink; name: string; close(): Promise<void> } {
  const stream = opened.handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  return {
    target: stream as unknown as TextSink,
    name: escapeControls(opened.file),
    close: async () => {
      stream.end();
      await closed;
    },
  };
}

/**
 * Opens a file to write a report to (`-o`; `fulfilkit merge -o`), emptied.
 *
 * @param file The file as given.
 * @param cwd The working folder.
 * @returns Its stream, its name for messages (controls escaped), and `close` (ends it, waits until it is closed).
 * @throws {UsageError} `Cannot write <file>: <reason>.`
 * @example const out = await openOutputFile('lint.sarif', process.cwd()); out.target.write(text); await out.close();
 */
export async function openOutputFile(file: string, cwd: string): Promise<{ target: TextSink; name: string; close(): Promise<void> }> {
  const opened = await openUnemptied(file, cwd);
  if (opened.info.isFile()) await opened.handle.truncate(0);
  return writeTo(opened);
}
