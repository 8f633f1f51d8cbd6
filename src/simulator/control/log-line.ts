/**
 * The request log of `fulfilkit serve` and `fulfilkit proxy` (`--log pretty|json|off`): one
 * line per request with time, method, path, operation, status, milliseconds and
 * requestReference. Never a header, a query, a key or a body; text that came from the
 * caller (method, path, requestReference) is cut at 200 characters (`…` marks the cut) and
 * escaped, so a line cannot forge another or drive the terminal; a pretty requestReference
 * with a space or a quote is quoted, so the fields stay apart.
 */
import { escapeControls, jsonText } from '../../cli/escape';
import type { SimulatorRequestEvent } from '../types';

/** The formats of `--log`. */
export const LOG_FORMATS = ['pretty', 'json', 'off'] as const;

/** A `--log` format. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Characters (code points) of caller text shown; a longer text is cut (a 10 MiB requestReference must not make a 10 MiB log line). */
const SHOWN = 200;

/** The first SHOWN code points and `…` when there are more (never inside a surrogate pair); else the text. */
function cut(text: string): string {
  if (text.length <= SHOWN) return text;
  let end = 0;
  for (let shown = 0; shown < SHOWN && end < text.length; shown++) end += text.codePointAt(end)! > 0xffff ? 2 : 1;
  return end < text.length ? `${text.slice(0, end)}…` : text;
}

/**
 * Formats one request of the log.
 *
 * @param event The request.
 * @param format `pretty` (words separated by spaces, `-` for what is unknown) or `json` (one object).
 * @returns The line, with its newline.
 * @example requestLogLine({ time: 0, method: 'GET', path: '/_fulfilkit/health', operation: 'control', status: 200, ms: 0.42 }, 'pretty');
 * // '1970-01-01T00:00:00.000Z GET /_fulfilkit/health control 200 0.4ms -\n'
 */
export function requestLogLine(event: SimulatorRequestEvent, format: Exclude<LogFormat, 'off'>): string {
  const time = new Date(event.time).toISOString();
  const ms = Math.round(event.ms * 10) / 10;
  // Caller text: method, path and requestReference.
  const method = cut(event.method);
  const path = cut(event.path);
  const reference = event.requestReference === undefined ? undefined : cut(event.requestReference);
  if (format === 'json') {
    return `${jsonText({ time, method, path, operation: event.operation ?? null, status: event.status ?? null, ms, requestReference: reference ?? null })}\n`;
  }
  const fields = [time, method, path, event.operation ?? '-', event.status === undefined ? 'dropped' : String(event.status), `${ms}ms`];
  return `${[...fields, reference === undefined ? '-' : quoted(reference)].map(escapeControls).join(' ')}\n`;
}

/** A requestReference that would not read as one field (a space, a quote, a backslash, empty or `-`) in double quotes, JSON-string style; else as it is. */
function quoted(reference: string): string {
  // trim() removes exactly the characters JavaScript calls white space (no regular expression on caller text).
  const plain = reference !== '' && reference !== '-' && ![...reference].some((char) => char.trim() === '' || char === '"' || char === '\\');
  return plain ? reference : `"${reference.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
