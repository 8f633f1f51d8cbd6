import duplicateRequestReference from '../../../rules/duplicate-request-reference';
import { batchFactsOf, batchStateOf } from '../../lint/batch';
import type { PayloadKind } from '../../lint/types';
import type { Call } from '../context';

/** Used requestReferences remembered at least, per client and kind (about 100 B each); `retainOrders` raises it. */
export const REFERENCE_LIMIT = 100_000;

/**
 * Whether the client used the requestReference of a payload about to be accepted before,
 * per kind (orders of every version share one); when not, records it. The decision is
 * `duplicate-request-reference`'s own: its batch state, fed the
 * `batchFactsOf` facts, as `lintBatch` and the CLI do. Only payloads without lint errors
 * get here, so a rejected payload's reference stays free. Each client and kind has its own
 * state of the newest max(REFERENCE_LIMIT, retainOrders) references (an older one is
 * accepted again); the clients are the configured list, so memory stays bounded.
 *
 * @param call The call (its client, and the state the request arrived with).
 * @param kind `order` or `return`.
 * @param payload The payload.
 * @returns `true` when the requestReference was used before (nothing is recorded).
 */
export function usedBefore(call: Call, kind: PayloadKind, payload: unknown): boolean {
  const { client, state } = call;
  const key = `${kind}\u0000${client.clientConfigId}`;
  let references = state.references.get(key);
  if (references === undefined) {
    references = batchStateOf([duplicateRequestReference], { kind }, Math.max(REFERENCE_LIMIT, state.options.retainOrders));
    state.references.set(key, references);
  }
  return references.next(batchFactsOf(payload, kind)).length > 0;
}

/** Reads a string member of an object of a payload that linted clean; `undefined` when absent or not text. */
export function stringMember(object: unknown, member: string): string | undefined {
  const value = (object as Record<string, unknown> | undefined)?.[member];
  return typeof value === 'string' ? value : undefined;
}
