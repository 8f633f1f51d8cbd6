/**
 * Where a text stops being JSON, for a text `JSON.parse` refused: V8's commonest messages
 * ("Unexpected token 'x', "..." is not valid JSON") give no position, and the others give
 * theirs in words that differ from one Node version to the next.
 */
import { isJsonSpace, skipSpace } from './json-text';
import { isBlank } from './lines';

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const MINUS = 45;
const DOT = 46;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

// What may come next.
const VALUE = 0;
const VALUE_OR_CLOSE = 1;
const KEY = 2;
const KEY_OR_CLOSE = 3;
const NAME_SEPARATOR = 4;
const AFTER_VALUE = 5;

const isDigit = (c: number) => c >= 48 && c <= 57;
const isHex = (c: number) => isDigit(c) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
/** A failed token, as the helpers below return it: the offset where it failed, made negative. */
const stop = (at: number) => -1 - at;

/**
 * Where a text stops being JSON (RFC 8259): the offset of its first character that cannot
 * continue a JSON text, its length when it ends too early, or -1 when it is JSON. One pass,
 * without recursion and without allocating per character: the open containers are a bit each.
 * It agrees with every position V8's `JSON.parse` gives.
 *
 * @param text Any text (no byte-order mark: `JSON.parse` refuses one too).
 * @returns The 0-based offset in UTF-16 code units, `text.length`, or -1.
 * @example jsonSyntaxStop('{"a": tru, "b": 1}'); // 9: the `,` (`tru` may still become `true`)
 */
export function jsonSyntaxStop(text: string): number {
  const n = text.length;
  // Bit d of `objects`: the container open at depth d is an object.
  let objects = new Uint32Array(4);
  let depth = 0;
  let next = VALUE;
  let i = 0;
  const open = (isObject: boolean) => {
    if (depth >> 5 === objects.length) {
      const grown = new Uint32Array(objects.length * 2);
      grown.set(objects);
      objects = grown;
    }
    if (isObject) objects[depth >> 5]! |= 1 << (depth & 31);
    else objects[depth >> 5]! &= ~(1 << (depth & 31));
    depth++;
    next = isObject ? KEY_OR_CLOSE : VALUE_OR_CLOSE;
  };
  const inObject = () => (objects[(depth - 1) >> 5]! & (1 << ((depth - 1) & 31))) !== 0;
  for (;;) {
    i = skipSpace(text, i);
    if (i === n) return next === AFTER_VALUE && depth === 0 ? -1 : n;
    const c = text.charCodeAt(i);
    let end: number;
    if (next === AFTER_VALUE) {
      if (depth === 0) return i;
      const object = inObject();
      if (c === COMMA) next = object ? KEY : VALUE;
      else if (c === (object ? CLOSE_OBJECT : CLOSE_ARRAY)) depth--;
      else return i;
      i++;
      continue;
    }
    if (next === NAME_SEPARATOR) {
      if (c !== COLON) return i;
      next = VALUE;
      i++;
      continue;
    }
    if ((next === KEY_OR_CLOSE && c === CLOSE_OBJECT) || (next === VALUE_OR_CLOSE && c === CLOSE_ARRAY)) {
      depth--;
      next = AFTER_VALUE;
      i++;
      continue;
    }
    if (next === KEY || next === KEY_OR_CLOSE) {
      if (c !== QUOTE) return i;
      end = stringEnd(text, i);
      next = NAME_SEPARATOR;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      open(c === OPEN_OBJECT);
      i++;
      continue;
    } else {
      end = c === QUOTE ? stringEnd(text, i) : c === MINUS || isDigit(c) ? numberEnd(text, i) : literalEnd(text, i);
      next = AFTER_VALUE;
    }
    if (end < 0) return -1 - end;
    i = end;
  }
}

