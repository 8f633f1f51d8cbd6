/**
 * The batch facts of a unit's payloads in a compact form, to cross threads: a structured
 * clone of an object and a string per payload makes a few hundred objects a unit on the
 * thread that keeps the batch state; packed, a unit's facts are one string (every
 * requestReference, one after another) and one array of where each ends.
 */
import type { BatchFacts } from '../lint/batch';
import type { Position } from './locate';
import { IntList } from './problem-pack';

/**
 * Packed facts: payload p's reference is `text` from the end of payload p - 1's to `ends[p]`;
 * a payload without one has `~end` there (negative), the end of the one before it unchanged.
 */
export interface FactsPack {
  /** The references, one after another. */
  readonly text: string;
  /** Where each payload's reference ends, or `~end` for a payload without one. */
  readonly ends: Int32Array;
  /**
   * Where each payload's requestReference member is in its file, two numbers a payload: its
   * line (0 on an NDJSON line, which the run numbers) and column (0 when not known). A
   * problem found across payloads is found once the payload's text is gone: it is placed here.
   */
  readonly places: Int32Array;
}

/** Packs the facts of payloads as they come. */
export class FactsPacker {
  private readonly references: string[] = [];
  private readonly ends = new IntList();
  private readonly places = new IntList();
  private end = 0;

  /**
   * Adds the facts of the next payload.
   *
   * @param facts Its facts; `undefined` for input that is not a payload.
   * @param place Where its requestReference member is, when known.
   */
  add(facts: BatchFacts | undefined, place?: Position): void {
    this.places.push(place?.line ?? 0);
    this.places.push(place?.column ?? 0);
    const reference = facts?.requestReference;
    if (reference === undefined) {
      this.ends.push(~this.end);
      return;
    }
    this.references.push(reference);
    this.end += reference.length;
    this.ends.push(this.end);
  }

  /**
   * Ends the pack.
   *
   * @returns The packed facts.
   */
  finish(): FactsPack {
    return { text: this.references.join(''), ends: this.ends.done(), places: this.places.done() };
  }
}

/**
 * Unpacks every payload's facts: fresh objects; `undefined` for a payload without a reference.
 *
 * @param pack The pack.
 * @returns The facts of each payload, in order.
 * @example unpackFacts(packer.finish())[0]?.requestReference;
 */
export function unpackFacts(pack: FactsPack): (BatchFacts | undefined)[] {
  const out: (BatchFacts | undefined)[] = [];
  let start = 0;
  for (const end of pack.ends) {
    if (end < 0) out.push(undefined);
    else {
      // `satisfies`: a member added to BatchFacts fails to compile here until the pack holds it too.
      out.push({ requestReference: pack.text.slice(start, end) } satisfies Required<BatchFacts>);
      start = end;
    }
  }
  return out;
}

/**
 * Where payload p's requestReference member is (see `FactsPack.places`).
 *
 * @param places The pack's places.
 * @param p The payload's number in its unit.
 * @returns Its line (0 on an NDJSON line) and column, or undefined when not known.
 * @example placeOfFacts(pack.places, 0); // { line: 0, column: 37 }
 */
export function placeOfFacts(places: Int32Array, p: number): Position | undefined {
  const column = places[2 * p + 1] ?? 0;
  return column === 0 ? undefined : { line: places[2 * p]!, column };
}
