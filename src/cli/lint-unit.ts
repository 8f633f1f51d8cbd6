/**
 * The work of one unit of input: raw bytes in (a chunk of whole NDJSON lines, or one JSON
 * document), problems and batch facts out. Workers run this; so does the main thread when
 * `--concurrency 1`. Everything here is plain data that crosses threads (structured clone).
 *
 * Decoding and `JSON.parse` happen here, not in the thread that reads the files: they are
 * most of the cost of a bulk run.
 */
import { isUtf8 } from 'node:buffer';
import { memberRenames } from '../lint/apply-fixes';
import { batchFactsOf, type BatchFacts } from '../lint/batch';
import { REFERENCE_MEMBER, requestReferenceOf } from '../lint/batch-state';
import { lintBounded, type BoundedProblems } from '../lint/engine';
import { toPointer } from '../lint/pointer';
import { problemOf, type ProblemTally } from '../lint/report';
import type { ClientProfile, LintOptions, LintOrderOptions, PayloadKind, Problem, RuleLevel } from '../lint/types';
import type { OrderVersion } from '../schema/tables';
import { joinBytes, transferOf } from './bytes';
import { detectKind, looksLikeLines, shapedAsOther } from './detect';
import { FactsPacker, unpackFacts, type FactsPack } from './facts-pack';
import { parseStop } from './json-syntax';
import { ArrayElements, renameMembers } from './json-text';
import { isBlankBytes, LAZY_JSON_LIMITS, LimitError, nestsDeeper, parseLongJson, type LazyJsonLimits, type LongJson } from './lazy-json';
import { isBlank } from './lines';
import { levelOf } from './levels';
import { LineCounter, locateAll, positionOf, stringMemberOffset, Utf8LineCounter, type Position } from './locate';
import { errorsOf, fewerErrorsAs, isTried, otherVersionsThan, type OtherVersionErrors } from './other-version';
import { IntList, packTransfer, ProblemPacker, unpackProblems, type LocatedProblem, type ProblemPack } from './problem-pack';
import { shardOf, type Shard } from './shard';

/** The settings of a run that every unit needs (sent once to each worker). */
export interface UnitSettings {
  /** Order version. */
  readonly version: OrderVersion;
  /** Kind forced by `--kind`; detected per payload when absent. */
  readonly kind?: PayloadKind;
  /** Client profile. */
  readonly profile?: ClientProfile;
  /** Severity overrides by rule id. */
  readonly rules: Readonly<Record<string, RuleLevel>>;
  /** Lint only the payloads of this shard. */
  readonly shard?: Shard;
  /** Apply the fixes of fixable problems and return the fixed bytes. */
  readonly fix: boolean;
  /** Drop warnings (`--quiet`); they are still counted for `--max-warnings`. */
  readonly quiet: boolean;
  /** List at most this many problems of a payload and count the others (`--max-problems-per-payload`); 0 or absent: all. */
  readonly maxProblems?: number;
  /** Collect each payload's batch facts (a batch rule is on). */
  readonly batch: boolean;
  /** Options that differ from file to file (a config's overrides): a unit with `variant` k is linted with `variants[k]`. */
  readonly variants?: readonly UnitVariant[];
  /** Internal (tests): when a line or document is parsed lazily (default `LAZY_JSON_LIMITS`). */
  readonly lazyJson?: LazyJsonLimits;
}

/** The options a config may set per file. */
export type UnitVariant = Pick<UnitSettings, 'version' | 'kind' | 'profile' | 'rules'>;

/** A unit of input. `bytes` is handed over to the thread that lints it. */
export type Unit = (
  | { readonly type: 'lines'; readonly bytes: Uint8Array }
  | { readonly type: 'document'; readonly bytes: Uint8Array; readonly fallbackToLines: boolean }
) & {
  /** The index of its options in `settings.variants` (default 0). */
  readonly variant?: number;
  /** The first unit of its input. */
  readonly first?: boolean;
};

/** Payload kinds as numbers in `UnitResult.kinds`. */
export const KIND_ORDER = 0;
/** A return payload. */
export const KIND_RETURN = 1;
/** Input that was not read as a payload (not JSON, not UTF-8): no batch facts. */
export const KIND_NONE = 2;

