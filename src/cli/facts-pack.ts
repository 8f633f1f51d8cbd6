/**
 * The batch facts of a unit's payloads in a compact form, to cross threads: a structured
 * clone of an object and a string per payload makes a few hundred objects a unit on the
 * thread that keeps the batch state; packed, a unit's facts are one string (every
 * requestReference, one after another) and one array of where each ends.
 */
import type { BatchFacts } from '../lint/batch';
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
}

/** Packs the facts of payloads as they come. */
export class FactsPacker {
  private readonly references: string[] = [];
  private readonly ends = new IntList();
  private end = 0;

  /**
   * Adds the facts of the next payload.
   *
   * @param facts Its facts; `undefined` for input that is not a payload.
   */
  add(facts: BatchFacts | undefined): void {
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
    return { text: this.references.join(''), ends: this.ends.done() };
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
