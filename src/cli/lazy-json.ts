/**
 * `JSON.parse` for texts too long to hold parsed whole: one 64 MB NDJSON line can hold 30
 * million array elements, and an array of them takes more memory than the CLI may use.
 *
 * The value is built from the text's UTF-8 bytes, with the members, order and values that
 * `JSON.parse` of the decoded text gives, except that an array whose text is long becomes a
 * lazy array: a read-only `Proxy` that answers `length` and reads its elements by parsing a
 * batch of them at a time (it keeps its batches' offsets and the last two batches it read).
 * Only pieces of the bytes are ever decoded (the structural characters of JSON are ASCII,
 * and no byte of a multi-byte UTF-8 character is ASCII): the text is not on the heap while
 * it is linted, nor when its problems are located. The whole text is checked before the
 * value is handed out, so reading an element never throws; a text that is not JSON throws
 * the error `JSON.parse` would. Objects are built whole: one with more members than a
 * payload object could have is refused (`MemberLimitError`) before it is built.
 */
import { isAscii } from 'node:buffer';
import { parsePointer, toPointer } from '../lint/pointer';
import { memberOffsets } from './locate';

/** When and how texts are parsed lazily. */
export interface LazyJsonLimits {
  /** A text longer than this many bytes is parsed lazily. */
  readonly textBytes: number;
  /** An array whose text is longer than this many bytes becomes a lazy array. */
  readonly arrayBytes: number;
  /** A lazy array parses at most this many elements at a time... */
  readonly batchItems: number;
  /** ...and starts a new batch once a batch's text is this many bytes long. */
  readonly batchBytes: number;
  /** An object (up to 64 levels deep) with more members than this is refused. */
  readonly objectMembers: number;
  /** Values nested deeper than this are refused. */
  readonly depth: number;
}

/**
 * The limits the CLI uses: texts over 4 MiB, arrays over 1 MiB, batches of 4096 elements or
 * 64 KiB, objects of 65,536 members, 512 levels of nesting (the simulator's limit for bodies).
 */
export const LAZY_JSON_LIMITS: LazyJsonLimits = { textBytes: 4 << 20, arrayBytes: 1 << 20, batchItems: 4096, batchBytes: 64 << 10, objectMembers: 1 << 16, depth: 512 };

/**
 * A long text goes past a limit of what is read (see `LazyJsonLimits`): it is not read, since
 * it would not fit in memory, and no payload comes near the limit. Everything before
 * `offset` (in the decoded text, in UTF-16 code units) is JSON.
 */
