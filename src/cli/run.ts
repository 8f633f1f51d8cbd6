/**
 * One lint run over many inputs: payloads are linted per kind, and the batch rules
 * (duplicate-request-reference) keep one state across all inputs of the run.
 */
import { RULES } from '../../rules/index';
import { batchFactsOf, createBatchState, type BatchState } from '../lint/batch';
import { lintOrder, lintReturn } from '../lint/engine';
import type { ClientProfile, LintBatchOptions, LintOrderOptions, PayloadKind, Problem, RuleLevel } from '../lint/types';
import type { OrderVersion } from '../schema/tables';
import { isBlank, lineBatches } from './lines';
import { countProblems, emptySummary, type LintResult, type LintSummary } from './result';

/** Settings of a run. */
export interface RunOptions {
  /** Order version. */
  readonly version: OrderVersion;
  /** Kind forced for every payload; detected by shape when absent. */
  readonly kind?: PayloadKind;
  /** Client profile. */
  readonly profile?: ClientProfile;
  /** Severity overrides by rule id. */
  readonly rules?: Readonly<Record<string, RuleLevel>>;
}

/** The configured level of a rule: the override, else the catalogue's default severity. */
function levelOf(id: string, overrides: Readonly<Record<string, RuleLevel>> | undefined): RuleLevel {
  const override = overrides?.[id];
  if (override === 'off' || override === 'warn' || override === 'error') return override;
  return RULES.find((rule) => rule.meta.id === id)?.meta.severity ?? 'error';
}

function own(value: unknown, key: string): unknown {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key)
    ? (value as Record<string, unknown>)[key]
    : undefined;
}

/**
 * The kind of a payload by its shape: `clientRequest` → order, `rma` → return, else order.
 *
 * @param payload Parsed JSON.
 * @returns The kind.
 */
export function detectKind(payload: unknown): PayloadKind {
  if (own(payload, 'clientRequest') !== undefined) return 'order';
  if (own(payload, 'rma') !== undefined) return 'return';
  return 'order';
}

/**
 * Lints the payloads of one kind, chunk after chunk, with one batch state for the whole
 * run: duplicates are found across chunks and files.
 */
class KindGroup {
  private readonly batch: BatchState;
  // One options object per group: the engine caches its rule plan per options object.
  constructor(private readonly kind: PayloadKind, private readonly options: LintBatchOptions) {
    this.batch = createBatchState(options);
  }

  lint(payloads: readonly unknown[]): Problem[][] {
    return payloads.map((payload) => {
      const problems = this.kind === 'order' ? lintOrder(payload, this.options as LintOrderOptions) : lintReturn(payload, this.options);
      const found = this.batch.next(batchFactsOf(payload, this.kind));
      return found.length === 0 ? problems : problems.concat(found);
    });
  }
}

/** Marks a position whose text did not parse; its message is kept aside. */
const UNPARSED: unique symbol = Symbol('unparsed');

/** Where the payload at a position of a chunk came from (built only for payloads with problems). */
type Locate = (position: number) => { source: string; line?: number; index?: number };

/** The 1-based line and column of a character offset. */
function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let start = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    start = i + 1;
  }
  return { line, column: offset - start + 1 };
}

/**
 * A message for JSON that does not parse. The parser's own message is not used: it can
 * quote the input, and payloads carry personal data.
 */
function parseMessage(text: string, error: unknown, what: string, multiline: boolean): string {
  if (isBlank(text)) return `${what} is empty.`;
  const reason = error instanceof Error ? error.message : '';
  const match = /at position (\d+)/.exec(reason);
  if (!match) return /end of JSON input/.test(reason) ? `${what} is not valid JSON: it ends too early.` : `${what} is not valid JSON.`;
  const offset = Number(match[1]);
  if (!multiline) return `${what} is not valid JSON (column ${offset + 1}).`;
  const { line, column } = lineColumn(text, offset);
  return `${what} is not valid JSON (line ${line}, column ${column}).`;
}

/**
 * A lint run: feed it files, NDJSON streams and documents; read `results` (payloads with
 * problems, in input order) and `summary` (all payloads) at the end.
 */
export class LintRun {
  /** Payloads with problems, in input order. */
  readonly results: LintResult[] = [];
  /** Totals over every payload. */
  readonly summary: LintSummary = emptySummary();
  private readonly groups: Record<PayloadKind, KindGroup>;
  private readonly parseLevel: RuleLevel;

  constructor(private readonly options: RunOptions) {
    const base = { ...(options.profile ? { profile: options.profile } : {}), ...(options.rules ? { rules: { ...options.rules } } : {}) };
    this.groups = {
      order: new KindGroup('order', { ...base, kind: 'order', version: options.version }),
      return: new KindGroup('return', { ...base, kind: 'return' }),
    };
    this.parseLevel = levelOf('parse', options.rules);
  }

