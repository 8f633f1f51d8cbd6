/**
 * The span of the member a JSON Pointer points at in JSON text, so the console can select a
 * problem's member in the editor. It starts where `fulfilkit lint` places the problem
 * (src/cli/locate.ts: a member's key, an element's first character, a missing member's
 * parent object `{`); selecting needs its end too, and whether the member was there.
 */
import { memberOffsets } from '../cli/locate';
import { skipSpace, skipString, skipValue } from '../cli/json-text';
import { parsePointer, resolvePointer } from '../lint/pointer';

/** A span of the text: `[start, end)` in UTF-16 offsets. */
export interface TextSpan {
  /** Offset of the first character. */
  readonly start: number;
  /** Offset just past the last character. */
  readonly end: number;
  /** False when the pointer's member is not in the text: the span is its nearest ancestor's value. */
  readonly exact: boolean;
}

const QUOTE = 34;
const COLON = 58;

/**
 * The end of the member that starts at `at`, an offset `memberOffsets` gives: past the value
 * of an object member (`at` is its key: a string followed by `:`), else past the value at `at`.
 *
 * @param text Valid JSON text.
 * @param at Where the member starts.
 * @returns The offset just past the member.
 * @example spanEnd('{"a": [1]}', 1); // 9
 */
export function spanEnd(text: string, at: number): number {
  if (text.charCodeAt(at) === QUOTE) {
    const colon = skipSpace(text, skipString(text, at));
    if (text.charCodeAt(colon) === COLON) return skipValue(text, skipSpace(text, colon + 1));
  }
  return skipValue(text, at);
}

/**
 * Whether a pointer's member is in a parsed JSON value (own members, as JSON.parse makes them).
 *
 * @param value The parsed value.
 * @param pointer An RFC 6901 JSON Pointer.
 * @returns False for a missing member or a malformed pointer.
 * @example hasMember({ a: [1] }, '/a/1'); // false
 */
export function hasMember(value: unknown, pointer: string): boolean {
  try {
    return resolvePointer(value, pointer).found;
  } catch {
    return false;
  }
}

/**
 * Finds the member a JSON Pointer names in valid JSON text: from its key to the end of its
 * value (an array element: its value). A missing member gives its nearest ancestor's value
 * (its parent object, from its `{`), with `exact: false`, as `fulfilkit lint` places it.
 *
 * @param text Valid JSON text (one document).
 * @param pointer An RFC 6901 JSON Pointer; `''` is the whole document.
 * @returns The span; `undefined` only when the pointer is malformed.
 * @example memberSpan('{"a": {"b": 1}}', '/a/b'); // { start: 7, end: 13, exact: true }
 */
export function memberSpan(text: string, pointer: string): TextSpan | undefined {
  try {
    parsePointer(pointer);
  } catch {
    return undefined;
  }
  const start = memberOffsets(text, [pointer])[0]!;
  return { start, end: spanEnd(text, start), exact: hasMember(JSON.parse(text), pointer) };
}