export class LimitError extends Error {
  /** @param message What is too large (`an object of 70000 members, more than 65536`). @param offset Where it starts. */
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/**
 * A long text nests its values deeper than `LazyJsonLimits.depth` (each level an array or an
 * object): 30 MB of brackets would otherwise build 15 million arrays.
 */
export class DepthLimitError extends LimitError {
  override readonly name = 'DepthLimitError';
  /** @param limit The deepest nesting read. @param offset Where the first value past it starts. */
  constructor(
    readonly limit: number,
    offset: number,
  ) {
    super(`values nested more than ${limit} levels deep`, offset);
  }
}

/**
 * A long text holds an object with more members than `LazyJsonLimits.objectMembers`: it is
 * not read (no payload object has more than a few dozen members, and millions would not fit
 * in memory). Everything before the object is JSON.
 *
 * @example try { parseLongJson(bytes); } catch (e) { if (e instanceof MemberLimitError) e.members; }
 */
export class MemberLimitError extends LimitError {
  override readonly name = 'MemberLimitError';
  /**
   * @param members The members of the object (its top-level commas and one).
   * @param limit The most an object may have.
   * @param offset Where the object starts in the decoded text, in UTF-16 code units.
   */
  constructor(
    readonly members: number,
    readonly limit: number,
    offset: number,
  ) {
    super(`an object of ${members} members, more than ${limit}`, offset);
  }
}

/** Containers nested deeper than this are parsed whole, however long (the builder recurses). */
const MAX_DEPTH = 64;

/** Bytes kept before the first piece that failed when the error is recomputed (V8 quotes 10 characters, at most 40 bytes). */
const MARGIN = 64;

const QUOTE = 34;
const BACKSLASH = 92;
const COMMA = 44;
const COLON = 58;
const OPEN_ARRAY = 91;
const CLOSE_ARRAY = 93;
const OPEN_OBJECT = 123;
const CLOSE_OBJECT = 125;

/** A long JSON text, parsed. */
export interface LongJson {
  /** The value, its long arrays lazy. */
  readonly value: unknown;
  /**
   * `memberOffsets` of the text (locate.ts), found in the text without the batches of its
   * lazy arrays that no pointer goes through: the whole text is never decoded.
   *
   * @param pointers RFC 6901 pointers into the value.
   * @returns Each one's offset in the decoded text, in UTF-16 code units.
   */
  offsets(pointers: readonly string[]): number[];
}

/**
 * Parses UTF-8 JSON text as `JSON.parse` parses the decoded text, without ever holding a
 * long array parsed whole (see the module comment).
 *
 * @param bytes Valid UTF-8; the value keeps a reference to them (its lazy arrays read them).
 * @param limits How to parse lazily (`textBytes` is the caller's choice).
 * @returns The value, and where its members are.
 * @throws {SyntaxError} The error `JSON.parse` of the decoded text throws, same message and position, when the text is not JSON.
 * @throws {MemberLimitError} An object (up to 64 levels deep) has more than `limits.objectMembers` members, and no error comes before it.
 * @throws {DepthLimitError} Values nest deeper than `limits.depth`, and no error comes before the piece of text that holds them.
 * @example const { value } = parseLongJson(lineBytes); value.clientRequest.item.length; // no item parsed yet
 */
export function parseLongJson(bytes: Uint8Array, limits: LazyJsonLimits = LAZY_JSON_LIMITS): LongJson {
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const builder = new Builder(buf, limits);
  let value: unknown;
  try {
    value = builder.root();
  } catch (failure) {
    if (!(failure instanceof Failure)) throw failure;
    value = reparse(buf, failure.at, builder.arrays);
    return { value, offsets: (pointers) => memberOffsets(buf.toString('utf8'), pointers) };
  }
  return { value, offsets: (pointers) => offsetsIn(buf, value, builder.lazy, pointers) };
}

/**
 * Tells whether UTF-8 text is JSON whitespace only (a blank NDJSON line).
 *
 * @param bytes The text.
 * @returns `true` for no bytes, spaces, tabs, CR and LF.
 * @example isBlankBytes(Buffer.from(' \t')); // true
 */
export function isBlankBytes(bytes: Uint8Array): boolean {
  return skipSpace(bytes, 0) >= bytes.length;
}

/** Where the first piece of text that is not JSON starts: nothing before it is wrong. */
class Failure {
  constructor(readonly at: number) {}
}

/** A part of a lazy array's batch: elements parsed from a run of text, or one element built apart (a long container). */
type Piece = { readonly start: number; readonly end: number; readonly count: number } | { readonly value: unknown };

/** A batch of a lazy array's elements. */
interface Batch {
  /** The index of its first element. */
  readonly first: number;
  /** Where its first element starts. */
  readonly start: number;
  /** Where its last element ends. */
  end: number;
  /** Its parts, when it holds a long container (else its text is one run of elements). */
  pieces?: Piece[];
}

/** Builds the value of a text; throws a `Failure` at the first piece that is not JSON. */
class Builder {
  /** The batches of each lazy array begun so far: where the text can be shortened without changing its error. */
  readonly arrays: Batch[][] = [];
  /** The batches of each lazy array, by the array. */
  readonly lazy = new Map<unknown, readonly Batch[]>();
  /** The containers built one member or element at a time (by where they start): see `scan`. */
  private readonly long: Set<number>;
  /** The members of the objects that may have too many, by where they start. */
  private readonly crowded: Map<number, number>;
  /** Where the first value nested deeper than `limits.depth` starts; -1: none. */
  private readonly deep: number;
  /** Just past the value built last. */
  private end = 0;

  constructor(
    private readonly bytes: Buffer,
    private readonly limits: LazyJsonLimits,
  ) {
    ({ long: this.long, crowded: this.crowded, deep: this.deep } = scan(bytes, limits));
  }

  root(): unknown {
    const value = this.value(skipSpace(this.bytes, 0));
    const after = skipSpace(this.bytes, this.end);
    if (after < this.bytes.length) throw new Failure(after);
    return value;
  }

  /** `JSON.parse` of a piece of the text (in `[` and `]`: a run of array elements). */
  private parse(start: number, end: number, elements = false): unknown {
    // Refused before JSON.parse builds it.
    if (this.deep >= start && this.deep < end) throw new DepthLimitError(this.limits.depth, utf16Length(this.bytes, 0, this.deep));
    try {
      return parsePiece(this.bytes, start, end, elements);
    } catch {
      throw new Failure(start);
    }
  }

