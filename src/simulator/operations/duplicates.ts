import { batchFactsOf } from '../../lint/batch';
import type { PayloadKind } from '../../lint/types';
import type { Call } from '../context';
import { keepNewest } from '../kept';

/** Used requestReferences remembered at least (about 100 B each); `retainOrders` raises it. */
export const REFERENCE_LIMIT = 100_000;

/**
 * Records the requestReference of a payload about to be accepted, per client and kind
 * (orders of every version share one), unless the client used it before: the rule of
 * `duplicate-request-reference`, read with the same `batchFactsOf`. Only payloads without
 * lint errors get here, so a rejected payload's reference stays free. The newest
 * REFERENCE_LIMIT references (of all clients; `retainOrders` if more) are remembered: an
 * older one is accepted again.
 *
 * @param call The call (its client and state).
 * @param kind `order` or `return`.
 * @param payload The payload.
 * @returns `true` when the requestReference was used before (nothing is recorded).
 */
export function usedBefore(call: Call, kind: PayloadKind, payload: unknown): boolean {
  const reference = batchFactsOf(payload, kind).requestReference;
  if (reference === undefined) return false;
  const key = `${kind}\u0000${call.client.clientConfigId}\u0000${reference}`;
  if (call.state.references.has(key)) return true;
  keepNewest(call.state.references, key, true, Math.max(REFERENCE_LIMIT, call.state.options.retainOrders));
  return false;
}

/** Reads a string member of an object of a payload that linted clean; `undefined` when absent or not text. */
export function stringMember(object: unknown, member: string): string | undefined {
  const value = (object as Record<string, unknown> | undefined)?.[member];
  return typeof value === 'string' ? value : undefined;
}
