/**
 * Gzip decompression (RFC 1952), member after member, that hands on every byte of every
 * whole member before it says what is wrong. Node's Gunzip drops the output of its last step
 * when garbage follows a member: a file with trailing garbage lost its last payloads.
 */
import { finished } from 'node:stream/promises';
import * as zlib from 'node:zlib';

// Compressed bytes inflated at a time: deflate expands at most about 1,032 times, so what
// one step holds stays bounded (16 KiB make at most 17 MB).
const STEP_BYTES = 1 << 14;
// Decompressed bytes per piece handed on.
const OUT_BYTES = 1 << 16;

/** Gzip data that is not gzip, not whole, or followed by something else. */
export class GzipError extends Error {
  override readonly name = 'GzipError';

  /**
   * @param reason What is wrong, as a clause (`it has trailing garbage after the gzip data`).
   * @param complete Every byte handed on is from a whole member (the fault is between members).
   */
  constructor(
    reason: string,
    readonly complete: boolean,
  ) {
    super(reason);
  }
}

let crcTable: Int32Array | undefined;

/**
 * CRC-32 (the gzip checksum), for Node versions without `zlib.crc32` (before 20.15).
 *
 * @param data The bytes.
 * @param value The CRC of the bytes before them (0 to start).
 * @returns The CRC of all the bytes so far, unsigned.
 * @example tableCrc32(Buffer.from('a')); // 0xe8b7be43
 */
export function tableCrc32(data: Uint8Array, value = 0): number {
  crcTable ??= Int32Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c;
  });
  let crc = ~value;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return ~crc >>> 0;
}

const crc32: (data: Uint8Array, value: number) => number = (zlib as { crc32?: (data: Uint8Array, value: number) => number }).crc32 ?? tableCrc32;

/**
 * The length of the member header at the start of `bytes`; undefined while it is not all there.
 *
 * @param after Whether a whole member came before (then what is not a member is trailing garbage).
 */
function headerLength(bytes: Uint8Array, after: boolean): number | undefined {
  const fault = (reason: string) => new GzipError(after ? 'it has trailing garbage after the gzip data' : reason, true);
  if ((bytes.length >= 1 && bytes[0] !== 0x1f) || (bytes.length >= 2 && bytes[1] !== 0x8b)) throw fault('it is not valid gzip data (Z_DATA_ERROR)');
  if (bytes.length < 10) return undefined;
  const flags = bytes[3]!;
  // Deflate is the only method; the reserved flags must be clear.
  if (bytes[2] !== 8 || (flags & 0xe0) !== 0) throw fault('its gzip header is not valid');
  let at = 10;
  if (flags & 4) at = bytes.length < 12 ? Infinity : at + 2 + (bytes[10]! | (bytes[11]! << 8)); // FEXTRA
  for (const flag of [8, 16]) {
    // FNAME, FCOMMENT: zero-terminated.
    if (!(flags & flag) || at > bytes.length) continue;
    const end = bytes.indexOf(0, at);
    at = end === -1 ? Infinity : end + 1;
  }
  if (flags & 2) at += 2; // FHCRC
  return at <= bytes.length ? at : undefined;
}

/** Writes one step into the inflater and waits until it is inflated. */
function inflateStep(inflate: zlib.InflateRaw, bytes: Uint8Array): Promise<void> {
  return new Promise((resolve, reject) => {
    // A zlib error destroys the stream without calling back the write it failed on.
    const fail = (error: Error) => reject(new GzipError(`the gzip data is corrupt (${(error as { code?: string }).code ?? 'Z_DATA_ERROR'})`, false));
    inflate.once('error', fail);
    inflate.write(bytes, (error) => {
      inflate.off('error', fail);
      if (error) fail(error);
      else resolve();
    });
  });
}

/**
 * Decompresses gzip data: every member in turn (zero bytes between or after them are
 * padding), each checked against its CRC-32 and length.
 *
 * @param source The compressed bytes (the source may reuse its buffer between pieces).
 * @returns The decompressed bytes, in pieces.
 * @throws {GzipError} After handing on everything decompressed before the fault.
 */
export async function* gunzip(source: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const input = source[Symbol.asyncIterator]();
  let held = Buffer.alloc(0);
  let atEnd = false;
  /** Reads the next piece into `held`; false at the end of the input. */
  const more = async (): Promise<boolean> => {
    const step = atEnd ? undefined : await input.next();
    if (!step || step.done) return !(atEnd = true);
    held = Buffer.concat([held, step.value]); // a copy: the source may reuse its buffer
    return true;
  };
  try {
    for (let members = 0; ; members++) {
      if (members > 0) {
        for (;;) {
          let zeros = 0;
          while (zeros < held.length && held[zeros] === 0) zeros++;
          held = held.subarray(zeros);
          if (held.length > 0 || !(await more())) break;
        }
        if (held.length === 0) return;
      }
      let header: number | undefined;
      while ((header = headerLength(held, members > 0)) === undefined) {
        if (!(await more())) throw new GzipError(members === 0 && held.length === 0 ? 'it is empty, not gzip data' : 'the gzip data ends early', true);
      }
      held = held.subarray(header);
      let crc = 0;
      let size = 0;
      const inflate = zlib.createInflateRaw({ chunkSize: OUT_BYTES });
      const out: Buffer[] = [];
      inflate.on('data', (piece: Buffer) => out.push(piece));
      // Failures surface through the write callbacks and `finished`.
      inflate.on('error', () => {});
      try {
        for (let ended = false; !ended; ) {
          if (held.length === 0 && !(await more())) {
            // The input ends: the deflate data must be whole.
            inflate.end();
            await finished(inflate).catch(() => {
              throw new GzipError('the gzip data ends early', false);
            });
            ended = true;
          } else {
            const step = held.subarray(0, STEP_BYTES);
            const before = inflate.bytesWritten;
            await inflateStep(inflate, step);
            const used = inflate.bytesWritten - before;
            held = held.subarray(used);
            // zlib takes less than it was given only once the member's deflate data ends.
            ended = used < step.length;
          }
          for (const piece of out.splice(0)) {
            crc = crc32(piece, crc);
            size += piece.length;
            yield piece;
          }
        }
      } finally {
        inflate.destroy();
      }
      while (held.length < 8) if (!(await more())) throw new GzipError('the gzip data ends early', false);
      if (held.readUInt32LE(0) !== crc || held.readUInt32LE(4) !== size % 2 ** 32) throw new GzipError('the gzip data is corrupt (its CRC-32 or length does not match)', false);
      held = held.subarray(8);
    }
  } finally {
    await input.return?.();
  }
}
