/**
 * One lint run over many inputs, in input order: units go out to the executor (workers or
 * in-process), their results come back in any order and are taken in input order here.
 * The batch rules (duplicate-request-reference) keep ONE state per kind, fed the facts the
 * workers send back, payload after payload: duplicates are exact across workers and files.
 * Each result is formatted and written as soon as its turn comes; reading waits while too
 * many units are out, so memory stays bounded.
 */
import { createBatchState, type BatchState } from '../lint/batch';
import type { ProblemTally } from '../lint/report';
import type { PayloadKind, Problem, RuleLevel } from '../lint/types';
import type { Piece } from './chunker';
import type { FixTarget } from './fix-output';
import type { FormatOptions, Formatter } from './formatters/types';
import { levelOf } from './levels';
import { KIND_NONE, type UnitResult, type UnitSettings } from './lint-unit';
import type { OutputSink } from './output';
import type { Executor } from './pool';
import { countProblems, type LintResult, type LintSummary } from './result';

/** One input of the run (a file, or stdin). */
export interface InputContext {
  /** The name results show: the file as given, or `<stdin>`. */
  readonly file: string;
  /** Where `--fix` writes this input. */
  readonly fix?: FixTarget;
  /** The 1-based number of the next line (NDJSON). */
  nextLine: number;
  /** Payloads taken from this input so far (of every shard). */
  payloads: number;
}

type Entry =
  | { readonly type: 'unit'; readonly input: InputContext; readonly result: Promise<UnitResult> }
  | { readonly type: 'long'; readonly input: InputContext; readonly bytes: number; readonly document: boolean }
  | { readonly type: 'raw'; readonly input: InputContext; readonly bytes: Uint8Array }
  | { readonly type: 'end'; readonly input: InputContext };

const KINDS: readonly PayloadKind[] = ['order', 'return'];

/** Writes a formatter's parts to a sink. */
export class ReportWriter {
  private written = 0;

  /**
   * @param sink Where the report goes.
   * @param formatter The format.
   * @param options The options every part gets (its summary is the run's live summary).
   */
  constructor(
    readonly sink: OutputSink,
    private readonly formatter: Formatter,
    readonly options: FormatOptions,
  ) {}

  /** Writes the header. */
  header(): void {
    this.sink.write(this.formatter.header(this.options));
  }

  /** Writes one result. */
  result(result: LintResult): void {
    this.sink.write(this.formatter.result(result, this.written++, this.options));
  }

  /** Writes the footer (the summary is final by then). */
  footer(): void {
    this.sink.write(this.formatter.footer(this.options));
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
  /** Set when the run cannot go on (a write or a worker failed). */
  failure?: Error;
  private readonly states: readonly BatchState[];
  private readonly parseLevel: RuleLevel;
  private readonly queue: Entry[] = [];
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
    private readonly limits: { readonly maxLineBytes: number },
    private readonly onStop: () => void,
  ) {
    this.summary = report.options.summary as LintSummary;
    if (settings.shard) this.summary.shard = { index: settings.shard.index, count: settings.shard.count, otherPayloads: 0 };
    if (settings.fix) this.summary.fixed = 0;
    this.states = KINDS.map((kind) => createBatchState({ kind, rules: { ...settings.rules } }));
    this.parseLevel = levelOf('parse', settings.rules);
    this.consumer = this.consume().catch((error: unknown) => this.stop(error instanceof Error ? error : new Error(String(error))));
  }

  /** True once the run cannot go on, or its output is gone. */
  get stopped(): boolean {
    return this.failure !== undefined || this.report.sink.failure !== undefined;
  }

  private stop(error: Error): void {
    this.failure ??= error;
    this.wakeReader?.();
    this.onStop();
  }

  /** Waits for room in the queue, then queues what `make` returns. */
  private async enqueue(make: () => Entry): Promise<void> {
    while (this.queue.length >= this.executor.capacity && !this.stopped) await new Promise<void>((resolve) => (this.wakeReader = resolve));
    if (this.stopped) return;
    this.queue.push(make());
    this.wakeConsumer?.();
  }

