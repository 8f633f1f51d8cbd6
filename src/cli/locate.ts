/**
 * Where a problem is in its file: the line and column of the member a JSON Pointer points
 * at, found by a small scanner over the JSON text. It runs only for payloads with problems
 * (a clean payload is never scanned), once per payload for all its problems.
 *
 * Positions are 1-based. Lines end at LF (a CR before it is whitespace at the end of the
 * line), as the NDJSON line numbers count them. Columns count UTF-16 code units, as ESLint,
 * VS Code and SARIF (its default `columnKind`) do: `😀` is two columns. A byte-order mark
 * is not a column.
 */
import { parsePointer, toPointer } from '../lint/pointer';
import { keyOf, skipSpace, skipString, skipToClose, skipValue, utf16Length } from './json-text';

/** A 1-based line and column. */
export interface Position {
  /** The line, from 1. */
  line: number;
  /** The column on that line, from 1, in UTF-16 code units. */
  column: number;
}

/** One token of the pointers being looked for. */
interface Node {
  /** The tokens below this one that some pointer goes on to. */
  readonly children: Map<string, Node>;
  /** Where this member's key is (an object member), or its value (an array element, the root); -1 until found. */
  at: number;
  /** Where this member's value starts; -1 until found. */
  value: number;
}

const newNode = (): Node => ({ children: new Map(), at: -1, value: -1 });

/** Forgets where the members below `node` were: a later member of the same name replaces it. */
function forget(node: Node): void {
  for (const child of node.children.values()) {
    child.at = child.value = -1;
    forget(child);
  }
}

/**
 * Scans the value starting at `i`, recording where the members below `node` are; returns
 * the index just past the value. Only members some pointer goes through are entered.
 */
function visit(text: string, i: number, node: Node): number {
  const c = text.charCodeAt(i);
  if (node.children.size === 0 || (c !== 123 && c !== 91)) return skipValue(text, i);
  // An array repeats no index: past the last one looked for, the rest is skipped at once.
  const last = c === 91 ? lastIndex(node) : Infinity;
  i = skipSpace(text, i + 1);
  for (let index = 0; i < text.length && text.charCodeAt(i) !== c + 2; index++) {
    let at = i;
    let child: Node | undefined;
    if (c === 123) {
      const keyEnd = skipString(text, i);
      child = node.children.get(keyOf(text, i, keyEnd));
      i = skipSpace(text, skipSpace(text, keyEnd) + 1); // past ':'
    } else if (index > last) return skipToClose(text, i);
    else {
      child = node.children.get(String(index));
      at = i;
    }
    if (child) {
      // A repeated name: the last one is the member, as JSON.parse keeps it.
      if (child.at !== -1) forget(child);
      child.at = at;
      child.value = i;
      i = visit(text, i, child);
    } else i = skipValue(text, i);
    i = skipSpace(text, i);
    if (text.charCodeAt(i) === 44) i = skipSpace(text, i + 1);
  }
  return i + 1;
}

/** The largest array index among the tokens looked for below `node` (-1: none). */
function lastIndex(node: Node): number {
  let last = -1;
  for (const token of node.children.keys()) {
    const n = Number(token);
    if (Number.isSafeInteger(n) && n > last && String(n) === token) last = n;
  }
  return last;
}

/**
 * The offsets of the members that pointers point at, in one scan of the JSON value that
 * starts at `from`: an object member's key (its opening quote), an array element's first
 * character, the root value's first character. A member that is not there is placed at
 * its nearest ancestor that is: the first character of that ancestor's value (a missing
 * member's parent object, its `{`). Where an object repeats a name, the last one is the
 * member's place (the one JSON.parse keeps, so the one the problems are about).
 *
 * @param text Valid JSON text.
 * @param pointers RFC 6901 pointers into the value (`''` is the value itself).
 * @param from Where the value starts (default: after leading whitespace).
 * @returns One offset per pointer, in order.
 * @example memberOffsets('{"a": [1, 2]}', ['/a/1', '/b']); // [10, 0]
 */
export function memberOffsets(text: string, pointers: readonly string[], from = 0): number[] {
  const root = newNode();
  const paths: Node[][] = [];
  for (const pointer of pointers) {
    let tokens: string[];
    try {
      tokens = parsePointer(pointer);
    } catch {
      tokens = []; // not a pointer: the value itself
    }
    let node = root;
    const path = [root];
    for (const token of tokens) {
      let child = node.children.get(token);
      if (!child) node.children.set(token, (child = newNode()));
      path.push((node = child));
    }
    paths.push(path);
  }
  root.at = root.value = skipSpace(text, from);
  visit(text, root.value, root);
  return paths.map((path) => {
    const last = path[path.length - 1]!;
    if (last.at !== -1) return last.at;
    let k = path.length - 2;
    while (path[k]!.value === -1) k--;
    return path[k]!.value;
  });
}

