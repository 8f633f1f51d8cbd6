/**
 * One lint run over many inputs, in input order: units go out to the executor (workers or
 * in-process), their results come back in any order and are taken in input order here.
 * The batch rules (duplicate-request-reference) keep ONE state per kind, fed the facts the
 * workers send back, payload after payload: duplicates are exact across workers and files.
 * Each result is formatted and written as soon as its turn comes; reading waits while too
 * many units are out, so memory stays bounded.
 */
import { createBatchState, type BatchState } from '../lint/batch';
import { problemOf, type ProblemTally } from '../lint/report';
import type { PayloadKind, Problem, RuleLevel } from '../lint/types';
import type { OrderVersion } from '../schema/tables';
import type { Piece } from './chunker';
import { placeOfFacts } from './facts-pack';
import type { Position } from './locate';
import type { LocatedProblem } from './problem-pack';
import type { FixTarget } from './fix-output';
import type { FormatOptions, Formatter } from './formatters/types';
import { BATCH_RULE_IDS, batchRulesOn, levelOf } from './levels';
import { KIND_NONE, REFERENCE_POINTER, type OtherVersion, type UnitResult, type UnitSettings, type UnitVariant } from './lint-unit';
import type { OutputSink } from './output';
import type { Executor } from './pool';
import { countProblems, tallied, type LintResult, type LintSummary } from './result';

/** One input of the run (a file, or stdin). */
export interface InputContext {
  /** The name results show: the file as given, or `<stdin>`. */
  readonly file: string;
  /** Its place among the run's inputs (0-based), which results carry for `merge`. */
  readonly index?: number;
  /** Where `--fix` writes this input. */
  readonly fix?: FixTarget;
  /** The index of its options in the run's variants (a config's overrides); default 0. */
  readonly variant?: number;
  /** The 1-based number of the next line (NDJSON). */
  nextLine: number;
  /** Payloads taken from this input so far (of every shard). */
  payloads: number;
}

/**
 * The most bytes of units in hand at once (sent, or waiting for their turn to be written),
 * but one unit alone: a unit of long lines (up to --max-line-bytes each) is sent only once
 * the ones before it are done, so that memory holds one long line at a time rather than a
 * worker's queue of them (two 60 MB lines of one string each peaked at 370-480 MB).
 */
const UNIT_BYTES_IN_HAND = 32 << 20;

type Entry = (
  | { readonly type: 'unit'; readonly input: InputContext; readonly result: Promise<UnitResult>; readonly bytes: number }
  | { readonly type: 'long'; readonly input: InputContext; readonly bytes: number; readonly document: boolean }
  | { readonly type: 'raw'; readonly input: InputContext; readonly bytes: Uint8Array }
  | { readonly type: 'end'; readonly input: InputContext }
) & {
  /** How many input bytes had been read when it was queued (`limits.readPosition`). */
  readonly readAt: number;
};

/** An entry as `add` and `end` make it: `enqueue` notes where the reading was. */
type Unqueued<E = Entry> = E extends unknown ? Omit<E, 'readAt'> : never;

const KINDS: readonly PayloadKind[] = ['order', 'return'];

/**
 * A problem found across payloads, placed at its requestReference member when the unit
 * linter found it there (an NDJSON line's column only: the run numbers the lines); else
 * at the payload: a document's start, a line's column 1 (placeProblems), an array element
 * nowhere (its source names it).
 */
function placedBatchProblem(problem: LocatedProblem, kind: number, form: UnitResult['form'], place: Position | undefined): LocatedProblem {
  if (place !== undefined && problem.path === REFERENCE_POINTER[KINDS[kind]!]) return form === 'lines' ? { ...problem, column: place.column } : { ...problem, line: place.line, column: place.column };
  return form === 'single' ? { ...problem, line: 1, column: 1 } : problem;
}

