/**
 * Makes a formatter from its streaming parts.
 */
import type { LintResult } from '../result';
import { placeProblems } from '../result';
import type { FormatOptions, Formatter, FormatterParts } from './types';

/**
 * Creates a formatter: a pure function `(results, options) => string` that joins the
 * header, each result and the footer, and carries those parts for streaming output. Each
 * result reaches the parts with its problems placed (`placeProblems`: an NDJSON line's
 * problems carry the line's number). A formatter with `state` gets a fresh state each time
 * its header is written, kept for the run by its options object.
 *
 * @param parts The header, result and footer functions (and `state`).
 * @returns The formatter.
 * @example
 * const names = defineFormatter({ header: () => '', result: (r) => r.source + '\n', footer: () => '' });
 * names(results, options); // 'orders.ndjson:3\n...'
 */
export function defineFormatter<S = undefined>(parts: FormatterParts<S>): Formatter {
  const states = new WeakMap<FormatOptions, S>();
  const start = (options: FormatOptions): S => {
    const state = parts.state ? parts.state(options) : (undefined as S);
    states.set(options, state);
    return state;
  };
  const stateOf = (options: FormatOptions): S => (states.has(options) ? states.get(options)! : start(options));
  const header = (options: FormatOptions) => parts.header(options, start(options));
  const result = (r: LintResult, index: number, options: FormatOptions) => parts.result(placeProblems(r), index, options, stateOf(options));
  const footer = (options: FormatOptions) => parts.footer(options, stateOf(options));
  const whole = (results: readonly LintResult[], options: FormatOptions): string => {
    let out = header(options);
    for (let i = 0; i < results.length; i++) out += result(results[i]!, i, options);
    return out + footer(options);
  };
  return Object.assign(whole, { header, result, footer });
}
