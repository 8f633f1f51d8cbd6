/**
 * The sets of texts that batch rules keep (`BatchCheck.create`'s `texts`): a run that
 * remembers every requestReference of millions of payloads keeps them in flat memory; a run
 * that must stay bounded (the simulator) keeps the newest `limit`.
 *
 * A `Set` of strings took about 52 bytes a 16-character reference (a string object cut from
 * its unit's text, the set's entry), and the heap's room to grow made it about 85 of a CLI
 * run's peak (2 million orders: 399 MB); the garbage collector walked every one of them
 * again and again. `FlatTextSet` keeps the texts one after another in strings of 4,096
 * texts each and finds them through a hash table of typed arrays: about 31 bytes a
 * reference, in a few large objects (about 20 of a CLI run's peak: 268 MB).
 */
import type { TextSet } from './define-rule';

/** Texts a block holds: the texts of a full block are joined into one string. */
const BLOCK = 4096;

/**
 * FNV-1a over the UTF-16 code units of `text` from `from` to `to`, started from a seed and
 * mixed at the end (murmur3's finalizer), so that the table index depends on every bit.
 * References come from payloads: without a seed of each set's own, texts made to share an
 * index (the low bits of plain FNV-1a can be set by a text's last character) would make
 * each `add` walk all of them, and a run quadratic.
 */
function hashOf(seed: number, text: string, from: number, to: number): number {
  let h = seed;
  for (let i = from; i < to; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Every text added, in flat memory. */
class FlatTextSet implements TextSet {
  /** The full blocks, each its texts one after another. */
  private readonly blocks: string[] = [];
  /** The texts of the block being filled. */
  private open: string[] = [];
  /** Where each text starts in its block (texts `BLOCK * b` to `BLOCK * b + BLOCK - 1` are block b's). */
  private starts = new Int32Array(BLOCK);
  /** The hash table: a text's number plus one, 0 for an empty slot; at most half full. */
  private slots = new Int32Array(2 * BLOCK);
  private count = 0;
  /** The seed of this set's hash (see `hashOf`). */
  private readonly seed = (Math.random() * 0x100000000) >>> 0;

  get size(): number {
    return this.count;
  }

  add(text: string): boolean {
    const mask = this.slots.length - 1;
    let i = hashOf(this.seed, text, 0, text.length) & mask;
    for (let n = this.slots[i]!; n !== 0; n = this.slots[i]!) {
      if (this.is(n - 1, text)) return false;
      i = (i + 1) & mask;
    }
    const n = this.count++;
    this.slots[i] = n + 1;
    if (n === this.starts.length) {
      const starts = new Int32Array(2 * n);
      starts.set(this.starts);
      this.starts = starts;
    }
    const at = n % BLOCK;
    this.starts[n] = at === 0 ? 0 : this.starts[n - 1]! + this.open[at - 1]!.length;
    this.open.push(text);
    if (at === BLOCK - 1) {
      // join copies the texts into one flat string: the strings they were cut from can go.
      this.blocks.push(this.open.join(''));
      this.open = [];
    }
    if (2 * this.count > this.slots.length) this.grow();
    return true;
  }

  /** Whether text n is in the block being filled. */
  private isOpen(n: number): boolean {
    return Math.floor(n / BLOCK) === this.blocks.length;
  }

  /** The string that holds text n: its block's, or the text itself while its block is open. */
  private holder(n: number): string {
    return this.isOpen(n) ? this.open[n % BLOCK]! : this.blocks[Math.floor(n / BLOCK)]!;
  }

  /** Where text n starts in its holder. */
  private start(n: number): number {
    return this.isOpen(n) ? 0 : this.starts[n]!;
  }

  /** Where text n ends in its holder. */
  private end(n: number, holder: string): number {
    return this.isOpen(n) || n % BLOCK === BLOCK - 1 ? holder.length : this.starts[n + 1]!;
  }

  /** Whether text n is `text`. */
  private is(n: number, text: string): boolean {
    const holder = this.holder(n);
    const start = this.start(n);
    return this.end(n, holder) - start === text.length && holder.startsWith(text, start);
  }

  /** Doubles the hash table and places every text again. */
  private grow(): void {
    const slots = new Int32Array(2 * this.slots.length);
    const mask = slots.length - 1;
    for (let n = 0; n < this.count; n++) {
      const holder = this.holder(n);
      let i = hashOf(this.seed, holder, this.start(n), this.end(n, holder)) & mask;
      while (slots[i] !== 0) i = (i + 1) & mask;
      slots[i] = n + 1;
    }
    this.slots = slots;
  }
}

/** The newest `limit` texts added (a text added again keeps its place). */
class NewestTexts implements TextSet {
  private readonly texts = new Set<string>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.texts.size;
  }

  add(text: string): boolean {
    const texts = this.texts;
    // One hash-table operation for a text the set does not hold: the size tells.
    const size = texts.size;
    texts.add(text);
    // A text held already keeps its place (it is not made the newest).
    if (texts.size === size) return false;
    // Full before this one: forget the oldest (a Set iterates in insertion order).
    if (size === this.limit) texts.delete(texts.values().next().value!);
    return true;
  }
}

/**
 * Makes a set of texts for a batch rule's state.
 *
 * @param limit The most texts the set remembers (the newest), a whole number from 0; undefined: all.
 * @returns An empty set.
 * @example
 * const seen = textSetOf(undefined);
 * seen.add('REQ-1'); // true
 * seen.add('REQ-1'); // false
 */
export function textSetOf(limit: number | undefined): TextSet {
  return limit === undefined ? new FlatTextSet() : new NewestTexts(limit);
}