/**
 * Where a string member is in a JSON text, when it holds `value`: the offset of its key (of
 * its last occurrence, the one JSON.parse keeps). The scan goes down `tokens` (object members
 * only) and stops at the first member of each name, so it reads about as far as the member (a
 * requestReference, near the start of a payload). That member is the one kept unless a later
 * one of its name may follow: when the rest of the text holds the name or an escaped ASCII
 * character (a key may spell the name with escapes), or when the member is not there or holds
 * another value, it reads the whole text as `memberOffsets` does.
 *
 * @param text Valid JSON text.
 * @param tokens The member names down to the member (names JSON writes without escapes).
 * @param value The string the member holds (as the parsed payload has it).
 * @param from Where the value starts.
 * @returns The offset of the member's key, or -1 when it is not there.
 * @example stringMemberOffset('{"h": {"r": "X"}}', ['h', 'r'], 'X'); // 7
 */
export function stringMemberOffset(text: string, tokens: readonly string[], value: string, from = 0): number {
  const first = firstMember(text, tokens, skipSpace(text, from));
  const name = tokens[tokens.length - 1]!;
  const after = first + name.length + 2;
  // Any later occurrence holds the name's tail too. V8 looks for a pattern by its first
  // character: "questReference" is found 6 times faster than "requestReference" in orders,
  // where "q" is rare and "r" is not.
  const tail = name.slice(Math.min(2, name.length - 1));
  if (first !== -1 && holds(text, first, value) && !text.includes(tail, after) && !escapesAscii(text, after)) return first;
  const last = memberOffsets(text, [toPointer(tokens)], from)[0]!;
  return holds(text, last, value) ? last : -1;
}

/**
 * Whether the text from `from` on escapes a printable ASCII character (`\u0020`-`\u007f`): only
 * such an escape can spell a member name in another way. Escapes of other characters, which
 * some producers write for every non-ASCII letter, cannot.
 */
function escapesAscii(text: string, from: number): boolean {
  for (let at = text.indexOf('\\u00', from); at !== -1; at = text.indexOf('\\u00', at + 4)) {
    const digit = text.charCodeAt(at + 4);
    if (digit >= 50 && digit <= 55) return true;
  }
  return false;
}

/** Whether the string token from `start` to `end` (past its quote) stands for `name`; read in place unless escaped. */
function isKey(text: string, start: number, end: number, name: string): boolean {
  const length = end - start - 2;
  // As long as the name: equal only unescaped (an escape makes the text longer than its name).
  if (length === name.length) return !name.includes('\\') && sameAt(text, start + 1, name);
  if (length < name.length) return false;
  for (let i = start + 1; i < end - 1; i++) if (text.charCodeAt(i) === 92) return keyOf(text, start, end) === name;
  return false;
}

/** Whether `text` holds `name` at `at` (startsWith, without its call into the runtime). */
function sameAt(text: string, at: number, name: string): boolean {
  for (let k = 0; k < name.length; k++) if (text.charCodeAt(at + k) !== name.charCodeAt(k)) return false;
  return true;
}

/** Whether a member's key is at `key` and its value is the string `value`. */
function holds(text: string, key: number, value: string): boolean {
  if (text.charCodeAt(key) !== 34) return false;
  const colon = skipSpace(text, skipString(text, key));
  if (text.charCodeAt(colon) !== 58) return false;
  const at = skipSpace(text, colon + 1);
  return text.charCodeAt(at) === 34 && isKey(text, at, skipString(text, at), value);
}

/**
 * The position of an offset, reading only the text before it (`positionsOf` reads on to the
 * next line end: a whole NDJSON line), a character at a time (V8's lastIndexOf calls into
 * its runtime, slower on the hundred characters before a requestReference).
 *
 * @param text The text (a leading byte-order mark is not a column).
 * @param offset An offset into it.
 * @returns Its 1-based line and column.
 * @example positionOf('{\n  "a": 1}', 4); // { line: 2, column: 3 }
 */
export function positionOf(text: string, offset: number): Position {
  let line = 1;
  let start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  for (let i = 0; i < offset; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      start = i + 1;
    }
  }
  return { line, column: Math.max(offset - start, 0) + 1 };
}

/** The key offset of the first member named by each token in turn, or -1. */
function firstMember(text: string, tokens: readonly string[], i: number): number {
  let key = -1;
  for (const token of tokens) {
    if (key !== -1) i = skipSpace(text, skipSpace(text, skipString(text, key)) + 1);
    if (text.charCodeAt(i) !== 123) return -1;
    i = skipSpace(text, i + 1);
    for (;;) {
      if (text.charCodeAt(i) !== 34) return -1;
      const keyEnd = skipString(text, i);
      if (isKey(text, i, keyEnd, token)) break;
      i = skipSpace(text, skipValue(text, skipSpace(text, skipSpace(text, keyEnd) + 1)));
      if (text.charCodeAt(i) !== 44) return -1;
      i = skipSpace(text, i + 1);
    }
    key = i;
  }
  return key;
}

