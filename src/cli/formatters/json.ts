/**
 * Machine-readable output: one JSON document, written a result at a time.
 */
import { jsonText } from '../escape';
import { omittedCount, sortedSummary } from '../result';
import { defineFormatter } from './define-formatter';

/**
 * One JSON document:
 * `{ "results": [{ "source", "file", "line"?, "index"?, "input"?, "requestReference"?, "kind", "problems", "omitted"? }], "summary": { "payloads", "errors", "warnings", "byRule", "omitted"?, "faults"? }, "batchRules"? }`.
 * `results` lists the payloads that have problems, in input order; `summary.payloads` counts
 * all. `file` is the input as given (or `<stdin>`), `line` the NDJSON line, `index` the
 * element of a top-level array, `input` the file's place among the run's inputs and
 * `requestReference` the payload's (when a batch rule collected it). `summary.faults` says
 * what left the report incomplete; `batchRules` the batch rules it had on. No time: two runs
 * over the same input write the same bytes. Each problem has `rule`, `severity`, `path`, `message` (and
 * `params`, `fix` when it has them) and its `line` and `column` in the file. `omitted`
 * counts a payload's problems past `--max-problems-per-payload` (the summary counts them as
 * well). Strings are JSON-escaped (`jsonText`: controls, bidi controls, U+2028 and U+2029
 * as `\uXXXX`), so they parse back exactly and print safely. Streamed: the header opens
 * `results`, each result is one line, the footer closes the list and adds the summary, so
 * any prefix cut at a line end is the start of the document. `fulfilkit merge` reads it back.
 *
 * @example
 * const { results, summary } = JSON.parse(json(results, options));
 */
export const json = defineFormatter({
  header: () => '{"results":[\n',
  result(r, index) {
    const more = omittedCount(r);
    const at = r.line !== undefined ? { line: r.line } : r.index !== undefined ? { index: r.index } : {};
    const who = { ...(r.input !== undefined ? { input: r.input } : {}), ...(r.requestReference !== undefined ? { requestReference: r.requestReference } : {}) };
    return (index === 0 ? '' : ',\n') + jsonText({ source: r.source, file: r.file, ...at, ...who, kind: r.kind, problems: r.problems, ...(more > 0 ? { omitted: more } : {}) });
  },
  footer(options) {
    const { batchRules } = options;
    // After the summary, on its line: merge reads that line as one object.
    const run = batchRules ? { batchRules } : {};
    return `\n],${jsonText({ summary: sortedSummary(options.summary), ...run }).slice(1)}\n`;
  },
});
