/**
 * `fulfilkit lint`: read the inputs as a stream, lint them in worker threads, write each
 * result as soon as its turn comes, and a summary at the end.
 */
import { createReadStream, read } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { extname, resolve } from 'node:path';
import { pipeline } from 'node:stream';
import { isatty } from 'node:tty';
import { promisify } from 'node:util';
import { createGunzip } from 'node:zlib';
import { RULES } from '../../rules/index';
import type { LintArgs } from './args';
import { AutoChunker, DocumentHolder, LineChunker, type ChunkOptions } from './chunker';
import { UsageError } from './errors';
import { EXIT } from './exit-codes';
import { fileFixTarget, streamFixTarget, type FixTarget } from './fix-output';
import { FORMATTERS } from './formatters/index';
import type { CliIo, TextSink } from './io';
import { batchRulesOn } from './levels';
import type { UnitSettings } from './lint-unit';
import { OutputSink } from './output';
import { inProcess, workerPool, type Executor } from './pool';
import { ioReason, loadProfile } from './profile';
import { Progress } from './progress';
import { emptySummary, summaryLine } from './result';
import { FixWriteError, LintRun, ReportWriter, type InputContext } from './run';
import { packageVersion } from './version';

// Units of whole lines of about this size go to the workers: large enough that messages
// between threads cost little, small enough for a quick first result.
const UNIT_BYTES = 1 << 20;
// Files are read this much at a time, into one reused buffer.
const READ_BYTES = 1 << 18;
const readFd = promisify(read);
// Inputs smaller than this (regular files, in all) are linted in-process by default:
// starting a worker costs more than it saves.
const SMALL_INPUT_BYTES = 4 << 20;

/** One input as given on the command line. */
interface InputSpec {
  /** As given, or `<stdin>`. */
  readonly file: string;
  /** Resolved path; absent for stdin. */
  readonly path?: string;
  /** NDJSON, one JSON document, or to be detected. */
  readonly form: 'lines' | 'document' | 'auto';
  /** Read through gunzip (`.gz`). */
  readonly gzip: boolean;
  /** The size of a regular file. */
  readonly size?: number;
  /** The permission bits of a regular file. */
  readonly mode?: number;
}

function formOf(file: string): { form: InputSpec['form']; gzip: boolean } {
  const lower = file.toLowerCase();
  const gzip = lower.endsWith('.gz');
  const ext = extname(gzip ? lower.slice(0, -3) : lower);
  return { form: ext === '.ndjson' || ext === '.jsonl' ? 'lines' : ext === '.json' ? 'document' : 'auto', gzip };
}

async function inputSpec(file: string, cwd: string): Promise<InputSpec> {
  if (file === '-') return { file: '<stdin>', form: 'auto', gzip: false };
  const path = resolve(cwd, file);
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
  }
  if (info.isDirectory()) throw new UsageError(`Cannot read ${file}: it is a directory; pass the files.`);
  return { file, path, ...formOf(file), ...(info.isFile() ? { size: info.size, mode: info.mode } : {}) };
}

function useColor(args: LintArgs, io: CliIo, toStdout: boolean): boolean {
  if (args.color !== undefined) return args.color;
  if (args.format !== 'stylish' || !toStdout) return false;
  const env = io.env ?? {};
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return io.stdout.isTTY === true;
}

/**
 * Iterates a source until it ends or `signal` aborts; an abort does not wait for a read
 * that may never come (an idle pipe), and closes the source.
 */
