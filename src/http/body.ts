import { NOT_SERIALISABLE } from './messages';

/**
 * Serialises a payload as compact JSON text, the body every POST descriptor carries.
 *
 * @param payload Any JSON-serialisable value.
 * @returns The JSON text.
 */
export function jsonBody(payload: unknown): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch (cause) {
    // BigInt or a cycle: the cause is kept for debugging; the message stays value-free.
    throw new TypeError(NOT_SERIALISABLE, { cause });
  }
  if (typeof text !== 'string') throw new TypeError(NOT_SERIALISABLE);
  return text;
}

/** The Content-Type every JSON body is sent with (required for orders; sent for all). */
export const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json' } as const;
