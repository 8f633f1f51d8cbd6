/**
 * ESLint-like text output, grouped by source.
 */
import { escapeControls } from '../escape';
import type { LintResult } from '../result';
import { omittedCount, plural, problemLocation, summaryLine } from '../result';
import { paint, type Style } from './color';
import { defineFormatter } from './define-formatter';

/** The styles, or identity functions when colour is off. */
function styles(color: boolean): (style: Style, text: string) => string {
  return color ? paint : (_style, text) => text;
}

/**
 * Text output: a block per source with `file:line:column  path  severity  message  rule`
 * lines (columns aligned within the block; `file.json:12:5` opens at the member in editors
 * and terminals) and, past `--max-problems-per-payload`, "... and 1,234 more problems";
 * then the summary line, e.g. "✖ 3 problems (2 errors, 1 warning) in 5 payloads.". Sources,
 * file names, paths, messages and rule ids (a report read back by `merge` comes from outside)
 * are shown with their controls escaped (`escapeControls`).
 * Colours (`options.color`) come from `util.styleText`.
 *
 * @example
 * process.stdout.write(stylish(results, { summary, rules: RULES, toolVersion: '0.1.0' }));
 */
export const stylish = defineFormatter({
  header: () => '',
  result(result: LintResult, _index, options) {
    const s = styles(options.color === true);
    const rows = result.problems.map((p) => [escapeControls(problemLocation(result, p)), p.path === '' ? '(root)' : escapeControls(p.path), p.severity === 'error' ? 'error' : 'warning', escapeControls(p.message), escapeControls(p.rule)] as const);
    const width = [0, 0, 0, 0];
    for (const row of rows) for (let i = 0; i < 4; i++) width[i] = Math.max(width[i]!, row[i]!.length);
    let out = `\n${s('underline', escapeControls(result.source))}\n`;
    for (const [at, path, severity, message, rule] of rows) {
      const sev = s(severity === 'error' ? 'red' : 'yellow', severity.padEnd(width[2]!));
      out += `  ${at.padEnd(width[0]!)}  ${s('dim', path.padEnd(width[1]!))}  ${sev}  ${message.padEnd(width[3]!)}  ${s('dim', rule)}\n`;
    }
    const more = omittedCount(result);
    if (more > 0) out += `  ... and ${plural(more, 'more problem')}\n`;
    return out;
  },
  footer(options) {
    const s = styles(options.color === true);
    const { errors, warnings } = options.summary;
    const line = summaryLine(options.summary);
    if (errors + warnings === 0) return `${s('green', line.slice(0, 1))}${line.slice(1)}\n`;
    return `\n${s('bold', s(errors > 0 ? 'red' : 'yellow', line))}\n`;
  },
});
