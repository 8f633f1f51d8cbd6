/**
 * Cutting input bytes into units for the linting threads, with bounded memory: NDJSON into
 * units of whole lines, a JSON document into one unit, and input of unknown form (stdin)
 * into one or the other once its first lines show which. No text is decoded here: that is
 * the linting threads' work.
 *
 * The cutters copy what they keep: the caller may reuse the buffer it passes to `push`.
 * Each unit is a fresh buffer that can be handed to another thread without a copy.
 */
import { isJsonObjectText } from './detect';

/** What the input side hands on, in input order. */
export type Piece =
  /** Whole NDJSON lines (only the very last line of an input may lack its newline). */
  | { readonly type: 'lines'; readonly bytes: Uint8Array }
  /** One JSON document; `fallbackToLines` when its form was guessed (stdin). */
  | { readonly type: 'document'; readonly bytes: Uint8Array; readonly fallbackToLines: boolean }
  /** A line (or a whole document) longer than the limit, skipped: its length in bytes (a line's without its line end). */
  | { readonly type: 'long'; readonly bytes: number; readonly document: boolean }
  /** Bytes of a skipped line, passed on unread for `--fix` (which keeps every byte). */
  | { readonly type: 'raw'; readonly bytes: Uint8Array };

/** How to cut. */
export interface ChunkOptions {
  /** A line (or document) longer than this many bytes is skipped, not held. */
  readonly maxLineBytes: number;
  /** Hand on whole lines once this many bytes are held. */
  readonly targetBytes: number;
  /** Pass the bytes of skipped lines on as `raw` pieces (`--fix`). */
  readonly keepSkipped: boolean;
}

const NEWLINE = 10;

/** Past this many bytes, a buffer with a limit grows to it at once (see `append`). */
const LONG_BYTES = 8 << 20;

/** A growable byte buffer whose memory is its own (never Node's shared pool). */
class ByteBuffer {
  bytes: Buffer;
  used = 0;

  /**
   * @param capacity The first size.
   * @param limit Growth by doubling stops here (more only when the data needs it).
   */
  constructor(capacity: number, private readonly limit = Infinity) {
    this.bytes = Buffer.allocUnsafeSlow(Math.max(capacity, 16));
  }

  append(data: Uint8Array): void {
    if (this.used + data.length > this.bytes.length) {
      const needed = this.used + data.length;
      // A long line grows the buffer to the limit at once: the pages it never reaches are not
      // resident, and no doubling leaves half-size copies behind (a 60 MB line held 96 MB).
      const size = needed > LONG_BYTES && this.limit !== Infinity ? this.limit : Math.min(this.bytes.length * 2, this.limit);
      const grown = Buffer.allocUnsafeSlow(Math.max(size, needed));
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(data, this.used);
    this.used += data.length;
  }

  /** Hands over the first `end` bytes; the rest stays, in a fresh buffer of `capacity`. */
  take(end: number, capacity: number): Uint8Array {
    const out = this.bytes.subarray(0, end);
    const rest = this.bytes.subarray(end, this.used);
    this.bytes = Buffer.allocUnsafeSlow(Math.max(capacity, Math.min(rest.length * 2, this.limit), rest.length, 16));
    this.bytes.set(rest);
    this.used = rest.length;
    return out;
  }
}

/** The common part of the cutters: the byte-order mark, and pieces to hand on. */
abstract class Cutter {
  private head: Uint8Array | undefined = new Uint8Array(0);
  private bom = false;
  protected out: Piece[] = [];

  constructor(protected readonly options: ChunkOptions) {}

  /** The input started with a UTF-8 byte-order mark (removed; `--fix` writes it back). */
  get hadBom(): boolean {
    return this.bom;
  }

  /** Passes bytes on once the first three are known (a BOM may be split across reads). */
  private unmark(piece: Uint8Array, last: boolean): Uint8Array | undefined {
    if (this.head === undefined) return piece;
    const head = new Uint8Array(this.head.length + piece.length);
    head.set(this.head);
    head.set(piece, this.head.length);
    if (head.length < 3 && !last) {
      this.head = head;
      return undefined;
    }
    this.head = undefined;
    if (head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf) {
      this.bom = true;
      return head.subarray(3);
    }
    return head;
  }

  /**
   * Takes the next bytes of the input (copied: the caller may reuse its buffer).
   *
   * @param piece Bytes as read.
   * @returns Pieces ready to hand on, in order.
   */
  push(piece: Uint8Array): Piece[] {
    const bytes = this.unmark(piece, false);
    if (bytes && bytes.length > 0) this.take(bytes);
    return this.drain();
  }

  /**
   * Ends the input.
   *
   * @returns The last pieces.
   */
  end(): Piece[] {
    const bytes = this.unmark(new Uint8Array(0), true);
    if (bytes && bytes.length > 0) this.take(bytes);
    this.finish();
    return this.drain();
  }

