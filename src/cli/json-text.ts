/**
 * Editing JSON text in place: `--fix` renames a member by rewriting only its key, so every
 * other character of the text (spacing, order, escapes, number spellings) stays as it was.
 */
import type { MemberRename } from '../lint/apply-fixes';

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The index of the first character at or after `i` that is not JSON whitespace.
 *
 * @example skipSpace(' \r\n 1', 0); // 4
 */
export function skipSpace(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else return i;
  }
}

/**
 * The index just past the string token starting at `i` (a quote).
 *
 * @example skipString('"a\\"b" 1', 0); // 6
 */
export function skipString(text: string, i: number): number {
  for (i++; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return text.length;
}

/**
 * The index just past the JSON value starting at `i` (in valid JSON text).
 *
 * @example skipValue('[1, {"a": "]"}] 2', 0); // 15
 */
export function skipValue(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === QUOTE) return skipString(text, i);
  if (c === 123 || c === 91) return skipToClose(text, i + 1);
  // A number, true, false or null: up to the next delimiter.
  while (i < text.length) {
    const d = text.charCodeAt(i);
    if (d === 44 || d === 125 || d === 93 || d === 32 || d === 9 || d === 10 || d === 13) break;
    i++;
  }
  return i;
}

/**
 * Skips the rest of an object or array: from `i` inside it to just past its closing `}` or `]`.
 *
 * @param text Valid JSON text.
 * @param i An offset inside a container (its contents, not inside a string).
 * @returns The index just past the container's end (the text's length when it does not end).
 * @example skipToClose('[1, [2], 3] x', 1); // 11
 */
export function skipToClose(text: string, i: number): number {
  let depth = 1;
  for (; i < text.length; i++) {
    const d = text.charCodeAt(i);
    if (d === QUOTE) i = skipString(text, i) - 1;
    else if (d === 123 || d === 91) depth++;
    else if (d === 125 || d === 93) {
      depth--;
      if (depth === 0) return i + 1;
    }
  }
  return text.length;
}

/**
 * The member name a key token (`start` at its opening quote, `end` just past the closing one) stands for.
 *
 * @example keyOf('{"a\\u0062": 1}', 1, 10); // 'ab'
 */
export function keyOf(text: string, start: number, end: number): string {
  const raw = text.slice(start, end);
  return raw.includes('\\') ? (JSON.parse(raw) as string) : raw.slice(1, -1);
}

/**
 * Finds the key token of the member at `tokens` (RFC 6901 tokens, unescaped) in valid JSON
 * text. Where an object repeats a name, the last one counts, as in `JSON.parse`.
 *
 * @param text Valid JSON text.
 * @param tokens The path of the member, outermost first (at least one token).
 * @returns The start and end offsets of the key token (quotes included), or undefined.
 * @example memberKeyRange('{"a": {"b": 1}}', ['a', 'b']); // [7, 10]
 */
export function memberKeyRange(text: string, tokens: readonly string[]): [number, number] | undefined {
  let i = skipSpace(text, 0);
  for (let depth = 0; depth < tokens.length; depth++) {
    const token = tokens[depth]!;
    const last = depth === tokens.length - 1;
    const c = text.charCodeAt(i);
    if (c === 91 && !last) {
      // An array: step to element `token`.
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      let index = Number(token);
      i = skipSpace(text, i + 1);
      if (text.charCodeAt(i) === 93) return undefined;
      while (index > 0) {
        i = skipSpace(text, skipValue(text, i));
        if (text.charCodeAt(i) !== 44) return undefined;
        i = skipSpace(text, i + 1);
        index--;
      }
      continue;
    }
    if (c !== 123) return undefined;
    // An object: find the last member named `token`.
    let found: [number, number, number] | undefined;
    i = skipSpace(text, i + 1);
    while (text.charCodeAt(i) === QUOTE) {
      const keyStart = i;
      const keyEnd = skipString(text, i);
      i = skipSpace(text, keyEnd);
      i = skipSpace(text, i + 1); // past ':'
      const valueStart = i;
      if (keyOf(text, keyStart, keyEnd) === token) found = [keyStart, keyEnd, valueStart];
      i = skipSpace(text, skipValue(text, i));
      if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
    }
    if (!found) return undefined;
    if (last) return [found[0], found[1]];
    i = found[2];
  }
  return undefined;
}

/**
 * Applies member renames (from `fixPayload`) to the JSON text the payload was parsed from,
 * one after the other, changing only the keys.
 *
 * @param text Valid JSON text.
 * @param renames The renames, in the order they were made.
 * @param base Tokens before each rename's path (the index of a top-level array element).
 * @returns The edited text.
 * @example renameMembers('{"transactionId": 1}', [{ parent: [], from: 'transactionId', to: 'transactionID' }]); // '{"transactionID": 1}'
 */
export function renameMembers(text: string, renames: readonly MemberRename[], base: readonly string[] = []): string {
  for (const { parent, from, to } of renames) {
    const range = memberKeyRange(text, [...base, ...parent, from]);
    if (range) text = text.slice(0, range[0]) + JSON.stringify(to) + text.slice(range[1]);
  }
  return text;
}

/**
 * The offsets of the elements of a top-level JSON array, in one pass.
 *
 * @param text Valid JSON text whose value is an array.
 * @returns `[start, end)` of each element's text, in order.
 * @example arrayElementRanges('[1, {"a": 2}]'); // [[1, 2], [4, 12]]
 */
export function arrayElementRanges(text: string): [number, number][] {
  const out: [number, number][] = [];
  let i = skipSpace(text, 0);
  if (text.charCodeAt(i) !== 91) return out;
  i = skipSpace(text, i + 1);
  while (i < text.length && text.charCodeAt(i) !== 93) {
    const end = skipValue(text, i);
    out.push([i, end]);
    i = skipSpace(text, end);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
  }
  return out;
}
