/**
 * What the `lint` command produces: one result per payload with problems, and a summary.
 */
import type { ProblemTally } from '../lint/report';
import { escapeControls } from './escape';
import type { PayloadKind, Problem } from '../lint/types';
import type { LocatedProblem } from './problem-pack';

export type { LocatedProblem } from './problem-pack';

/** The problems of one payload (a JSON file, an element of a top-level array, or an NDJSON line). */
export interface LintResult {
  /** Where the payload came from: `file.json`, `file.json#/2` (array element), `file.ndjson:3`, `<stdin>`. */
  readonly source: string;
  /** The file as given on the command line, or `<stdin>`. */
  readonly file: string;
  /** The 1-based line of an NDJSON payload. */
  readonly line?: number;
  /** The index of a payload inside a top-level JSON array. */
  readonly index?: number;
  /**
   * The 0-based place of its file among the run's inputs (folders and globs expanded): the
   * shards of one split read the same inputs, so `merge` puts their results back in input order.
   */
  readonly input?: number;
  /** The payload's requestReference, when the run collected it (a batch rule is on): what identifies it, wherever it is. */
  readonly requestReference?: string;
  /** The kind the payload was linted as; `null` for input that was not read as a payload (without `--kind`). */
  readonly kind: PayloadKind | null;
  /**
   * The problems, never empty; at most `--max-problems-per-payload`, in `lintBatch`'s order
   * (the payload's own, then a cross-payload one). Each carries its `line` and `column` in the
   * file where they are known (see `placeProblems`).
   */
  readonly problems: readonly LocatedProblem[];
  /** The payload's problems past `--max-problems-per-payload`: counted, not listed (a report read back by `merge` has the count only). */
  readonly omitted?: ProblemTally | number;
}

/** Totals of one run. */
export interface LintSummary {
  /** Payloads read (in this shard), including those that did not parse. */
  payloads: number;
  /** Problems of severity `error`. */
  errors: number;
  /** Problems of severity `warn` (0 with `--quiet`). */
  warnings: number;
  /** Problems by rule id (errors and warnings), sorted by id. */
  byRule: Record<string, number>;
  /** With `--shard i/n`: which shard, and how many payloads belong to the other shards. */
  shard?: { index: number; count: number; otherPayloads: number };
  /** Problems counted above but not listed (past `--max-problems-per-payload`); absent when none. */
  omitted?: number;
  /** With `--fix`: how many fixes were applied. */
  fixed?: number;
  /** The run was stopped (Ctrl-C) before the end of its input. */
  interrupted?: boolean;
  /**
   * What made the report incomplete or wrong, one line each: an input that could not be read
   * to its end (a truncated `.gz`); in a merged report also a shard missing or given twice.
   */
  faults?: string[];
}

/**
 * The result with each problem placed in its file: a problem of an NDJSON line without a line
 * of its own gets the result's line (and column 1 without a column: a problem found across
 * payloads, or a line too long to read, is placed at its payload). Nothing is copied when
 * every problem is placed already.
 *
 * @param result A result.
 * @returns The same result, or a copy whose problems all carry `line` and `column`.
 * @example placeProblems({ source: 'a.ndjson:3', file: 'a.ndjson', line: 3, kind: 'order', problems: [{ rule: 'type', severity: 'error', path: '/x', message: 'm', column: 9 }] }).problems[0]; // { ..., line: 3, column: 9 }
 */
export function placeProblems(result: LintResult): LintResult {
  const line = result.line;
  if (line === undefined || result.problems.every((p) => p.line !== undefined && p.column !== undefined)) return result;
  const problems = result.problems.map((p): LocatedProblem => {
    if (p.line !== undefined && p.column !== undefined) return p;
    const { line: _line, column, ...rest } = p;
    return { ...rest, line: p.line ?? line, column: column ?? 1 };
  });
  return { ...result, problems };
}

/**
 * Where a problem is, as editors and terminals open it: `file.json:12:5`, `file.ndjson:3:17`,
 * or the file alone when the position is not known. Not escaped.
 *
 * @param result The problem's result.
 * @param problem The problem (placed: see `placeProblems`).
 * @returns The location.
 * @example problemLocation(result, { ...problem, line: 12, column: 5 }); // 'order.json:12:5'
 */
export function problemLocation(result: LintResult, problem: LocatedProblem): string {
  if (problem.line === undefined) return result.file;
  return problem.column === undefined ? `${result.file}:${problem.line}` : `${result.file}:${problem.line}:${problem.column}`;
}

/**
 * Creates an empty summary.
 *
 * @returns A summary with zero counts.
 */
export function emptySummary(): LintSummary {
  return { payloads: 0, errors: 0, warnings: 0, byRule: {} };
}

/**
 * Adds the problems of one payload to a summary: those listed and those counted only.
 *
 * @param summary The summary to update.
 * @param problems The problems listed.
 * @param omitted The problems past `--max-problems-per-payload`.
 */
export function countProblems(summary: LintSummary, problems: readonly Problem[], omitted?: ProblemTally): void {
  countInto(summary, problems);
  if (omitted === undefined) return;
  summary.errors += omitted.errors;
  summary.warnings += omitted.warnings;
  summary.omitted = (summary.omitted ?? 0) + omitted.errors + omitted.warnings;
  for (const rule of Object.keys(omitted.byRule)) summary.byRule[rule] = (summary.byRule[rule] ?? 0) + omitted.byRule[rule]!;
}

