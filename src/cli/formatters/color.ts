/**
 * Colours for the terminal: whether to use them, and the styles themselves.
 */
import * as util from 'node:util';

/** The styles stylish uses. */
export type Style = 'red' | 'yellow' | 'green' | 'dim' | 'underline' | 'bold';

/**
 * Whether to colour a report: `--color` / `--no-color` win; then `NO_COLOR` (any non-empty
 * value: off) and `FORCE_COLOR` (any value but `0`: on), as https://no-color.org and Node
 * read them; else colour only a terminal.
 *
 * @param flag `true` for `--color`, `false` for `--no-color`, undefined for neither.
 * @param env The environment.
 * @param isTTY The report goes to a terminal.
 * @returns Whether to colour.
 * @example colorWanted(undefined, { NO_COLOR: '1' }, true); // false
 */
export function colorWanted(flag: boolean | undefined, env: Readonly<Record<string, string | undefined>>, isTTY: boolean): boolean {
  if (flag !== undefined) return flag;
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return isTTY;
}

/**
 * Styles text with `util.styleText` (Node 20.12 and later; the same `util.inspect.colors`
 * codes before). The caller has decided to colour (`colorWanted`): styleText is told not to
 * look at process.stdout, which need not be where the report goes.
 *
 * @param style A style.
 * @param text The text.
 * @returns The text between the style's ANSI codes.
 * @example paint('red', 'error'); // '\u001b[31merror\u001b[39m'
 */
export function paint(style: Style, text: string): string {
  if (typeof util.styleText === 'function') return util.styleText(style, text, { validateStream: false });
  const [open, close] = util.inspect.colors[style]!;
  return `\u001b[${open}m${text}\u001b[${close}m`;
}
