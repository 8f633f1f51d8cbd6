/**
 * The requestReference of a request body as the request log shows it (`--log`, `onRequest`).
 */
import { memberOf } from '../lint/checks/members';
import type { PayloadKind } from '../lint/types';

/**
 * Reads the requestReference of an order or return body: any string, whatever its length
 * (the log escapes it and cuts it at 200 characters), unlike `batchFactsOf`, which leaves
 * out a reference longer than its field allows.
 *
 * @param payload The parsed body.
 * @param kind The payload kind.
 * @returns The reference, or `undefined` when the body has none or it is not a string.
 * @example requestReferenceOf({ requestHeader: { requestReference: 'R'.repeat(60) } }, 'return')?.length; // 60 (batchFactsOf leaves it out)
 */
export function requestReferenceOf(payload: unknown, kind: PayloadKind): string | undefined {
  const body = kind === 'order' ? memberOf(payload, 'clientRequest') : payload;
  const reference = memberOf(memberOf(body, 'requestHeader'), 'requestReference');
  return typeof reference === 'string' ? reference : undefined;
}