/** One document of the report: a format, where it goes, and the options its parts get. */
export interface ReportOutput {
  /** Where the document goes. */
  readonly sink: OutputSink;
  /** The format. */
  readonly formatter: Formatter;
  /** The options every part gets (its summary is the run's live summary; one object per document). */
  readonly options: FormatOptions;
}

// Text written since the last flush above which the run waits for its outputs to drain.
const BACKLOG_CHARS = 1 << 16;

/** Writes the parts of every format of the report (`-f json -f sarif`), each to its own sink. */
export class ReportWriter {
  private written = 0;
  private backlog = 0;

  /**
   * @param outputs The documents, one per format.
   * @param summary The run's live summary (every document's options hold this one).
   */
  constructor(
    readonly outputs: readonly ReportOutput[],
    readonly summary: LintSummary,
  ) {}

  private write(part: (output: ReportOutput) => string): void {
    for (const output of this.outputs) {
      const text = part(output);
      this.backlog += text.length;
      output.sink.write(text);
    }
  }

  /** Writes the headers. */
  header(): void {
    this.write(({ formatter, options }) => formatter.header(options));
  }

  /** Writes one result to every document. */
  result(result: LintResult): void {
    const index = this.written++;
    this.write(({ formatter, options }) => formatter.result(result, index, options));
  }

  /** Writes the footers (the summary is final by then); a document whose sink failed gets nothing. */
  footer(): void {
    this.write(({ formatter, options }) => formatter.footer(options));
  }

  /** True when enough was written since the last flush that the run should wait for it to drain. */
  get backedUp(): boolean {
    return this.backlog >= BACKLOG_CHARS;
  }

  /** Writes what is queued and waits until every sink can take more (or failed). */
  async flush(): Promise<void> {
    this.backlog = 0;
    for (const { sink } of this.outputs) await sink.flush();
  }

  /** The first sink that failed, if any. */
  get failed(): OutputSink | undefined {
    return this.outputs.find((output) => output.sink.failure !== undefined)?.sink;
  }
}

/**
 * A lint run: `add` the pieces of each input in order, `end` each input, then `finish`.
 */
export class LintRun {
  /** Totals over every payload so far. */
  readonly summary: LintSummary;
  /** Warnings left out by `--quiet` (still counted for `--max-warnings`). */
  droppedWarnings = 0;
  /** Payloads linted as one kind with the shape of the other (`shapedAsOther`). */
  otherKind = 0;
  /** The first order found to have fewer errors as another version than the one it was linted as. */
  otherVersion?: { readonly source: string; readonly linted: OrderVersion } & Omit<OtherVersion, 'at'>;
  /** Set when the run cannot go on (a write or a worker failed). */
  failure?: Error;
  private readonly states: readonly BatchState[];
  private readonly variants: readonly UnitVariant[];
  private readonly queue: Entry[] = [];
  /** The inputs a unit of which was queued (the next is not their first). */
  private readonly started = new WeakSet<InputContext>();
  /** Bytes of the units in the queue (see `UNIT_BYTES_IN_HAND`). */
  private unitBytes = 0;
  private closed = false;
  private wakeConsumer?: () => void;
  private wakeReader?: () => void;
  private readonly consumer: Promise<void>;

  /**
   * @param settings The settings the units are linted with.
   * @param executor Where units are linted.
   * @param report Where results are written.
   * @param limits `maxLineBytes`, for the message about skipped lines.
   * @param onStop Called once when the run cannot go on (so that reading stops).
   */
  constructor(
    private readonly settings: UnitSettings,
    private readonly executor: Executor,
    private readonly report: ReportWriter,
    private readonly limits: { readonly maxLineBytes: number; readonly readPosition?: () => number },
    private readonly onStop: () => void,
  ) {
    this.summary = report.summary;
    if (settings.shard) this.summary.shard = { index: settings.shard.index, count: settings.shard.count, otherPayloads: 0 };
    if (settings.fix) this.summary.fixed = 0;
    this.variants = settings.variants ?? [settings];
    // One state per kind over every file, whatever its options: a batch rule on in any variant
    // keeps track everywhere, and each input's own level decides what it reports (`batchProblems`).
    const on = batchRulesOn(this.variants);
    const batchLevels: Record<string, RuleLevel> = Object.fromEntries(BATCH_RULE_IDS.map((id) => [id, on.includes(id) ? 'error' : 'off']));
    this.states = KINDS.map((kind) => createBatchState({ kind, rules: batchLevels }));
    this.consumer = this.consume().catch((error: unknown) => this.stop(error instanceof Error ? error : new Error(String(error))));
  }