  private value(at: number): unknown {
    const c = this.bytes[at];
    if ((c === OPEN_OBJECT || c === OPEN_ARRAY) && this.long.has(at)) return c === OPEN_OBJECT ? this.object(at) : this.array(at);
    this.end = skipValue(this.bytes, at);
    return this.parse(at, this.end);
  }

  /** A long object: its members one by one, defined as `JSON.parse` defines them (the last of a repeated name wins; `__proto__` is a member). */
  private object(at: number): Record<string, unknown> {
    const b = this.bytes;
    const object: Record<string, unknown> = {};
    let i = skipSpace(b, at + 1);
    if (b[i] === CLOSE_OBJECT) return this.closed(object, i);
    const { objectMembers } = this.limits;
    for (let n = 0; ; n++) {
      if (b[i] !== QUOTE) throw new Failure(i);
      if (n === objectMembers) throw new MemberLimitError(this.crowded.get(at) ?? n + 1, objectMembers, utf16Length(b, 0, at));
      const keyEnd = skipString(b, i);
      const key = this.parse(i, keyEnd) as string;
      i = skipSpace(b, keyEnd);
      if (b[i] !== COLON) throw new Failure(i);
      const value = this.value(skipSpace(b, i + 1));
      Object.defineProperty(object, key, { value, writable: true, enumerable: true, configurable: true });
      i = skipSpace(b, this.end);
      if (b[i] === CLOSE_OBJECT) return this.closed(object, i);
      if (b[i] !== COMMA) throw new Failure(i);
      i = skipSpace(b, i + 1);
    }
  }

  private closed<T>(value: T, at: number): T {
    this.end = at + 1;
    return value;
  }

  /** A long array: a lazy array, its text checked a batch at a time. */
  private array(at: number): unknown[] {
    const b = this.bytes;
    const { batchItems, batchBytes } = this.limits;
    let i = skipSpace(b, at + 1);
    if (b[i] === CLOSE_ARRAY) return this.closed([], i);
    const batches: Batch[] = [];
    this.arrays.push(batches);
    let batch: Batch | undefined;
    // The elements not checked yet: from `run` (-1: none) to `runEnd`, `runCount` of them.
    let run = -1;
    let runEnd = 0;
    let runCount = 0;
    const check = () => {
      if (run < 0) return;
      const parsed = this.parse(run, runEnd, true) as unknown[];
      // The parser and the scan agree on JSON; anything else is a failure to recompute.
      if (parsed.length !== runCount) throw new Failure(run);
      batch!.pieces?.push({ start: run, end: runEnd, count: runCount });
      run = -1;
    };
    for (let n = 0; ; n++) {
      if (batch === undefined || n - batch.first >= batchItems || i - batch.start > batchBytes) {
        check();
        batches.push((batch = { first: n, start: i, end: i }));
      }
      if (this.long.has(i)) {
        batch.pieces ??= [];
        check();
        batch.pieces.push({ value: this.value(i) });
      } else {
        if (run < 0) (run = i), (runCount = 0);
        this.end = runEnd = skipValue(b, i);
        runCount++;
      }
      batch.end = this.end;
      i = skipSpace(b, this.end);
      if (b[i] === CLOSE_ARRAY) {
        check();
        const array = lazyArray(b, batches, n + 1);
        this.lazy.set(array, batches);
        return this.closed(array, i);
      }
      if (b[i] !== COMMA) {
        check();
        throw new Failure(i);
      }
      i = skipSpace(b, i + 1);
    }
  }
}

/** `JSON.parse` of bytes `start` to `end`, or of the elements there. */
function parsePiece(bytes: Buffer, start: number, end: number, elements: boolean): unknown {
  const text = bytes.toString('utf8', start, end);
  return JSON.parse(elements ? `[${text}]` : text);
}

/** The index of the first byte at or after `i` that is not JSON whitespace. */
function skipSpace(b: Uint8Array, i: number): number {
  for (;;) {
    const c = b[i];
    if (c === 32 || c === 10 || c === 13 || c === 9) i++;
    else return i;
  }
}

/** Just past the string starting at `i` (a quote); the end of the text when it is not closed. */
function skipString(b: Uint8Array, i: number): number {
  const n = b.length;
  for (i++; i < n; i++) {
    const c = b[i];
    if (c === BACKSLASH) i++;
    else if (c === QUOTE) return i + 1;
  }
  return n;
}

/** Just past the value starting at `i` (containers by depth; anything else up to the next delimiter). */
function skipValue(b: Uint8Array, i: number): number {
  const n = b.length;
  let depth = 0;
  for (; i < n; i++) {
    const c = b[i]!;
    if (c === QUOTE) {
      i = skipString(b, i) - 1;
      if (depth === 0) return i + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) depth++;
    else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY || c === COMMA || c === 32 || c === 10 || c === 13 || c === 9) {
      if (depth === 0) return i;
      if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) if (--depth === 0) return i + 1;
    }
  }
  return n;
}

