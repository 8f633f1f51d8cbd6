/**
 * `JSON.parse` for texts too long to hold parsed whole: one 64 MB NDJSON line can hold 30
 * million array elements, or an object of sixty arrays of half a million, and building
 * them takes more memory than the CLI may use.
 *
 * The value is built from the text's UTF-8 bytes, with the members, order and values that
 * `JSON.parse` of the decoded text gives, except that a container whose text is long is
 * lazy, a read-only `Proxy`: a lazy array answers `length` and reads its elements by
 * parsing a batch of them at a time (it keeps its batches' offsets and the last two batches
 * it read); a lazy object knows its keys and reads a member's value when asked for it (it
 * keeps where each member is and the last two values it read). Long containers inside
 * them are built up front, lazy in turn. Only pieces of the bytes are ever decoded (the
 * structural characters of JSON are ASCII, and no byte of a multi-byte UTF-8 character is
 * ASCII): the text is not on the heap while it is linted, nor when its problems are
 * located, nor when `--fix` renames members in it. The whole text is checked before the
 * value is handed out, so reading never throws; a text that is not JSON throws the error
 * `JSON.parse` would. An object with more members than a payload object could have is
 * refused (`MemberLimitError`) before it is built.
 */
import { isAscii } from 'node:buffer';
import type { MemberRename } from '../lint/apply-fixes';
import { parsePointer, toPointer } from '../lint/pointer';
import { renameMembersUtf8, skipSpaceUtf8 as skipSpace, skipStringUtf8 as skipString, skipValueUtf8 as skipValue, utf16Length as utf16LengthOf, type KnownLayout } from './json-text';
import { memberOffsets } from './locate';

/** When and how texts are parsed lazily. */
export interface LazyJsonLimits {
  /** A text longer than this many bytes is parsed lazily. */
  readonly textBytes: number;
  /** An array whose text is longer than this many bytes is lazy; so is an object whose members that are not lazy themselves have more text. */
  readonly arrayBytes: number;
  /** A lazy array parses at most this many elements at a time... */
  readonly batchItems: number;
  /** ...and starts a new batch once a batch's text is this many bytes long. */
  readonly batchBytes: number;
  /** An object (up to 64 levels deep) with more members than this is refused. */
  readonly objectMembers: number;
  /** A text whose objects built one member at a time (the long ones) have more members than this together is refused. */
  readonly allMembers: number;
  /** Values nested deeper than this are refused. */
  readonly depth: number;
}

/**
 * The limits the CLI uses: texts over 4 MiB, arrays and objects over 64 KiB, batches of 4096
 * elements or 64 KiB, objects of 65,536 members and long objects of 262,144 members together
 * (each member known costs some 200 bytes: a line of 95 objects of 60,000 members peaked at
 * 1.2 GB), 512 levels of nesting (the simulator's limit for bodies). Containers are lazy from
 * 64 KiB, not larger: the linter lists an object's members (`for...in`), which reads each of
 * them, and sixty members of 1 MiB read whole leave 240 MB of arrays for the collector (one
 * 63 MB line peaked at 307 MB).
 */
export const LAZY_JSON_LIMITS: LazyJsonLimits = { textBytes: 4 << 20, arrayBytes: 64 << 10, batchItems: 4096, batchBytes: 64 << 10, objectMembers: 1 << 16, allMembers: 1 << 18, depth: 512 };

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
 * A long text holds long objects with more members together than `LazyJsonLimits.allMembers`:
 * it is not read. Everything before the object where the count passes the limit is JSON.
 */