  /** True once the run cannot go on, or an output is gone. */
  get stopped(): boolean {
    return this.failure !== undefined || this.report.failed !== undefined;
  }

  private stop(error: Error): void {
    this.failure ??= error;
    this.wakeReader?.();
    this.onStop();
  }

  /** Waits while `full()` says so and the run goes on. */
  private async waitWhile(full: () => boolean): Promise<void> {
    while (full() && !this.stopped) await new Promise<void>((resolve) => (this.wakeReader = resolve));
  }

  /** True when `bytes` more would pass `UNIT_BYTES_IN_HAND` (one unit alone always fits). */
  private overBytes(bytes: number): boolean {
    return this.unitBytes > 0 && this.unitBytes + bytes > UNIT_BYTES_IN_HAND;
  }

  /**
   * Waits before more of an input is read while the bytes already read into the next unit
   * would pass the bound with the units in hand: otherwise the next long line is read whole
   * while the last one is linted (two 60 MB lines of one string: 370 MB with 2 workers).
   *
   * @param held Bytes read and not yet queued (the cutter's).
   */
  roomToRead(held: number): Promise<void> {
    return this.waitWhile(() => this.overBytes(held));
  }

  /**
   * Input bytes whose payloads are all written: the read position of the last entry written
   * (the progress line's percent; bytes read run ahead of the lint by the units in hand, all
   * of a file that fits in them).
   */
  bytesDone = 0;

  /** Waits for room in the queue, then queues what `make` returns. */
  private async enqueue(make: () => Unqueued, bytes = 0): Promise<void> {
    await this.waitWhile(() => this.queue.length >= this.executor.capacity || this.overBytes(bytes));
    if (this.stopped) return;
    this.unitBytes += bytes;
    this.queue.push({ ...make(), readAt: this.limits.readPosition?.() ?? 0 });
    this.wakeConsumer?.();
  }

  /**
   * Queues the next piece of an input; waits while the executor has enough in hand.
   *
   * @param input The input it belongs to.
   * @param piece The piece.
   */
  add(input: InputContext, piece: Piece): Promise<void> {
    // Read before the unit's bytes move to a worker (they are detached there).
    const size = piece.type === 'lines' || piece.type === 'document' ? piece.bytes.length : 0;
    return this.enqueue(() => {
      if (piece.type === 'lines' || piece.type === 'document') {
        const first = !this.started.has(input);
        this.started.add(input);
        const unit = piece.type === 'lines' ? { type: 'lines' as const, bytes: piece.bytes, ...(first ? { first } : {}) } : piece;
        const result = this.executor.run(input.variant ? { ...unit, variant: input.variant } : unit);
        // An abandoned unit (the run stopped) must not become an unhandled rejection.
        result.catch(() => {});
        return { type: 'unit', input, result, bytes: size };
      }
      if (piece.type === 'long') return { type: 'long', input, bytes: piece.bytes, document: piece.document };
      return { type: 'raw', input, bytes: piece.bytes };
    }, size);
  }

  /**
   * Marks the end of an input: its `--fix` output is completed when its turn comes.
   *
   * @param input The input.
   */
  end(input: InputContext): Promise<void> {
    return input.fix ? this.enqueue(() => ({ type: 'end', input })) : Promise.resolve();
  }