  /**
   * Queues the next piece of an input; waits while the executor has enough in hand.
   *
   * @param input The input it belongs to.
   * @param piece The piece.
   */
  add(input: InputContext, piece: Piece): Promise<void> {
    return this.enqueue(() => {
      if (piece.type === 'lines' || piece.type === 'document') {
        const result = this.executor.run(piece.type === 'lines' ? { type: 'lines', bytes: piece.bytes } : piece);
        // An abandoned unit (the run stopped) must not become an unhandled rejection.
        result.catch(() => {});
        return { type: 'unit', input, result };
      }
      if (piece.type === 'long') return { type: 'long', input, bytes: piece.bytes, document: piece.document };
      return { type: 'raw', input, bytes: piece.bytes };
    });
  }

  /**
   * Marks the end of an input: its `--fix` output is put in place when its turn comes.
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
        case 'unit':
          this.take(entry.input, await entry.result);
          break;
        case 'long':
          this.takeLong(entry.input, entry.bytes, entry.document);
          break;
        case 'raw':
          fix?.write(entry.bytes, 0);
          break;
        case 'end':
          // Fixes count once the file holds them.
          this.summary.fixed! += await fix!.commit();
          break;
      }
      this.queue.shift();
      await this.report.sink.flush();
      if (fix) {
        await fix.sink.flush();
        if (fix.sink.failure) throw new FixWriteError(fix.name, fix.sink.failure.reason);
      }
      if (this.report.sink.failure) {
        this.stop(new Error('output failed'));
        return;
      }
      const wake = this.wakeReader;
      this.wakeReader = undefined;
      wake?.();
    }
  }

  private emit(input: InputContext, form: UnitResult['form'], at: number, kind: number, problems: Problem[], omitted?: ProblemTally): void {
    const shown = kind === KIND_NONE ? (this.settings.kind ?? null) : KINDS[kind]!;
    let result: LintResult;
    if (form === 'lines') {
      const line = input.nextLine + at;
      result = { source: `${input.file}:${line}`, file: input.file, line, kind: shown, problems };
    } else if (form === 'array') {
      result = { source: `${input.file}#/${at}`, file: input.file, index: at, kind: shown, problems };
    } else {
      result = { source: input.file, file: input.file, kind: shown, problems };
    }
    countProblems(this.summary, problems, omitted);
    this.report.result(omitted ? { ...result, omitted } : result);
  }

  /** Takes a unit's result: batch rules in input order, then each payload's result. */
  private take(input: InputContext, r: UnitResult): void {
    const summary = this.summary;
    summary.payloads += r.payloads;
    input.payloads += r.payloads + r.otherShards;
    if (summary.shard) summary.shard.otherPayloads += r.otherShards;
    this.droppedWarnings += r.droppedWarnings;
    const { found, facts, kinds } = r;
    let k = 0;
    if (facts) {
      for (let p = 0; p < r.payloads; p++) {
        const entry = k < found.length && found[k]!.p === p ? found[k++] : undefined;
        let problems = entry?.problems;
        const kind = kinds[p]!;
        if (kind !== KIND_NONE) {
          const more = this.quiet(this.states[kind]!.next(facts[p] ?? {}));
          if (more.length > 0) problems = problems ? problems.concat(more) : more;
        }
        if (problems) this.emit(input, r.form, r.at[p]!, kind, problems, entry?.omitted);
      }
    } else {
      for (const { p, problems, omitted } of found) this.emit(input, r.form, r.at[p]!, kinds[p]!, problems, omitted);
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
      const problems = this.quiet(this.parseLevel === 'off' ? [] : [{ rule: 'parse', severity: this.parseLevel, path: '', message }]);
      if (problems.length > 0) this.emit(input, document ? 'single' : 'lines', at, KIND_NONE, problems);
    }
    if (!document) input.nextLine++;
  }
}

/** Writing the fixed input failed (exit 2). */
export class FixWriteError extends Error {
  override readonly name = 'FixWriteError';
  constructor(file: string, reason: string) {
    super(`Cannot write the fixed ${file}: ${reason}.`);
  }
}

