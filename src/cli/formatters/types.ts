/**
 * The formatter contract. A formatter is a pure function from results to text (Spectral
 * style), made of three pure parts so that the CLI can stream: `header` once, `result` per
 * payload with problems as soon as it is linted, `footer` once with the totals.
 */
import type { Rule } from '../../lint/define-rule';
import type { LintResult, LintSummary } from '../result';

/** What every part of a formatter gets. */
export interface FormatOptions {
  /** Totals of the run (every payload, not only those with problems); final in `footer`. */
  readonly summary: LintSummary;
  /** The rule registry (SARIF lists it as the tool's rules). */
  readonly rules: readonly Rule[];
  /** The fulfilkit version. */
  readonly toolVersion: string;
  /** Colour the output with ANSI styles (stylish only); the caller decides (`colorWanted`). */
  readonly color?: boolean;
  /** The environment (`GITHUB_STEP_SUMMARY` for `github`); default: none. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The run's time in seconds, set before the footer (JUnit's `time`); without it JUnit measures its own. */
  time?: number;
  /** The batch rules the run had on (the json report says which, so that merge can tell what it cannot join). */
  readonly batchRules?: readonly string[];
  /** Writes a line on stderr: an optional output that could not be written (the step summary). */
  readonly warn?: (line: string) => void;
}

/**
 * The streaming parts of a formatter; each returns text to write (possibly empty). A
 * formatter that needs to remember something over a run (counts, the first problems) gets
 * its own state, made by `state` when the header is written.
 */
export interface FormatterParts<S = undefined> {
  /** Makes the state of one run (before its header). */
  state?(options: FormatOptions): S;
  /** Text before the first result. */
  header(options: FormatOptions, state: S): string;
  /**
   * The text of one payload with problems.
   *
   * @param result The payload's problems, each with its line and column when known.
   * @param index How many results were written before this one (0 for the first).
   * @param options The options (the summary is not final yet).
   * @param state The run's state.
   */
  result(result: LintResult, index: number, options: FormatOptions, state: S): string;
  /** Text after the last result; `options.summary` holds the final totals. */
  footer(options: FormatOptions, state: S): string;
}

/** A formatter: call it with all results for the whole text, or use its parts to stream. */
export interface Formatter {
  (results: readonly LintResult[], options: FormatOptions): string;
  /** Text before the first result (starts a run: a run is told apart by its options object). */
  header(options: FormatOptions): string;
  /** The text of one payload with problems. */
  result(result: LintResult, index: number, options: FormatOptions): string;
  /** Text after the last result. */
  footer(options: FormatOptions): string;
}
