/**
 * The span of the member a JSON Pointer points at in JSON text, so the console can select a
 * problem's member in the editor. (src/cli/locate.ts gives a member's start as a line and
 * column; selecting needs its end too, and whether the member was there.)
 */
import { keyOf, skipSpace, skipString, skipValue } from '../cli/json-text';
import { parsePointer } from '../lint/pointer';

/** A span of the text: `[start, end)` in UTF-16 offsets. */
export interface TextSpan {
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
  /** False when the pointer's member is not in the text: the span is its nearest ancestor's. */
  readonly exact: boolean;
}

const OPEN_OBJECT = 123;
const OPEN_ARRAY = 91;
const COMMA = 44;
const QUOTE = 34;

/** The start of element `index` of the array opening at `i`, or -1. */
function elementStart(text: string, i: number, index: number): number {
  i = skipSpace(text, i + 1);
  if (text.charCodeAt(i) === 93) return -1;
  for (; index > 0; index--) {
    i = skipSpace(text, skipValue(text, i));
    if (text.charCodeAt(i) !== COMMA) return -1;
    i = skipSpace(text, i + 1);
  }
  return i;
}

/** The key start and value start of the member `name` of the object opening at `i` (the last one, as JSON.parse keeps). */
function memberStart(text: string, i: number, name: string): [number, number] | undefined {
  let found: [number, number] | undefined;
  for (i = skipSpace(text, i + 1); text.charCodeAt(i) === QUOTE; ) {
    const keyEnd = skipString(text, i);
    const valueStart = skipSpace(text, skipSpace(text, keyEnd) + 1);
    if (keyOf(text, i, keyEnd) === name) found = [i, valueStart];
    i = skipSpace(text, skipValue(text, valueStart));
    if (text.charCodeAt(i) === COMMA) i = skipSpace(text, i + 1);
  }
  return found;
}

/**
 * Finds the member a JSON Pointer names in valid JSON text: from its key to the end of its
 * value (an array element: its value). A missing member gives its nearest ancestor's span,
 * with `exact: false` (a `required` problem points at a member that is not there).
 *
 * @param text Valid JSON text (one document).
 * @param pointer An RFC 6901 JSON Pointer; `''` is the whole document.
 * @returns The span; `undefined` only when the pointer is malformed.
 * @example memberSpan('{"a": {"b": 1}}', '/a/b'); // { start: 7, end: 13, exact: true }
 */
export function memberSpan(text: string, pointer: string): TextSpan | undefined {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return undefined;
  }
  let value = skipSpace(text, 0);
  let span = { start: value, end: skipValue(text, value) };
  for (const token of tokens) {
    const c = text.charCodeAt(value);
    let next: [number, number] | undefined;
    if (c === OPEN_ARRAY && /^(0|[1-9]\d*)$/.test(token)) {
      const at = elementStart(text, value, Number(token));
      next = at < 0 ? undefined : [at, at];
    } else if (c === OPEN_OBJECT) next = memberStart(text, value, token);
    if (next === undefined) return { ...span, exact: false };
    value = next[1];
    span = { start: next[0], end: skipValue(text, value) };
  }
  return { ...span, exact: true };
}