  protected drain(): Piece[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  /** Bytes of a skipped line, copied for `--fix`. */
  protected raw(bytes: Uint8Array): void {
    if (this.options.keepSkipped && bytes.length > 0) this.out.push({ type: 'raw', bytes: new Uint8Array(bytes) });
  }

  /** Bytes read and held, not yet handed on (the start of a long line, for one). */
  abstract get heldBytes(): number;

  protected abstract take(bytes: Uint8Array): void;
  protected abstract finish(): void;
}

/**
 * Cuts NDJSON into units of whole lines of about `targetBytes`. A line longer than
 * `maxLineBytes` is never held: it becomes a `long` piece (its bytes are dropped, or passed
 * on as `raw` for `--fix`), so memory stays bounded even for input without newlines.
 */
export class LineChunker extends Cutter {
  private readonly buffer: ByteBuffer;
  // Bytes of `buffer` that are whole lines; the rest is the start of the current line.
  private complete = 0;
  private skipping = false;
  private skipped = 0;
  // The last byte of the skipped line so far is a CR (of a CRLF line end, if a newline follows).
  private skippedCr = false;

  constructor(options: ChunkOptions) {
    super(options);
    // At most a unit of whole lines and the longest line allowed.
    this.buffer = new ByteBuffer(this.capacity(), this.capacity() + options.maxLineBytes);
  }

  private capacity(): number {
    return this.options.targetBytes + (this.options.targetBytes >> 2);
  }

  get heldBytes(): number {
    return this.buffer.used;
  }

  /** Whether whole lines are held (`flush` would hand some on). */
  get holdsLines(): boolean {
    return this.complete > 0;
  }

  /**
   * Hands on the whole lines held now, however few (when the input is slow, or a thread is idle).
   *
   * @returns The pieces.
   */
  flush(): Piece[] {
    this.emit();
    return this.drain();
  }

  private emit(): void {
    if (this.complete === 0) return;
    this.out.push({ type: 'lines', bytes: this.buffer.take(this.complete, this.capacity()) });
    this.complete = 0;
  }

  /** The current line is too long: hand on what came before it, then skip it. */
  private startSkipping(tail: Uint8Array): void {
    this.emit();
    const partial = this.buffer.take(this.buffer.used, this.capacity());
    this.raw(partial);
    this.raw(tail);
    this.skipped = 0;
    this.skippedCr = false;
    this.count(partial);
    this.count(tail);
    this.skipping = true;
  }

  /** Counts bytes of the skipped line. */
  private count(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.skipped += bytes.length;
    this.skippedCr = bytes[bytes.length - 1] === 13;
  }

  /** The skipped line ends: its length, as lint counts it, leaves out the CR of a CRLF. */
  private endSkipping(): void {
    this.out.push({ type: 'long', bytes: this.skipped - (this.skippedCr ? 1 : 0), document: false });
    this.skipping = false;
  }

  /** True when the byte before `nl` (in this piece, or the last one held) is a CR. */
  private crBefore(piece: Uint8Array, pos: number, nl: number): boolean {
    return nl > pos ? piece[nl - 1] === 13 : this.buffer.used > this.complete && this.buffer.bytes[this.buffer.used - 1] === 13;
  }

  protected take(piece: Uint8Array): void {
    const { maxLineBytes, targetBytes } = this.options;
    let pos = 0;
    while (pos < piece.length) {
      const nl = piece.indexOf(NEWLINE, pos);
      if (this.skipping) {
        if (nl === -1) {
          this.count(piece.subarray(pos));
          this.raw(piece.subarray(pos));
          return;
        }
        this.count(piece.subarray(pos, nl));
        this.raw(piece.subarray(pos, nl + 1));
        this.endSkipping();
        pos = nl + 1;
        continue;
      }
      const partial = this.buffer.used - this.complete;
      if (nl === -1) {
        // The line goes on in the next piece (a CR at the end may be its line end's).
        if (partial + piece.length - pos - (piece[piece.length - 1] === 13 ? 1 : 0) > maxLineBytes) this.startSkipping(piece.subarray(pos));
        else this.buffer.append(piece.subarray(pos));
        return;
      }
      const lineBytes = partial + nl - pos - (this.crBefore(piece, pos, nl) ? 1 : 0);
      if (lineBytes > maxLineBytes) {
        this.startSkipping(piece.subarray(pos, nl));
        pos = nl; // the newline ends the skipped line on the next turn
        continue;
      }
      // This line and the whole lines after it, at once when none of them can be too long.
      const last = piece.lastIndexOf(NEWLINE);
      const end = last - nl - 1 <= maxLineBytes ? last + 1 : nl + 1;
      this.buffer.append(piece.subarray(pos, end));
      this.complete = this.buffer.used;
      pos = end;
      if (this.complete >= targetBytes) this.emit();
    }
  }

  protected finish(): void {
    if (this.skipping) {
      this.endSkipping();
      return;
    }
    // The last line may lack its newline.
    this.complete = this.buffer.used;
    this.emit();
  }
}

/**
 * Holds one JSON document (a `.json` file) up to `maxLineBytes`; a larger one becomes a
 * `long` piece and is not held.
 */
export class DocumentHolder extends Cutter {
  private buffer: ByteBuffer | undefined;
  private size = 0;