/** Just past the string whose quote is at `i`, or `stop` of where it fails. */
function stringEnd(text: string, i: number): number {
  const n = text.length;
  for (let j = i + 1; ; j++) {
    if (j === n) return stop(n);
    const c = text.charCodeAt(j);
    if (c === QUOTE) return j + 1;
    if (c < 0x20) return stop(j);
    if (c !== BACKSLASH) continue;
    if (++j === n) return stop(n);
    const e = text.charCodeAt(j);
    if (e === 117) {
      // \uXXXX
      for (let k = 1; k <= 4; k++) {
        if (j + k === n) return stop(n);
        if (!isHex(text.charCodeAt(j + k))) return stop(j + k);
      }
      j += 4;
    } else if (e !== QUOTE && e !== BACKSLASH && e !== 47 && e !== 98 && e !== 102 && e !== 110 && e !== 114 && e !== 116) return stop(j);
  }
}

/** Just past the number that starts at `i` (a `-` or a digit), or `stop` of where it fails. */
function numberEnd(text: string, i: number): number {
  let j = i;
  if (text.charCodeAt(j) === MINUS) j++;
  // A leading zero ends the integer part: a digit after it cannot continue the text.
  if (text.charCodeAt(j) === 48) j++;
  else j = digitsEnd(text, j);
  if (j < 0) return j;
  if (text.charCodeAt(j) === DOT) j = digitsEnd(text, j + 1);
  if (j < 0) return j;
  const e = text.charCodeAt(j);
  if (e !== 101 && e !== 69) return j;
  j++;
  const sign = text.charCodeAt(j);
  if (sign === MINUS || sign === 43) j++;
  return digitsEnd(text, j);
}

/** Just past one or more digits at `j`, or `stop` of where the first is missing. */
function digitsEnd(text: string, j: number): number {
  if (j === text.length || !isDigit(text.charCodeAt(j))) return stop(j);
  while (j < text.length && isDigit(text.charCodeAt(j))) j++;
  return j;
}

/** Just past `true`, `false` or `null` at `i`, or `stop` of the first character that differs from each. */
function literalEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  const word = c === 116 ? 'true' : c === 102 ? 'false' : c === 110 ? 'null' : '';
  if (word === '') return stop(i);
  for (let k = 1; k < word.length; k++) {
    if (i + k === text.length) return stop(i + k);
    if (text.charCodeAt(i + k) !== word.charCodeAt(k)) return stop(i + k);
  }
  return i + word.length;
}

/**
 * Where and why a text that `JSON.parse` refused stops being JSON, as the CLI and the console
 * say it: the first character that cannot continue it (after the last character when the text
 * ends too early, 0 for a blank one), and the reason in words that never quote the text.
 *
 * @param text The text refused.
 * @returns The 0-based offset, whether the text is blank, and the reason (`''`, or `: ...`).
 * @example parseStop('[1,]'); // { offset: 3, blank: false, why: ': a comma stands before the closing bracket' }
 */
export function parseStop(text: string): { offset: number; blank: boolean; why: string } {
  if (isBlank(text)) return { offset: 0, blank: true, why: '' };
  let offset = Math.max(jsonSyntaxStop(text), 0);
  if (offset < text.length) return { offset, blank: false, why: commonMistake(text, offset) };
  // Ends too early: placed after its last character, not past the line ends after it.
  while (offset > 0 && isJsonSpace(text.charCodeAt(offset - 1))) offset--;
  return { offset, blank: false, why: ': it ends too early' };
}

/** The commonest slips, when the text stops at one: a comma before a closing bracket, a single quote where a string starts, a byte-order mark where none may stand. */
function commonMistake(text: string, offset: number): string {
  const c = text.charCodeAt(offset);
  if (c === 0x27) return ': strings take double quotes, not single ones';
  // Invisible: a file's byte-order mark inside the text (files with one, joined by `cat`).
  if (c === 0xfeff) return ': a byte-order mark (U+FEFF) stands there, as when files that start with one are joined';
  if (c !== CLOSE_OBJECT && c !== CLOSE_ARRAY) return '';
  let before = offset - 1;
  while (before >= 0 && isJsonSpace(text.charCodeAt(before))) before--;
  return text.charCodeAt(before) === COMMA ? ': a comma stands before the closing bracket' : '';
}
