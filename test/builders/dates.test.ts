import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildOrder, buildPayment, buildReturnRequest, formatOrderDateTime, formatReturnDateTime } from '../../src/builders/index';
import { isDateInFormat } from '../../src/schema/predicates';
import { DATE_TIME_OFFSET, DATE_TIME_UTC } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, cartInput } from './_inputs';

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

  it('keeps the offset of ISO 8601 text too, in any of its forms', () => {
    expect(formatReturnDateTime('2026-02-03T00:00:00+05:30')).toBe('2026-02-03T00:00:00 +05.30');
    expect(formatReturnDateTime('2026-02-03T00:00:00-0330')).toBe('2026-02-03T00:00:00 -03.30');
    expect(formatReturnDateTime('2026-02-03T00:00:00.5+01')).toBe('2026-02-03T00:00:00 +01.00');
    expect(formatReturnDateTime('2026-02-03T23:30:00-14:00')).toBe('2026-02-03T23:30:00 -14.00');
    expect(formatReturnDateTime('2026-02-03T00:00:00Z')).toBe('2026-02-03T00:00:00 +00.00');
    expect(formatReturnDateTime('2026-02-03T00:00:00+05:30', { offsetMinutes: 60 })).toBe('2026-02-02T19:30:00 +01.00');
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

describe('UTC offsets above ±14:00, at every builder that reads a date (table)', () => {
  const order = buildOrder(cartInput('1.1'));
  const card = { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: '2026-03-08' };
  // Each entry point with the field its messages name, and what it wrote for a good date.
  const ENTRY_POINTS: [string, string, (text: string) => string][] = [
    ['formatOrderDateTime v1.1', 'date', (text) => formatOrderDateTime(text, '1.1')],
    ['formatOrderDateTime v1.2', 'date', (text) => formatOrderDateTime(text, '1.2')],
    ['formatReturnDateTime', 'date', (text) => formatReturnDateTime(text, { offsetMinutes: 0 })],
    ['buildOrder v1.1 wantedDeliveryDate', 'wantedDeliveryDate', (text) => buildOrder(cartInput('1.1', { wantedDeliveryDate: text })).clientRequest.order.dateTimeWantedDeliveryDate!],
    ['buildOrder v1.2 wantedDeliveryDate', 'wantedDeliveryDate', (text) => buildOrder(cartInput('1.2', { wantedDeliveryDate: text })).clientRequest.order.dateTimeWantedDeliveryDate!],
    [
      'buildReturnRequest orderDate',
      'orderDate',
      (text) =>
        buildReturnRequest({ order, orderDate: text, offsetMinutes: 0, profile: PROFILE, externalMessageReference: 'R-1', returnReason: 'damaged', clientReturnURL: 'https://shop.example/r' })
          .rma.dateTimeOrder,
    ],
  ];
  const TOO_FAR = ['2026-03-01T10:00:00+99', '2026-03-01T10:00:00+15:00', '2026-03-01T10:00:00-48:00', '2026-03-01T10:00:00+1401', '2026-03-01T10:00:00-14:30', '2026-03-01T10:00:00 +14.30', '2026-03-01T10:00:00 -15.00'];
  const CASES = ENTRY_POINTS.flatMap(([name, field, run]) => TOO_FAR.map((text) => ({ name, field, run, text })));

  it.each(CASES)('$name refuses $text naming the field', ({ field, run, text }) => {
    expect(() => run(text)).toThrow(RangeError);
    expect(() => run(text)).toThrow(`${field} must have a UTC offset of at most ±14:00.`);
  });

  it.each(ENTRY_POINTS)('%s reads ±14:00 itself as the instant it names', (_name, _field, run) => {
    const east = run('2026-03-01T10:00:00+14:00');
    const west = run('2026-03-01T10:00:00-1400');
    // 10:00 at +14:00 is 20:00 UTC the day before; at -14:00, 00:00 UTC the next day.
    expect(east.startsWith('2026-02-28T20:00:00')).toBe(true);
    expect(west.startsWith('2026-03-02T00:00:00')).toBe(true);
    expect(run('2026-03-01T10:00:00 -14.00').startsWith('2026-03-02T00:00:00')).toBe(true);
  });

  it.each(['dateCardExpiry', 'dateAuthExpiry'])('card date %s takes no zone at all (a YYYY-MM-DD date)', (member) => {
    const payment = (text: string) => ({ method: 'Visa', card: { ...card, [member]: text } });
    const context = { version: '1.1' as const, profile: FMS_PROFILE, currency: 'EUR', amount: '1.00' };
    expect(() => buildPayment(payment('2026-03-01T10:00:00+99'), context)).toThrow(`payment.card.${member} must be a YYYY-MM-DD date.`);
    expect(() => buildOrder(cartInput('1.1', { profile: FMS_PROFILE, payment: payment('2026-03-01T10:00:00+15:00') }))).toThrow(`payment.card.${member} must be a YYYY-MM-DD date.`);
  });
});
