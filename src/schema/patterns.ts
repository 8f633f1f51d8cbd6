/**
 * The JSON Schema patterns of lint's date and URL checks (`date-format`, `url-format`):
 * ECMA-262 sources that accept what the check accepts wherever a regular expression can
 * tell, and never refuse what it accepts. What stays lint's alone: a day past the end of
 * its month (2026-02-30), and in a URL's host a percent-escape or a non-ASCII character
 * (decoded and mapped by IDNA) and a punycode label (`xn--` and more).
 * Every pattern is linear: no quantified part can match the same text two ways at length.
 */
import { DATE_ONLY, DATE_TIME_OFFSET, DATE_TIME_UTC } from './tables';

// Ranges per field as isDateInFormat checks them; the day only up to 31.
const DATE = '[0-9]{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12][0-9]|3[01])';
const TIME = 'T(?:[01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9]';
// The spec's ±hh.mm, at most ±14.00.
const OFFSET = ' [+-](?:(?:0[0-9]|1[0-3])\\.[0-5][0-9]|14\\.00)';

/**
 * The JSON Schema pattern of each date format, by the format's name.
 *
 * @example new RegExp(DATE_PATTERNS.get(DATE_TIME_UTC.name)!).test('2026-02-28T24:00:00Z'); // false
 */
export const DATE_PATTERNS: ReadonlyMap<string, string> = new Map([
  [DATE_TIME_OFFSET.name, `^${DATE}${TIME}${OFFSET}$`],
  [DATE_TIME_UTC.name, `^${DATE}${TIME}Z$`],
  [DATE_ONLY.name, `^${DATE}$`],
]);

/** 0 to `max` in decimal, without leading zeros: shorter numbers, then each digit below max's with any tail. */
function decimalUpTo(max: number): string {
  const digits = String(max);
  const n = digits.length;
  const alternatives = ['0', `[1-9][0-9]{0,${n - 2}}`];
  for (let i = 0; i < n; i++) {
    const low = i === 0 ? 1 : 0;
    const digit = Number(digits[i]);
    if (digit > low) alternatives.push(`${digits.slice(0, i)}[${low}-${digit - 1}][0-9]{${n - i - 1}}`);
  }
  alternatives.push(digits);
  return `(?:${alternatives.join('|')})`;
}

/** A WHATWG IPv4 number below 2^bits: decimal, octal after a leading 0, or hexadecimal after 0x (digits optional). */
function ipv4Number(bits: number): string {
  const octal = (2 ** bits - 1).toString(8); // a first digit, then 7s
  const first = Number(octal[0]);
  const octalTail = first < 7 ? `|[${first + 1}-7][0-7]{0,${octal.length - 2}}` : '';
  return `(?:${decimalUpTo(2 ** bits - 1)}|0+(?:[1-${first}][0-7]{0,${octal.length - 1}}${octalTail})?|0[Xx]0*[0-9A-Fa-f]{0,${bits / 4}})`;
}

const BYTE = ipv4Number(8);
// One to four numbers; the last fills the bytes the others leave (1.2.3 is 1.2.0.3); a final dot is dropped.
const IPV4 = `(?:${ipv4Number(32)}|${BYTE}\\.${ipv4Number(24)}|(?:${BYTE}\\.){2}${ipv4Number(16)}|(?:${BYTE}\\.){3}${BYTE})\\.?`;

const H16 = '[0-9A-Fa-f]{1,4}';
const OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])';
const LS32 = `(?:${H16}:${H16}|${OCTET}(?:\\.${OCTET}){3})`;
const before = (most: number) => `(?:(?:${H16}:){0,${most}}${H16})?`;
// RFC 3986's IPv6address, which the WHATWG parser accepts exactly ('::' stands for one group or more).
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `${before(0)}::(?:${H16}:){4}${LS32}`,
  `${before(1)}::(?:${H16}:){3}${LS32}`,
  `${before(2)}::(?:${H16}:){2}${LS32}`,
  `${before(3)}::${H16}:${LS32}`,
  `${before(4)}::${LS32}`,
  `${before(5)}::${H16}`,
  `${before(6)}::`,
].join('|');

// Printable ASCII a WHATWG host may hold: all but # % / : < > ? @ [ \ ] ^ | (and '.' separates labels).
const LABEL_CHAR = '[-!"$&-,0-9;=A-Z_-{}~]';
const HOST_CHAR = '[-!"$&-.0-9;=A-Z_-{}~]';
// A percent-escape of a host character or of a non-ASCII byte (IDNA decides those).
const ESCAPE = '%(?:2[1246-9A-Ea-e]|3[0-9BDbd]|4[1-9A-Fa-f]|5[0-9AFaf]|6[0-9A-Fa-f]|7[0-9ABDEabde]|[89A-Fa-f][0-9A-Fa-f])';
// What isHttpUrl refuses anywhere (URL_REFUSED in predicates.ts): white space, controls, bidi controls.
const REFUSED = '\\s\\x00-\\x1f\\x7f-\\x9f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069';
const NON_ASCII = `[^\\x00-\\x7f${REFUSED}]`;
const HOST_END = '(?=[:/?#\\\\]|$)';
// An ASCII host whose last label is a number is an IPv4 address or nothing (a.1 fails); xn-- alone is no label.
const ENDS_IN_NUMBER = `(?:${LABEL_CHAR}*\\.)*(?:[0-9]+|0[Xx][0-9A-Fa-f]*)\\.?${HOST_END}`;
const EMPTY_PUNYCODE = `(?:${LABEL_CHAR}*\\.)*[Xx][Nn]--(?:\\.|${HOST_END})`;
const HOST = [
  `\\[(?:${IPV6})\\]`,
  `${IPV4}${HOST_END}`,
  `(?!${ENDS_IN_NUMBER}|${EMPTY_PUNYCODE})${HOST_CHAR}+${HOST_END}`,
  `${HOST_CHAR}*(?:${ESCAPE}|${NON_ASCII})(?:${HOST_CHAR}|${ESCAPE}|${NON_ASCII})*`,
].join('|');

/**
 * The JSON Schema pattern of `isHttpUrl`: an http(s) URL whose user info (up to the last
 * `@`) is anything, whose host is a bracketed IPv6 address, an IPv4 address in any form
 * the WHATWG URL parser reads (`0x7f.1`, `1.2.3`), or a name of the characters a host may
 * hold, whose port is at most 65535; no white space, control or bidi control anywhere.
 *
 * @example new RegExp(HTTP_URL_PATTERN).test('https://a:99999'); // false
 */
export const HTTP_URL_PATTERN = `^[Hh][Tt][Tt][Pp][Ss]?://(?:[^${REFUSED}/?#\\\\@]*@)*(?:${HOST})(?::0*${decimalUpTo(65535)}?)?(?:[/?#\\\\][^${REFUSED}]*)?$`;