/** An order that has fewer errors as another version than the one it was linted as. */
export interface OtherVersion extends OtherVersionErrors {
  /** Where it is, as `at` of the payloads: 0-based line in the unit, index in the array, or -1. */
  readonly at: number;
}

/** Texts longer than this (256 KiB) are scanned for nesting past the limit before `JSON.parse`: at some 60 bytes a level, 2 bytes of text, deeper ones cost too much memory. */
const DEEP_SCAN_BYTES = 256 << 10;

/** What linting a unit found, as the run takes it. Arrays are indexed by payload (in input order). */
export interface UnitResult extends Omit<PackedUnitResult, 'found' | 'counts' | 'omitted' | 'pack' | 'facts'> {
  /** Each payload's batch facts (when `settings.batch`; none for `KIND_NONE` or a payload without a reference). */
  readonly facts?: readonly (BatchFacts | undefined)[];
  /** Where each payload's requestReference member is (`placeOfFacts`), with `facts`. */
  readonly factPlaces?: Int32Array;
  /**
   * The payloads with problems, by payload number, ascending; `omitted` counts those past
   * `maxProblems`. Each problem has its `line` and `column` in the file, but a problem of an
   * NDJSON line has only its column (the run numbers the lines).
   */
  readonly found: readonly { readonly p: number; readonly problems: LocatedProblem[]; readonly omitted?: ProblemTally }[];
  /** The unit's next slice, when `more` (ask for it once this one is written). */
  next?: () => Promise<UnitResult>;
}

/**
 * What linting a unit found, as a unit linter makes it and a worker posts it: the problems
 * packed (problem-pack.ts); `unpackUnitResult` gives them back a payload at a time.
 */
export interface PackedUnitResult {
  /** How the unit was read: NDJSON lines, the elements of a top-level array, or one payload. */
  form: 'lines' | 'array' | 'single';
  /** Lines the unit spans (to number the lines of the next unit). */
  lines: number;
  /** Payloads of this shard, linted (including those that did not parse). */
  payloads: number;
  /** Payloads that belong to other shards (not linted). */
  otherShards: number;
  /** Payloads linted as one kind (`--kind`, the config) with the shape of the other. */
  otherKind: number;
  /** The first order of the unit found to have fewer errors as another version (`Collector.tryVersions`). */
  otherVersion?: OtherVersion;
  /** The kind of each payload (`KIND_*`). */
  kinds: number[];
  /** Where each payload is: 0-based line in the unit, or index in the array. */
  at: number[];
  /** Each payload's batch facts, packed (when `settings.batch`). */
  facts?: FactsPack;
  /** The numbers of the payloads with problems, ascending. */
  found: Int32Array;
  /** How many problems each of those lists (in pack order). */
  counts: Int32Array;
  /** What a payload past `maxProblems` did not list, by payload number. */
  omitted?: Record<number, ProblemTally>;
  /** The listed problems of every payload, in order. */
  pack: ProblemPack;
  /** Warnings left out by `--quiet`. */
  droppedWarnings: number;
  /** Fixes applied (`--fix`). */
  fixes: number;
  /** With `--fix`: the unit's bytes after the fixes (the input bytes when nothing changed); on the last slice only. */
  bytes?: Uint8Array;
  /** More slices of the unit follow (a top-level array is linted a slice of elements at a time). */
  more?: boolean;
}

/**
 * A unit linter's answer: one slice of the unit's payloads, and `rest` for the next one when
 * `more`. Linted slice by slice, a top-level array of millions of elements never holds the
 * results of all of them at once.
 */
export interface SlicedUnitResult extends PackedUnitResult {
  /** Lints the next slice (when `more`); call it once. */
  readonly rest?: () => SlicedUnitResult;
}

/** A slice of an array ends after this many payloads, or once it lists this many problems. */
const SLICE_PAYLOADS = 4096;
const SLICE_PROBLEMS = 1 << 16;