/**
 * Tells whether a text nests its values deeper than `depth` levels (a scan of its bytes, no
 * allocation). The CLI asks it of texts too short to be parsed lazily but long enough that
 * `JSON.parse` of deep nesting (some 60 bytes a level, from 2 bytes of text) would take
 * tens of megabytes: those are parsed lazily, which refuses them (`DepthLimitError`).
 *
 * @param b UTF-8 bytes.
 * @param depth The deepest nesting allowed.
 * @returns True when some value lies deeper.
 * @example nestsDeeper(Buffer.from('[[[]]]'), 2); // true
 */
export function nestsDeeper(b: Uint8Array, depth: number): boolean {
  let level = 0;
  for (let i = 0; i < b.length; i++) {
    const c = b[i];
    if (c === QUOTE) i = skipString(b, i) - 1;
    else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++level > depth) return true;
    } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && level > 0) level--;
  }
  return false;
}

/**
 * One scan of the containers up to MAX_DEPTH deep (one never closed runs to the end of the
 * text): `long`, those whose text is longer than `arrayBytes`, and the objects that may have
 * more than `objectMembers` members with their ancestors (the builder counts their members,
 * so an error before them comes first); `crowded`, those objects' members.
 */
function scan(b: Uint8Array, { arrayBytes, objectMembers, depth: maxDepth }: LazyJsonLimits): { long: Set<number>; crowded: Map<number, number>; deep: number } {
  const long = new Set<number>();
  const crowded = new Map<number, number>();
  const starts: number[] = [];
  // Per depth: an object's commas so far, -1 for an array.
  const commas: number[] = [];
  const close = (d: number, end: number) => {
    if (end - starts[d]! > arrayBytes) long.add(starts[d]!);
    if (commas[d]! < objectMembers) return;
    crowded.set(starts[d]!, commas[d]! + 1);
    for (let a = 0; a <= d; a++) long.add(starts[a]!);
  };
  const n = b.length;
  let depth = 0;
  let deep = -1;
  for (let i = 0; i < n; i++) {
    const c = b[i];
    if (c === QUOTE) i = skipString(b, i) - 1;
    else if (c === COMMA) {
      if (depth > 0 && depth <= MAX_DEPTH && commas[depth - 1]! >= 0) commas[depth - 1] = commas[depth - 1]! + 1;
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (depth < MAX_DEPTH) (starts[depth] = i), (commas[depth] = c === OPEN_OBJECT ? 0 : -1);
      if (depth === maxDepth && deep < 0) deep = i;
      depth++;
    } else if ((c === CLOSE_OBJECT || c === CLOSE_ARRAY) && depth > 0) {
      depth--;
      if (depth < MAX_DEPTH) close(depth, i + 1);
    }
  }
  for (let d = Math.min(depth, MAX_DEPTH) - 1; d >= 0; d--) close(d, n);
  return { long, crowded, deep };
}

/** The UTF-16 length of valid UTF-8 bytes `start` to `end`: a unit per character, two for one past U+FFFF. */
function utf16Length(b: Uint8Array, start: number, end: number): number {
  if (isAscii(b.subarray(start, end))) return end - start;
  let units = 0;
  for (let i = start; i < end; i++) {
    const c = b[i]!;
    if (c < 0x80 || c >= 0xc0) units += c >= 0xf0 ? 2 : 1;
  }
  return units;
}

/**
 * The error of a text that is not JSON: `JSON.parse` of the text with the batches of its
 * lazy arrays that lie well before `failed` cut out. The parser meets the same error, with
 * the same characters around it, having built little; its position is moved back by what
 * was cut (V8's "Unexpected token" messages give none: they quote the characters around).
 */
