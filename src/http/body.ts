import type { Problem } from '../lint/index';
import { NOT_SERIALISABLE, NOT_SERIALISABLE_CYCLE } from './messages';
import { refuseOnErrors, type RejectedPayloadKind } from './payload-rejected-error';

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

/**
 * The body of a POST descriptor, linted as it will be sent: lint reads the parse of the JSON
 * text, not the payload object. `JSON.stringify` writes what a `toJSON` method (hidden or not)
 * or a getter gives, which need not be what lint read of the object; checked this way, a body
 * that has lint errors is never described, whatever the object does.
 *
 * @param kind The payload kind (for `PayloadRejectedError`).
 * @param payload Any value.
 * @param lint The lint of the kind, or undefined (`lint: false`): the body as is.
 * @returns The JSON text.
 * @throws PayloadRejectedError when lint reports an error (of the body, or of a payload that cannot be serialised); TypeError for a payload that cannot be serialised and has no lint error.
 * @example const body = lintedBody('order', order, (value) => lintOrder(value, { version: '1.1' }));
 */
export function lintedBody(kind: RejectedPayloadKind, payload: unknown, lint: ((value: unknown) => readonly Problem[]) | undefined): string {
  let text: string;
  try {
    text = jsonBody(payload);
  } catch (error) {
    // Its lint errors first (a BigInt is a type error), as for any payload; else why it cannot be sent.
    if (lint) refuseOnErrors(kind, lint(payload));
    throw error;
  }
  if (lint) refuseOnErrors(kind, lint(JSON.parse(text)));
  return text;
}

/** The Content-Type every JSON body is sent with (required for orders; sent for all). */
export const JSON_CONTENT_TYPE = { 'Content-Type': 'application/json' } as const;