  /**
   * Lints one chunk of values (parsed payloads or UNPARSED marks) and records the results.
   * Objects are built only for payloads that have problems.
   */
  private lintChunk(file: string, values: readonly unknown[], failures: ReadonlyMap<number, string>, locate: Locate): void {
    this.summary.payloads += values.length;
    const byKind: Record<PayloadKind, { payloads: unknown[]; positions: number[] }> = {
      order: { payloads: [], positions: [] },
      return: { payloads: [], positions: [] },
    };
    for (let i = 0; i < values.length; i++) {
      const value = values[i];
      if (value === UNPARSED) continue;
      const group = byKind[this.options.kind ?? detectKind(value)];
      group.payloads.push(value);
      group.positions.push(i);
    }
    const found: { position: number; kind: PayloadKind | null; problems: Problem[] }[] = [];
    for (const kind of ['order', 'return'] as const) {
      const { payloads, positions } = byKind[kind];
      if (payloads.length === 0) continue;
      const lists = this.groups[kind].lint(payloads);
      for (let j = 0; j < lists.length; j++) {
        if (lists[j]!.length > 0) found.push({ position: positions[j]!, kind, problems: lists[j]! });
      }
    }
    if (this.parseLevel !== 'off') {
      for (const [position, message] of failures) {
        found.push({ position, kind: this.options.kind ?? null, problems: [{ rule: 'parse', severity: this.parseLevel, path: '', message }] });
      }
    }
    if (found.length > 1) found.sort((a, b) => a.position - b.position);
    for (const { position, kind, problems } of found) {
      countProblems(this.summary, problems);
      this.results.push({ ...locate(position), file, kind, problems });
    }
  }

  /**
   * Lints one JSON document: a payload, or a top-level array of payloads (each linted).
   *
   * @param file The file name as given, or `<stdin>`.
   * @param text The document text.
   */
  lintDocument(file: string, text: string): void {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      this.lintUnparsedDocument(file, text, error);
      return;
    }
    this.lintParsedDocument(file, value);
  }

  private lintUnparsedDocument(file: string, text: string, error: unknown): void {
    const message = parseMessage(text, error, 'The input', true);
    this.lintChunk(file, [UNPARSED], new Map([[0, message]]), () => ({ source: file }));
  }

  private lintParsedDocument(file: string, value: unknown): void {
    if (Array.isArray(value)) {
      this.lintChunk(file, value, new Map(), (index) => ({ source: `${file}#/${index}`, index }));
    } else {
      this.lintChunk(file, [value], new Map(), () => ({ source: file }));
    }
  }

  /**
   * Lints lines of NDJSON (one payload a line; blank lines skipped).
   *
   * @param file The file name as given, or `<stdin>`.
   * @param lines The lines of this chunk.
   * @param firstLine The 1-based number of `lines[0]`.
   */
  lintLines(file: string, lines: readonly string[], firstLine: number): void {
    const values: unknown[] = [];
    const lineOf: number[] = [];
    const failures = new Map<number, string>();
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!;
      if (isBlank(line)) continue;
      try {
        values.push(JSON.parse(line));
      } catch (error) {
        failures.set(values.length, parseMessage(line, error, 'The line', false));
        values.push(UNPARSED);
      }
      lineOf.push(firstLine + i);
    }
    if (values.length === 0) return;
    this.lintChunk(file, values, failures, (position) => {
      const line = lineOf[position]!;
      return { source: `${file}:${line}`, line };
    });
  }

  /**
   * Streams an NDJSON source line by line.
   *
   * @param file The file name as given, or `<stdin>`.
   * @param source The bytes or text.
   */
  async lintNdjson(file: string, source: AsyncIterable<string | Uint8Array>): Promise<void> {
    let next = 1;
    for await (const batch of lineBatches(source)) {
      this.lintLines(file, batch, next);
      next += batch.length;
    }
  }

  /**
   * Reads a source whose form is not known (stdin, unknown extensions): NDJSON when the
   * first non-blank line is a whole JSON object and more lines follow (streamed);
   * otherwise one JSON document, falling back to NDJSON when the whole does not parse
   * but several lines do hold JSON objects.
   *
   * @param file The file name as given, or `<stdin>`.
   * @param source The bytes or text.
   */
  async lintAuto(file: string, source: AsyncIterable<string | Uint8Array>): Promise<void> {
    const held: string[] = [];
    let mode: 'undecided' | 'first-object' | 'ndjson' | 'document' = 'undecided';
    let scanned = 0;
    let next = 1;
    for await (const batch of lineBatches(source)) {
      if (mode === 'ndjson') {
        this.lintLines(file, batch, next);
        next += batch.length;
        continue;
      }
      for (const line of batch) held.push(line);
      if (mode === 'document') continue;
      // Decide on the first two non-blank lines; until then the lines are held.
      for (; scanned < held.length && (mode === 'undecided' || mode === 'first-object'); scanned++) {
        const line = held[scanned]!;
        if (isBlank(line)) continue;
        if (mode === 'first-object') mode = 'ndjson';
        else mode = isJsonObjectText(line) ? 'first-object' : 'document';
      }
      if (mode === 'ndjson') {
        this.lintLines(file, held, next);
        next += held.length;
        held.length = 0;
      }
    }
    if (mode === 'ndjson') return;
    const text = held.join('\n');
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      let objects = 0;
      let nonBlank = 0;
      for (const line of held) {
        if (isBlank(line)) continue;
        nonBlank++;
        if (objects === 0 && isJsonObjectText(line)) objects++;
      }
      if (nonBlank > 1 && objects > 0) this.lintLines(file, held, 1);
      else this.lintUnparsedDocument(file, text, error);
      return;
    }
    this.lintParsedDocument(file, value);
  }
}

function isJsonObjectText(line: string): boolean {
  const t = line.trimStart();
  if (t.charCodeAt(0) !== 123) return false; // cheap pre-check for '{'
  try {
    const value = JSON.parse(line);
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
