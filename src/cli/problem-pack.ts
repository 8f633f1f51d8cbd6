/**
 * Problems in a compact form, for the units a bulk run holds and posts between threads: a
 * structured clone copies every string of every problem (its message, rule and severity
 * too), about 250 bytes a problem; packed, each distinct problem (rule, severity, message,
 * params, fix) is written once, and a problem costs three numbers and the end of its path
 * that differs from the path before it (`/clientRequest/item/41` after `.../item/40`: `1`),
 * about 15 bytes. A million listed problems in flight hold megabytes, not hundreds of them.
 */
import type { Problem } from '../lint/types';

/** A problem without its path: what many problems share. */
export type ProblemKind = Omit<Problem, 'path'>;

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
class IntList {
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
  private end = 0;

  /** How many problems were added. */
  get count(): number {
    return this.kindOf.length;
  }

  /**
   * Adds the problems of one payload.
   *
   * @param problems The problems, in order.
   */
  add(problems: readonly Problem[]): void {
    let before = '';
    for (const problem of problems) {
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
    const { kinds, kindOf, shared, joined, tailEnds } = this;
    return { kinds, kindOf: kindOf.done(), shared: shared.done(), tails: joined.join(''), tailEnds: tailEnds.done() };
  }
}

/**
 * Unpacks the problems of a payload, `first` to `first + count - 1`: fresh objects, shaped as
 * the engine makes them (`rule`, `severity`, `path`, `message`, then `params` and `fix`).
 *
 * @param pack The pack.
 * @param first The number of the payload's first problem.
 * @param count How many problems the payload has.
 * @returns The problems.
 * @example unpackProblems(packer.finish(), 0, packer.count);
 */
export function unpackProblems(pack: ProblemPack, first: number, count: number): Problem[] {
  const out: Problem[] = [];
  let before = '';
  for (let i = first; i < first + count; i++) {
    const kind = pack.kinds[pack.kindOf[i]!]!;
    const tail = pack.tails.slice(i === 0 ? 0 : pack.tailEnds[i - 1]!, pack.tailEnds[i]!);
    const shared = pack.shared[i]!;
    const path = shared === 0 ? tail : before.slice(0, shared) + tail;
    before = path;
    const problem: Problem = { rule: kind.rule, severity: kind.severity, path, message: kind.message };
    if (kind.params !== undefined) problem.params = kind.params;
    if (kind.fix !== undefined) problem.fix = kind.fix;
    out.push(problem);
  }
  return out;
}

/**
 * The transfer list of a pack posted to another thread (its two number arrays move).
 *
 * @param pack The pack.
 * @returns Its buffers.
 */
export function packTransfer(pack: ProblemPack): ArrayBuffer[] {
  return [pack.kindOf.buffer as ArrayBuffer, pack.shared.buffer as ArrayBuffer, pack.tailEnds.buffer as ArrayBuffer];
}
