import { NOT_SERIALISABLE, NOT_SERIALISABLE_CYCLE } from './messages';

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
    // A BigInt, a cycle, or a toJSON or getter of yours that threw: the message stays value-free,
    // and the cause is kept for debugging, but for a cycle: V8's names the payload's members
    // along it (`--- property '...' closes the circle`), and a member name may be personal data.
    if (cause instanceof TypeError && cause.message.includes('circular structure')) throw new TypeError(NOT_SERIALISABLE_CYCLE);
    throw new TypeError(NOT_SERIALISABLE, { cause });
  }
  if (typeof text !== 'string') throw new TypeError(NOT_SERIALISABLE);
  return text;
}

/** The Content-Type every JSON body is sent with (required for orders; sent for all). */
export const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json' } as const;