/**
 * A tally with `problems` added (a new object; `tally` is left as it is).
 *
 * @param tally What was counted so far, if anything.
 * @param problems More problems to count.
 * @returns The sum.
 * @example tallied(undefined, [{ rule: 'type', severity: 'error', path: '', message: '' }]); // { errors: 1, warnings: 0, byRule: { type: 1 } }
 */
export function tallied(tally: ProblemTally | undefined, problems: readonly Problem[]): ProblemTally {
  const out: ProblemTally = { errors: tally?.errors ?? 0, warnings: tally?.warnings ?? 0, byRule: { ...tally?.byRule } };
  countInto(out, problems);
  return out;
}

/** Adds each problem to counts by severity and by rule (a summary's or a tally's). */
function countInto(counts: ProblemTally, problems: readonly Problem[]): void {
  for (const p of problems) {
    if (p.severity === 'error') counts.errors++;
    else counts.warnings++;
    counts.byRule[p.rule] = (counts.byRule[p.rule] ?? 0) + 1;
  }
}

/**
 * How many problems of a result were counted but not listed.
 *
 * @param result A result.
 * @returns The count (0 when every problem is listed).
 * @example omittedCount({ ...result, omitted: { errors: 2, warnings: 1, byRule: { type: 3 } } }); // 3
 */
export function omittedCount(result: LintResult): number {
  const { omitted } = result;
  return omitted === undefined ? 0 : typeof omitted === 'number' ? omitted : omitted.errors + omitted.warnings;
}

/**
 * The line where a payload's problems not listed are reported: its NDJSON line, else (a
 * document, an element of a top-level array) the line of its last problem listed.
 *
 * @param result A payload's result.
 * @returns The 1-based line, or undefined when nothing places it.
 * @example omittedLine({ ...result, line: undefined, problems: [{ ...p, line: 12 }] }); // 12
 */
export function omittedLine(result: LintResult): number | undefined {
  return result.line ?? result.problems.at(-1)?.line;
}

/**
 * A copy of the summary with `byRule` sorted by rule id (stable output).
 *
 * @param summary The summary.
 * @returns The sorted copy.
 */
export function sortedSummary(summary: LintSummary): LintSummary {
  const byRule: Record<string, number> = {};
  for (const id of Object.keys(summary.byRule).sort()) byRule[id] = summary.byRule[id]!;
  return {
    payloads: summary.payloads,
    errors: summary.errors,
    warnings: summary.warnings,
    byRule,
    ...(summary.omitted ? { omitted: summary.omitted } : {}),
    ...(summary.shard ? { shard: { ...summary.shard } } : {}),
    ...(summary.fixed !== undefined ? { fixed: summary.fixed } : {}),
    ...(summary.interrupted ? { interrupted: true } : {}),
    ...(summary.faults?.length ? { faults: [...summary.faults] } : {}),
  };
}

/** What an interrupted run's report says (SARIF, JUnit and github name it as they name a fault). */
export const INTERRUPTED = 'The run was interrupted before the end of its input; the report lists what was linted before.';

/**
 * Why a report is incomplete, one line each: the interruption, then each fault.
 *
 * @param summary The run's (or the merge's) summary.
 * @returns The lines; none for a complete run.
 * @example incomplete({ payloads: 1, errors: 0, warnings: 0, byRule: {}, interrupted: true }); // [INTERRUPTED]
 */
export function incomplete(summary: LintSummary): string[] {
  return [...(summary.interrupted ? [INTERRUPTED] : []), ...(summary.faults ?? [])];
}

/**
 * A count with its thousands grouped, as `toLocaleString('en-US')` writes it (`12,345`),
 * without loading ICU's number formats: about 20 ms at the end of every run.
 *
 * @param n A count (a non-negative integer).
 * @returns Its digits, grouped by commas.
 * @example grouped(1234567); // '1,234,567'
 */
export function grouped(n: number): string {
  const digits = String(n);
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/**
 * `1 payload`, `2 problems`: a count with its noun, thousands grouped.
 *
 * @param n The count.
 * @param word The noun in the singular.
 * @param words The noun in the plural (default: `word` + s).
 * @returns The phrase.
 */
export function plural(n: number, word: string, words = word + 's'): string {
  return `${grouped(n)} ${n === 1 ? word : words}`;
}

/**
 * The one-line summary of a run: `✖ 3 problems (2 errors, 1 warning) in 100 payloads`, or
 * `✔ No problems in 100 payloads`, with the problems not listed, the shard, the fixes and an
 * interruption when there are any. It holds no text of a payload or a file name.
 *
 * @param summary The totals.
 * @returns The line, without a newline.
 * @example summaryLine({ payloads: 2, errors: 0, warnings: 0, byRule: {} }); // '✔ No problems in 2 payloads'
 */
export function summaryLine(summary: LintSummary): string {
  const { errors, warnings, payloads } = summary;
  const total = errors + warnings;
  let line = total === 0
    ? `✔ No problems in ${plural(payloads, 'payload')}`
    : `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')}) in ${plural(payloads, 'payload')}`;
  if (summary.shard) {
    const { index, count, otherPayloads } = summary.shard;
    line += ` of shard ${index}/${count} (${plural(otherPayloads, 'payload')} in other shards)`;
  }
  if (summary.omitted) line += `; ${grouped(summary.omitted)} not listed (--max-problems-per-payload)`;
  if (summary.fixed !== undefined) line += `; ${plural(summary.fixed, 'fix', 'fixes')} applied`;
  if (summary.interrupted) line += '; interrupted before the end of the input';
  if (summary.faults?.length) line += `; incomplete (${plural(summary.faults.length, 'fault')})`;
  // Counts only; escaped all the same, as every line the CLI prints.
  return escapeControls(line + '.');
}