/**
 * The result of a unit ready to read. `found` and `facts` are made when read, and each
 * payload's problems when those are read (anew at each read): a unit waiting for its turn,
 * often across several young-generation collections, holds its packs, not objects per
 * payload that would be promoted to the old generation and live there as garbage.
 *
 * @param packed What the unit linter made.
 * @returns The result the run takes.
 * @example const { found } = unpackUnitResult(createUnitLinter(settings)(unit)); found[0]?.problems;
 */
export function unpackUnitResult(packed: PackedUnitResult): UnitResult {
  const { found, counts, omitted, pack, facts, ...rest } = packed;
  Object.defineProperty(rest, 'found', { enumerable: true, get: () => foundOf(found, counts, omitted, pack) });
  if (facts) {
    Object.defineProperty(rest, 'facts', { enumerable: true, get: () => unpackFacts(facts) });
    (rest as { factPlaces?: Int32Array }).factPlaces = facts.places;
  }
  return rest as UnitResult;
}

/**
 * The transfer list of a result posted to another thread: its bytes (`--fix`) and the buffers
 * of its packs move, not copied.
 *
 * @param result The result.
 * @returns Its buffers.
 * @example port.postMessage(result, resultTransfer(result));
 */
export function resultTransfer(result: PackedUnitResult): ArrayBuffer[] {
  const lists = [result.found, result.counts, ...(result.facts ? [result.facts.ends, result.facts.places] : [])];
  return [...transferOf(result.bytes), ...packTransfer(result.pack), ...lists.map((list) => list.buffer as ArrayBuffer)];
}

/** The payloads with problems, each unpacking its own list when read. */
function foundOf(found: Int32Array, counts: Int32Array, omitted: PackedUnitResult['omitted'], pack: ProblemPack): UnitResult['found'] {
  let first = 0;
  return Array.from(found, (p, i) => {
    const entry = new FoundEntry(p, omitted?.[p], pack, first, counts[i]!);
    first += counts[i]!;
    return entry;
  });
}

/**
 * A payload with problems: `problems` is an own getter (it reads as a member, `{ ...entry }`
 * copies it) and the same function on every entry, so that entries share one shape; a
 * getter made per entry gives each its own hidden class, hundreds of bytes.
 */
class FoundEntry {
  declare readonly problems: LocatedProblem[];
  // Declared, not a field: absent unless the payload has one.
  declare omitted?: ProblemTally;
  readonly #pack: ProblemPack;
  readonly #first: number;
  readonly #count: number;

  constructor(
    readonly p: number,
    omitted: ProblemTally | undefined,
    pack: ProblemPack,
    first: number,
    count: number,
  ) {
    if (omitted) this.omitted = omitted;
    this.#pack = pack;
    this.#first = first;
    this.#count = count;
    Object.defineProperty(this, 'problems', FoundEntry.PROBLEMS);
  }

