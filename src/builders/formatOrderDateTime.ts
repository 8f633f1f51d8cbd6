import { DATE_TIME_UTC, ORDER_VERSION_FEATURES, ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { instantOf, offsetOf, writeOffset, writeUtc, type DateInput } from './_lib/dates';
import { isAbsent, oneOf, record } from './_lib/errors';

/**
 * Options of {@link formatOrderDateTime}.
 *
 * @example
 * const options: OrderDateTimeOptions = { offsetMinutes: 60 };
 * formatOrderDateTime('2026-03-01T10:00:00Z', '1.1', options); // '2026-03-01T11:00:00 +01.00'
 */
export interface OrderDateTimeOptions {
  /**
   * Offset in minutes east of UTC written in v1/v1.1 (`60` → `+01.00`); default `0`
   * (`+00.00`). v1.2 always writes UTC (`Z`), the same instant.
   */
  offsetMinutes?: number | undefined;
}

/**
 * Formats a point in time as an order date-time of a version: v1 and v1.1
 * `YYYY-MM-DDThh:mm:ss ±hh.mm` (space before the offset, dot inside it, as the spec
 * writes `+00.00`), v1.2 `YYYY-MM-DDThh:mm:ssZ` (UTC). Seconds are truncated. The
 * result never depends on the time zone of the machine.
 *
 * @param date A `Date`, epoch milliseconds, or date-time text with a zone (see
 *   `buildOrder`'s `wantedDeliveryDate`).
 * @param version The order version: `'1'`, `'1.1'` or `'1.2'`.
 * @param options `offsetMinutes` for v1/v1.1.
 * @returns The date-time text.
 * @throws {TypeError} When `date` is of a wrong type or `version` is not a string.
 * @throws {RangeError} When `date` is invalid, `version` unknown, or the offset out of ±14 h.
 * @example
 * formatOrderDateTime(new Date('2026-03-01T12:30:00Z'), '1.1'); // '2026-03-01T12:30:00 +00.00'
 * formatOrderDateTime(new Date('2026-03-01T12:30:00Z'), '1.1', { offsetMinutes: 60 }); // '2026-03-01T13:30:00 +01.00'
 * formatOrderDateTime(new Date('2026-03-01T12:30:00Z'), '1.2'); // '2026-03-01T12:30:00Z'
 */
export function formatOrderDateTime(date: DateInput, version: OrderVersion, options: OrderDateTimeOptions = {}): string {
  oneOf(version, 'version', ORDER_VERSIONS);
  const offset = offsetOf(isAbsent(options) ? undefined : record(options, 'options').offsetMinutes, 'options.offsetMinutes');
  const { ms } = instantOf(date, 'date');
  return ORDER_VERSION_FEATURES[version].dateTime === DATE_TIME_UTC ? writeUtc(ms, 'date') : writeOffset(ms, offset, 'date');
}
