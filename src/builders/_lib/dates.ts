/**
 * Instants for the builders: read a `Date`, epoch milliseconds or date-time text,
 * and write it in the spec's formats from UTC fields, so the output never depends
 * on the time zone of the machine that builds the payload.
 */
// Subpath imports: the date-fns barrel loads all of date-fns (about 100 ms at import).
import { isValid } from 'date-fns/isValid';
import { parseISO } from 'date-fns/parseISO';
import { isDateInFormat } from '../../schema/predicates';
import { DATE_ONLY, DATE_TIME_OFFSET, DATE_TIME_UTC } from '../../schema/tables';
import { fail, isAbsent, readSafely } from './errors';

/**
 * A point in time as the builders accept it.
 *
 * @example
 * const when: DateInput = '2026-03-01T10:00:00Z'; // or a Date, or epoch milliseconds
 * formatOrderDateTime(when, '1.2'); // '2026-03-01T10:00:00Z'
 */
export type DateInput = Date | number | string;

/** An instant, with the offset its text was written in (minutes east of UTC), if any. */
export interface Instant {
  /** Milliseconds since the epoch (whole seconds are written). */
  readonly ms: number;
  /** The offset of the source text, for text with an offset (the spec's `±hh.mm`, or ISO 8601 `±hh:mm`, `±hhmm`, `±hh`). */
  readonly offsetMinutes?: number;
}

/** Longest date-time text read (`+275760-09-13T00:00:00.000+14:00` is 32 characters). */
const MAX_DATE_TEXT = 40;

/** Largest offset the spec's format can hold: ±14.00. */
const MAX_OFFSET = 14 * 60;

/** Checks an offset in minutes east of UTC (−840 … 840, whole minutes); absent is 0. */
export function offsetOf(value: unknown, field: string): number {
  if (isAbsent(value)) return 0;
  if (typeof value !== 'number') fail(field, 'must be a number of minutes east of UTC', TypeError);
  if (!Number.isInteger(value) || Math.abs(value) > MAX_OFFSET) fail(field, 'must be a whole number of minutes between -840 and 840');
  return value;
}

/**
 * Reads a date input: a valid `Date`, epoch milliseconds, text in one of the
 * spec's date-time formats (`…T…:…:… ±hh.mm`, `…T…:…:…Z`), a calendar date
 * `YYYY-MM-DD` (midnight UTC), or ISO 8601 text with `Z` or an offset (date-fns
 * `parseISO`). Text without a zone is refused: its instant would depend on the
 * machine's time zone; so is a zone above ±14:00, in either format.
 */
export function instantOf(value: unknown, field: string): Instant {
  if (readSafely(field, () => value instanceof Date)) {
    // Date's own getTime: a Proxy or a subclass cannot answer something else.
    let ms = Number.NaN;
    try {
      ms = Date.prototype.getTime.call(value);
    } catch {
      fail(field, 'must be a valid date');
    }
    if (!isValid(ms)) fail(field, 'must be a valid date');
    return { ms };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || !isValid(new Date(value))) fail(field, 'must be a valid time in milliseconds since 1970');
    return { ms: value };
  }
  if (typeof value !== 'string') {
    fail(field, value === undefined || value === null ? 'is required' : 'must be a Date, a number or date-time text', TypeError);
  }
  // ISO 8601 text is short; a cap keeps every check below (and date-fns) linear in the input.
  if (value.length > MAX_DATE_TEXT) fail(field, `must be date-time text of at most ${MAX_DATE_TEXT} characters`);
  // The spec's shapes pick the message; the shared predicate decides.
  if (DATE_TIME_OFFSET.pattern.test(value)) {
    const offsetMinutes = zoneOffset(value, 20, field);
    if (!isDateInFormat(value, DATE_TIME_OFFSET)) fail(field, 'must be a real date and time');
    // The wall-clock part read as UTC, then moved back by the offset.
    const local = Date.parse(`${value.slice(0, 19)}Z`);
    return { ms: local - offsetMinutes * 60_000, offsetMinutes };
  }
  if (DATE_TIME_UTC.pattern.test(value) || DATE_ONLY.pattern.test(value)) {
    if (!isDateInFormat(value, DATE_TIME_UTC.pattern.test(value) ? DATE_TIME_UTC : DATE_ONLY)) fail(field, 'must be a real date');
    return { ms: Date.parse(DATE_ONLY.pattern.test(value) ? `${value}T00:00:00Z` : value) };
  }
  const zone = zoneStart(value);
  if (zone < 0) fail(field, 'must be date-time text with a zone (Z or an offset), a YYYY-MM-DD date, a Date or a number');
  // date-fns checks the minutes of an offset, never its hours (`+99` would move the instant 99 h).
  const offsetMinutes = value.charAt(zone) === 'Z' ? undefined : zoneOffset(value, zone, field);
  const parsed = parseISO(value);
  if (!isValid(parsed)) fail(field, 'must be ISO 8601 date-time text');
  // The text's offset is kept, as the spec's form keeps its own (`+05:30` is written ` +05.30`).
  return offsetMinutes === undefined ? { ms: parsed.getTime() } : { ms: parsed.getTime(), offsetMinutes };
}

