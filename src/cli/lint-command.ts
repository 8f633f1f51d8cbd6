/**
 * `fulfilkit lint`: read the inputs as a stream, lint them in worker threads, write each
 * result as soon as its turn comes, and a summary at the end.
 */
import { close, fstatSync, open as openRaw, read } from 'node:fs';
import { constants, open, stat, type FileHandle } from 'node:fs/promises';
import { Socket } from 'node:net';
import { availableParallelism } from 'node:os';
import { extname, resolve } from 'node:path';
import { isatty } from 'node:tty';
import { promisify } from 'node:util';
import { RULES } from '../../rules/index';
import { DEFAULT_API_VERSION, type LintArgs } from './args';
import { AutoChunker, DocumentHolder, LineChunker, type ChunkOptions } from './chunker';
import { UsageError } from './errors';
import { writeLine } from './escape';
import { EXIT } from './exit-codes';
import { fileFixTarget, prepareFix, refuseDescriptorPath, streamFixTarget, type FixTarget } from './fix-output';
import { colorWanted } from './formatters/color';
import { FORMATTERS } from './formatters/index';
import { ConfigLookup, configOptionsFor, shownPath, type LintConfig } from './config';
import { checkDestinations, openDestinations, type Destination } from './destinations';
import { GzipError, gunzip } from './gunzip';
import { expandInputs } from './inputs';
import type { CliIo } from './io';
import { batchRulesOn } from './levels';
import type { UnitSettings, UnitVariant } from './lint-unit';
import { OutputSink } from './output';
import { inProcess, workerPool, type Executor } from './pool';
import { ioReason, loadProfile } from './profile';
import { Progress } from './progress';
import { emptySummary, grouped, plural, summaryLine } from './result';
import { FixWriteError, LintRun, ReportWriter, type InputContext } from './run';
import { descriptorIdentity, identityOf, type FileIdentity } from './same-file';
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
  /** What the file is, whatever path led to it (a regular file's). */
  readonly identity?: FileIdentity;
  /** Kept open from the start: a pipe or a device cannot be opened a second time. */
  readonly handle?: FileHandle;
  /**
   * A FIFO, opened without waiting for its writer (O_NONBLOCK) and read by the event loop: a
   * blocking open or read would hold a thread of libuv's pool, which no signal ends (the
   * process could not even exit). `taken` once its reading owns the descriptor.
   */
  readonly fifo?: { readonly fd: number; taken: boolean };
  /** The index of its options among the run's variants (a config's overrides). */
  variant?: number;
}

function formOf(file: string): { form: InputSpec['form']; gzip: boolean } {
  const lower = file.toLowerCase();
  const gzip = lower.endsWith('.gz');
  const ext = extname(gzip ? lower.slice(0, -3) : lower);
  return { form: ext === '.ndjson' || ext === '.jsonl' ? 'lines' : ext === '.json' ? 'document' : 'auto', gzip };
}

/** Opens an input, to know before linting starts that it can be read. */
async function inputSpec(file: string, cwd: string, stdinName: string): Promise<InputSpec> {
  if (file === '-') return { file: stdinName, form: 'auto', gzip: false };
  const path = resolve(cwd, file);
  let handle: FileHandle | undefined;
  let info;
  try {
    // Opened without waiting for a writer: the inputs after it are opened (and a missing one reported) at once.
    if ((await stat(path)).isFIFO()) return { file, path, ...formOf(file), fifo: { fd: await openFd(path, constants.O_RDONLY | constants.O_NONBLOCK), taken: false } };
    handle = await open(path, 'r');
    info = await handle.stat();
  } catch (error) {
    await handle?.close();
    throw new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
  }
  if (info.isDirectory()) {
    await handle.close();
    throw new UsageError(`Cannot read ${file}: it is a directory; pass the files.`);
  }
  if (!info.isFile()) return { file, path, ...formOf(file), handle };
  // A regular file is opened again when its turn comes: thousands of inputs hold no descriptors meanwhile.
  await handle.close();
  return { file, path, ...formOf(file), size: info.size, identity: identityOf(file, info)! };
}

const openFd = promisify(openRaw) as (path: string, flags: number) => Promise<number>;
const closeFd = promisify(close);

