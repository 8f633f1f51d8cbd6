/**
 * The date-time and URL patterns of `orderJsonSchema` / `returnJsonSchema` against lint's
 * own checks (`isDateInFormat`, `isHttpUrl`). The date patterns checked the shape only
 * (`2026-02-28T99:99:99Z`, offset `+99.99`) and the URL pattern took any text after the
 * scheme (`https://a:99999`, `http://256.256.256.256`), so a body the schema accepted
 * failed lint for reasons JSON Schema can express. Now only calendar facts (a day past its
 * month's end) and, in a URL's host, percent-escapes, non-ASCII text and punycode are lint's alone.
 */
import Ajv from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderJsonSchema, returnJsonSchema, type JsonSchema } from '../../src/schema/json-schema';
import { isDateInFormat, isHttpUrl } from '../../src/schema/predicates';
import { DATE_ONLY, DATE_TIME_OFFSET, DATE_TIME_UTC, type DateFormat } from '../../src/schema/tables';

/** The schema of the member at `path` (`properties` and array `items` followed). */
function memberAt(schema: JsonSchema, path: string): JsonSchema {
  let node = schema;
  for (const name of path.split('/')) {
    node = node.type === 'array' || (Array.isArray(node.type) && node.type.includes('array')) ? node.items!.properties![name]! : node.properties![name]!;
  }
  return node;
}

const ajv = new Ajv();
/** The member's schema compiled as a validator would (ajv: ECMA-262, unicode mode). */
const validatorAt = (schema: JsonSchema, path: string) => ajv.compile(memberAt(schema, path));

const DATE_MEMBERS: [string, DateFormat, (value: string) => boolean][] = [
  ['v1.2 dateTimeWantedDeliveryDate', DATE_TIME_UTC, validatorAt(orderJsonSchema('1.2'), 'clientRequest/order/dateTimeWantedDeliveryDate') as never],
  ['v1.1 dateTimeWantedDeliveryDate', DATE_TIME_OFFSET, validatorAt(orderJsonSchema('1.1'), 'clientRequest/order/dateTimeWantedDeliveryDate') as never],
  ['v1 dateTimeWantedDeliveryDate', DATE_TIME_OFFSET, validatorAt(orderJsonSchema('1'), 'clientRequest/order/dateTimeWantedDeliveryDate') as never],
  ['rma.dateTimeOrder', DATE_TIME_OFFSET, validatorAt(returnJsonSchema(), 'rma/dateTimeOrder') as never],
  ['v1.2 cardData.dateCardExpiry', DATE_ONLY, validatorAt(orderJsonSchema('1.2'), 'clientRequest/payment/cardData/dateCardExpiry') as never],
];
const URL_MEMBER = validatorAt(returnJsonSchema(), 'rma/clientReturnURL') as unknown as (value: string) => boolean;

/** The day is 01-31 and the text is a real date once the day is 01: lint refuses it for the calendar alone. */
const calendarOnly = (text: string, format: DateFormat) => /^(0[1-9]|[12][0-9]|3[01])$/.test(text.slice(8, 10)) && isDateInFormat(`${text.slice(0, 8)}01${text.slice(10)}`, format);