  /**
   * Waits until everything queued is written (or the run stopped).
   */
  async finish(): Promise<void> {
    this.closed = true;
    this.wakeConsumer?.();
    await this.consumer;
  }

  private async consume(): Promise<void> {
    for (;;) {
      while (this.queue.length === 0) {
        if (this.closed || this.stopped) return;
        await new Promise<void>((resolve) => (this.wakeConsumer = resolve));
        this.wakeConsumer = undefined;
      }
      if (this.stopped) return;
      const entry = this.queue[0]!;
      const fix = entry.input.fix;
      switch (entry.type) {
        case 'unit': {
          // A top-level array comes a slice at a time: the next is linted once this one is written.
          let result: UnitResult | undefined = await entry.result;
          for (; result && !this.stopped; result = await result.next?.()) await this.take(entry.input, result);
          break;
        }
        case 'long':
          this.takeLong(entry.input, entry.bytes, entry.document);
          break;
        case 'raw':
          fix?.write(entry.bytes, 0);
          break;
        case 'end':
          // The fixed input is whole; it is put in place once the whole run is (lint-command.ts).
          await fix!.complete();
          break;
      }
      this.queue.shift();
      this.bytesDone = entry.readAt;
      if (entry.type === 'unit') this.unitBytes -= entry.bytes;
      await this.report.flush();
      if (fix) {
        await fix.sink.flush();
        if (fix.sink.failure) throw new FixWriteError(fix.name, fix.sink.failure.reason);
      }
      if (this.report.failed) {
        this.stop(new Error('output failed'));
        return;
      }
      const wake = this.wakeReader;
      this.wakeReader = undefined;
      wake?.();
    }
  }

  private emit(input: InputContext, form: UnitResult['form'], at: number, kind: number, problems: Problem[], omitted?: ProblemTally, requestReference?: string): void {
    const shown = kind === KIND_NONE ? (this.variantOf(input).kind ?? null) : KINDS[kind]!;
    // Where it is among the inputs, and who it is: merge orders and SARIF fingerprints by them.
    const who = { ...(input.index !== undefined ? { input: input.index } : {}), ...(requestReference !== undefined ? { requestReference } : {}) };
    const source = sourceOf(input, form, at);
    let result: LintResult;
    if (form === 'lines') result = { source, file: input.file, line: input.nextLine + at, ...who, kind: shown, problems };
    else if (form === 'array') result = { source, file: input.file, index: at, ...who, kind: shown, problems };
    else result = { source, file: input.file, ...who, kind: shown, problems };
    countProblems(this.summary, problems, omitted);
    this.report.result(omitted ? { ...result, omitted } : result);
  }

  private variantOf(input: InputContext): UnitVariant {
    return this.variants[input.variant ?? 0]!;
  }

  /** The batch problems of a payload, at the levels of its input's options. */
  private batchProblems(input: InputContext, found: Problem[]): Problem[] {
    const rules = this.variantOf(input).rules;
    const problems: Problem[] = [];
    for (const problem of found) {
      const severity = levelOf(problem.rule, rules);
      if (severity !== 'off') problems.push(severity === problem.severity ? problem : { ...problem, severity });
    }
    return this.quiet(problems);
  }

