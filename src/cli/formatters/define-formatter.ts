/**
 * Makes a formatter from its streaming parts.
 */
import type { LintResult } from '../result';
import type { FormatOptions, Formatter, FormatterParts } from './types';

/**
 * Creates a formatter: a pure function `(results, options) => string` that joins the
 * header, each result and the footer, and carries those parts for streaming output.
 *
 * @param parts The header, result and footer functions.
 * @returns The formatter.
 * @example
 * const names = defineFormatter({ header: () => '', result: (r) => r.source + '\n', footer: () => '' });
 * names(results, options); // 'orders.ndjson:3\n...'
 */
export function defineFormatter(parts: FormatterParts): Formatter {
  const whole = (results: readonly LintResult[], options: FormatOptions): string => {
    let out = parts.header(options);
    for (let i = 0; i < results.length; i++) out += parts.result(results[i]!, i, options);
    return out + parts.footer(options);
  };
  return Object.assign(whole, { header: parts.header, result: parts.result, footer: parts.footer });
}