describe('date patterns: what lint refuses beyond the calendar, the schema refuses', () => {
  it.each([
    [DATE_TIME_UTC, '2026-02-28T99:99:99Z'],
    [DATE_TIME_UTC, '2026-00-10T10:00:00Z'],
    [DATE_TIME_UTC, '2026-13-10T10:00:00Z'],
    [DATE_TIME_UTC, '2026-12-00T10:00:00Z'],
    [DATE_TIME_UTC, '2026-12-32T10:00:00Z'],
    [DATE_TIME_UTC, '2026-02-28T24:00:00Z'],
    [DATE_TIME_UTC, '2026-02-28T23:60:00Z'],
    [DATE_TIME_UTC, '2026-02-28T23:59:60Z'],
    [DATE_TIME_OFFSET, '2026-02-28T10:00:00 +99.99'],
    [DATE_TIME_OFFSET, '2026-02-28T10:00:00 +01.60'],
    [DATE_TIME_OFFSET, '2026-02-28T10:00:00 +24.00'],
    [DATE_TIME_OFFSET, '2026-02-28T10:00:00 +14.01'],
    [DATE_TIME_OFFSET, '2026-02-28T10:00:00 -15.00'],
    [DATE_TIME_OFFSET, '2026-02-28T24:00:00 +01.00'],
    [DATE_ONLY, '2026-00-01'],
    [DATE_ONLY, '2026-01-32'],
  ])('%s: %s', (format, text) => {
    expect(isDateInFormat(text, format)).toBe(false);
    for (const [, memberFormat, accepts] of DATE_MEMBERS) if (memberFormat === format) expect(accepts(text)).toBe(false);
  });

  it('keeps the edges lint accepts, and leaves February 30 to lint', () => {
    const accepted: [DateFormat, string][] = [
      [DATE_TIME_UTC, '0000-01-01T00:00:00Z'],
      [DATE_TIME_UTC, '9999-12-31T23:59:59Z'],
      [DATE_TIME_OFFSET, '2026-02-28T23:59:59 +14.00'],
      [DATE_TIME_OFFSET, '2026-02-28T00:00:00 -14.00'],
      [DATE_TIME_OFFSET, '2026-02-28T00:00:00 -00.00'],
      [DATE_TIME_OFFSET, '2026-02-28T00:00:00 +13.59'],
      [DATE_ONLY, '2024-02-29'],
    ];
    for (const [format, text] of [...accepted, [DATE_TIME_UTC, '2026-02-30T00:00:00Z'] as [DateFormat, string]]) {
      for (const [, memberFormat, accepts] of DATE_MEMBERS) if (memberFormat === format) expect(accepts(text)).toBe(true);
    }
  });

  const two = fc.oneof(fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')), fc.constantFrom('00', '01', '12', '13', '14', '23', '24', '28', '29', '30', '31', '32', '59', '60'));
  const year = fc.oneof(fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')), fc.constantFrom('0000', '1900', '2000', '2024', '2026', '2100'));
  const shapes: Record<string, fc.Arbitrary<string>> = {
    [DATE_TIME_UTC.name]: fc.tuple(year, two, two, two, two, two).map(([y, mo, d, h, mi, s]) => `${y}-${mo}-${d}T${h}:${mi}:${s}Z`),
    [DATE_TIME_OFFSET.name]: fc
      .tuple(year, two, two, two, two, two, fc.constantFrom('+', '-'), two, two)
      .map(([y, mo, d, h, mi, s, sign, oh, om]) => `${y}-${mo}-${d}T${h}:${mi}:${s} ${sign}${oh}.${om}`),
    [DATE_ONLY.name]: fc.tuple(year, two, two).map(([y, mo, d]) => `${y}-${mo}-${d}`),
  };
  // Now and then one character changed (a letter, a space, a non-ASCII digit) or the text cut short.
  const mutated = (shape: fc.Arbitrary<string>) =>
    fc.oneof(
      { weight: 6, arbitrary: shape },
      { weight: 1, arbitrary: fc.tuple(shape, fc.nat(), fc.constantFrom('x', ' ', '٣', '+', 'Z', '.', ':')).map(([t, i, c]) => t.slice(0, i % t.length) + c + t.slice((i % t.length) + 1)) },
      { weight: 1, arbitrary: fc.tuple(shape, fc.nat()).map(([t, i]) => t.slice(0, i % t.length)) },
    );

  it.each(DATE_MEMBERS)('%s accepts a text iff lint does, or lint refuses it for the calendar alone (property)', (_member, format, accepts) => {
    fc.assert(
      fc.property(mutated(shapes[format.name]!), (text) => {
        expect(accepts(text)).toBe(isDateInFormat(text, format) || calendarOnly(text, format));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('the clientReturnURL pattern agrees with isHttpUrl', () => {
  // The audit's table, and the edges around each: ports, IPv4 numbers, brackets, host characters, user info.
  const TABLE = [
    'https://a:99999', 'https://a:65536', 'https://a:65535', 'https://a:000000065535', 'https://a:0', 'https://a:', 'https://a:+1', 'https://a:1a',
    'http://256.256.256.256', 'http://255.255.255.255', 'http://1.2.3', 'http://0x7f.1', 'http://4294967295', 'http://4294967296', 'http://0xffffffff',
    'http://0x100000000', 'http://1.16777215', 'http://1.16777216', 'http://08', 'http://0377.1', 'http://0400.1', 'http://a.1', 'http://a.1.', 'http://1.2.3.4.5',
    'http://1.2.3.4.', 'http://1.2.3.4..', 'http://0x', 'http://0x1g', 'http://1e3',
    'https://[::1', 'https://[x]', 'https://[::1]', 'https://[::1]:80', 'https://[::1]x', 'https://[]', 'https://[1::2::3]', 'https://[::1.2.3.4]', 'https://[::1.2.3.04]',
    'https://[1:2:3:4:5:6:7::]', 'https://[1:2:3:4:5:6::1.2.3.4]', 'https://[::1%25eth0]',
    'https://a%20b', 'https://a%00b', 'https://a%2Fb', 'https://%zz', 'https://a%', 'https://a%41b', 'https://a/%zz',
    'https://:80', 'https://a@', 'https://a:b@', 'https://@c', 'https://:@c', 'https://a@b@c', 'https://a@:80', 'http://[a@b',
    'https://a|b', 'https://a^b', 'https://a<b', 'https://a"b', 'https://a`b', 'https://a{b', 'https://a_b', 'https://*.a', 'http://a..b', 'http://.',
    'http://xn--', 'http://XN--', 'http://a.xn--', 'http://xn--.a', 'http://xn--mnchen-3ya.de', 'http://a--b',
    'HtTp://a', 'https://a\\', 'http://a?b#c', 'https://a#\u00e4', 'https://ä.de', 'http://a\u00ad', 'http://a\u0001', 'http://a\u0001b', 'http://a\u007f',
    'http://a/\u0001', 'http://a:80\u0001', 'http://a\t', 'https:///a', 'ftp://a', 'http:/a', 'http://a b',
    'http://a/\u0085', 'http://a\u0085', 'http://a/\u00a0', 'http://a/\u202e', 'http://ä\u202e', 'http://a\u2069/', 'http://a\u200e@b', 'http://a/\u200b',
    'http://a/b\u0000', 'http://a#\u007f', 'http://a?\u009f', 'http://\u0000a',
  ];

  it.each(TABLE)('%j', (url) => {
    expect(URL_MEMBER(url)).toBe(isHttpUrl(url));
  });

  const pick = <T>(...values: T[]) => fc.constantFrom(...values);
  const ascii = (min: number, max: number, maxLength: number) => fc.string({ unit: fc.integer({ min, max }).map((c) => String.fromCharCode(c)), maxLength });
  const decimal = fc.oneof(fc.nat({ max: 300 }), fc.nat({ max: 2 ** 33 })).map(String);
  const number = fc.oneof(
    decimal,
    decimal.map((d) => `0${Number(d).toString(8)}`),
    fc.nat({ max: 2 ** 33 }).map((n) => `0x${n.toString(16)}`),
    pick('0', '00', '08', '0x', '0X', '0xg', '255', '256', '65535', '65536', '16777216', '4294967296', '1e3', '-1'),
  );
  const ipv4 = fc.tuple(fc.array(number, { minLength: 1, maxLength: 5 }), pick('', '.', '..')).map(([parts, end]) => parts.join('.') + end);
  const group = fc.oneof(fc.nat({ max: 0xffff }).map((n) => n.toString(16)), pick('0000', '00000', 'FFFF', 'g', ''));
  const ipv6 = fc
    .tuple(fc.array(group, { maxLength: 9 }), fc.nat({ max: 9 }), fc.option(ipv4, { nil: undefined }), pick(']', '', ']]'))
    .map(([groups, at, v4, close]) => {
      const all = [...groups];
      if (at <= all.length) all.splice(at, 0, '');
      return `[${all.join(':')}${v4 === undefined ? '' : `${all.length ? ':' : ''}${v4}`}${close}`;
    });
  const label = fc.oneof(ascii(0x21, 0x7e, 6).filter((l) => !l.includes('%')), pick('a', 'xn--', 'XN--', 'a-', '-', '1', '0x1'), decimal);
  const name = fc.tuple(fc.array(label, { minLength: 1, maxLength: 4 }), pick('', '.')).map(([labels, end]) => labels.join('.') + end);
  const url = fc
    .tuple(
      pick('http://', 'https://', 'HTTP://', 'hTtPs://'),
      fc.option(fc.tuple(ascii(0x21, 0x7e, 6), pick('@', '@@', ':@', ':x@')).map(([user, at]) => user + at), { nil: '' }),
      fc.oneof(ipv4, ipv6, name, pick('')),
      fc.option(fc.oneof(decimal, pick('', '0', '000080', '65535', '65536', '+1', '1a')).map((port) => `:${port}`), { nil: '' }),
      fc.option(fc.tuple(pick('/', '?', '#', '\\'), ascii(0, 0x7f, 5)).map(([start, rest]) => start + rest), { nil: '' }),
      fc.option(ascii(0, 0x20, 2), { nil: '' }),
    )
    .map((parts) => parts.join(''));
  const hostOf = (text: string) => {
    const authority = text.slice(text.indexOf('//') + 2).split(/[/?#\\]/)[0]!;
    return authority.slice(authority.lastIndexOf('@') + 1);
  };

  it('on random URLs of ASCII hosts: the same answer, but for punycode labels (property)', () => {
    fc.assert(
      fc.property(url, (text) => {
        // A xn-- label with more after it is punycode, which IDNA decodes: lint's alone. So is a
        // percent-escape, which reaches the host when the user info holds a '?', '/', '#' or '\'
        // that ends the authority before its '@' (http://%A0?@x): there the pattern only never
        // refuses what lint accepts, as for the hosts of the next property.
        const host = hostOf(text);
        if (/(^|\.)xn--[^.:]/i.test(host)) return;
        if (host.includes('%')) {
          if (isHttpUrl(text)) expect(URL_MEMBER(text)).toBe(true);
          return;
        }
        expect(URL_MEMBER(text)).toBe(isHttpUrl(text));
      }),
      { numRuns: 20_000 },
    );
  });

  it('on hosts with percent-escapes, non-ASCII text or punycode: never refuses what lint accepts (property)', () => {
    const host = fc.oneof(
      fc.tuple(ascii(0x21, 0x7e, 4), pick('%41', '%2e', '%31', '%C3%A4', '%ff', '%20', '%2F', '%25', '%7e'), ascii(0x21, 0x7e, 4)).map((parts) => parts.join('')),
      fc.tuple(pick('a.', '', '1.'), fc.string({ unit: fc.constantFrom('ä', '中', '\u00ad', '\u200b', '\u3002', '１', '．', 'ﬀ', 'A', '1', '.'), minLength: 1, maxLength: 5 })).map((parts) => parts.join('')),
      fc.tuple(pick('xn--', 'XN--', 'a.xn--'), ascii(0x21, 0x7e, 6)).map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(pick('http://', 'https://'), host, pick('', ':80', '/x'), (scheme, name, tail) => {
        const text = scheme + name + tail;
        if (isHttpUrl(text)) expect(URL_MEMBER(text)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });
});