async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T> {
  const iterator = source[Symbol.asyncIterator]();
  // One listener for the whole iteration, waking whichever read is waiting (a race against
  // one long-lived promise would keep a reaction per read alive: a leak on endless input).
  let wake: ((step: 'aborted') => void) | undefined;
  const onAbort = () => wake?.('aborted');
  signal.addEventListener('abort', onAbort, { once: true });
  try {
    while (!signal.aborted) {
      const step = await new Promise<IteratorResult<T> | 'aborted'>((resolve, reject) => {
        wake = resolve;
        iterator.next().then(resolve, reject);
      });
      wake = undefined;
      if (step === 'aborted' || step.done) return;
      yield step.value;
    }
  } finally {
    signal.removeEventListener('abort', onAbort);
    void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}

/**
 * Reads a file into one reused buffer (no garbage per read: memory stays flat even for
 * /dev/zero). The bytes yielded are valid until the next read.
 */
async function* readFileBytes(path: string): AsyncGenerator<Uint8Array> {
  const handle = await open(path, 'r');
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    await handle.close();
  }
}

/**
 * Reads stdin's descriptor into one reused buffer; falls back to the stream when the
 * descriptor is non-blocking (EAGAIN).
 */
async function* readFdBytes(fd: number, stream: AsyncIterable<string | Uint8Array>): AsyncGenerator<string | Uint8Array> {
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  for (;;) {
    let bytesRead: number;
    try {
      ({ bytesRead } = await readFd(fd, buffer, 0, buffer.length, null));
    } catch (error) {
      if ((error as { code?: unknown }).code !== 'EAGAIN') throw error;
      yield* stream;
      return;
    }
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
  }
}

/** Where the report goes: stdout, a file (`-o`), or stderr (`--fix` on stdin writes the payloads to stdout). */
async function reportTarget(args: LintArgs, io: CliIo, cwd: string, fixesStdin: boolean) {
  if (args.outputFile === undefined) {
    const target = fixesStdin ? io.stderr : io.stdout;
    return { target, name: fixesStdin ? 'stderr' : 'stdout', toStdout: !fixesStdin, close: async () => {} };
  }
  let handle;
  try {
    handle = await open(resolve(cwd, args.outputFile), 'w');
  } catch (error) {
    throw new UsageError(`Cannot write ${args.outputFile}: ${ioReason(error)}.`);
  }
  const stream = handle.createWriteStream();
  const closed = new Promise<void>((resolve) => stream.once('close', () => resolve()));
  return {
    target: stream as unknown as TextSink,
    name: args.outputFile,
    toStdout: false,
    close: async () => {
      stream.end();
      await closed;
    },
  };
}

/** Reads one input into the run, piece by piece. */
async function readInput(
  run: LintRun,
  spec: InputSpec,
  io: CliIo,
  executor: Executor,
  options: ChunkOptions,
  signal: AbortSignal,
  counter: { bytesRead: number },
  makeFixTarget: (spec: InputSpec, hadBom: () => boolean) => Promise<FixTarget | undefined>,
): Promise<InputContext | undefined> {
  const cutter = spec.form === 'lines' ? new LineChunker(options) : spec.form === 'document' ? new DocumentHolder(options) : new AutoChunker(options);
  const fix = await makeFixTarget(spec, () => cutter.hadBom);
  const input: InputContext = { file: spec.file, nextLine: 1, ...(fix ? { fix } : {}) };
  let source: AsyncIterable<string | Uint8Array>;
  if (!spec.path) source = io.stdinFd === undefined ? io.stdin : readFdBytes(io.stdinFd, io.stdin);
  else if (spec.gzip) {
    const raw = createReadStream(spec.path, { highWaterMark: READ_BYTES });
    raw.on('data', (piece) => (counter.bytesRead += piece.length));
    source = pipeline(raw, createGunzip({ chunkSize: READ_BYTES }), () => {});
  } else source = readFileBytes(spec.path);
  const flushes = cutter instanceof LineChunker || cutter instanceof AutoChunker;
  try {
    for await (const piece of untilAborted(source, signal)) {
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      if (!spec.gzip) counter.bytesRead += bytes.length;
      for (const next of cutter.push(bytes)) await run.add(input, next);
      // A thread is idle: hand it the lines held now rather than wait for a full unit (slow pipes).
      if (flushes && executor.busy < Math.max(1, executor.threads)) for (const next of cutter.flush()) await run.add(input, next);
      if (run.stopped) return input;
    }
  } catch (error) {
    // --fix never leaves half a file.
    await fix?.abort();
    throw new InputError(spec.file, error);
  }
  if (signal.aborted || run.stopped) return input;
  for (const next of cutter.end()) await run.add(input, next);
  await run.end(input);
  return undefined;
}