/** Opens every input (all or none: a failure closes those already open). */
async function openInputs(files: readonly string[], cwd: string, stdinName: string): Promise<InputSpec[]> {
  const specs: InputSpec[] = [];
  try {
    for (const file of files) specs.push(await inputSpec(file, cwd, stdinName));
  } catch (error) {
    await closeInputs(specs);
    throw error;
  }
  return specs;
}

/** Closes the inputs still held open. */
async function closeInputs(specs: readonly InputSpec[]): Promise<void> {
  for (const spec of specs) {
    await spec.handle?.close().catch(() => {});
    if (spec.fifo && !spec.fifo.taken) await closeFd(spec.fifo.fd).catch(() => {});
  }
}

/** Colours for a document: forced by --color / --no-color, else only stylish on stdout, by the environment and the terminal. */
function useColor(args: LintArgs, io: CliIo, destination: Destination): boolean {
  if (args.color === undefined && (destination.format !== 'stylish' || !destination.toStdout)) return false;
  return colorWanted(args.color, io.env ?? {}, io.stdout.isTTY === true);
}

/** What `untilAborted` yields when its source has been quiet for `QUIET_MS` and `quiet()` asked to hear of it. */
const QUIET = Symbol('quiet');

/** How long a source may be quiet before the whole lines held are handed on (a slow pipe: `tail -f`). */
const QUIET_MS = 100;

/**
 * Iterates a source until it ends or `signal` aborts; an abort does not wait for a read
 * that may never come (an idle pipe), and closes the source. While `quiet()` holds (whole
 * lines are held), a read that waits `QUIET_MS` yields `QUIET` first, and the same read goes on.
 */
function untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal): AsyncGenerator<T>;
function untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal, quiet: () => boolean): AsyncGenerator<T | typeof QUIET>;
async function* untilAborted<T>(source: AsyncIterable<T>, signal: AbortSignal, quiet: () => boolean = () => false): AsyncGenerator<T | typeof QUIET> {
  const iterator = source[Symbol.asyncIterator]();
  // One listener for the whole iteration and one reaction per read, waking whichever wait is
  // under way (a race against one long-lived promise would keep a reaction per wait alive: a
  // leak on endless input).
  let wake: (() => void) | undefined;
  const onAbort = () => wake?.();
  signal.addEventListener('abort', onAbort, { once: true });
  // The read under way, and how it ended (kept while the caller handles a QUIET: the bytes of
  // the read before are the caller's until it asks for the next).
  let reading = false;
  let settled: { step: IteratorResult<T> } | { error: unknown } | undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    while (!signal.aborted) {
      if (!reading) {
        reading = true;
        iterator.next().then(
          (step) => ((settled = { step }), wake?.()),
          (error: unknown) => ((settled = { error }), wake?.()),
        );
      }
      let quietNow = false;
      if (settled === undefined) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (quiet()) timer = setTimeout(() => ((quietNow = true), resolve()), QUIET_MS);
        });
        wake = undefined;
        clearTimeout(timer);
      }
      if (signal.aborted) return;
      if (settled === undefined) {
        if (quietNow) yield QUIET;
        continue;
      }
      const done: { step: IteratorResult<T> } | { error: unknown } = settled;
      settled = undefined;
      reading = false;
      if ('error' in done) throw done.error;
      if (done.step.done) return;
      yield done.step.value;
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', onAbort);
    void Promise.resolve(iterator.return?.()).catch(() => {});
  }
}

/**
 * Reads a file into one reused buffer (no garbage per read: memory stays flat even for
 * /dev/zero), counting the bytes read. The bytes yielded are valid until the next read.
 */