function reparse(bytes: Buffer, failed: number, arrays: readonly Batch[][]): unknown {
  const cuts: [number, number][] = [];
  for (const batches of arrays) {
    let k = batches.length - 1;
    while (k > 0 && batches[k]!.start > failed - MARGIN) k--;
    if (k > 0) cuts.push([batches[0]!.start, batches[k]!.start]);
  }
  cuts.sort((x, y) => x[0] - y[0]);
  const kept: Buffer[] = [];
  let from = 0;
  let removed = 0;
  for (const [start, end] of cuts) {
    if (start < from) continue; // inside a cut already made (an array in an element cut out)
    kept.push(bytes.subarray(from, start));
    removed += utf16Length(bytes, start, end);
    from = end;
  }
  kept.push(bytes.subarray(from));
  try {
    JSON.parse(Buffer.concat(kept).toString('utf8'));
  } catch (error) {
    if (removed === 0 || !(error instanceof SyntaxError) || error.message.startsWith("Unexpected token '")) throw error;
    throw new SyntaxError(error.message.replace(/at position (\d+)/, (_, at: string) => `at position ${Number(at) + removed}`));
  }
  // Only a fault of the builder makes the shortened text parse: then the whole text decides.
  return JSON.parse(bytes.toString('utf8'));
}

/** A canonical array index below `length` (`'0'`, `'17'`; not `'017'`, `'1e3'`), or -1. */
function arrayIndex(key: string | symbol, length: number): number {
  if (typeof key !== 'string' || key.length === 0 || key.length > 10) return -1;
  let c = key.charCodeAt(0);
  if (c < 48 || c > 57 || (c === 48 && key.length > 1)) return -1;
  let index = c - 48;
  for (let k = 1; k < key.length; k++) {
    c = key.charCodeAt(k);
    if (c < 48 || c > 57) return -1;
    index = index * 10 + c - 48;
  }
  return index < length ? index : -1;
}

