import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatOrderDateTime, formatReturnDateTime } from '../../src/builders/index';
import { isDateInFormat } from '../../src/schema/predicates';
import { DATE_TIME_OFFSET, DATE_TIME_UTC } from '../../src/schema/tables';

const NOON = new Date('2026-03-01T12:30:45.999Z');

describe('formatOrderDateTime', () => {
  it('writes v1 and v1.1 with a space and a dotted offset, v1.2 in UTC', () => {
    expect(formatOrderDateTime(NOON, '1')).toBe('2026-03-01T12:30:45 +00.00');
    expect(formatOrderDateTime(NOON, '1.1')).toBe('2026-03-01T12:30:45 +00.00');
    expect(formatOrderDateTime(NOON, '1.2')).toBe('2026-03-01T12:30:45Z');
  });

  it('shifts the wall clock by the offset in v1/v1.1 and ignores it in v1.2 (same instant)', () => {
    expect(formatOrderDateTime(NOON, '1.1', { offsetMinutes: 60 })).toBe('2026-03-01T13:30:45 +01.00');
    expect(formatOrderDateTime(NOON, '1.1', { offsetMinutes: -570 })).toBe('2026-03-01T03:00:45 -09.30');
    expect(formatOrderDateTime(NOON, '1.1', { offsetMinutes: 840 })).toBe('2026-03-02T02:30:45 +14.00');
    expect(formatOrderDateTime(NOON, '1.2', { offsetMinutes: 60 })).toBe('2026-03-01T12:30:45Z');
  });

  it('accepts epoch milliseconds and zoned text', () => {
    expect(formatOrderDateTime(Date.UTC(2024, 1, 29), '1.2')).toBe('2024-02-29T00:00:00Z');
    expect(formatOrderDateTime('2026-03-01T10:00:00+02:00', '1.2')).toBe('2026-03-01T08:00:00Z');
    expect(formatOrderDateTime('2026-03-01T10:00:00 +02.00', '1.2')).toBe('2026-03-01T08:00:00Z');
    expect(formatOrderDateTime('2026-03-01', '1')).toBe('2026-03-01T00:00:00 +00.00');
  });

  it('refuses invalid dates, zoneless text, unknown versions and offsets beyond ±14 h', () => {
    expect(() => formatOrderDateTime(new Date('nope'), '1.1')).toThrow(RangeError);
    expect(() => formatOrderDateTime('2026-03-01T10:00:00', '1.1')).toThrow(/with a zone/);
    expect(() => formatOrderDateTime('2026-02-30', '1.1')).toThrow(RangeError);
    expect(() => formatOrderDateTime(NOON, '2' as never)).toThrow(/version must be one of 1, 1.1, 1.2/);
    expect(() => formatOrderDateTime(NOON, '1.1', { offsetMinutes: 900 })).toThrow(RangeError);
    expect(() => formatOrderDateTime(NOON, '1.1', { offsetMinutes: 1.5 })).toThrow(RangeError);
    expect(() => formatOrderDateTime({} as never, '1.1')).toThrow(TypeError);
  });

  it('always writes a real date in the version format (property)', () => {
    const date = fc.date({ min: new Date('1970-01-01T00:00:00Z'), max: new Date('9999-12-30T00:00:00Z'), noInvalidDate: true });
    fc.assert(
      fc.property(date, fc.integer({ min: -840, max: 840 }), (d, offset) => {
        expect(isDateInFormat(formatOrderDateTime(d, '1.1', { offsetMinutes: offset }), DATE_TIME_OFFSET)).toBe(true);
        const utc = formatOrderDateTime(d, '1.2');
        expect(isDateInFormat(utc, DATE_TIME_UTC)).toBe(true);
        expect(Date.parse(utc)).toBe(Math.floor(d.getTime() / 1000) * 1000);
      }),
      { numRuns: 200 },
    );
  });
});

describe('formatReturnDateTime', () => {
  it('writes the returns format and converts a v1.2 order date-time', () => {
    expect(formatReturnDateTime('2026-02-20T09:15:00Z')).toBe('2026-02-20T09:15:00 +00.00');
    expect(formatReturnDateTime(new Date('2026-02-20T09:15:00Z'), { offsetMinutes: -300 })).toBe('2026-02-20T04:15:00 -05.00');
  });

  it('keeps a v1/v1.1 order date-time as written, offset included', () => {
    expect(formatReturnDateTime('2026-02-20T10:15:00 +01.00')).toBe('2026-02-20T10:15:00 +01.00');
    expect(formatReturnDateTime('2026-02-20T10:15:00 -03.30')).toBe('2026-02-20T10:15:00 -03.30');
    expect(formatReturnDateTime('2026-02-20T10:15:00 +01.00', { offsetMinutes: 0 })).toBe('2026-02-20T09:15:00 +00.00');
  });

  it('refuses text that is not a real date', () => {
    expect(() => formatReturnDateTime('2026-02-30T10:15:00 +01.00')).toThrow(RangeError);
    expect(() => formatReturnDateTime(null as never)).toThrow(/date is required/);
  });
});

describe('date-time text the builders read', () => {
  it.each([
    ['2026-03-01T10:00:00Z', '2026-03-01T10:00:00Z'],
    ['2026-03-01T10:00:00+01:00', '2026-03-01T09:00:00Z'],
    ['2026-03-01T10:00:00+0100', '2026-03-01T09:00:00Z'],
    ['2026-03-01T10:00:00-01', '2026-03-01T11:00:00Z'],
    ['2026-03-01T10:00:00.123456Z', '2026-03-01T10:00:00Z'],
  ])('reads ISO 8601 text with a zone: %s', (text, utc) => {
    expect(formatOrderDateTime(text, '1.2')).toBe(utc);
  });

  it.each(['2026-01', '2026-03-01T10:00:00', '2026-03-01T10:00', 'T-01', '2026-03-01T10:00:00+1', `2026-03-01T10:00:00${' '.repeat(30)}Z`])(
    'refuses text without a zone after its time, or longer than 40 characters: %j',
    (text) => {
      expect(() => formatOrderDateTime(text, '1.2')).toThrow(RangeError);
      expect(() => formatOrderDateTime(text, '1.2')).toThrow(/^date must be/);
    },
  );

  it('refuses an offset that pushes the instant past the end of JavaScript time', () => {
    expect(() => formatOrderDateTime(new Date(8.64e15), '1', { offsetMinutes: 60 })).toThrow(/^date must lie between the years 0000 and 9999/);
  });
});
