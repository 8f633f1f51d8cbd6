/**
 * Editing JSON text in place: `--fix` renames a member by rewriting only its key, so every
 * other character of the text (spacing, order, escapes, number spellings) stays as it was.
 * A long line is edited in its UTF-8 bytes, without decoding it.
 */
import type { MemberRename } from '../lint/apply-fixes';
import { escapeText } from '../lint/pointer';

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * The index of the first character at or after `i` that is not JSON whitespace.
 *
 * @example skipSpace(' \r\n 1', 0); // 4
 */
export function skipSpace(text: string, i: number): number {
  while (isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * JSON whitespace (RFC 8259): space, tab, LF, CR.
 *
 * @param c A UTF-16 code unit or a byte (`NaN` past the end: not whitespace).
 * @returns Whether it is JSON whitespace.
 * @example isJsonSpace(0x0a); // true
 */
export const isJsonSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

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
 * The first member name that one object of valid JSON text names twice (in text order), as
 * the JSON Pointer of its second occurrence. `JSON.parse` keeps the last of such members and
 * other parsers the first, so the text means what its reader decides. Linear in the text; no
 * recursion, whatever the depth.
 *
 * @param text Valid JSON text.
 * @returns The pointer, or undefined when no object repeats a name.
 * @example repeatedMember('{"a": {"b": 1, "b": 2}}'); // '/a/b'
 */
export function repeatedMember(text: string): string | undefined {
  // The open containers, innermost last: an object's names so far, or an array's next index; and their pointers.
  const open: (Set<string> | number)[] = [];
  const pointers: string[] = [];
  let i = skipSpace(text, 0);
  let at = '';
  for (;;) {
    // At a value whose pointer is `at`.
    const c = text.charCodeAt(i);
    let opened = false;
    if (c === 123 || c === 91) {
      const first = skipSpace(text, i + 1);
      // An empty container is a value like any other.
      if (text.charCodeAt(first) === (c === 123 ? 125 : 93)) i = first + 1;
      else {
        open.push(c === 123 ? new Set<string>() : 0);
        pointers.push(at);
        i = first;
        opened = true;
      }
    } else i = skipValue(text, i);
    // Past a value: close the containers that end here, then step past the comma.
    while (!opened) {
      if (open.length === 0) return undefined;
      i = skipSpace(text, i);
      if (text.charCodeAt(i) === 44) {
        i = skipSpace(text, i + 1);
        break;
      }
      open.pop();
      pointers.pop();
      i++;
    }
    // At the next member's key, or the next element, of the innermost container.
    const inner = open[open.length - 1]!;
    const base = pointers[pointers.length - 1]!;
    if (typeof inner === 'number') {
      at = `${base}/${inner}`;
      open[open.length - 1] = inner + 1;
    } else {
      const end = skipString(text, i);
      const name = keyOf(text, i, end);
      at = `${base}/${escapeText(name)}`;
      if (inner.has(name)) return at;
      inner.add(name);
      i = skipSpace(text, skipSpace(text, end) + 1);
    }
  }
}

/**
 * JSON text as the renaming reads it: a string, or UTF-8 bytes (a long line is never
 * decoded whole). Offsets are string indexes or byte offsets.
 */
interface Reader {
  /** The code of the character (a string) or the byte at `i`; NaN or undefined past the end. */
  code(i: number): number | undefined;
  /** `skipSpace`. */
  space(i: number): number;
  /** `skipString`. */
  string(i: number): number;
  /** `skipValue`. */
  value(i: number): number;
  /** The member name of the key token from `start` to `end`. */
  key(start: number, end: number): string;
}

const stringReader = (text: string): Reader => ({
  code: (i) => text.charCodeAt(i),
  space: (i) => skipSpace(text, i),
  string: (i) => skipString(text, i),
  value: (i) => skipValue(text, i),
  key: (start, end) => keyOf(text, start, end),
});

const bytesReader = (bytes: Buffer): Reader => ({
  code: (i) => bytes[i],
  space: (i) => skipSpaceUtf8(bytes, i),
  string: (i) => skipStringUtf8(bytes, i),
  value: (i) => skipValueUtf8(bytes, i),
  key: (start, end) => {
    const raw = bytes.toString('utf8', start, end);
    return keyOf(raw, 0, raw.length);
  },
});

/**
 * Where the parts of a container are, known without scanning it (lazy-json.ts knows it of
 * its lazy containers): an array's length and, for an element, where the batch holding it
 * starts and the index of that batch's first element; an object's members (where each key
 * and each value starts).
 */
export type KnownLayout =
  | { readonly length: number; readonly near: (index: number) => readonly [start: number, first: number] }
  | { readonly members: readonly { readonly start: number; readonly value: number }[] };

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
  const read = stringReader(text);
  return keyRange(read, tokens, read.key);
}

/**
 * `memberKeyRange` through a reader, with the names of keys as `name` gives them and the
 * layouts of the containers `layout` knows; `every`, when given, also collects the key of
 * each member of the last object that has the member's name (a repeated name: each of them).
 */
function keyRange(
  read: Reader,
  tokens: readonly string[],
  name: (start: number, end: number) => string,
  layout?: (at: number) => KnownLayout | undefined,
  every?: [number, number][],
): [number, number] | undefined {
  let i = read.space(0);
  for (let depth = 0; depth < tokens.length; depth++) {
    const token = tokens[depth]!;
    const last = depth === tokens.length - 1;
    const c = read.code(i);
    const known = layout?.(i);
    if (c === 91 && !last) {
      // An array: step to element `token`, from the start of its batch when that is known.
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      let index = Number(token);
      if (known && 'length' in known) {
        if (index >= known.length) return undefined;
        const [start, first] = known.near(index);
        i = start;
        index -= first;
      } else {
        i = read.space(i + 1);
        if (read.code(i) === 93) return undefined;
      }
      while (index > 0) {
        i = read.space(read.value(i));
        if (read.code(i) !== 44) return undefined;
        i = read.space(i + 1);
        index--;
      }
      continue;
    }
    if (c !== 123) return undefined;
    // An object: find the last member named `token`.
    let found: [number, number, number] | undefined;
    if (known && 'members' in known) {
      for (const member of known.members) {
        const keyEnd = read.string(member.start);
        if (name(member.start, keyEnd) === token) {
          found = [member.start, keyEnd, member.value];
          if (last) every?.push([member.start, keyEnd]);
        }
      }
    } else {
      i = read.space(i + 1);
      while (read.code(i) === QUOTE) {
        const keyStart = i;
        const keyEnd = read.string(i);
        i = read.space(read.space(keyEnd) + 1); // past ':'
        if (name(keyStart, keyEnd) === token) {
          found = [keyStart, keyEnd, i];
          if (last) every?.push([keyStart, keyEnd]);
        }
        i = read.space(read.value(i));
        if (read.code(i) === 44) i = read.space(i + 1);
      }
    }
    if (!found) return undefined;
    if (last) return [found[0], found[1]];
    i = found[2];
  }
  return undefined;
}

/**
 * The key tokens that renames replace, one rename after the other, as found in the text as
 * it was: each by where it starts, with where it ends and the name it ends up with. A later
 * rename reads the names the earlier ones gave, so this is the sequential edit, made once.
 */
function renamedKeys(read: Reader, renames: readonly MemberRename[], base: readonly string[], layout?: (at: number) => KnownLayout | undefined): [number, { end: number; to: string }][] {
  const names = new Map<number, { end: number; to: string }>();
  const name = (start: number, end: number) => names.get(start)?.to ?? read.key(start, end);
  for (const { parent, from, to } of renames) {
    // Every key of a repeated name is renamed: renaming only the last (the one JSON.parse
    // keeps) would bring an earlier one's value back under the old name.
    const every: [number, number][] = [];
    keyRange(read, [...base, ...parent, from], name, layout, every);
    for (const [start, end] of every) names.set(start, { end, to });
  }
  return [...names].sort((x, y) => x[0] - y[0]);
}

/**
 * Applies member renames (from `fixPayload` or `memberRenames`) to the JSON text the payload
 * was parsed from, one after the other, changing only the keys (each key of a repeated name:
 * the text then parses as the renamed payload).
 *
 * @param text Valid JSON text.
 * @param renames The renames, in the order they were made.
 * @param base Tokens before each rename's path (the index of a top-level array element).
 * @returns The edited text.
 * @example renameMembers('{"transactionId": 1}', [{ parent: [], from: 'transactionId', to: 'transactionID' }]); // '{"transactionID": 1}'
 */
export function renameMembers(text: string, renames: readonly MemberRename[], base: readonly string[] = []): string {
  let out = '';
  let copied = 0;
  for (const [start, { end, to }] of renamedKeys(stringReader(text), renames, base)) {
    out += text.slice(copied, start) + JSON.stringify(to);
    copied = end;
  }
  return out + text.slice(copied);
}

/**
 * `renameMembers` of UTF-8 JSON text, done on the bytes: only the pieces of text a path goes
 * through are read (the containers `layout` knows are entered where they are needed), and
 * the text is never decoded whole.
 *
 * @param bytes Valid UTF-8 JSON text.
 * @param renames The renames, in the order they were made.
 * @param options `layout`: where the parts of some containers are, by where each container
 * starts; `inPlace`: edit `bytes` themselves when no rename makes the text before it longer
 * (the new keys never overtake bytes not yet moved), rather than a copy.
 * @returns The edited bytes (`bytes`, or the start of them, when edited in place or when no member was found).
 * @example renameMembersUtf8(Buffer.from('{"a": 1}'), [{ parent: [], from: 'a', to: 'b' }]).toString(); // '{"b": 1}'
 */
export function renameMembersUtf8(bytes: Uint8Array, renames: readonly MemberRename[], options: { layout?: (at: number) => KnownLayout | undefined; inPlace?: boolean } = {}): Uint8Array {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const keys = renamedKeys(bytesReader(buf), renames, [], options.layout).map(([start, { end, to }]) => ({ start, end, token: Buffer.from(JSON.stringify(to)) }));
  if (keys.length === 0) return bytes;
  let grown = 0;
  let fits = options.inPlace === true;
  for (const { start, end, token } of keys) fits &&= (grown += token.length - (end - start)) <= 0;
  if (!fits) {
    const pieces: Uint8Array[] = [];
    let copied = 0;
    for (const { start, end, token } of keys) {
      pieces.push(buf.subarray(copied, start), token);
      copied = end;
    }
    pieces.push(buf.subarray(copied));
    return Buffer.concat(pieces);
  }
  // In place: each stretch of text moves back by what the keys before it shrank (`shift` <= 0).
  let shift = 0;
  let copied = 0;
  for (const { start, end, token } of keys) {
    if (shift !== 0) buf.copyWithin(copied + shift, copied, start);
    buf.set(token, start + shift);
    shift += token.length - (end - start);
    copied = end;
  }
  if (shift !== 0) buf.copyWithin(copied + shift, copied);
  return bytes.subarray(0, bytes.length + shift);
}

// UTF-8 bytes: the structural characters of JSON are ASCII, and no byte of a multi-byte
// character is, so JSON text is scanned from its bytes as from its characters.

/**
 * `skipSpace` on UTF-8 bytes.
 *
 * @example skipSpaceUtf8(Buffer.from(' \r\n 1'), 0); // 4
 */
export function skipSpaceUtf8(b: Uint8Array, i: number): number {
  for (;;) {
    const c = b[i];
    if (c !== undefined && isJsonSpace(c)) i++;
    else return i;
  }
}

/**
 * `skipString` on UTF-8 bytes: just past the string starting at `i` (a quote); the end of the text when it is not closed.
 *
 * @example skipStringUtf8(Buffer.from('"a\\"b" 1'), 0); // 6
 */
export function skipStringUtf8(b: Uint8Array, i: number): number {
  const n = b.length;
  for (i++; i < n; i++) {
    const c = b[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return n;
}

/**
 * Just past the value starting at `i` in UTF-8 bytes (containers by depth; anything else up
 * to the next delimiter). In text that is not JSON it stops somewhere: callers check.
 *
 * @example skipValueUtf8(Buffer.from('[1, {"a": "]"}] 2'), 0); // 15
 */
export function skipValueUtf8(b: Uint8Array, i: number): number {
  const n = b.length;
  let depth = 0;
  for (; i < n; i++) {
    const c = b[i]!;
    if (c === QUOTE) {
      i = skipStringUtf8(b, i) - 1;
      if (depth === 0) return i + 1;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93 || c === 44 || c === 32 || c === 10 || c === 13 || c === 9) {
      if (depth === 0) return i;
      if (c === 125 || c === 93) if (--depth === 0) return i + 1;
    }
  }
  return n;
}

/**
 * The UTF-16 length of valid UTF-8 bytes `start` to `end`: a unit per character, two for one past U+FFFF.
 *
 * @example utf16Length(Buffer.from('a😀'), 0, 5); // 3
 */
export function utf16Length(b: Uint8Array, start: number, end: number): number {
  let units = 0;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    if (c < 0x80 || c >= 0xc0) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}

/**
 * The elements of a top-level JSON array in its UTF-8 bytes, found in one pass as they are
 * asked for, in order (a long document is never decoded, and no list of all the elements is
 * kept).
 *
 * @example new ArrayElements(Buffer.from('[1, {"a": 2}]')).range(1); // [4, 12]
 */
export class ArrayElements {
  private index = -1;
  private start = 0;
  private end = 0;

  /** @param bytes Valid UTF-8 JSON text whose value is an array. */
  constructor(private readonly bytes: Uint8Array) {
    const b = bytes;
    const open = skipSpaceUtf8(b, b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf ? 3 : 0);
    this.end = b[open] === 91 ? open + 1 : b.length;
  }

  /**
   * Where an element is.
   *
   * @param index An element's index, at or after the one asked for before.
   * @returns `[start, end)` of its bytes, or undefined past the last element.
   */
  range(index: number): [number, number] | undefined {
    const b = this.bytes;
    while (this.index < index) {
      let i = skipSpaceUtf8(b, this.end);
      if (this.index >= 0 && b[i] === 44) i = skipSpaceUtf8(b, i + 1);
      if (i >= b.length || b[i] === 93) return undefined;
      this.start = i;
      this.end = skipValueUtf8(b, i);
      this.index++;
    }
    return [this.start, this.end];
  }
}
