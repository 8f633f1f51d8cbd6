/**
 * Machine-readable output: one JSON document.
 */
import type { LintResult } from '../result';
import { sortedSummary } from '../result';
import type { FormatOptions } from './types';

/**
 * Formats results as one JSON document:
 * `{ "results": [{ "source", "kind", "problems" }], "summary": { "payloads", "errors", "warnings", "byRule" } }`.
 * `results` lists the payloads that have problems, in input order; `summary.payloads` counts all.
 *
 * @param results The payloads with problems.
 * @param options The summary.
 * @returns The JSON text, ending with a newline.
 * @example
 * const { results, summary } = JSON.parse(json(results, options));
 */
export function json(results: readonly LintResult[], options: FormatOptions): string {
  const doc = {
    results: results.map((r) => ({ source: r.source, kind: r.kind, problems: r.problems })),
    summary: sortedSummary(options.summary),
  };
  return JSON.stringify(doc) + '\n';
}