/** Reading an input failed in the middle of the run (exit 2). */
class InputError extends Error {
  override readonly name = 'InputError';
  constructor(file: string, error: unknown) {
    const code = (error as { code?: unknown } | null)?.code;
    const reason = typeof code === 'string' && code.startsWith('Z_') ? `it is not valid gzip data (${code})` : ioReason(error);
    super(`Cannot read ${file === '<stdin>' ? 'stdin' : file}: ${reason}.`);
  }
}

/** `--fix` rewrites files: refuses what it cannot rewrite safely. */
function checkFixable(args: LintArgs, specs: readonly InputSpec[]): void {
  // n machines would each rewrite the whole file, and overwrite each other's fixes.
  if (args.shard) throw new UsageError('--fix cannot be combined with --shard: each shard would rewrite whole files; fix in one run.');
  const paths = specs.flatMap((spec) => (spec.path ? [spec.path] : []));
  const twice = paths.find((path, i) => paths.indexOf(path) !== i);
  if (twice !== undefined) throw new UsageError(`--fix got the same file twice (${specs.find((spec) => spec.path === twice)!.file}).`);
  for (const spec of specs) {
    if (spec.gzip) throw new UsageError(`--fix cannot rewrite compressed input (${spec.file}); decompress it first.`);
    if (spec.path && spec.size === undefined) throw new UsageError(`--fix can rewrite regular files only, not ${spec.file}.`);
  }
}

/**
 * Runs `fulfilkit lint`.
 *
 * @param args Parsed arguments.
 * @param io Streams, working directory, worker module and interrupt signal.
 * @returns The exit code: 0 no errors; 1 errors (or more warnings than `--max-warnings`);
 *   2 a failed write or read; 130 interrupted; 141 the reader closed stdout (`| head`).
 * @throws {UsageError} On a missing file, an unreadable input or a bad profile (exit 2).
 */
