import { batchFactsOf, createBatchState } from '../../lint/batch';
import type { PayloadKind, Problem } from '../../lint/types';
import type { Call } from '../context';

/**
 * Feeds an accepted payload to the client's batch state of its kind (created on first
 * use): the same duplicate-request-reference rule as lintBatch and the CLI. Only
 * payloads without lint errors are fed, so a rejected payload's reference stays free.
 *
 * @param call The call (its client and state).
 * @param kind `order` or `return`; orders of every version share one state per client.
 * @param payload The payload.
 * @returns The batch problems: non-empty when the requestReference was seen before.
 */
export function duplicateProblems(call: Call, kind: PayloadKind, payload: unknown): Problem[] {
  const key = `${kind}\u0000${call.client.clientConfigId}`;
  let state = call.state.batches.get(key);
  if (state === undefined) {
    state = createBatchState({ kind });
    call.state.batches.set(key, state);
  }
  return state.next(batchFactsOf(payload, kind)).filter((p) => p.severity === 'error');
}

/** Reads a string member of an object of a payload that linted clean; `undefined` when absent or not text. */
export function stringMember(object: unknown, member: string): string | undefined {
  const value = (object as Record<string, unknown> | undefined)?.[member];
  return typeof value === 'string' ? value : undefined;
}