  private static readonly PROBLEMS: PropertyDescriptor = {
    enumerable: true,
    get(this: FoundEntry) {
      return unpackProblems(this.#pack, this.#first, this.#count);
    },
  };
}

/**
 * A message for JSON that does not parse, and where the parser stopped. The parser's own
 * message is not used: it can quote the input, and payloads carry personal data; nor is its
 * position (V8's commonest messages, "Unexpected token", give none): `parseStop` finds it
 * (and the commonest slips), run only on a text that failed.
 *
 * @param text The text that did not parse.
 * @param error What `JSON.parse` (or `parseLongJson`) threw.
 * @param what `The line` or `The input`.
 * @param multiline Give line and column (a document) rather than a column (a line, whose position has line 0).
 * @returns One sentence, and the position: the first character that cannot continue JSON (for a text that ends too early, the end of its last character).
 * @example parseFailure('{"a" 1}', new SyntaxError('... at position 5'), 'The line', false); // { message: 'The line is not valid JSON (column 6).', position: { line: 0, column: 6 } }
 */
export function parseFailure(text: string, error: unknown, what: string, multiline: boolean): { message: string; position: Position } {
  const limited = error instanceof LimitError;
  // (JSON after all, only if the parser failed for want of memory: placed at the start.)
  const stop = limited ? undefined : parseStop(text);
  const found = new LineCounter(text).at(limited ? error.offset : stop!.offset);
  const position = multiline ? found : { line: 0, column: found.column };
  if (limited) return { message: `${what} has ${error.message}; it was not read.`, position };
  if (stop!.blank) return { message: `${what} is empty.`, position };
  const where = multiline ? `line ${found.line}, column ${found.column}` : `column ${found.column}`;
  return { message: `${what} is not valid JSON${stop!.why} (${where}).`, position };
}

/**
 * The offset of the first byte that breaks UTF-8 (RFC 3629: no overlongs, no surrogates,
 * nothing above U+10FFFF), or -1.
 *
 * @param bytes Any bytes.
 * @returns The 0-based offset, or -1 when the bytes are valid UTF-8.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) (need = 1), (min = 0x80);
    else if (b >= 0xe0 && b <= 0xef) (need = 2), (min = 0x800);
    else if (b >= 0xf0 && b <= 0xf4) (need = 3), (min = 0x10000);
    else return i;
    let cp = b & (0x3f >> need);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/**
 * Creates the function that lints units (one rule plan per kind and per variant of the options).
 *
 * @param settings The run's settings.
 * @returns `lintUnit(unit)`; never throws on any input bytes.
 */
export function createUnitLinter(settings: UnitSettings): (unit: Unit) => SlicedUnitResult {
  const { variants } = settings;
  if (!variants) return createVariantLinter(settings);
  // A linter per variant, made when a unit first needs it.
  const linters: ((unit: Unit) => SlicedUnitResult)[] = [];
  return (unit) => {
    const v = unit.variant ?? 0;
    const { version, kind, profile, rules } = variants[v]!;
    return (linters[v] ??= createVariantLinter({ ...settings, version, kind, profile, rules }))(unit);
  };
}

/** The unit linter of one set of options. */
function createVariantLinter(settings: UnitSettings): (unit: Unit) => SlicedUnitResult {
  // One options object per kind: the engine caches its rule plan per options object.
  const base: LintOptions = { ...(settings.profile ? { profile: settings.profile } : {}), rules: { ...settings.rules } };
  const orderOptions: LintOrderOptions = { ...base, version: settings.version };
  const returnOptions: LintOptions = base;
  const parseLevel = levelOf('parse', settings.rules);
  const encodingLevel = levelOf('encoding', settings.rules);
  const { shard, fix, quiet, batch } = settings;
  // A long text is parsed lazily from its bytes (see lazy-json.ts), and --fix renames members in its bytes.
  const lazy = settings.lazyJson ?? LAZY_JSON_LIMITS;
  // So is a text over DEEP_SCAN_BYTES that nests deeper than the limit: lazy parsing refuses it.
  const isLong = (bytes: Uint8Array) => bytes.length > lazy.textBytes || (bytes.length > DEEP_SCAN_BYTES && nestsDeeper(bytes, lazy.depth));
  // The engine keeps the first problems and counts the rest: memory stays bounded whatever the payload.
  const maxProblems = settings.maxProblems ? settings.maxProblems : Infinity;
  const lint = (value: unknown, kind: PayloadKind, warnings: boolean): BoundedProblems =>
    lintBounded(kind, value, kind === 'order' ? orderOptions : returnOptions, { maxProblems, warnings });
  const otherVersions = otherVersionsThan(orderOptions);
  // Orders with errors met so far (see `Collector.tryVersions`).
  let errorOrders = 0;

  /** Collects the payloads of one unit. */
  class Collector {
    readonly result: Omit<PackedUnitResult, 'found' | 'counts' | 'pack' | 'facts'>;
    private readonly packer = new ProblemPacker();
    private readonly found = new IntList();
    private readonly counts = new IntList();
    private readonly facts = batch ? new FactsPacker() : undefined;
    /**
     * @param form How the unit is read.
     * @param first It is the first unit (or slice) of its input.
     */
    constructor(
      form: PackedUnitResult['form'],
      private readonly first = false,
    ) {
      this.result = { form, lines: 0, payloads: 0, otherShards: 0, otherKind: 0, kinds: [], at: [], droppedWarnings: 0, fixes: 0 };
    }

    /** An order of this unit was linted again as the other versions. */
    private tried = false;

    /**
     * Notes an order with errors that has fewer as another version (a v1.2 file linted as the
     * default v1.1), the first found in the unit: the run ends with a note naming it. Tried
     * are the first order with errors of each input, and the 1st, 2nd, 4th, 8th, ... this
     * linter meets: input dense with genuine errors pays for a few dozen extra lints a run,
     * not some per unit (each plan of another version is made, and its walk compiled, too).
     */
    private tryVersions(at: number, value: unknown, found: BoundedProblems): void {
      if (this.result.otherVersion !== undefined) return;
      const errors = errorsOf(found);
      if (errors === 0) return;
      const met = ++errorOrders;
      if (!((this.first && !this.tried) || isTried(met))) return;
      this.tried = true;
      const best = fewerErrorsAs(value, errors, otherVersions);
      if (best) this.result.otherVersion = { at, errors, version: best.version, versionErrors: best.errors };
    }

    /** The unit's result, its problems and facts packed. */
    done(): PackedUnitResult {
      const packed: PackedUnitResult = { ...this.result, found: this.found.done(), counts: this.counts.done(), pack: this.packer.finish() };
      if (this.facts) packed.facts = this.facts.finish();
      return packed;
    }

    /** Problems listed so far. */
    listed = 0;

    private record(at: number, kind: number, facts: BatchFacts | undefined, problems: Problem[], omitted?: ProblemTally, positions?: Position[], place?: Position): void {
      const r = this.result;
      const p = r.payloads++;
      r.kinds.push(kind);
      r.at.push(at);
      this.facts?.add(facts, place);
      if (problems.length === 0) return;
      this.listed += problems.length;
      this.packer.add(problems, positions);
      this.found.push(p);
      this.counts.push(problems.length);
      if (omitted) (r.omitted ??= {})[p] = omitted;
    }

    /** Input that is not a payload (parse, encoding, too long): shard 1 reports it. */
    unread(at: number, rule: 'parse' | 'encoding', message: string, position: Position): void {
      if (shard && shard.index !== 1) {
        this.result.otherShards++;
        return;
      }
      const level = rule === 'parse' ? parseLevel : encodingLevel;
      const listed = level === 'error' || (level === 'warn' && !quiet);
      if (level === 'warn' && quiet) this.result.droppedWarnings++;
      this.record(at, KIND_NONE, undefined, listed ? [problemOf(rule, level, '', message)] : [], undefined, [position]);
    }

    /**
     * Lints one parsed payload; with `--fix`, returns the edited text (or a long payload's
     * edited bytes) when fixes applied.
     *
     * @param source The payload's JSON text, asked for only for a short payload, with `--fix` or when there are problems to locate.
     * @param long A long payload's bytes, parsed lazily: --fix renames members in them, and its problems are located without `source`.
     */
    payload(at: number, value: unknown, source: () => PayloadText, long?: LongPayload): string | Uint8Array | undefined {
      const kind = settings.kind ?? detectKind(value);
      // The shard of the reference as written, however long (the facts leave a long one out).
      if (shard && shardOf(requestReferenceOf(value, kind), shard.count) !== shard.index) {
        this.result.otherShards++;
        return undefined;
      }
      // A kind given that the payload's shape contradicts: the run says so once, at its end.
      if (settings.kind !== undefined && shapedAsOther(value, kind)) this.result.otherKind++;
      const facts = batch ? batchFactsOf(value, kind) : undefined;
      // --fix reads every fixable problem, warnings too, a listed batch at a time.
      let found = lint(value, kind, fix || !quiet);
      let edited: string | undefined;
      let text: PayloadText | undefined;
      while (fix && found.problems.some((p) => p.fix !== undefined)) {
        const renames = memberRenames(value, found.problems);
        if (renames.length === 0) break;
        this.result.fixes += renames.length;
        // Lint the edited text, so that the report describes what the file now holds.
        if (long) {
          // The unit's bytes are handed over: a long text is edited in them when it does not grow (no second 64 MB while it is linted again).
          const bytes = long.json.renamed(renames, true);
          long = { ...long, bytes, json: parseLongJson(bytes, lazy), edited: true };
          value = long.json.value;
        } else {
          text ??= source();
          edited = renameMembers(edited ?? text.text, renames);
          value = JSON.parse(edited);
        }
        found = lint(value, kind, true);
      }
      if (fix && quiet) found = lint(value, kind, false);
      this.result.droppedWarnings += found.quietWarnings;
      // (Not a long payload: linted again as two more versions, a 64 MB line would take three times as long.)
      if (kind === 'order' && !long) this.tryVersions(at, value, found);
      // Positions only for a payload with problems (a clean one is never scanned), in the text the file now holds.
      let positions: Position[] | undefined;
      if (found.problems.length > 0) {
        const pointers = found.problems.map((p) => p.path);
        if (long) positions = long.locate(long, pointers);
        else {
          text ??= source();
          positions = placed(locateAll(edited ?? text.text, pointers), text.base);
        }
      }
      // Where its requestReference is: a duplicate is found across payloads, once this text is
      // gone. A short scan (the member is near the start); a long payload's is located as its problems are.
      let place: Position | undefined;
      const reference = facts?.requestReference;
      if (reference !== undefined) {
        if (long) place = long.locate(long, [REFERENCE_POINTER[kind]])[0];
        else {
          text ??= source();
          const json = edited ?? text.text;
          const offset = stringMemberOffset(json, REFERENCE_MEMBER[kind], reference, json.charCodeAt(0) === 0xfeff ? 1 : 0);
          if (offset !== -1) place = placed([positionOf(json, offset)], text.base)[0];
        }
      }
      this.record(at, kind === 'order' ? KIND_ORDER : KIND_RETURN, facts, found.problems, found.omitted, positions, place);
      return long?.edited ? long.bytes : edited;
    }

    /** One NDJSON line (without its line end): its text, or a long line's bytes (decoded only when it is not JSON). */
    line(at: number, line: string | Buffer): string | Uint8Array | undefined {
      const text = () => (typeof line === 'string' ? line : line.toString('utf8'));
      if (typeof line === 'string' ? isBlank(line) : isBlankBytes(line)) return undefined;
      let value: unknown;
      let long: LongPayload | undefined;
      try {
        if (typeof line === 'string') value = JSON.parse(line);
        else {
          long = { bytes: line, json: parseLongJson(line, lazy), locate: locateInLine };
          value = long.json.value;
        }
      } catch (error) {
        const { message, position } = parseFailure(text(), error, 'The line', false);
        this.unread(at, 'parse', message, position);
        return undefined;
      }
      return this.payload(at, value, () => ({ text: text() }), long);
    }
  }

  /**
   * NDJSON lines, one by one at the byte level: each line is decoded on its own (short
   * strings stay in the young generation, so memory is freed quickly), a line that is not
   * UTF-8 is found, and `--fix` edits are spliced into the bytes.
   */
  function lines(bytes: Uint8Array, first = false): PackedUnitResult {
    const out = new Collector('lines', first);
    const buf = asBuffer(bytes);
    const allUtf8 = isUtf8(buf);
    const output = fix ? new Splicer(bytes) : undefined;
    let start = 0;
    let at = 0;
    while (start < buf.length) {
      let end = buf.indexOf(10, start);
      const next = end === -1 ? buf.length : end + 1;
      if (end === -1) end = buf.length;
      if (end > start && buf[end - 1] === 13) end--;
      if (allUtf8 || isUtf8(buf.subarray(start, end))) {
        const edited = out.line(at, isLong(buf.subarray(start, end)) ? buf.subarray(start, end) : buf.toString('utf8', start, end));
        if (edited !== undefined) output!.splice(start, end, typeof edited === 'string' ? Buffer.from(edited, 'utf8') : edited);
      } else {
        const bad = firstInvalidUtf8(buf.subarray(start, end));
        out.unread(at, 'encoding', `The line is not valid UTF-8 (byte ${bad + 1}).`, { line: 0, column: buf.toString('utf8', start, start + bad).length + 1 });
      }
      at++;
      start = next;
    }
    out.result.lines = at;
    if (output) out.result.bytes = output.done();
    return out.done();
  }

  function* document(bytes: Uint8Array, fallbackToLines: boolean): Generator<PackedUnitResult, void> {
    const bad = firstInvalidUtf8Fast(bytes);
    if (bad !== -1) {
      const out = new Collector('single');
      const buf = asBuffer(bytes);
      let line = 1;
      let lineStart = 0;
      for (let i = buf.indexOf(10); i !== -1 && i < bad; i = buf.indexOf(10, i + 1)) {
        line++;
        lineStart = i + 1;
      }
      const column = buf.toString('utf8', lineStart, bad).length + 1;
      out.unread(-1, 'encoding', `The input is not valid UTF-8 (line ${line}, byte ${bad - lineStart + 1}).`, { line, column });
      if (fix) out.result.bytes = bytes;
      yield out.done();
      return;
    }
    // A long document is decoded only when its text is needed (to locate problems, or for --fix).
    let decoded: string | undefined;
    const text = () => (decoded ??= asBuffer(bytes).toString('utf8'));
    let value: unknown;
    let long: LongPayload | undefined;
    try {
      if (isLong(bytes)) {
        long = { bytes, json: parseLongJson(bytes, lazy), locate: locateInDocument };
        value = long.json.value;
      } else value = JSON.parse(text());
    } catch (error) {
      // A refused object or nesting is no sign of NDJSON (and its text may be huge to split).
      if (fallbackToLines && !(error instanceof LimitError) && looksLikeLines(text())) {
        yield lines(bytes, true);
        return;
      }
      const out = new Collector('single');
      const { message, position } = parseFailure(text(), error, 'The input', true);
      out.unread(-1, 'parse', message, position);
      if (fix) out.result.bytes = bytes;
      yield out.done();
      return;
    }
    if (!Array.isArray(value)) {
      const out = new Collector('single', true);
      const edited = out.payload(-1, value, () => ({ text: text(), base: FIRST }), long);
      if (fix) out.result.bytes = edited === undefined ? bytes : typeof edited === 'string' ? Buffer.from(edited, 'utf8') : edited;
      yield out.done();
      return;
    }
    // Each element's text is decoded from its own bytes when first asked for (--fix, or an
    // element with problems): a long document is never decoded whole.
    const buf = asBuffer(bytes);
    const elements = new ArrayElements(buf);
    let counter: Utf8LineCounter | undefined;
    const output = fix ? new Splicer(bytes) : undefined;
    let out = new Collector('array', true);
    let fixes = 0;
    for (let i = 0; i < value.length; i++) {
      let range: [number, number] | undefined;
      const element = (): PayloadText => {
        const [start, end] = (range = elements.range(i)!);
        const base = (counter ??= new Utf8LineCounter(buf)).at(start);
        // Counted past the element before --fix may edit its bytes in place.
        counter.at(end);
        return { text: buf.toString('utf8', start, end), base };
      };
      const edited = out.payload(i, value[i], element);
      // Spliced behind the elements still to be read (a long document's are read from these bytes).
      if (edited !== undefined && range) output!.splice(range[0], range[1], typeof edited === 'string' ? Buffer.from(edited, 'utf8') : edited);
      if ((out.result.payloads >= SLICE_PAYLOADS || out.listed >= SLICE_PROBLEMS) && i + 1 < value.length) {
        fixes += out.result.fixes;
        out.result.fixes = 0;
        yield { ...out.done(), more: true };
        out = new Collector('array');
      }
    }
    out.result.fixes += fixes;
    if (output) out.result.bytes = output.done();
    yield out.done();
  }

  /** The first slice of a unit's results, and the rest one at a time. */
  const sliced = (slices: Generator<PackedUnitResult, void>): SlicedUnitResult => {
    const slice = slices.next().value!;
    return slice.more ? { ...slice, rest: () => sliced(slices) } : slice;
  };

  return (unit) => (unit.type === 'lines' ? lines(unit.bytes, unit.first) : sliced(document(unit.bytes, unit.fallbackToLines)));
}

/**
 * A unit's bytes with edits spliced in, in order. The unit's bytes are handed over to its
 * linter, so the edits are written into them while the text so far has not grown past what
 * was read (a long line renamed in place is not copied again: 64 MB less); from the first
 * edit that would overtake it, the pieces are joined into new bytes.
 *
 * @example const out = new Splicer(bytes); out.splice(0, 5, Buffer.from('abc')); out.done(); // bytes edited, or new bytes
 */
export class Splicer {
  private readonly buf: Buffer;
  /** Bytes read up to here. */
  private read = 0;
  /** Bytes written in place up to here (while `pieces` is undefined). */
  private written = 0;
  private pieces?: Uint8Array[];

