/**
 * Problems in a compact form, for the units a bulk run holds and posts between threads: a
 * structured clone copies every string of every problem (its message, rule and severity
 * too), about 250 bytes a problem; packed, each distinct problem (rule, severity, message,
 * params, fix) is written once, and a problem costs five numbers (kind, shared length, tail
 * end, line, column) and the end of its path that differs from the path before it
 * (`/clientRequest/item/41` after `.../item/40`: `1`), about 23 bytes. A million listed
 * problems in flight hold megabytes, not hundreds of them.
 */
import { problemOf } from '../lint/report';
import type { Problem } from '../lint/types';
import type { Position } from './locate';

/** A problem without its path: what many problems share. */
export type ProblemKind = Omit<Problem, 'path'>;

/** A problem with where it is in its file (the CLI's problems): 1-based, columns in UTF-16 code units. */
export interface LocatedProblem extends Problem {
  /** The line in the file; absent on an NDJSON line's problem until the run knows the line's number. */
  line?: number;
  /** The column on that line. */
  column?: number;
}

/**
 * Packed problems, a payload's after another's: the i-th problem is `kinds[kindOf[i]]`; its
 * path is the first `shared[i]` characters of the path before it (in the same payload), then
 * its tail, which ends at `tailEnds[i]` in `tails` (and starts where the tail before ends).
 */
export interface ProblemPack {
  /** Each distinct problem without its path, once. */
  readonly kinds: readonly ProblemKind[];
  /** The kind of each problem. */
  readonly kindOf: Int32Array;
  /** How many characters each path shares with the path before it. */
  readonly shared: Int32Array;
  /** The tails of the paths, one after another. */
  readonly tails: string;
  /** Where each tail ends in `tails`. */
  readonly tailEnds: Int32Array;
  /** The line of each problem; 0 when none (an NDJSON line's problem: the run knows the line). */
  readonly lines: Int32Array;
  /** The column of each problem; 0 when none. */
  readonly columns: Int32Array;
}

// Paths are joined into one string this many at a time (so that the path strings themselves die young).
const JOIN_EVERY = 256;

/** Tells whether two params (or fixes) are equal: the same members with equal values (lists element by element). */
function sameData(a: object | undefined, b: object | undefined): boolean {
  if (a === b) return true;
  if (a === undefined || b === undefined) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  const keys = Object.keys(x);
  if (keys.length !== Object.keys(y).length) return false;
  for (const key of keys) {
    if (!Object.prototype.hasOwnProperty.call(y, key)) return false;
    const u = x[key];
    const v = y[key];
    if (u === v) continue;
    if (!Array.isArray(u) || !Array.isArray(v) || u.length !== v.length || u.some((item, i) => item !== v[i])) return false;
  }
  return true;
}

/** A growing list of 32-bit integers (4 bytes each; a JS array of numbers takes 8, and leaves more garbage as it grows). */
export class IntList {
  private items = new Int32Array(1024);
  length = 0;

  push(n: number): void {
    if (this.length === this.items.length) {
      const grown = new Int32Array(this.items.length * 2);
      grown.set(this.items);
      this.items = grown;
    }
    this.items[this.length++] = n;
  }

  /** The items, in a buffer of their own (to transfer). */
  done(): Int32Array {
    return this.items.slice(0, this.length);
  }
}

/**
 * Packs problems as they come.
 */
export class ProblemPacker {
  private readonly kinds: ProblemKind[] = [];
  // Kinds by message (a rule's message differs with its params, so few kinds share one).
  private readonly byMessage = new Map<string, number[]>();
  private readonly kindOf = new IntList();
  private readonly shared = new IntList();
  private readonly joined: string[] = [];
  private pending: string[] = [];
  private readonly tailEnds = new IntList();
  private readonly lines = new IntList();
  private readonly columns = new IntList();
  private end = 0;

  /** How many problems were added. */
  get count(): number {
    return this.kindOf.length;
  }

