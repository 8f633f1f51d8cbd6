/**
 * GitHub Actions workflow commands: each problem becomes an annotation on the run; with
 * `$GITHUB_STEP_SUMMARY`, a Markdown summary on the run's page too.
 */
import { appendFileSync } from 'node:fs';
import { escapeControls, escapeMarkdown } from '../escape';
import type { LocatedProblem } from '../result';
import { grouped, incomplete, omittedCount, omittedLine, plural, problemLocation, sortedSummary, summaryLine } from '../result';
import { defineFormatter } from './define-formatter';
import type { FormatOptions } from './types';

/** Problems the step summary lists (the annotations list them all). */
export const SUMMARY_PROBLEMS = 50;

/** Escapes the message of a workflow command (`%`, CR, LF). */
export function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escapes a property value of a workflow command (the data escapes plus `:` and `,`). */
export function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/** What the step summary needs from the run: the first problems, and the severities seen per rule. */
interface GithubState {
  readonly first: { readonly location: string; readonly pointer: string; readonly problem: LocatedProblem }[];
  readonly severities: Map<string, Set<string>>;
}

const severityName = (p: LocatedProblem) => (p.severity === 'error' ? 'error' : 'warning');

/**
 * The Markdown of the step summary: the summary line, a table of the problems by rule (with
 * the severities they had), and the first problems (location, pointer, severity, message,
 * rule). Every text is escaped for Markdown (`escapeMarkdown`: pipes, backticks, HTML and
 * controls cannot break the tables or reach the page as markup).
 *
 * @param options The run's options (its final summary).
 * @param state What the run saw.
 * @returns Markdown, ending with a blank line.
 */
function stepSummary(options: FormatOptions, state: GithubState): string {
  const summary = sortedSummary(options.summary);
  let out = `### fulfilkit\n\n${escapeMarkdown(summaryLine(summary))}\n\n`;
  const rules = Object.keys(summary.byRule);
  if (rules.length === 0) return out;
  out += '| Rule | Severity | Problems |\n| --- | --- | ---: |\n';
  for (const rule of rules) {
    // Severities as listed: a rule whose problems were all past --max-problems-per-payload (or a merge's omitted) has none to show.
    const severities = [...(state.severities.get(rule) ?? [])].sort().join(', ') || 'not listed';
    out += `| ${escapeMarkdown(rule)} | ${severities} | ${grouped(summary.byRule[rule]!)} |\n`;
  }
  const total = summary.errors + summary.warnings;
  out += `\n${total > state.first.length ? `The first ${plural(state.first.length, 'problem')} of ${grouped(total)}` : 'The problems'}:\n\n`;
  out += '| Location | Pointer | Severity | Message | Rule |\n| --- | --- | --- | --- | --- |\n';
  for (const { location, pointer, problem } of state.first) {
    const cells = [location, pointer === '' ? '(root)' : pointer, severityName(problem), problem.message, problem.rule];
    out += `| ${cells.map(escapeMarkdown).join(' | ')} |\n`;
  }
  return out + '\n';
}

/**
 * One workflow command per problem, which GitHub Actions shows as an annotation:
 * `::error file=orders.ndjson,line=3,col=17,title=fulfilkit enum::/clientRequest/order/shipServiceLevel: message`
 * (`::warning` for warnings; no `file` for stdin; `line` and `col` where the member is), and
 * one `::notice` for a payload with problems past `--max-problems-per-payload`. Text from
 * the payload, a file name or a report read back by `merge` (its rule ids too) has its
 * controls escaped (`escapeControls`: no newline, escape sequence or bidi control reaches
 * the log), then everything is escaped as the runner
 * expects (`%25`, `%0D`, `%0A`, and `%3A`, `%2C` in properties): one line per command.
 * The summary line goes to stderr like for every other format. An interrupted or faulted
 * run ends with an `::error title=fulfilkit::` line for each reason. When `GITHUB_STEP_SUMMARY`
 * names a file (`options.env`), a Markdown summary is appended to it (the run's page shows
 * it): the counts by rule and severity and the first 50 problems as tables. If that file
 * cannot be written, a `::warning` says so, and a line on stderr (`options.warn`).
 *
 * @example
 * process.stdout.write(github(results, { ...options, env: process.env }));
 */
export const github = defineFormatter({
  state: (): GithubState => ({ first: [], severities: new Map() }),
  header: () => '',
  result(result, _index, _options, state) {
    const file = result.file === '<stdin>' ? [] : [`file=${escapeProperty(escapeControls(result.file))}`];
    // The pointer into the file: an element of a top-level array is prefixed by its index.
    const prefix = result.index === undefined ? '' : '/' + result.index;
    let out = '';
    for (const p of result.problems) {
      const at = [...(p.line === undefined ? [] : [`line=${p.line}`]), ...(p.column === undefined ? [] : [`col=${p.column}`])];
      const props = [...file, ...at, `title=${escapeProperty(escapeControls(`fulfilkit ${p.rule}`))}`].join(',');
      const pointer = prefix + p.path;
      out += `::${severityName(p)} ${props}::${escapeData(escapeControls(`${pointer === '' ? '(root)' : pointer}: ${p.message}`))}\n`;
      if (state.first.length < SUMMARY_PROBLEMS) state.first.push({ location: problemLocation(result, p), pointer, problem: p });
      let seen = state.severities.get(p.rule);
      if (!seen) state.severities.set(p.rule, (seen = new Set()));
      seen.add(severityName(p));
    }
    const more = omittedCount(result);
    if (more > 0) {
      const line = omittedLine(result);
      const props = [...file, ...(line === undefined ? [] : [`line=${line}`]), 'title=fulfilkit'].join(',');
      out += `::notice ${props}::${escapeData(`${plural(more, 'more problem')} in this payload not listed (--max-problems-per-payload).`)}\n`;
    }
    return out;
  },
  footer(options, state) {
    // The run itself failed: an annotation CI shows as an error, whatever the problems.
    const errors = incomplete(options.summary).map((text) => `::error title=fulfilkit::${escapeData(escapeControls(text))}\n`).join('');
    const path = options.env?.GITHUB_STEP_SUMMARY;
    if (!path) return errors;
    try {
      appendFileSync(path, stepSummary(options, state));
      return errors;
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      const why = typeof code === 'string' ? code : 'write failed';
      // On the run's page and on stderr, as any optional output that cannot be written; the exit code stays.
      options.warn?.(`fulfilkit: warning: cannot write the step summary to $GITHUB_STEP_SUMMARY (${path}): ${why}.`);
      return `${errors}::warning title=fulfilkit::${escapeData(`Cannot write the step summary to $GITHUB_STEP_SUMMARY (${why}).`)}\n`;
    }
  },
});
