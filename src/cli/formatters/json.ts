/**
 * Machine-readable output: one JSON document, written a result at a time.
 */
import { sortedSummary } from '../result';
import { defineFormatter } from './define-formatter';

/**
 * One JSON document:
 * `{ "results": [{ "source", "kind", "problems" }], "summary": { "payloads", "errors", "warnings", "byRule" } }`.
 * `results` lists the payloads that have problems, in input order; `summary.payloads` counts
 * all. Streamed: the header opens `results`, each result is one line, the footer closes the
 * list and adds the summary, so any prefix cut at a line end is the start of the document.
 *
 * @example
 * const { results, summary } = JSON.parse(json(results, options));
 */
export const json = defineFormatter({
  header: () => '{"results":[\n',
  result: (r, index) => (index === 0 ? '' : ',\n') + JSON.stringify({ source: r.source, kind: r.kind, problems: r.problems }),
  footer: (options) => `\n],"summary":${JSON.stringify(sortedSummary(options.summary))}}\n`,
});