  /**
   * Adds the problems of one payload.
   *
   * @param problems The problems, in order.
   * @param positions Where each problem is (line 0: only the column is known).
   */
  add(problems: readonly Problem[], positions?: readonly Position[]): void {
    let before = '';
    for (let i = 0; i < problems.length; i++) {
      const problem = problems[i]!;
      const at = positions?.[i];
      this.lines.push(at ? at.line : 0);
      this.columns.push(at ? at.column : 0);
      const { path } = problem;
      let same = 0;
      const most = Math.min(path.length, before.length);
      while (same < most && path.charCodeAt(same) === before.charCodeAt(same)) same++;
      this.kindOf.push(this.kindIndex(problem));
      this.shared.push(same);
      this.pending.push(same === 0 ? path : path.slice(same));
      this.end += path.length - same;
      this.tailEnds.push(this.end);
      if (this.pending.length === JOIN_EVERY) this.join();
      before = path;
    }
  }

  private kindIndex(problem: Problem): number {
    const { rule, severity, message, params, fix } = problem;
    let candidates = this.byMessage.get(message);
    if (candidates === undefined) this.byMessage.set(message, (candidates = []));
    for (const k of candidates) {
      const kind = this.kinds[k]!;
      if (kind.rule === rule && kind.severity === severity && sameData(kind.params, params) && sameData(kind.fix, fix)) return k;
    }
    const kind: ProblemKind = { rule, severity, message };
    if (params !== undefined) kind.params = params;
    if (fix !== undefined) kind.fix = fix;
    candidates.push(this.kinds.length);
    this.kinds.push(kind);
    return this.kinds.length - 1;
  }

  private join(): void {
    if (this.pending.length > 0) this.joined.push(this.pending.join(''));
    this.pending = [];
  }

  /**
   * Ends the pack.
   *
   * @returns The packed problems.
   */
  finish(): ProblemPack {
    this.join();
    const { kinds, kindOf, shared, joined, tailEnds, lines, columns } = this;
    return { kinds, kindOf: kindOf.done(), shared: shared.done(), tails: joined.join(''), tailEnds: tailEnds.done(), lines: lines.done(), columns: columns.done() };
  }
}

/**
 * Unpacks the problems of a payload, `first` to `first + count - 1`: fresh objects, shaped as
 * the engine makes them (`rule`, `severity`, `path`, `message`, then `params` and `fix`),
 * then `line` and `column` where they are known.
 *
 * @param pack The pack.
 * @param first The number of the payload's first problem.
 * @param count How many problems the payload has.
 * @returns The problems.
 * @example unpackProblems(packer.finish(), 0, packer.count);
 */
export function unpackProblems(pack: ProblemPack, first: number, count: number): LocatedProblem[] {
  const out: LocatedProblem[] = [];
  let before = '';
  for (let i = first; i < first + count; i++) {
    const kind = pack.kinds[pack.kindOf[i]!]!;
    const tail = pack.tails.slice(i === 0 ? 0 : pack.tailEnds[i - 1]!, pack.tailEnds[i]!);
    const shared = pack.shared[i]!;
    const path = shared === 0 ? tail : before.slice(0, shared) + tail;
    before = path;
    const problem: LocatedProblem = problemOf(kind.rule, kind.severity, path, kind.message, kind.params, kind.fix);
    if (pack.lines[i]! > 0) problem.line = pack.lines[i]!;
    if (pack.columns[i]! > 0) problem.column = pack.columns[i]!;
    out.push(problem);
  }
  return out;
}

/**
 * The transfer list of a pack posted to another thread (its number arrays move).
 *
 * @param pack The pack.
 * @returns Its buffers.
 */
export function packTransfer(pack: ProblemPack): ArrayBuffer[] {
  return [pack.kindOf, pack.shared, pack.tailEnds, pack.lines, pack.columns].map((list) => list.buffer as ArrayBuffer);
}