export class AllMembersLimitError extends LimitError {
  override readonly name = 'AllMembersLimitError';
  /** @param limit The most members all long objects may have together. @param offset Where the object that passes it starts. */
  constructor(
    readonly limit: number,
    offset: number,
  ) {
    super(`long objects of more than ${limit} members together`, offset);
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
  /** The value, its long containers lazy. */
  readonly value: unknown;
  /**
   * `memberOffsets` of the text (locate.ts), found in the text without the batches of its
   * lazy arrays and the members of its lazy objects that no pointer goes through: the whole
   * text is never decoded.
   *
   * @param pointers RFC 6901 pointers into the value.
   * @returns Each one's offset in the decoded text, in UTF-16 code units.
   */
  offsets(pointers: readonly string[]): number[];
  /**
   * `renameMembers` of the text (json-text.ts), done on its bytes: the long containers are
   * entered at the batch or member a path goes through; the text is never decoded whole.
   *
   * @param renames The renames, in the order they were made (`memberRenames` of the value).
   * @param inPlace Edit the bytes themselves when the text grows nowhere (the value must not be read afterwards).
   * @returns The edited text, as bytes.
   */
  renamed(renames: readonly MemberRename[], inPlace?: boolean): Uint8Array;
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
    value = reparse(buf, failure.at, builder.runs);
    return { value, offsets: (pointers) => memberOffsets(buf.toString('utf8'), pointers), renamed: (renames, inPlace) => renameMembersUtf8(buf, renames, { inPlace }) };
  }
  const { longs, strings } = builder;
  return {
    value,
    offsets: (pointers) => offsetsIn(buf, value, longs, pointers, strings),
    renamed: (renames, inPlace) => {
      const layouts = new Map<number, KnownLayout>();
      for (const container of longs.values()) layouts.set(container.at, layoutOf(container));
      return renameMembersUtf8(buf, renames, { layout: (at) => layouts.get(at), inPlace });
    },
  };
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

/** A piece of a lazy container's text that can be cut out, the container staying JSON: a batch of elements, or a member. */
interface Run {
  /** Where its first element or its key starts. */
  readonly start: number;
  /** Where its last element or its value ends. */
  end: number;
}

/** A batch of a lazy array's elements. */
interface Batch extends Run {
  /** The index of its first element. */
  readonly first: number;
  /** Its parts, when it holds a long container (else its text is one run of elements). */
  pieces?: Piece[];
}

/** A member of a lazy object: from its key to the end of its value. */
interface Member extends Run {
  /** Where its value starts. */
  readonly value: number;
}

/** What is known of a long container (a lazy array, a lazy object, an object of long members): where it starts, and its batches of elements or its members. */
type Long = { readonly at: number } & (
  | { readonly batches: readonly Batch[]; readonly length: number }
  | {
      readonly members: readonly Member[];
      /** The index in `members` of each name's member (its last occurrence), in the order of `JSON.parse`'s keys. */
      readonly keys: Readonly<Record<string, number>>;
    }
);

/** Builds the value of a text; throws a `Failure` at the first piece that is not JSON. */
class Builder {
  /** The batches and members of each long container begun so far: where the text can be shortened without changing its error. */
  readonly runs: Run[][] = [];
  /** What is known of each long container, by the container. */
  readonly longs = new Map<unknown, Long>();
  /** The contents (between the quotes) of the long strings built as values: `offsetsIn` cuts them. */
  readonly strings: [number, number][] = [];
  /** The containers built one member or element at a time (by where they start): see `scan`. */
  private readonly long: Set<number>;
  /** The members of the objects that may have too many, by where they start. */
  private readonly crowded: Map<number, number>;
  /** Where the first value nested deeper than `limits.depth` starts; -1: none. */
  private readonly deep: number;
  /** Just past the value built last. */
  private end = 0;
  /** The members of the long objects built so far, together. */
  private members = 0;

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
    if (c !== QUOTE || !this.long.has(at)) return this.parse(at, this.end);
    this.strings.push([at + 1, this.end - 1]);
    return this.string(at, this.end);
  }

  /**
   * A string of bytes `start` (its opening quote) to `end`: a long one without escapes or
   * control characters is decoded straight from its bytes (`JSON.parse` of its text would hold
   * the text and the value at once: twice 60 MB for a 60 MB string); any other is parsed.
   */
  private string(start: number, end: number): string {
    const b = this.bytes;
    if (end - start < 2 || b[end - 1] !== QUOTE || end - start <= this.limits.arrayBytes) return this.parse(start, end) as string;
    for (let i = start + 1; i < end - 1; i++) if (b[i]! < 0x20 || b[i] === BACKSLASH) return this.parse(start, end) as string;
    // ASCII decoded as Latin-1 is the same text, held outside the heap: a member name made of
    // it is interned without a second copy (a 60 MB key took 60 MB more while it was).
    return isAscii(b.subarray(start + 1, end - 1)) ? b.toString('latin1', start + 1, end - 1) : b.toString('utf8', start + 1, end - 1);
  }

