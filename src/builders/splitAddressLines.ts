import { LIMITS } from '../schema/tables';
import { codePointLength } from '../schema/predicates';
import { fail, isAbsent, list, readSafely } from './_lib/errors';

/**
 * An address line of the spec: sequential number as text and the line's text.
 *
 * @example const lines: AddressLine[] = splitAddressLines('Hauptstrasse 1'); // [{ line: '1', value: 'Hauptstrasse 1' }]
 */
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
 * always starts a new line. Lengths count Unicode code points (the spec's limit), but
 * text is cut only between extended grapheme clusters (`Intl.Segmenter`): an accent
 * stays on its letter, a flag or a ZWJ emoji stays whole. A single cluster longer than
 * the limit cannot be cut without breaking it, so it is refused with a RangeError.
 *
 * @param address The address text, or several parts (street, building, floor).
 * @param max The line limit; default 40 (the spec's address line value limit).
 * @returns At least one address line.
 * @throws {TypeError} When `address` is not a string or an array of strings.
 * @throws {RangeError} When the address is empty, `max` is not a positive integer, or one
 *   grapheme cluster alone is longer than `max` code points.
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
  const limit = isAbsent(max) ? LIMITS.addressLineValue : max;
  if (!Number.isSafeInteger(limit) || limit < 1) fail('max', 'must be a positive integer');
  return addressLinesOf(address, 'address', limit);
}

/** {@link splitAddressLines} naming the input `field` in messages. */
export function addressLinesOf(address: unknown, field: string, max: number = LIMITS.addressLineValue): AddressLine[] {
  if (address === undefined || address === null) fail(field, 'is required: at least one address line is needed', TypeError);
  const parts = typeof address === 'string' ? [address] : readSafely(field, () => Array.isArray(address)) ? list(address, field) : fail(field, 'must be a string or an array of strings', TypeError);
  const values: string[] = [];
  parts.forEach((part: unknown, index) => {
    const at = typeof address === 'string' ? field : `${field}[${index}]`;
    if (typeof part !== 'string') fail(at, 'must be a string', TypeError);
    for (const paragraph of paragraphs(clustersOf(part))) values.push(...wrap(paragraph, max, at));
  });
  if (values.length === 0) fail(field, 'must not be empty: at least one address line is required');
  return values.map((value, index) => ({ line: String(index + 1), value }));
}

/** A grapheme cluster and its length in code points. */
interface Cluster {
  readonly text: string;
  readonly length: number;
}

let segmenter: Intl.Segmenter | undefined;

/**
 * The extended grapheme clusters of `text`. Text below U+0300 (Latin letters, digits,
 * punctuation) has no combining marks, so each character is a cluster there (CR LF
 * aside) and the segmenter is skipped; runtimes without `Intl.Segmenter` get code points.
 */
function clustersOf(text: string): Cluster[] {
  let simple = true;
  for (let i = 0; i < text.length && simple; i++) simple = text.charCodeAt(i) < 0x300;
  const pieces: Iterable<string> = simple
    ? text.replaceAll('\r\n', '\n')
    : typeof Intl.Segmenter === 'function'
      ? segmentsOf(text, (segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' })))
      : Array.from(text);
  return Array.from(pieces, (piece) => ({ text: piece, length: simple ? 1 : codePointLength(piece) }));
}

/** Characters the segmenter reads at a time (a cluster longer than that is read whole). */
const SEGMENT_WINDOW = 1024;

/**
 * The grapheme clusters of `text`, a window at a time: one `segment` call over a long text
 * takes time that grows with the square of its length (V8: 80,000 Cyrillic characters took
 * 17 s). A boundary the segmenter finds inside a window is one of the whole text (a boundary
 * depends on the characters before it and the one after), so each window but the last ends
 * before its last cluster, which may go on past it, and the next starts there.
 *
 * @param text Any text.
 * @param segmenter A grapheme segmenter.
 * @param size The window, in UTF-16 code units.
 * @returns The clusters, as one `segment` call over the whole text gives them.
 * @example segmentsOf('e\u0301x', new Intl.Segmenter(undefined, { granularity: 'grapheme' }), 1); // ['e\u0301', 'x']
 */
export function segmentsOf(text: string, segmenter: Intl.Segmenter, size = SEGMENT_WINDOW): string[] {
  const out: string[] = [];
  let start = 0;
  let window = size;
  while (start < text.length) {
    let end = Math.min(text.length, start + window);
    // Never between the two halves of a surrogate pair: the boundary before the last cluster depends on the whole character after it.
    const high = text.charCodeAt(end - 1);
    if (end < text.length && high >= 0xd800 && high <= 0xdbff) end++;
    const pieces = Array.from(segmenter.segment(text.slice(start, end)), (s) => s.segment);
    const last = end === text.length ? undefined : pieces.pop()!;
    // One cluster as long as the window: read a longer one.
    if (pieces.length === 0 && last !== undefined) {
      window *= 2;
      continue;
    }
    for (const piece of pieces) out.push(piece);
    start = end - (last?.length ?? 0);
    window = size;
  }
  return out;
}

/** A line break of the text: CR LF (one cluster), CR or LF. */
function isLineBreak(cluster: Cluster): boolean {
  return cluster.text === '\n' || cluster.text === '\r' || cluster.text === '\r\n';
}

/** White space between words (tabs, no-break spaces, ...); a space carrying a combining mark is not. */
function isSpace(cluster: Cluster): boolean {
  return cluster.text.trim() === '';
}

/** The paragraphs of a text, each a list of words, each a list of clusters. */
function paragraphs(clusters: readonly Cluster[]): Cluster[][][] {
  const out: Cluster[][][] = [[]];
  let word: Cluster[] = [];
  const endWord = () => {
    if (word.length > 0) (out[out.length - 1] as Cluster[][]).push(word);
    word = [];
  };
  for (const cluster of clusters) {
    if (isLineBreak(cluster)) {
      endWord();
      out.push([]);
    } else if (isSpace(cluster)) {
      endWord();
    } else {
      word.push(cluster);
    }
  }
  endWord();
  return out;
}

/** Greedy word wrap of one paragraph: lengths in code points, cuts between clusters only. */
function wrap(words: readonly (readonly Cluster[])[], max: number, field: string): string[] {
  const lines: string[] = [];
  let line = '';
  let used = 0;
  const flush = () => {
    if (used > 0) lines.push(line);
    line = '';
    used = 0;
  };
  for (const word of words) {
    const size = word.reduce((sum, c) => sum + c.length, 0);
    if (used > 0 && used + 1 + size <= max) {
      line += ' ';
      used += 1;
    } else {
      flush();
    }
    if (size <= max) {
      for (const c of word) line += c.text;
      used += size;
      continue;
    }
    // A word too long for any line is cut into pieces as full as whole clusters allow.
    for (const c of word) {
      if (c.length > max) {
        fail(field, `holds one character (a grapheme cluster) of ${c.length} code points, longer than the line limit of ${max}, which cannot be split without breaking it`);
      }
      if (used + c.length > max) flush();
      line += c.text;
      used += c.length;
    }
  }
  flush();
  return lines;
}