/**
 * Where the zone after the time of date-time text starts: `Z`, or an offset `±hh`,
 * `±hhmm` or `±hh:mm` (a `-01` that ends a date such as `2026-01` is not a zone); -1 when none.
 */
function zoneStart(text: string): number {
  const n = text.length;
  const isDigit = (i: number) => text.charAt(i) >= '0' && text.charAt(i) <= '9';
  const isSign = (i: number) => text.charAt(i) === '+' || text.charAt(i) === '-';
  let zone = -1;
  if (text.charAt(n - 1) === 'Z') zone = n - 1;
  else if (isSign(n - 3) && isDigit(n - 2) && isDigit(n - 1)) zone = n - 3;
  else if (isSign(n - 5) && isDigit(n - 4) && isDigit(n - 3) && isDigit(n - 2) && isDigit(n - 1)) zone = n - 5;
  else if (isSign(n - 6) && isDigit(n - 5) && isDigit(n - 4) && text.charAt(n - 3) === ':' && isDigit(n - 2) && isDigit(n - 1)) zone = n - 6;
  const time = text.indexOf('T');
  return zone > 0 && time > 0 && time < zone ? zone : -1;
}

/**
 * The offset in minutes east of UTC written at `at` (`±hh`, then optional minutes after a
 * `.`, `:` or nothing), refused above ±14:00: the one check of every zone the builders read.
 */
function zoneOffset(text: string, at: number, field: string): number {
  const digits = text.slice(at + 1).replace(/[.:]/, '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  if (minutes > MAX_OFFSET) fail(field, 'must have a UTC offset of at most ±14:00');
  return text.charAt(at) === '-' ? -minutes : minutes;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** `YYYY-MM-DDThh:mm:ss` of an instant shifted by `offsetMinutes`, read from UTC fields. */
function wallClock(ms: number, offsetMinutes: number, field: string): string {
  const d = new Date(Math.floor(ms / 1000) * 1000 + offsetMinutes * 60_000);
  const year = d.getUTCFullYear();
  // NaN when the offset pushes the instant past the end of JavaScript time.
  if (!(year >= 0 && year <= 9999)) fail(field, 'must lie between the years 0000 and 9999');
  return `${pad(year, 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

/** Writes `YYYY-MM-DDThh:mm:ss ±hh.mm` (order v1/v1.1, returns). */
export function writeOffset(ms: number, offsetMinutes: number, field: string): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  return `${wallClock(ms, offsetMinutes, field)} ${sign}${pad(Math.floor(abs / 60))}.${pad(abs % 60)}`;
}

/** Writes `YYYY-MM-DDThh:mm:ssZ` (order v1.2). */
export function writeUtc(ms: number, field: string): string {
  return `${wallClock(ms, 0, field)}Z`;
}

/** Writes `YYYY-MM-DD` in UTC (card dates). */
export function writeDate(ms: number, field: string): string {
  return wallClock(ms, 0, field).slice(0, 10);
}
