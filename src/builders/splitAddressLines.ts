import { LIMITS } from '../schema/tables';
import { fail } from './_lib/errors';

/** An address line of the spec: sequential number as text and the line's text. */
export interface AddressLine {
  /** Line number as text: `"1"`, `"2"`, ... */
  line: string;
  /** At most 40 characters (code points). */
  value: string;
}

/**
 * Splits address text into the spec's address lines of at most 40 characters,
 * numbered `"1"`, `"2"`, ... Words are kept whole where they fit: a line breaks at
 * the last space before the limit; a single word longer than the limit is cut. Runs
 * of white space become one space; a line break in the text (or a new array entry)
 * always starts a new line. Lengths count Unicode code points, so an emoji or an
 * accented letter is one character and is never cut in half.
 *
 * @param address The address text, or several parts (street, building, floor).
 * @param max The line limit; default 40 (the spec's address line value limit).
 * @returns At least one address line.
 * @throws {TypeError} When `address` is not a string or an array of strings.
 * @throws {RangeError} When the address is empty or `max` is not a positive integer.
 * @example
 * splitAddressLines('Rue du Faubourg Saint-Honoré 208, Bâtiment B, 3e étage');
 * // [
 * //   { line: '1', value: 'Rue du Faubourg Saint-Honoré 208,' },
 * //   { line: '2', value: 'Bâtiment B, 3e étage' },
 * // ]
 * splitAddressLines(['Hauptstrasse 1', '3. OG']);
 * // [{ line: '1', value: 'Hauptstrasse 1' }, { line: '2', value: '3. OG' }]
 */
export function splitAddressLines(address: string | readonly string[], max: number = LIMITS.addressLineValue): AddressLine[] {
  if (!Number.isSafeInteger(max) || max < 1) fail('max', 'must be a positive integer');
  return addressLinesOf(address, 'address', max);
}

/** {@link splitAddressLines} naming the input `field` in messages. */
export function addressLinesOf(address: unknown, field: string, max: number = LIMITS.addressLineValue): AddressLine[] {
  if (address === undefined || address === null) fail(field, 'is required: at least one address line is needed', TypeError);
  const parts = typeof address === 'string' ? [address] : Array.isArray(address) ? address : fail(field, 'must be a string or an array of strings', TypeError);
  const values: string[] = [];
  parts.forEach((part: unknown, index) => {
    if (typeof part !== 'string') fail(`${field}[${index}]`, 'must be a string', TypeError);
    for (const paragraph of part.split(/\r\n|\r|\n/)) values.push(...wrap(paragraph, max));
  });
  if (values.length === 0) fail(field, 'must not be empty: at least one address line is required');
  return values.map((value, index) => ({ line: String(index + 1), value }));
}

/** Greedy word wrap of one paragraph, by code points. */
function wrap(paragraph: string, max: number): string[] {
  const words = paragraph.split(/\s+/).filter((w) => w !== '');
  const lines: string[] = [];
  let current: string[] = [];
  for (const word of words) {
    let chars = Array.from(word);
    // A word too long for any line is cut into full-width pieces.
    while (chars.length > max) {
      if (current.length > 0) lines.push(current.join(''));
      lines.push(chars.slice(0, max).join(''));
      chars = chars.slice(max);
      current = [];
    }
    if (chars.length === 0) continue;
    const needed = current.length === 0 ? chars.length : current.length + 1 + chars.length;
    if (needed > max) {
      lines.push(current.join(''));
      current = chars;
    } else {
      if (current.length > 0) current.push(' ');
      current.push(...chars);
    }
  }
  if (current.length > 0) lines.push(current.join(''));
  return lines;
}