/** The last of `n` (from 0) for which `below` holds, `below` holding for a first part of them (0 if none). */
function lastAtOrBefore(n: number, below: (i: number) => boolean): number {
  let lo = 0;
  let hi = n - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (below(mid)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The batch that holds element `index`. */
function batchAt(batches: readonly Batch[], index: number): number {
  return lastAtOrBefore(batches.length, (k) => batches[k]!.first <= index);
}

/** The elements of a batch (its text was checked: this never throws). */
function load(bytes: Buffer, batch: Batch): unknown[] {
  if (!batch.pieces) return parsePiece(bytes, batch.start, batch.end, true) as unknown[];
  const out: unknown[] = [];
  for (const piece of batch.pieces) {
    if ('value' in piece) out.push(piece.value);
    else for (const element of parsePiece(bytes, piece.start, piece.end, true) as unknown[]) out.push(element);
  }
  return out;
}

/**
 * A read-only array of `length` elements read from `batches` of the text when asked for.
 * It keeps the two batches read last: a walk and a visitor going through the array side by
 * side parse each batch once.
 */
function lazyArray(bytes: Buffer, batches: readonly Batch[], length: number): unknown[] {
  let last = -1;
  let lastElements: unknown[] = [];
  let before = -1;
  let beforeElements: unknown[] = [];
  const element = (index: number): unknown => {
    const next = batches[last + 1];
    const b = last >= 0 && index >= batches[last]!.first && (next === undefined || index < next.first) ? last : batchAt(batches, index);
    if (b !== last) {
      const elements = b === before ? beforeElements : load(bytes, batches[b]!);
      [before, beforeElements, last, lastElements] = [last, lastElements, b, elements];
    }
    return lastElements[index - batches[b]!.first];
  };
  return new Proxy<unknown[]>([], {
    get(target, key, receiver) {
      if (key === 'length') return length;
      const index = arrayIndex(key, length);
      return index < 0 ? Reflect.get(target, key, receiver) : element(index);
    },
    has(target, key) {
      return arrayIndex(key, length) >= 0 || Reflect.has(target, key);
    },
    getOwnPropertyDescriptor(target, key) {
      // `length` is the target's own (non-configurable) property: only its value differs.
      if (key === 'length') return { value: length, writable: true, enumerable: false, configurable: false };
      const index = arrayIndex(key, length);
      return index < 0 ? Reflect.getOwnPropertyDescriptor(target, key) : { value: element(index), writable: true, enumerable: true, configurable: true };
    },
    ownKeys(target) {
      const keys: (string | symbol)[] = Array.from({ length }, (_, i) => String(i));
      for (const key of Reflect.ownKeys(target)) keys.push(key);
      return keys;
    },
    // Read-only: the linter never writes to its input.
    set: () => false,
    defineProperty: () => false,
    deleteProperty: () => false,
    preventExtensions: () => false,
  });
}

/** How many elements batch `k` holds. */
function countOf(batches: readonly Batch[], k: number, length: number): number {
  return (k + 1 < batches.length ? batches[k + 1]!.first : length) - batches[k]!.first;
}

/** The value of a member or an element of a JSON value, if it has one. */
function child(value: unknown, token: string): unknown {
  if (Array.isArray(value)) {
    const index = arrayIndex(token, value.length);
    return index < 0 ? undefined : value[index];
  }
  return value !== null && typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, token) ? (value as Record<string, unknown>)[token] : undefined;
}

/** A pointer, and the tokens of it that index lazy arrays. */
interface Route {
  readonly pointer: string;
  readonly tokens: string[];
  readonly lazy: { readonly k: number; readonly batches: readonly Batch[]; readonly index: number }[];
}

/**
 * `memberOffsets` of a long text (see `LongJson.offsets`). The batches of lazy arrays that
 * no pointer goes through are cut out (each array stays JSON); indexes into lazy arrays
 * move down by the elements cut before them, and offsets in the shortened text move back up
 * by the UTF-16 length of the text cut before them.
 */
function offsetsIn(bytes: Buffer, value: unknown, lazy: ReadonlyMap<unknown, readonly Batch[]>, pointers: readonly string[]): number[] {
  const kept = new Map<readonly Batch[], Set<number>>();
  const routes = pointers.map((pointer): Route => {
    const route: Route = { pointer, tokens: [], lazy: [] };
    try {
      route.tokens.push(...parsePointer(pointer));
    } catch {
      return route; // not a pointer: the value itself, as memberOffsets takes it
    }
    let node = value;
    for (let k = 0; k < route.tokens.length && node !== undefined; k++) {
      const batches = lazy.get(node);
      const index = batches ? arrayIndex(route.tokens[k]!, (node as unknown[]).length) : -1;
      if (batches && index >= 0) {
        if (!kept.has(batches)) kept.set(batches, new Set());
        kept.get(batches)!.add(batchAt(batches, index));
        route.lazy.push({ k, batches, index });
      }
      node = child(node, route.tokens[k]!);
    }
    return route;
  });
  const cuts: [number, number][] = [];
  // Per lazy array: the elements cut before each batch.
  const cutBefore = new Map<readonly Batch[], number[]>();
  for (const [array, batches] of lazy) {
    const keep = kept.get(batches);
    const before: number[] = [];
    let cut = 0;
    for (let k = 0; k < batches.length; ) {
      before[k] = cut;
      if (keep?.has(k)) {
        k++;
        continue;
      }
      // A run of batches no pointer goes through: with the separator after it, or the last run with the one before it.
      let last = k;
      while (last + 1 < batches.length && !keep?.has(last + 1)) last++;
      for (let j = k; j <= last; j++) cut += countOf(batches, j, (array as unknown[]).length);
      if (last + 1 < batches.length) cuts.push([batches[k]!.start, batches[last + 1]!.start]);
      else cuts.push([k === 0 ? batches[0]!.start : batches[k - 1]!.end, batches[last]!.end]);
      k = last + 1;
    }
    cutBefore.set(batches, before);
  }
  cuts.sort((x, y) => x[0] - y[0]);
  let text = '';
  let from = 0;
  let units = 0;
  // Where each kept part starts in the shortened text (`at`) and in the whole text (`was`), in UTF-16 units.
  const parts: { at: number; was: number }[] = [];
  for (const [start, end] of cuts) {
    if (start < from) continue; // in an element cut out already
    const piece = bytes.toString('utf8', from, start);
    parts.push({ at: text.length, was: units });
    text += piece;
    units += piece.length + utf16Length(bytes, start, end);
    from = end;
  }
  parts.push({ at: text.length, was: units });
  text += bytes.toString('utf8', from);
  const moved = routes.map(({ pointer, tokens, lazy: through }) => {
    for (const { k, batches, index } of through) tokens[k] = String(index - cutBefore.get(batches)![batchAt(batches, index)]!);
    return through.length === 0 ? pointer : toPointer(tokens);
  });
  return memberOffsets(text, moved).map((offset) => {
    const part = parts[lastAtOrBefore(parts.length, (p) => parts[p]!.at <= offset)]!;
    return part.was + offset - part.at;
  });
}
