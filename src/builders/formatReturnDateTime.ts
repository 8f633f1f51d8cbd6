import { instantOf, offsetOf, writeOffset, type DateInput } from './_lib/dates';
import { isAbsent, record } from './_lib/errors';

/**
 * Options of {@link formatReturnDateTime}.
 *
 * @example
 * const options: ReturnDateTimeOptions = { offsetMinutes: 60 };
 * formatReturnDateTime('2026-03-01T10:00:00Z', options); // '2026-03-01T11:00:00 +01.00'
 */
export interface ReturnDateTimeOptions {
  /**
   * Offset in minutes east of UTC (`60` → `+01.00`). Default: the offset of `date`
   * when it is text with one (the spec's ` ±hh.mm` or ISO 8601's `±hh:mm`, kept as
   * written), else `0` (`+00.00`).
   */
  offsetMinutes?: number | undefined;
}

/**
 * Formats a point in time as the returns portal's `rma.dateTimeOrder`:
 * `YYYY-MM-DDThh:mm:ss ±hh.mm` (the spec writes `yyyy-mm-ddT00:00:00 +00.00`).
 * Accepts the original order's date-time as sent in any order version, so a v1.2
 * `…Z` date-time becomes `… +00.00`.
 *
 * @param date A `Date`, epoch milliseconds, or date-time text: an order date-time of
 *   any version, `YYYY-MM-DD` (midnight UTC), or ISO 8601 with `Z` or an offset.
 * @param options `offsetMinutes`.
 * @returns The date-time text.
 * @throws {TypeError} When `date` is of a wrong type.
 * @throws {RangeError} When `date` is not a real date or the offset is out of ±14 h.
 * @example
 * formatReturnDateTime('2026-02-20T09:15:00Z'); // '2026-02-20T09:15:00 +00.00'
 * formatReturnDateTime('2026-02-20T10:15:00 +01.00'); // '2026-02-20T10:15:00 +01.00'
 * formatReturnDateTime('2026-02-20T10:15:00+05:30'); // '2026-02-20T10:15:00 +05.30'
 * formatReturnDateTime(new Date('2026-02-20T09:15:00Z'), { offsetMinutes: -300 }); // '2026-02-20T04:15:00 -05.00'
 */
export function formatReturnDateTime(date: DateInput, options: ReturnDateTimeOptions = {}): string {
  const instant = instantOf(date, 'date');
  const offsetMinutes = isAbsent(options) ? undefined : record(options, 'options').offsetMinutes;
  const offset = isAbsent(offsetMinutes) ? (instant.offsetMinutes ?? 0) : offsetOf(offsetMinutes, 'options.offsetMinutes');
  return writeOffset(instant.ms, offset, 'date');
}