  /** @param bytes The unit's bytes, handed over: they may be written. */
  constructor(private readonly bytes: Uint8Array) {
    this.buf = asBuffer(bytes);
  }

  /**
   * Replaces bytes `start` to `end` (after the end of the last splice) by `edit`.
   *
   * @param edit New bytes, or the unit's bytes edited in place from `start`.
   */
  splice(start: number, end: number, edit: Uint8Array): void {
    const { buf } = this;
    if (!this.pieces) {
      this.keep(start);
      if (this.written + edit.length <= end) {
        if (edit.buffer !== buf.buffer || edit.byteOffset !== buf.byteOffset + start) buf.set(edit, this.written);
        else if (this.written !== start) buf.copyWithin(this.written, start, start + edit.length);
        this.written += edit.length;
      } else this.pieces = [buf.subarray(0, this.written), edit];
    } else this.pieces.push(buf.subarray(this.read, start), edit);
    this.read = end;
  }

  /** The edited bytes: those of the unit, or new ones. */
  done(): Uint8Array {
    const { buf, pieces } = this;
    if (pieces) {
      pieces.push(buf.subarray(this.read));
      return joinBytes(pieces, pieces.reduce((n, piece) => n + piece.length, 0));
    }
    this.keep(buf.length);
    return this.written === buf.length ? this.bytes : this.bytes.subarray(0, this.written);
  }

