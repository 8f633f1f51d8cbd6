/**
 * Streaming line splitting for NDJSON input: bounded memory, a batch of lines per read.
 */
import { StringDecoder } from 'node:string_decoder';

/**
 * Splits a stream of text or bytes (UTF-8) into lines, yielding every complete line of
 * each read at once (one await per chunk, not per line). A trailing `\r` is removed,
 * and so is a byte-order mark at the very start.
 *
 * @param source A readable stream or any async iterable of strings or bytes.
 * @returns The lines, in batches, in order; the last line may lack a newline.
 * @example
 * for await (const batch of lineBatches(createReadStream('orders.ndjson'))) for (const line of batch) handle(line);
 */
export async function* lineBatches(source: AsyncIterable<string | Uint8Array>): AsyncGenerator<string[]> {
  const decoder = new StringDecoder('utf8');
  // The unfinished last line, in pieces: a long line spread over many reads is joined once.
  let pending: string[] = [];
  let first = true;
  for await (const chunk of source) {
    let text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
    if (first && text.length > 0) {
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      first = false;
    }
    if (text.indexOf('\n') === -1) {
      if (text.length > 0) pending.push(text);
      continue;
    }
    pending.push(text);
    const lines = pending.join('').split('\n');
    pending = [lines.pop()!];
    yield trimCarriageReturns(lines);
  }
  let rest = pending.join('') + decoder.end();
  if (first && rest.charCodeAt(0) === 0xfeff) rest = rest.slice(1);
  if (rest.length > 0) yield trimCarriageReturns([rest]);
}

function trimCarriageReturns(lines: string[]): string[] {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.charCodeAt(line.length - 1) === 13) lines[i] = line.slice(0, -1);
  }
  return lines;
}

/** True for a line of only whitespace (skipped in NDJSON). */
export function isBlank(line: string): boolean {
  for (let i = 0; i < line.length; i++) {
    const c = line.charCodeAt(i);
    if (c !== 32 && c !== 9 && c !== 13 && c !== 10) return false;
  }
  return true;
}