  constructor(options: ChunkOptions, private readonly fallbackToLines = false) {
    super(options);
    this.buffer = new ByteBuffer(1 << 16, options.maxLineBytes);
  }

  get heldBytes(): number {
    return this.buffer?.used ?? 0;
  }

  protected take(piece: Uint8Array): void {
    this.size += piece.length;
    if (this.buffer && this.size > this.options.maxLineBytes) {
      this.raw(this.buffer.bytes.subarray(0, this.buffer.used));
      this.buffer = undefined;
    }
    if (this.buffer) this.buffer.append(piece);
    else this.raw(piece);
  }

  protected finish(): void {
    if (!this.buffer) this.out.push({ type: 'long', bytes: this.size, document: true });
    else this.out.push({ type: 'document', bytes: this.buffer.take(this.buffer.used, 0), fallbackToLines: this.fallbackToLines });
    this.buffer = undefined;
  }
}

/**
 * Input whose form is not known (stdin, unknown extensions): NDJSON when the first
 * non-blank line is a whole JSON object and another non-blank line follows (then streamed
 * line by line); otherwise one document. The lines looked at are held until then.
 */
export class AutoChunker extends Cutter {
  private mode: 'undecided' | 'first-object' | 'lines' | 'document' = 'undecided';
  private held: ByteBuffer | undefined;
  private lineStart = 0;
  private cutter?: LineChunker | DocumentHolder;

  // Bytes for the cutter, in order, not given to it yet: the held ones, then those read while
  // they are given a few units' worth at a time (64 MiB given at once made 64 units at once).
  private pending: Uint8Array[] = [];

  constructor(options: ChunkOptions) {
    super(options);
    // Grown to the limit at once past a few megabytes (see ByteBuffer): no doubled copies.
    this.held = new ByteBuffer(1 << 16, options.maxLineBytes + (1 << 20));
  }

  /**
   * Hands on whole lines held now (NDJSON only).
   *
   * @returns The pieces.
   */
  flush(): Piece[] {
    return this.cutter instanceof LineChunker ? this.cutter.flush() : [];
  }

  /** Whether whole lines are held (`flush` would hand some on). */
  get holdsLines(): boolean {
    return this.cutter instanceof LineChunker && this.cutter.holdsLines;
  }

  get heldBytes(): number {
    return this.cutter ? this.cutter.heldBytes : (this.held?.used ?? 0);
  }

  protected take(piece: Uint8Array): void {
    if (this.cutter && this.pending.length === 0) {
      this.out.push(...this.cutter.push(piece));
      return;
    }
    if (this.cutter) {
      this.pending.push(new Uint8Array(piece)); // copied: the caller reuses its buffer
      this.feed(false);
      return;
    }
    const held = this.held!;
    const offset = held.used;
    held.append(piece);
    // Look at each line this piece completes, until the form is known.
    for (let nl = piece.indexOf(NEWLINE); nl !== -1 && (this.mode === 'undecided' || this.mode === 'first-object'); nl = piece.indexOf(NEWLINE, nl + 1)) {
      const end = offset + nl;
      const line = held.bytes.toString('utf8', this.lineStart, end);
      this.lineStart = end + 1;
      if (line.trim() === '') continue;
      if (this.mode === 'first-object') this.mode = 'lines';
      else this.mode = isJsonObjectText(line) ? 'first-object' : 'document';
    }
    // More held than a document may be long (a first line that long, or that many blank
    // lines): no document that could be read, so NDJSON, whose cutter skips a long line and
    // streams blank ones (400 MB of newlines on stdin were held whole: 910 MB).
    if ((this.mode === 'undecided' || this.mode === 'first-object') && held.used > this.options.maxLineBytes) this.mode = 'lines';
    if (this.mode === 'lines' || this.mode === 'document') this.replay();
  }

  /** Hands the held bytes to the cutter the form calls for. */
  private replay(): void {
    const held = this.held!;
    this.held = undefined;
    this.cutter = this.mode === 'lines' ? new LineChunker(this.options) : new DocumentHolder(this.options, true);
    this.pending.push(held.bytes.subarray(0, held.used));
    this.feed(false);
  }

  /** Gives the cutter two units' worth of the pending bytes (more than a read brings), or all of them. */
  private feed(all: boolean): void {
    let budget = all ? Infinity : 2 * this.options.targetBytes;
    while (budget > 0 && this.pending.length > 0) {
      const first = this.pending[0]!;
      const slice = first.subarray(0, Math.min(first.length, budget));
      if (slice.length === first.length) this.pending.shift();
      else this.pending[0] = first.subarray(slice.length);
      budget -= slice.length;
      this.out.push(...this.cutter!.push(slice));
    }
  }

  protected finish(): void {
    if (!this.cutter) {
      this.mode = 'document';
      this.replay();
    }
    this.feed(true);
    this.out.push(...this.cutter!.end());
  }
}