  /**
   * Takes a unit's result: batch rules in input order, then each payload's result. Waits for
   * the outputs to drain whenever enough was written: a unit dense with problems (a large
   * top-level array) does not pile its whole report up in memory.
   */
  private async take(input: InputContext, r: UnitResult): Promise<void> {
    const summary = this.summary;
    summary.payloads += r.payloads;
    input.payloads += r.payloads + r.otherShards;
    if (summary.shard) summary.shard.otherPayloads += r.otherShards;
    this.droppedWarnings += r.droppedWarnings;
    this.otherKind += r.otherKind;
    if (r.otherVersion && !this.otherVersion) {
      const { at, ...counts } = r.otherVersion;
      this.otherVersion = { source: sourceOf(input, r.form, at), linted: this.variantOf(input).version, ...counts };
    }
    const { found, facts, kinds } = r;
    let k = 0;
    if (facts) {
      for (let p = 0; p < r.payloads; p++) {
        const entry = k < found.length && found[k]!.p === p ? found[k++] : undefined;
        let problems = entry?.problems;
        let omitted = entry?.omitted;
        const kind = kinds[p]!;
        if (kind !== KIND_NONE) {
          let more: LocatedProblem[] = this.batchProblems(input, this.states[kind]!.next(facts[p] ?? {}));
          // Found once the payload's text is gone: placed where the unit linter found its
          // requestReference (a line's column: placeProblems adds the line); else at the payload.
          if (more.length > 0) {
            const place = r.factPlaces && placeOfFacts(r.factPlaces, p);
            more = more.map((problem) => placedBatchProblem(problem, kind, r.form, place));
            // They come after the payload's own (lintBatch's order) and within its cap: past
            // `--max-problems-per-payload` they are counted, not listed, as its own are.
            const room = this.settings.maxProblems ? this.settings.maxProblems - (problems?.length ?? 0) : more.length;
            if (room < more.length) omitted = tallied(omitted, more.slice(room));
            if (room > 0) problems = problems ? problems.concat(more.slice(0, room)) : more.slice(0, room);
          }
        }
        if (problems) {
          this.emit(input, r.form, r.at[p]!, kind, problems, omitted, facts[p]?.requestReference);
          if (this.report.backedUp) await this.report.flush();
        }
      }
    } else {
      for (const { p, problems, omitted } of found) {
        this.emit(input, r.form, r.at[p]!, kinds[p]!, problems, omitted);
        if (this.report.backedUp) await this.report.flush();
      }
    }
    if (r.form === 'lines') input.nextLine += r.lines;
    if (r.bytes) input.fix?.write(r.bytes, r.fixes);
  }

  private quiet(problems: Problem[]): Problem[] {
    if (!this.settings.quiet || problems.length === 0) return problems;
    const kept = problems.filter((p) => p.severity !== 'warn');
    this.droppedWarnings += problems.length - kept.length;
    return kept;
  }

  /** A line (or document) longer than --max-line-bytes: a `parse` problem, in shard 1. */
  private takeLong(input: InputContext, bytes: number, document: boolean): void {
    const shard = this.summary.shard;
    const at = document ? -1 : 0;
    input.payloads++;
    if (shard && shard.index !== 1) shard.otherPayloads++;
    else {
      this.summary.payloads++;
      const what = document ? 'The input' : 'The line';
      const message = `${what} is ${bytes} bytes long, more than --max-line-bytes (${this.limits.maxLineBytes}); it was not read.`;
      const level = levelOf('parse', this.variantOf(input).rules);
      // At its start: a document's is line 1, column 1 (a line's, its line: placeProblems).
      const start = document ? { line: 1, column: 1 } : {};
      const problems = this.quiet(level === 'off' ? [] : [{ ...problemOf('parse', level, '', message), ...start }]);
      if (problems.length > 0) this.emit(input, document ? 'single' : 'lines', at, KIND_NONE, problems);
    }
    if (!document) input.nextLine++;
  }
}

/** A payload's `source` in reports: `file:line` (NDJSON), `file#/index` (array element) or `file`. */
function sourceOf(input: InputContext, form: UnitResult['form'], at: number): string {
  if (form === 'lines') return `${input.file}:${input.nextLine + at}`;
  return form === 'array' ? `${input.file}#/${at}` : input.file;
}

/** Writing the fixed input failed (exit 2). */
export class FixWriteError extends Error {
  override readonly name = 'FixWriteError';
  constructor(file: string, reason: string) {
    super(`Cannot write the fixed ${file}: ${reason}.`);
  }
}