  /**
   * A long object, its members checked one by one. Its keys are defined on an object as
   * `JSON.parse` defines them (a repeated name keeps its first place and its last member;
   * `__proto__` is a member), each naming the index of its member. Its long members are
   * built up front (lazy); when the text of the others is longer than `arrayBytes`, it is a
   * lazy object, else a plain one (a lazy object reached by every item of a list costs the
   * walk a trap call each time: 10 % of the time of 8 million items).
   */
  private object(at: number): Record<string, unknown> {
    const b = this.bytes;
    let i = skipSpace(b, at + 1);
    if (b[i] === CLOSE_OBJECT) return this.closed({}, i);
    const keys: Record<string, number> = {};
    const members: Member[] = [];
    this.runs.push(members);
    // The values of its long members, by member index; those of the others while their text is short enough to keep.
    const built = new Map<number, unknown>();
    let values: unknown[] | undefined = [];
    let shortBytes = 0;
    const { objectMembers, allMembers, arrayBytes } = this.limits;
    for (let n = 0; ; n++) {
      if (b[i] !== QUOTE) throw new Failure(i);
      if (n === objectMembers) throw new MemberLimitError(this.crowded.get(at) ?? n + 1, objectMembers, utf16Length(b, 0, at));
      if (++this.members > allMembers) throw new AllMembersLimitError(allMembers, utf16Length(b, 0, at));
      const keyEnd = skipString(b, i);
      const key = this.string(i, keyEnd);
      let v = skipSpace(b, keyEnd);
      if (b[v] !== COLON) throw new Failure(v);
      v = skipSpace(b, v + 1);
      const value = this.value(v);
      if (this.long.has(v)) built.set(n, value);
      else if ((shortBytes += this.end - v) > arrayBytes) values = undefined;
      else if (values) values[n] = value;
      members.push({ start: i, value: v, end: this.end });
      Object.defineProperty(keys, key, { value: n, writable: true, enumerable: true, configurable: true });
      i = skipSpace(b, this.end);
      if (b[i] === CLOSE_OBJECT) {
        const object = values ? plainObject(keys, (k) => (built.has(k) ? built.get(k) : values![k])) : lazyObject(b, keys, members, built);
        this.longs.set(object, { at, members, keys });
        return this.closed(object, i);
      }
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
    this.runs.push(batches);
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
        this.longs.set(array, { at, batches, length: n + 1 });
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
    if (c === QUOTE) {
      const end = skipString(b, i);
      // A long string is built on its own (see `Builder.string`), never inside a piece of text parsed whole.
      if (end - i > arrayBytes) long.add(i);
      i = end - 1;
    } else if (c === COMMA) {
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

/** `utf16Length` (json-text.ts), at once for ASCII bytes (a long line's strings are). */
const utf16Length = (b: Uint8Array, start: number, end: number): number => (isAscii(b.subarray(start, end)) ? end - start : utf16LengthOf(b, start, end));

/**
 * The error of a text that is not JSON: `JSON.parse` of the text with the batches of its
 * lazy arrays and the members of its long objects that lie well before `failed` cut out.
 * The parser meets the same error, with the same characters around it, having built
 * little; its position is moved back by what was cut (V8's "Unexpected token" messages
 * give none: they quote the characters around).
 */
function reparse(bytes: Buffer, failed: number, runs: readonly Run[][]): unknown {
  const cuts: [number, number][] = [];
  for (const batches of runs) {
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
 * `load`, remembering its last two answers: a walk and a visitor going through a container
 * side by side parse each piece once.
 */
function lastTwo<T>(load: (k: number) => T): (k: number) => T {
  let last = -1;
  let lastValue: T;
  let before = -1;
  let beforeValue: T;
  return (k) => {
    if (k !== last) {
      const value = k === before ? beforeValue : load(k);
      [before, beforeValue, last, lastValue] = [last, lastValue, k, value];
    }
    return lastValue;
  };
}

/** The traps of a lazy container that refuse writes: the linter never writes to its input. */
const READ_ONLY: ProxyHandler<object> = {
  set: () => false,
  defineProperty: () => false,
  deleteProperty: () => false,
  preventExtensions: () => false,
  setPrototypeOf: () => false,
};

/** A read-only array of `length` elements read from `batches` of the text when asked for (the last two batches read are kept). */
function lazyArray(bytes: Buffer, batches: readonly Batch[], length: number): unknown[] {
  const elements = lastTwo((k) => load(bytes, batches[k]!));
  // The batch read last, and its elements: most reads are of the next element.
  let k = -1;
  let first = 0;
  let end = 0;
  let current: unknown[] = [];
  const element = (index: number): unknown => {
    if (index < first || index >= end) {
      k = batchAt(batches, index);
      first = batches[k]!.first;
      end = k + 1 < batches.length ? batches[k + 1]!.first : length;
      current = elements(k);
    }
    return current[index - first];
  };
  return new Proxy<unknown[]>([], {
    ...READ_ONLY,
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
  });
}

const hasOwn = Object.prototype.hasOwnProperty;

/** An object with the keys of `keys`, in their order, each member's value the `value` of its index. */
function plainObject(keys: Readonly<Record<string, number>>, value: (k: number) => unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  for (const key of Object.keys(keys)) Object.defineProperty(object, key, { value: value(keys[key]!), writable: true, enumerable: true, configurable: true });
  return object;
}

/**
 * A read-only object whose keys are those of `keys` (its target: order, `has`, prototype
 * come from it) and whose members are read from the text when asked for: a long member's
 * value from `built`, any other parsed from its text (the last two values read are kept).
 */
function lazyObject(bytes: Buffer, keys: Record<string, number>, members: readonly Member[], built: ReadonlyMap<number, unknown>): Record<string, unknown> {
  const member = lastTwo((n) => (built.has(n) ? built.get(n) : parsePiece(bytes, members[n]!.value, members[n]!.end, false)));
  const own = (key: string | symbol): key is string => typeof key === 'string' && hasOwn.call(keys, key);
  return new Proxy<Record<string, unknown>>(keys, {
    ...READ_ONLY,
    get(target, key, receiver) {
      return own(key) ? member(keys[key]!) : Reflect.get(target, key, receiver);
    },
    getOwnPropertyDescriptor(target, key) {
      // The target's member is configurable: a descriptor with another value is allowed.
      return own(key) ? { value: member(keys[key]!), writable: true, enumerable: true, configurable: true } : Reflect.getOwnPropertyDescriptor(target, key);
    },
  });
}

/** Where the parts of a long container are, as json-text.ts's renaming reads them. */
function layoutOf(long: Long): KnownLayout {
  if ('members' in long) return long;
  const { batches, length } = long;
  return {
    length,
    near: (index) => {
      const batch = batches[batchAt(batches, index)]!;
      return [batch.start, batch.first];
    },
  };
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
  return value !== null && typeof value === 'object' && hasOwn.call(value, token) ? (value as Record<string, unknown>)[token] : undefined;
}

/** A pointer, and the tokens of it that index lazy arrays. */
interface Route {
  readonly pointer: string;
  readonly tokens: string[];
  readonly lazy: { readonly k: number; readonly batches: readonly Batch[]; readonly index: number }[];
}

/**
 * `memberOffsets` of a long text (see `LongJson.offsets`). The batches of lazy arrays and the
 * members of long objects that no pointer goes through are cut out (each container stays
 * JSON, and keeps the last occurrence of each name a pointer goes through); indexes into
 * lazy arrays move down by the elements cut before them, and offsets in the shortened text
 * move back up by the UTF-16 length of the text cut before them.
 */
function offsetsIn(bytes: Buffer, value: unknown, longs: ReadonlyMap<unknown, Long>, pointers: readonly string[], strings: readonly [number, number][]): number[] {
  // The runs kept of each long container: those some pointer goes through.
  const kept = new Map<Long, Set<number>>();
  const keepRun = (container: Long, run: number) => {
    if (!kept.has(container)) kept.set(container, new Set());
    kept.get(container)!.add(run);
  };
  const routes = pointers.map((pointer): Route => {
    const route: Route = { pointer, tokens: [], lazy: [] };
    try {
      route.tokens.push(...parsePointer(pointer));
    } catch {
      return route; // not a pointer: the value itself, as memberOffsets takes it
    }
    let node = value;
    for (let k = 0; k < route.tokens.length && node !== undefined; k++) {
      const token = route.tokens[k]!;
      const container = longs.get(node);
      if (container && 'batches' in container) {
        const index = arrayIndex(token, container.length);
        if (index >= 0) {
          keepRun(container, batchAt(container.batches, index));
          route.lazy.push({ k, batches: container.batches, index });
        }
      } else if (container && hasOwn.call(container.keys, token)) keepRun(container, container.keys[token]!);
      // The last member need not be read (a lazy object parses it).
      if (k + 1 < route.tokens.length) node = child(node, token);
    }
    return route;
  });
  const cuts: [number, number][] = [];
  // Per lazy array: the elements cut before each batch.
  const cutBefore = new Map<readonly Batch[], number[]>();
  for (const container of longs.values()) {
    const runs = 'batches' in container ? container.batches : container.members;
    const keep = kept.get(container);
    const before: number[] = [];
    let cut = 0;
    for (let k = 0; k < runs.length; ) {
      before[k] = cut;
      if (keep?.has(k)) {
        k++;
        continue;
      }
      // A run of runs no pointer goes through: with the separator after it, or the last one with the separator before it.
      let last = k;
      while (last + 1 < runs.length && !keep?.has(last + 1)) last++;
      if ('batches' in container) for (let j = k; j <= last; j++) cut += countOf(container.batches, j, container.length);
      if (last + 1 < runs.length) cuts.push([runs[k]!.start, runs[last + 1]!.start]);
      else cuts.push([k === 0 ? runs[0]!.start : runs[k - 1]!.end, runs[last]!.end]);
      k = last + 1;
    }
    if ('batches' in container) cutBefore.set(container.batches, before);
  }
  // A pointer ends at a value, never inside a string: a long string's content is cut too.
  cuts.push(...strings);
  cuts.sort((x, y) => x[0] - y[0]);
  let text = '';
  let from = 0;
  let units = 0;
  // Where each kept part starts in the shortened text (`at`) and in the whole text (`was`), in UTF-16 units.
  const parts: { at: number; was: number }[] = [];
  for (const [start, end] of cuts) {
    if (start < from) continue; // in an element or a member cut out already
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
