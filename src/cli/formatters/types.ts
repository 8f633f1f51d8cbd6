/**
 * The formatter contract: a pure function from results to text.
 */
import type { Rule } from '../../lint/define-rule';
import type { LintResult, LintSummary } from '../result';

/** What every formatter gets besides the results. */
export interface FormatOptions {
  /** Totals of the run (every payload, not only those with problems). */
  readonly summary: LintSummary;
  /** The rule registry (SARIF lists it as the tool's rules). */
  readonly rules: readonly Rule[];
  /** The fulfilkit version. */
  readonly toolVersion: string;
  /** Colour the output with ANSI escapes (stylish only). */
  readonly color?: boolean;
}

/** A formatter: results and options in, the text to print out. */
export type Formatter = (results: readonly LintResult[], options: FormatOptions) => string;