  /** Moves the bytes read but not yet written, up to `end`, to where the output is. */
  private keep(end: number): void {
    if (this.written !== this.read) this.buf.copyWithin(this.written, this.read, end);
    this.written += end - this.read;
    this.read = end;
  }
}

/** A payload's JSON text, and where it starts in the file; no `base` for an NDJSON line (the run numbers lines). */
interface PayloadText {
  readonly text: string;
  readonly base?: Position;
}

/** A long payload (a line or a document): its bytes, parsed lazily, and how its problems are located. */
interface LongPayload {
  readonly bytes: Uint8Array;
  readonly json: LongJson;
  readonly locate: (long: LongPayload, pointers: string[]) => Position[];
  /** Its bytes are the input's, edited by --fix. */
  readonly edited?: boolean;
}

const FIRST: Position = { line: 1, column: 1 };

/** Each kind's requestReference as a pointer: where a duplicate is reported, and where the unit linter looks for it. */
export const REFERENCE_POINTER: Readonly<Record<PayloadKind, string>> = {
  order: toPointer(REFERENCE_MEMBER.order),
  return: toPointer(REFERENCE_MEMBER.return),
};

/** Positions in a long line, its text never decoded whole: columns (the run numbers the lines). */
const locateInLine = ({ json }: LongPayload, pointers: string[]): Position[] => json.offsets(pointers).map((offset) => ({ line: 0, column: offset + 1 }));

/** Positions in a long document: lines and columns, in its decoded text. */
const locateInDocument = ({ bytes }: LongPayload, pointers: string[]): Position[] => locateAll(asBuffer(bytes).toString('utf8'), pointers);

/**
 * Positions in a payload's text made positions in the file: moved to where the text starts,
 * or, for an NDJSON line, with line 0 (the run knows the line's number).
 */
function placed(positions: Position[], base: Position | undefined): Position[] {
  if (base === undefined) return positions.map(({ column }) => ({ line: 0, column }));
  if (base.line === 1 && base.column === 1) return positions;
  return positions.map(({ line, column }) => ({ line: base.line + line - 1, column: line === 1 ? base.column + column - 1 : column }));
}

/** `firstInvalidUtf8`, with the native check first (valid input is the usual case). */
function firstInvalidUtf8Fast(bytes: Uint8Array): number {
  return isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes);
}

