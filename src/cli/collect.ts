/**
 * Letting go of a unit's input once it is linted, in a worker or in the main thread.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { transferOf } from './bytes';

/** A unit this long is a long line (units of ordinary lines are about a megabyte). */
const LONG_UNIT_BYTES = 16 << 20;

/**
 * Frees a linted unit's input bytes now, unless its result kept them (`--fix` output edited
 * in place). Linting a unit outlives several young-generation collections, so the object
 * that holds its bytes is promoted, and the bytes would wait for the next full collection:
 * moved into an object that dies young, they are freed at the next scavenge.
 *
 * After a long unit the whole heap is collected too: the strings decoded from its bytes (tens
 * of megabytes) are garbage then, but a heap that had room for them keeps them until it fills
 * again, and the next long line lands on top (two 64 MB lines of one string each peaked at
 * 309 MB with 2 workers, 246 MB with this). `gc` is reached the way jest's leak detector
 * reaches it, without `--expose-gc` on the command line.
 *
 * @param bytes The unit's input.
 * @param kept Bytes its result holds, if any.
 * @example releaseInput(unit.bytes, result.bytes);
 */
export function releaseInput(bytes: Uint8Array, kept?: Uint8Array): void {
  const long = bytes.length >= LONG_UNIT_BYTES;
  const transfer = kept?.buffer === bytes.buffer ? [] : transferOf(bytes);
  if (transfer.length > 0) structuredClone(transfer[0], { transfer });
  if (!long) return;
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
}
