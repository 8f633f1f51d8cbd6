/**
 * What the `lint` command produces: one result per payload with problems, and a summary.
 */
import type { PayloadKind, Problem } from '../lint/types';

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
  /** The kind the payload was linted as; `null` for input that did not parse (without `--kind`). */
  readonly kind: PayloadKind | null;
  /** The problems, never empty. */
  readonly problems: readonly Problem[];
}

/** Totals of one run. */
export interface LintSummary {
  /** Payloads read, including those that did not parse. */
  payloads: number;
  /** Problems of severity `error`. */
  errors: number;
  /** Problems of severity `warn`. */
  warnings: number;
  /** Problems by rule id (errors and warnings), sorted by id. */
  byRule: Record<string, number>;
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
 * Adds the problems of one payload to a summary.
 *
 * @param summary The summary to update.
 * @param problems The problems of the payload.
 */
export function countProblems(summary: LintSummary, problems: readonly Problem[]): void {
  for (const p of problems) {
    if (p.severity === 'error') summary.errors++;
    else summary.warnings++;
    summary.byRule[p.rule] = (summary.byRule[p.rule] ?? 0) + 1;
  }
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
  return { payloads: summary.payloads, errors: summary.errors, warnings: summary.warnings, byRule };
}
