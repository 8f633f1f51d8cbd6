/**
 * ESLint-like text output, grouped by source.
 */
import type { LintResult } from '../result';
import type { FormatOptions } from './types';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** ANSI styles; identity functions when colour is off. */
function styles(color: boolean) {
  const wrap = (open: number, close: number) => (s: string) => (color ? `\u001b[${open}m${s}\u001b[${close}m` : s);
  return { red: wrap(31, 39), yellow: wrap(33, 39), green: wrap(32, 39), dim: wrap(2, 22), underline: wrap(4, 24), bold: wrap(1, 22) };
}

/**
 * Formats results as text: a block per source with `path  severity  message  rule`
 * lines (columns aligned), then "✖ N problems (E errors, W warnings)".
 *
 * @param results The payloads with problems.
 * @param options Summary and colour.
 * @returns The text, ending with a newline.
 * @example
 * process.stdout.write(stylish(results, { summary, rules: RULES, toolVersion: '0.1.0' }));
 */
export function stylish(results: readonly LintResult[], options: FormatOptions): string {
  const s = styles(options.color === true);
  let out = '';
  for (const result of results) {
    const rows = result.problems.map((p) => [p.path === '' ? '(root)' : p.path, p.severity === 'error' ? 'error' : 'warning', p.message, p.rule] as const);
    const width = [0, 0, 0];
    for (const row of rows) for (let i = 0; i < 3; i++) width[i] = Math.max(width[i]!, row[i]!.length);
    out += `\n${s.underline(result.source)}\n`;
    for (const [path, severity, message, rule] of rows) {
      const sev = severity === 'error' ? s.red(severity.padEnd(width[1]!)) : s.yellow(severity.padEnd(width[1]!));
      out += `  ${s.dim(path.padEnd(width[0]!))}  ${sev}  ${message.padEnd(width[2]!)}  ${s.dim(rule)}\n`;
    }
  }
  const { errors, warnings, payloads } = options.summary;
  const total = errors + warnings;
  if (total === 0) return `${s.green('✔')} No problems (${plural(payloads, 'payload')}).\n`;
  const line = `✖ ${plural(total, 'problem')} (${plural(errors, 'error')}, ${plural(warnings, 'warning')})`;
  return `${out}\n${s.bold(errors > 0 ? s.red(line) : s.yellow(line))}\n`;
}