/**
 * Counts lines up to offsets that never go back: each character is looked at once however
 * many offsets are asked for.
 */
export class LineCounter {
  private line = 1;
  private lineStart: number;
  // The next line end not yet counted; -2 until the first offset is asked for (a counter made for a clean document never searches).
  private next = -2;

  /**
   * @param text The text (a leading byte-order mark is not a column).
   */
  constructor(private readonly text: string) {
    this.lineStart = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  }

  /**
   * The position of an offset.
   *
   * @param offset An offset at or after the one asked for before.
   * @returns Its 1-based line and column.
   * @example const lines = new LineCounter('a\nbc'); lines.at(0); lines.at(3); // { line: 2, column: 2 }
   */
  at(offset: number): Position {
    if (this.next === -2) this.next = this.text.indexOf('\n');
    while (this.next !== -1 && this.next < offset) {
      this.line++;
      this.lineStart = this.next + 1;
      this.next = this.text.indexOf('\n', this.lineStart);
    }
    return { line: this.line, column: Math.max(offset - this.lineStart, 0) + 1 };
  }
}

/**
 * `LineCounter` over UTF-8 bytes: the position of byte offsets, asked for in order, counted
 * as in the decoded text (columns in UTF-16 code units) without decoding it. Each byte is
 * looked at once, whatever the number of offsets (a one-line array of many elements).
 */
export class Utf8LineCounter {
  private line = 1;
  // Columns counted up to `counted` on the current line (a leading byte-order mark is none).
  private counted: number;
  private columns = 0;
  private next = -2;

  /** @param bytes The UTF-8 text. */
  constructor(private readonly bytes: Buffer) {
    this.counted = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  }

  /**
   * The position of a byte offset.
   *
   * @param offset A byte offset at or after the one asked for before, at a character's start.
   * @returns Its 1-based line and column.
   * @example const lines = new Utf8LineCounter(Buffer.from('é\n😀b')); lines.at(7); // { line: 2, column: 3 }
   */
  at(offset: number): Position {
    if (this.next === -2) this.next = this.bytes.indexOf(10);
    while (this.next !== -1 && this.next < offset) {
      this.line++;
      this.counted = this.next + 1;
      this.columns = 0;
      this.next = this.bytes.indexOf(10, this.counted);
    }
    if (offset > this.counted) {
      this.columns += utf16Length(this.bytes, this.counted, offset);
      this.counted = offset;
    }
    return { line: this.line, column: this.columns + 1 };
  }
}

/**
 * Turns offsets into positions in one pass over the text (the offsets in any order).
 *
 * @param text The text.
 * @param offsets Offsets into it.
 * @returns The position of each offset, in order.
 * @example positionsOf('{\n  "a": 1}', [4, 0]); // [{ line: 2, column: 3 }, { line: 1, column: 1 }]
 */
export function positionsOf(text: string, offsets: readonly number[]): Position[] {
  const lines = new LineCounter(text);
  const out = new Array<Position>(offsets.length);
  for (const i of offsets.map((_, k) => k).sort((x, y) => offsets[x]! - offsets[y]!)) out[i] = lines.at(offsets[i]!);
  return out;
}

/**
 * Where each pointer points in a JSON text, in one scan (see `memberOffsets`).
 *
 * @param text Valid JSON text (a byte-order mark may lead it).
 * @param pointers RFC 6901 pointers into the JSON value of the text.
 * @returns The 1-based line and column of each, in order.
 * @example locateAll('{\n  "a": {}\n}', ['/a', '/a/b']); // [{ line: 2, column: 3 }, { line: 2, column: 8 }]
 */
export function locateAll(text: string, pointers: readonly string[]): Position[] {
  const from = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  return positionsOf(text, memberOffsets(text, pointers, from));
}

/**
 * Where a JSON Pointer points in a JSON text: the 1-based line and column of the member's
 * key (an object member), of its first character (an array element, the root), or, for a
 * member that is not there, of its parent object's `{` (of its nearest ancestor that is there).
 * A repeated name: its last occurrence (the one JSON.parse keeps).
 *
 * @param text Valid JSON text (a byte-order mark may lead it).
 * @param pointer An RFC 6901 pointer into the JSON value of the text.
 * @returns The position.
 * @example locate('{\r\n  "a~b": [\n    true\n  ]\n}', '/a~0b/0'); // { line: 3, column: 5 }
 */
export function locate(text: string, pointer: string): Position {
  return locateAll(text, [pointer])[0]!;
}