async function* readFileBytes(spec: InputSpec, counter: { bytesRead: number }): AsyncGenerator<Uint8Array> {
  if (spec.fifo) {
    spec.fifo.taken = true;
    // Waits in the event loop for the writer and its data (Linux reports no end before a writer came).
    const socket = new Socket({ fd: spec.fifo.fd, readable: true, writable: false });
    try {
      for await (const chunk of socket as AsyncIterable<Buffer>) {
        counter.bytesRead += chunk.length;
        yield chunk;
      }
    } finally {
      socket.destroy();
    }
    return;
  }
  const handle = spec.handle ?? (await open(spec.path!, 'r'));
  const buffer = Buffer.allocUnsafeSlow(READ_BYTES);
  try {
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, null);
      if (bytesRead === 0) return;
      counter.bytesRead += bytesRead;
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

/** Stdin's bytes: from its descriptor when the CLI has one, else from its stream. */
function stdinSource(io: CliIo): AsyncIterable<string | Uint8Array> {
  return io.stdinFd === undefined ? io.stdin : readFdBytes(io.stdinFd, io.stdin);
}

/**
 * Copies a source to a sink unchanged, waiting for the sink as it goes (bounded memory).
 *
 * @param source What to copy (its buffers may be reused: each is copied as it is queued).
 * @param sink Where to.
 * @param signal Stops the copy.
 */
async function passThrough(source: AsyncIterable<string | Uint8Array>, sink: OutputSink, signal: AbortSignal): Promise<void> {
  for await (const piece of untilAborted(source, signal)) {
    sink.write(typeof piece === 'string' ? piece : Buffer.from(piece));
    await sink.flush();
    if (sink.failure) return;
  }
}

/** Reads one input into the run, piece by piece. */
async function readInput(
  run: LintRun,
  spec: InputSpec,
  index: number,
  io: CliIo,
  executor: Executor,
  options: ChunkOptions,
  signal: AbortSignal,
  counter: { bytesRead: number },
  makeFixTarget: (spec: InputSpec, hadBom: () => boolean) => Promise<FixTarget | undefined>,
): Promise<void> {
  const cutter = spec.form === 'lines' ? new LineChunker(options) : spec.form === 'document' ? new DocumentHolder(options) : new AutoChunker(options);
  const fix = await makeFixTarget(spec, () => cutter.hadBom);
  const input: InputContext = { file: spec.file, index, nextLine: 1, payloads: 0, ...(fix ? { fix } : {}), ...(spec.variant ? { variant: spec.variant } : {}) };
  let source: AsyncIterable<string | Uint8Array>;
  if (!spec.path) source = stdinSource(io);
  else source = spec.gzip ? gunzip(readFileBytes(spec, counter)) : readFileBytes(spec, counter);
  const flushes = cutter instanceof LineChunker || cutter instanceof AutoChunker;
  let decoded = 0;
  try {
    for await (const piece of untilAborted(source, signal, () => flushes && cutter.holdsLines)) {
      if (piece === QUIET) {
        // The input is quiet (a slow pipe) with whole lines held: they are linted now, not when more comes.
        if (flushes) for (const next of cutter.flush()) await run.add(input, next);
        continue;
      }
      const bytes = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      decoded += bytes.length;
      if (!spec.path) counter.bytesRead += bytes.length;
      for (const next of cutter.push(bytes)) await run.add(input, next);
      // A thread is idle: hand it the lines held now rather than wait for a full unit (slow pipes).
      if (flushes && executor.busy < Math.max(1, executor.threads)) for (const next of cutter.flush()) await run.add(input, next);
      await run.roomToRead(cutter.heldBytes);
      if (run.stopped) return;
    }
  } catch (error) {
    // --fix never leaves half a file.
    await fix?.abort();
    const name = spec.path ? spec.file : '<stdin>';
    if (!(error instanceof GzipError)) throw new InputError(name, error);
    // Everything decompressed before the fault is linted: all of it when the fault lies
    // between members (trailing garbage), else the whole lines.
    // No byte at all (an empty file, or no gzip data): no payload, the fault alone.
    const rest = error.complete && decoded > 0 ? cutter.end() : flushes ? cutter.flush() : [];
    for (const next of rest) await run.add(input, next);
    throw new InputError(name, error, input);
  }
  if (signal.aborted || run.stopped) return;
  for (const next of cutter.end()) await run.add(input, next);
  await run.end(input);
}

/** Reading an input failed in the middle of the run (exit 2). */
class InputError extends Error {
  override readonly name = 'InputError';

  /**
   * @param file The input.
   * @param error What reading it threw.
   * @param input The input's context, when what was read before the fault is reported.
   */
  constructor(
    file: string,
    error: unknown,
    private readonly input?: InputContext,
  ) {
    super(`Cannot read ${file === '<stdin>' ? 'stdin' : file}: ${error instanceof GzipError ? error.message : ioReason(error)}`);
  }

  /** The line for stderr, once the run has taken what was read. */
  get line(): string {
    const n = this.input?.payloads ?? 0;
    if (n === 0) return `${this.message}.`;
    return `${this.message}; the ${plural(n, 'payload')} before it ${n === 1 ? 'is' : 'are'} reported.`;
  }
}

/**
 * `--fix` rewrites files: refuses what it cannot rewrite safely, and prepares the others.
 *
 * @returns The real path of each file to rewrite (symlinks followed).
 */
async function prepareFixes(args: LintArgs, specs: readonly InputSpec[]): Promise<Map<InputSpec, string>> {
  // n machines would each rewrite the whole file, and overwrite each other's fixes.
  if (args.shard) throw new UsageError('--fix cannot be combined with --shard: each shard would rewrite whole files; fix in one run.');
  // By identity: a path spelled twice, or a link to a file also given, is the same file.
  const seen = new Map<string, string>();
  for (const { name, dev, ino } of specs.flatMap((spec) => (spec.identity ? [spec.identity] : []))) {
    const first = seen.get(`${dev}:${ino}`);
    if (first !== undefined) throw new UsageError(`--fix got the same file twice (${first}), the second time as ${name}.`);
    seen.set(`${dev}:${ino}`, name);
  }
  const real = new Map<InputSpec, string>();
  for (const spec of specs) {
    // `/dev/stdin < orders.json` would rewrite orders.json; `-` is how stdin is fixed.
    if (spec.path) await refuseDescriptorPath(spec.path, spec.file);
    if (spec.gzip) throw new UsageError(`--fix cannot rewrite compressed input (${spec.file}); decompress it first.`);
    if (spec.path && spec.size === undefined) throw new UsageError(`--fix can rewrite regular files only, not ${spec.file}.`);
    if (spec.path) real.set(spec, await prepareFix(spec.path, spec.file));
  }
  return real;
}

/** What the run reads, by identity: the files, a redirected stdin, the profile, the configs and their profiles. */
async function readIdentities(args: LintArgs, io: CliIo, cwd: string, specs: readonly InputSpec[], configs: readonly LintConfig[]): Promise<FileIdentity[]> {
  const inputs = specs.flatMap((spec) => (spec.identity ? [spec.identity] : []));
  const stdin = specs.some((spec) => !spec.path) && io.stdinFd !== undefined ? descriptorIdentity('stdin', io.stdinFd) : undefined;
  if (stdin) inputs.push(stdin);
  const others = [...(args.profile !== undefined ? [{ name: args.profile, path: resolve(cwd, args.profile) }] : []), ...configs.flatMap((config) => config.reads).map((path) => ({ name: shownPath(cwd, path), path }))];
  for (const { name, path } of others) {
    const info = await stat(path).catch(() => undefined);
    const identity = info && identityOf(name, info);
    if (identity) inputs.push(identity);
  }
  return inputs;
}

/** What an input fault or a usage error found while reading says, in one line. */
const failureText = (failure: InputError | UsageError): string => (failure instanceof InputError ? failure.line : failure.message);

/** The fault of a run stopped by a document it could not write (its other documents list it). */
const stoppedBy = (failed: OutputSink): string =>
  failed.closedByReader ? `The reader of ${failed.name} went away: the run stopped before the end of the input.` : `Cannot write the report to ${failed.name}: ${failed.failure!.reason}; the run stopped before the end of the input.`;

/**
 * The options of each input: its config's (its own, then its matching overrides), then the
 * command line's (which win). Inputs with the same options share a variant.
 */
async function variantsOf(args: LintArgs, cwd: string, specs: readonly InputSpec[], configs: ConfigLookup, profile: UnitVariant['profile']): Promise<UnitVariant[]> {
  const variants: UnitVariant[] = [];
  const index = new Map<string, number>();
  const stdinPath = args.stdinFilename === undefined ? undefined : resolve(cwd, args.stdinFilename);
  for (const spec of specs.length > 0 ? specs : [undefined]) {
    const path = spec?.path ?? stdinPath;
    const config = await configs.forFile(path);
    const from = config ? configOptionsFor(config, path) : {};
    const variant: UnitVariant = {
      version: args.version ?? from.version ?? DEFAULT_API_VERSION,
      ...((args.kind ?? from.kind) ? { kind: args.kind ?? from.kind } : {}),
      ...((profile ?? from.profile) ? { profile: profile ?? from.profile } : {}),
      rules: { ...from.rules, ...args.rules },
    };
    const key = JSON.stringify([variant.version, variant.kind, variant.profile, Object.entries(variant.rules).sort()]);
    if (!index.has(key)) {
      index.set(key, variants.length);
      variants.push(variant);
    }
    if (spec) spec.variant = index.get(key)!;
  }
  return variants;
}

/**
 * Runs `fulfilkit lint`.
 *
 * @param args Parsed arguments.
 * @param io Streams, working directory, worker module and interrupt signal.
 * @returns The exit code: 0 no errors; 1 errors (or more warnings than `--max-warnings`);
 *   2 a failed write or read; 130 interrupted (143 by SIGTERM); 141 the reader closed
 *   stdout (`| head`).
 * @throws {UsageError} On a missing file, an unreadable input, an output that is an input or
 *   a bad profile (exit 2).
 */
export async function lintCommand(args: LintArgs, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  // Every option of every file is read and checked first: a bad config or profile lints nothing.
  // (Each input's own config is loaded as it is found, still before anything is linted.)
  const configs = await ConfigLookup.create(cwd, args);
  const profile = args.profile === undefined ? undefined : await loadProfile(resolve(cwd, args.profile), args.profile);
  // The warnings of the inputs (a file ignored by a config) wait until the run knows whether
  // stderr is free for them: with --fix on stdin it may hold a json, sarif or junit report alone.
  const warnings: string[] = [];
  const warn = (line: string) => warnings.push(line);
  const optionFiles = args.profile === undefined ? [] : [resolve(cwd, args.profile)];
  const named = args.files.length === 0 ? ['-'] : args.files;
  try {
    const files = await expandInputs(named, { cwd, configs, optionFiles, warn, ...(args.stdinFilename !== undefined ? { stdinFilename: args.stdinFilename } : {}) });
    // Every input is opened before any output: a typo in the last name, or a file that cannot
    // be read, must not leave a half report.
    const specs = await openInputs(files, cwd, args.stdinFilename ?? '<stdin>');
    // `--fix` on a stdin the config ignores hands it back unchanged (as Prettier does), so that
    // `fulfilkit lint --fix --stdin-filename NAME < in > out` always leaves the payloads in `out`.
    const passStdin = args.fix && named.includes('-') && !files.includes('-');
    try {
      return await lintInputs(args, io, cwd, specs, await variantsOf(args, cwd, specs, configs, profile), configs.loaded, warnings, passStdin);
    } finally {
      await closeInputs(specs);
    }
  } finally {
    // Not written yet: the run stopped before its outputs were open (a usage error).
    for (const line of warnings) writeLine(io.stderr, line);
  }
}

const NO_INPUT = 'No input: pass files, or pipe payloads to stdin.';

/** Whether a descriptor is a character device (a terminal, /dev/null); false when it cannot be read. */
function isCharacterDevice(fd: number): boolean {
  try {
    return fstatSync(fd).isCharacterDevice();
  } catch {
    return false;
  }
}

/** Runs `lint` over inputs that are all open. */
async function lintInputs(
  args: LintArgs,
  io: CliIo,
  cwd: string,
  specs: readonly InputSpec[],
  variants: readonly UnitVariant[],
  configs: readonly LintConfig[],
  inputWarnings: string[],
  passStdin: boolean,
): Promise<number> {
  const readsStdin = specs.some((spec) => !spec.path) || passStdin;
  if (readsStdin && (io.stdinFd === undefined ? io.stdin.isTTY === true : isatty(io.stdinFd))) throw new UsageError(NO_INPUT);
  // No input named and stdin a device that is not a terminal (/dev/null, as CI and `docker run`
  // without -i give): nothing to lint, and `fulfilkit lint -o orders.json` (its input left out)
  // would write its report over the payloads. Named as `-`, stdin is read whatever it is.
  if (args.files.length === 0 && io.stdinFd !== undefined && isCharacterDevice(io.stdinFd)) throw new UsageError(NO_INPUT);
  const fixPaths = args.fix ? await prepareFixes(args, specs) : undefined;
  const fixesStdin = args.fix && readsStdin;
  const toStdout = fixesStdin || args.formats.some((format) => args.outputs[format] === undefined);
  await checkDestinations(args, io, cwd, await readIdentities(args, io, cwd, specs, configs), toStdout);
  const destinations = await openDestinations(args, io, cwd, fixesStdin);
  // `--fix` on stdin with a report that is one document (json, sarif, junit): it is all that
  // stderr holds, so that it parses; the summary is in it, the notes and the progress line stay out.
  const machineOnStderr = destinations.some((d) => d.toStream && !d.toStdout && (d.format === 'json' || d.format === 'sarif' || d.format === 'junit'));
  const note = (line: string) => {
    if (!machineOnStderr) writeLine(io.stderr, line);
  };
  for (const line of inputWarnings.splice(0)) note(line);
  let progress: Progress | undefined;
  const stdoutSink = fixesStdin ? new OutputSink(io.stdout, 'stdout') : undefined;
  // The batch rules on in any input's options: the units collect their facts, and the json report names them (merge warns when runs it joins did not share them).
  const batchRules = batchRulesOn(variants);
  const settings: UnitSettings = {
    ...variants[0]!,
    ...(args.shard ? { shard: args.shard } : {}),
    fix: args.fix,
    quiet: args.quiet,
    maxProblems: args.maxProblemsPerPayload,
    batch: batchRules.length > 0,
    ...(variants.length > 1 ? { variants } : {}),
  };
  const knownBytes = specs.every((spec) => spec.size !== undefined) ? specs.reduce((n, spec) => n + spec.size!, 0) : undefined;
  const threads = args.concurrency ?? (knownBytes !== undefined && knownBytes < SMALL_INPUT_BYTES ? 1 : availableParallelism());
  const executor = threads > 1 && io.workerScript ? workerPool(settings, io.workerScript, threads) : inProcess(settings);
  const stop = new AbortController();
  const onInterrupt = () => stop.abort();
  io.signal?.addEventListener('abort', onInterrupt, { once: true });
  // A signal that came before (while the bin loaded, or the config, profile and inputs were
  // opened) stops the run now: an aborted signal calls no listener added after it.
  if (io.signal?.aborted) onInterrupt();
  const started = performance.now();
  const summary = emptySummary();
  const report = new ReportWriter(
    destinations.map((destination) => ({
      sink: new OutputSink(destination.target, destination.name, () => progress?.clear()),
      formatter: FORMATTERS[destination.format],
      // One options object per document: a formatter keeps its state of the run by it.
      options: { summary, rules: RULES, toolVersion: packageVersion(), color: useColor(args, io, destination), batchRules, warn: (line: string) => writeLine(io.stderr, line), ...(io.env ? { env: io.env } : {}) },
    })),
    summary,
  );
  const counter = { bytesRead: 0 };
  const run = new LintRun(settings, executor, report, { maxLineBytes: args.maxLineBytes, readPosition: () => counter.bytesRead }, () => stop.abort());
  if (args.progress && io.stderr.isTTY === true && !machineOnStderr) {
    progress = new Progress(io.stderr, () => ({
      payloads: run.summary.payloads,
      problems: run.summary.errors + run.summary.warnings,
      bytesDone: run.bytesDone,
      ...(knownBytes !== undefined ? { totalBytes: knownBytes } : {}),
    }));
    progress.start();
  }
  const chunkOptions: ChunkOptions = { maxLineBytes: args.maxLineBytes, targetBytes: UNIT_BYTES, keepSkipped: args.fix };
  const fixTargets: FixTarget[] = [];
  // Files whose fixes could not be put in place at the end of the run (I/O failures, exit 2), one sentence each.
  const fixFailures: string[] = [];
  const reportFixFailures = () => {
    for (const line of fixFailures.splice(0)) writeLine(io.stderr, `fulfilkit: ${line}`);
  };
  const makeFixTarget = async (spec: InputSpec, hadBom: () => boolean): Promise<FixTarget | undefined> => {
    if (!fixPaths) return undefined;
    const target = spec.path ? await fileFixTarget(fixPaths.get(spec)!, spec.file, hadBom) : streamFixTarget(stdoutSink!, hadBom);
    fixTargets.push(target);
    return target;
  };

  let failure: InputError | UsageError | undefined;
  let readAll = false;
  try {
    report.header();
    for (const [index, spec] of specs.entries()) {
      if (stop.signal.aborted) break;
      await readInput(run, spec, index, io, executor, chunkOptions, stop.signal, counter, makeFixTarget);
    }
    if (passStdin) await passThrough(stdinSource(io), stdoutSink!, stop.signal);
    readAll = true;
  } catch (error) {
    if (error instanceof InputError || error instanceof UsageError) failure = error;
    else throw error;
    stop.abort();
  } finally {
    await run.finish();
    await executor.close();
    progress?.stop();
    io.signal?.removeEventListener('abort', onInterrupt);
    // The fixed files are put in place once the whole run is complete: an interrupted run (or
    // one a fault stopped) leaves every file as it was and counts no fix (fixed payloads
    // already on stdout count), and --fix never leaves half a file.
    const complete = readAll && !stop.signal.aborted && !run.failure;
    // A file that cannot be put in place (changed since it was read, gone, not writable) counts
    // no fix and fails the run; the others are put in place all the same.
    for (const target of fixTargets) {
      if (!complete) {
        run.summary.fixed! += await target.abort();
        continue;
      }
      const { fixes, failure: notPlaced } = await target.commit();
      run.summary.fixed! += fixes;
      if (notPlaced !== undefined) fixFailures.push(notPlaced);
    }
  }

  const interrupted = io.signal?.aborted === true;
  // Every document is closed (a reader gone from stdout leaves the files whole), unless the run failed.
  if (!run.failure || report.failed) {
    if (interrupted) run.summary.interrupted = true;
    if (failure !== undefined) run.summary.faults = [failureText(failure)];
    // A document that could not be written stopped the run: the others say it is incomplete
    // (SARIF's executionSuccessful, merge's refusal), as a fault of the input would.
    if (report.failed) run.summary.faults = [...(run.summary.faults ?? []), stoppedBy(report.failed)];
    // The run's time, for JUnit.
    for (const output of report.outputs) output.options.time = (performance.now() - started) / 1000;
    report.footer();
    await report.flush();
  }
  for (const destination of destinations) await destination.close();
  const failed = report.failed;
  if (failed?.closedByReader) {
    reportFixFailures();
    return EXIT.closedByReader;
  }
  if (run.failure && !failed) {
    const reason = run.failure instanceof FixWriteError ? run.failure.message : `internal error: ${run.failure.message}`;
    writeLine(io.stderr, `fulfilkit: ${reason}`);
    return EXIT.failure;
  }
  await stdoutSink?.flush();
  if (failed) {
    reportFixFailures();
    writeLine(io.stderr, `fulfilkit: cannot write the report to ${failed.name}: ${failed.failure!.reason}.`);
    return EXIT.failure;
  }
  if (stdoutSink?.failure) {
    reportFixFailures();
    if (stdoutSink.closedByReader) return EXIT.closedByReader;
    writeLine(io.stderr, `fulfilkit: cannot write the fixed payloads to stdout: ${stdoutSink.failure.reason}.`);
    return EXIT.failure;
  }
  // The summary line on stderr, once, unless a stylish report already ends with it there or on stdout.
  if (!destinations.some((d) => d.format === 'stylish' && d.toStream)) note(summaryLine(run.summary));
  if (run.otherKind > 0) {
    const payloads = run.otherKind === 1 ? '1 payload has' : `${grouped(run.otherKind)} payloads have`;
    note(`fulfilkit: note: ${payloads} the shape of the other kind than the one linted (an order's clientRequest linted as a return, or a return's rma as an order): check --kind or the config's "kind".`);
  }
  if (run.otherVersion) {
    const { source, linted, errors, version, versionErrors } = run.otherVersion;
    const fewer = versionErrors === 0 ? 'none' : grouped(versionErrors);
    note(`fulfilkit: note: some orders may be of another version than the one linted: ${source} has ${plural(errors, 'error')} as v${linted} and ${fewer} as v${version}. Check --api-version or the config's "version".`);
  }
  if (failure !== undefined || fixFailures.length > 0) {
    if (failure !== undefined) writeLine(io.stderr, `fulfilkit: ${failureText(failure)}`);
    reportFixFailures();
    return EXIT.failure;
  }
  if (interrupted) return io.signal?.reason === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted;
  const { errors } = run.summary;
  const warnings = run.summary.warnings + run.droppedWarnings;
  if (errors > 0) return EXIT.errors;
  if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    note(`fulfilkit: ${plural(warnings, 'warning')}, more than --max-warnings ${args.maxWarnings}.`);
    return EXIT.errors;
  }
  return EXIT.ok;
}
