/**
 * The request log of `fulfilkit serve` and `fulfilkit proxy` (`--log pretty|json|off`): one
 * line per request with time, method, path, operation, status, milliseconds and
 * requestReference. Never a header, a query, a key or a body; text that came from the
 * caller is escaped, so a line cannot forge another or drive the terminal.
 */
import { escapeControls, jsonText } from '../../cli/escape';
import type { SimulatorRequestEvent } from '../types';

/** The formats of `--log`. */
export const LOG_FORMATS = ['pretty', 'json', 'off'] as const;

/** A `--log` format. */
export type LogFormat = (typeof LOG_FORMATS)[number];

/** Caller text longer than this is cut (a 10 MiB requestReference must not make a 10 MiB log line). */
const SHOWN = 200;

function cut(text: string): string {
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
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
  const path = cut(event.path);
  const reference = event.requestReference === undefined ? undefined : cut(event.requestReference);
  if (format === 'json') {
    return `${jsonText({ time, method: event.method, path, operation: event.operation ?? null, status: event.status ?? null, ms, requestReference: reference ?? null })}\n`;
  }
  const fields = [time, event.method, path, event.operation ?? '-', event.status === undefined ? 'dropped' : String(event.status), `${ms}ms`, reference ?? '-'];
  return `${fields.map(escapeControls).join(' ')}\n`;
}
