/**
 * ESLint-like text output, grouped by source.
 */
import { escapeControls } from '../escape';
import type { LintResult } from '../result';
import { omittedCount, plural, summaryLine } from '../result';
import { defineFormatter } from './define-formatter';

/** ANSI styles; identity functions when colour is off. */
function styles(color: boolean) {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), underline: wrap(4, 24), bold: wrap(1, 22) };
}

/**
 * Text output: a block per source with `path  severity  message  rule` lines (columns
 * aligned within the block) and, past `--max-problems-per-payload`, "... and 1,234 more
 * problems"; then the summary line, e.g. "✖ 3 problems (2 errors, 1 warning) in 5 payloads.".
 * Sources, paths and messages are shown with their controls escaped (`escapeControls`).
 *
 * @example
 * process.stdout.write(stylish(results, { summary, rules: RULES, toolVersion: '0.1.0' }));
 */
export const stylish = defineFormatter({
  header: () => '',
  result(result: LintResult, _index, options) {
    const s = styles(options.color === true);
    const rows = result.problems.map((p) => [p.path === '' ? '(root)' : escapeControls(p.path), p.severity === 'error' ? 'error' : 'warning', escapeControls(p.message), p.rule] as const);
    const width = [0, 0, 0];
    for (const row of rows) for (let i = 0; i < 3; i++) width[i] = Math.max(width[i]!, row[i]!.length);
    let out = `\n${s.underline(escapeControls(result.source))}\n`;
    for (const [path, severity, message, rule] of rows) {
      const sev = severity === 'error' ? s.red(severity.padEnd(width[1]!)) : s.yellow(severity.padEnd(width[1]!));
      out += `  ${s.dim(path.padEnd(width[0]!))}  ${sev}  ${message.padEnd(width[2]!)}  ${s.dim(rule)}\n`;
    }
    const more = omittedCount(result);
    if (more > 0) out += `  ... and ${plural(more, 'more problem')}\n`;
    return out;
  },
  footer(options) {
    const s = styles(options.color === true);
    const { errors, warnings } = options.summary;
    const line = summaryLine(options.summary);
    if (errors + warnings === 0) return `${s.green(line.slice(0, 1))}${line.slice(1)}\n`;
    return `\n${s.bold(errors > 0 ? s.red(line) : s.yellow(line))}\n`;
  },
});
