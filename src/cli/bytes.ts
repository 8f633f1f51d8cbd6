/**
 * Byte arrays that cross threads.
 */

/**
 * Joins byte arrays into one fresh, unpooled buffer (its memory can be handed to another
 * thread without taking Node's shared buffer pool with it).
 *
 * @param parts The bytes, in order.
 * @param size Their total length.
 * @returns The joined bytes.
 * @example joinBytes([Buffer.from('a'), Buffer.from('b')], 2); // <61 62>
 */
export function joinBytes(parts: readonly Uint8Array[], size: number): Uint8Array {
  const out = Buffer.allocUnsafeSlow(size);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * The transfer list for posting bytes to another thread: their memory is moved, not
 * copied, unless it may be Node's shared pool of small buffers (which must stay). The CLI
 * posts only buffers it made for that purpose, so no other view of them is left behind.
 *
 * @param bytes The bytes to post, if any.
 * @returns The transfer list.
 */
export function transferOf(bytes: Uint8Array | undefined): ArrayBuffer[] {
  if (!bytes || !(bytes.buffer instanceof ArrayBuffer)) return [];
  return bytes.buffer.byteLength > Buffer.poolSize ? [bytes.buffer] : [];
}