export async function lintCommand(args: LintArgs, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const profile = args.profile === undefined ? undefined : await loadProfile(resolve(cwd, args.profile), args.profile);
  const files = args.files.length === 0 ? ['-'] : args.files;
  // Every file is checked before any output: a typo in the last name must not leave a half report.
  const specs: InputSpec[] = [];
  for (const file of files) specs.push(await inputSpec(file, cwd));
  const readsStdin = specs.some((spec) => !spec.path);
  if (readsStdin && (io.stdinFd === undefined ? io.stdin.isTTY === true : isatty(io.stdinFd))) throw new UsageError('No input: pass files, or pipe payloads to stdin.');
  if (args.fix) checkFixable(args, specs);

  const fixesStdin = args.fix && readsStdin;
  const destination = await reportTarget(args, io, cwd, fixesStdin);
  let progress: Progress | undefined;
  const sink = new OutputSink(destination.target, destination.name, () => progress?.clear());
  const stdoutSink = fixesStdin ? new OutputSink(io.stdout, 'stdout') : undefined;
  const settings: UnitSettings = {
    version: args.version,
    ...(args.kind ? { kind: args.kind } : {}),
    ...(profile ? { profile } : {}),
    rules: { ...args.rules },
    ...(args.shard ? { shard: args.shard } : {}),
    fix: args.fix,
    quiet: args.quiet,
    batch: batchRulesOn(args.rules),
  };
  const knownBytes = specs.every((spec) => spec.size !== undefined) ? specs.reduce((n, spec) => n + spec.size!, 0) : undefined;
  const threads = args.concurrency ?? (knownBytes !== undefined && knownBytes < SMALL_INPUT_BYTES ? 1 : availableParallelism());
  const executor = threads > 1 && io.workerScript ? workerPool(settings, io.workerScript, threads) : inProcess(settings);
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  io.signal?.addEventListener('abort', onInterrupt, { once: true });
  const report = new ReportWriter(sink, FORMATTERS[args.format], {
    summary: emptySummary(),
    rules: RULES,
    toolVersion: packageVersion(),
    color: useColor(args, io, destination.toStdout),
  });
  const run = new LintRun(settings, executor, report, { maxLineBytes: args.maxLineBytes }, () => stop.abort());
  const counter = { bytesRead: 0 };
  if (args.progress && io.stderr.isTTY === true) {
    progress = new Progress(io.stderr, () => ({
      payloads: run.summary.payloads,
      problems: run.summary.errors + run.summary.warnings,
      bytesRead: counter.bytesRead,
      ...(knownBytes !== undefined ? { totalBytes: knownBytes } : {}),
    }));
    progress.start();
  }
  const chunkOptions: ChunkOptions = { maxLineBytes: args.maxLineBytes, targetBytes: UNIT_BYTES, keepSkipped: args.fix };
  const makeFixTarget = async (spec: InputSpec, hadBom: () => boolean): Promise<FixTarget | undefined> => {
    if (!args.fix) return undefined;
    if (!spec.path) return streamFixTarget(stdoutSink!, hadBom);
    return fileFixTarget(spec.path, spec.file, spec.mode!, hadBom);
  };

  const unfinished: InputContext[] = [];
  let failure: string | undefined;
  try {
    report.header();
    for (const spec of specs) {
      if (stop.signal.aborted) break;
      const left = await readInput(run, spec, io, executor, chunkOptions, stop.signal, counter, makeFixTarget);
      if (left) unfinished.push(left);
    }
  } catch (error) {
    if (error instanceof InputError || error instanceof UsageError) failure = error.message;
    else throw error;
    stop.abort();
  } finally {
    await run.finish();
    await executor.close();
    progress?.stop();
    io.signal?.removeEventListener('abort', onInterrupt);
    // Inputs whose end was not reached keep their content: --fix never leaves half a file.
    for (const input of unfinished) await input.fix?.abort();
  }

  if (sink.closedByReader) return EXIT.closedByReader;
  if (run.failure && !sink.failure) {
    const reason = run.failure instanceof FixWriteError ? run.failure.message : `internal error: ${run.failure.message}`;
    io.stderr.write(`fulfilkit: ${reason}\n`);
    return EXIT.failure;
  }
  const interrupted = io.signal?.aborted === true;
  if (interrupted) run.summary.interrupted = true;
  report.footer();
  await sink.flush();
  await destination.close();
  await stdoutSink?.flush();
  if (sink.closedByReader) return EXIT.closedByReader;
  if (sink.failure) {
    io.stderr.write(`fulfilkit: cannot write the report to ${sink.name}: ${sink.failure.reason}.\n`);
    return EXIT.failure;
  }
  if (stdoutSink?.failure) {
    if (stdoutSink.closedByReader) return EXIT.closedByReader;
    io.stderr.write(`fulfilkit: cannot write the fixed payloads to stdout: ${stdoutSink.failure.reason}.\n`);
    return EXIT.failure;
  }
  // The summary line on stderr, unless the report already ends with it on the terminal.
  if (!(args.format === 'stylish' && destination.toStdout)) io.stderr.write(summaryLine(run.summary) + '\n');
  if (failure !== undefined) {
    io.stderr.write(`fulfilkit: ${failure}\n`);
    return EXIT.failure;
  }
  if (interrupted) return EXIT.interrupted;
  const { errors } = run.summary;
  const warnings = run.summary.warnings + run.droppedWarnings;
  if (errors > 0) return EXIT.errors;
  if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    io.stderr.write(`fulfilkit: ${warnings} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
    return EXIT.errors;
  }
  return EXIT.ok;
}
