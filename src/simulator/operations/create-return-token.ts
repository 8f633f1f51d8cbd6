import { json } from '../answers';
import { keepPayload, lintErrors, recordKey, storeRecord, summarise, type Call } from '../context';
import { stringMember, usedBefore } from './duplicates';

/**
 * The simulator's resultCode of a return request refused for lint errors ("0" is success; others are not shown by the spec).
 *
 * @example
 * decodeCreateReturnToken(status, body); // { ok: false, error: { kind: 'rejected', code: RETURN_VALIDATION_ERROR, ... } }
 */
export const RETURN_VALIDATION_ERROR = '1';

/**
 * The simulator's resultCode of a return request whose requestReference the client used before.
 *
 * @example
 * expect(retry.body).toMatchObject({ transactionID: null, resultCode: RETURN_DUPLICATE_REFERENCE });
 */
export const RETURN_DUPLICATE_REFERENCE = '2';

/**
 * The simulator's resultCode of an update whose rma.transactionId names no return of the client.
 *
 * @example
 * expect(update.body).toMatchObject({ resultCode: RETURN_UNKNOWN_TRANSACTION });
 */
export const RETURN_UNKNOWN_TRANSACTION = '3';

function refused(resultCode: string, resultMessage: string): Response {
  return json(200, { transactionID: null, resultCode, resultMessage });
}

/**
 * POST /rmaportalapi/v1/rmaTokens: lints the return request with the client's profile.
 * Lint errors, a repeated requestReference, or an rma.transactionId that names no token
 * of this client are HTTP 200 with a non-zero resultCode. `rma.transactionId` null (or
 * absent) creates a return and answers a new token with resultCode "0"; a known token
 * updates that return and answers the same token.
 *
 * @param call The call.
 * @returns The answer.
 */
export function createReturnToken(call: Call): Response {
  const payload = call.body;
  const errors = lintErrors('return', payload, { profile: call.client.profile! });
  if (errors.count > 0) return refused(RETURN_VALIDATION_ERROR, summarise(errors));
  const { requestHeader, rma } = payload as { requestHeader: unknown; rma: unknown };
  const update = stringMember(rma, 'transactionId');
  const existing = update === undefined ? undefined : call.state.returns.get(recordKey(call.client.clientConfigId, update));
  if (update !== undefined && existing === undefined) {
    return refused(RETURN_UNKNOWN_TRANSACTION, 'rma.transactionId names no return of this client.');
  }
  const requestReference = stringMember(requestHeader, 'requestReference')!;
  const stored = structuredClone(payload);
  const transactionID = existing?.transactionID ?? call.random.uuid();
  const accepted = json(200, { transactionID, resultCode: '0', resultMessage: existing === undefined ? 'Return token created.' : 'Return updated.' });
  // The last step that can refuse: it records the reference, so nothing may fail after it.
  if (usedBefore(call, 'return', payload)) {
    return refused(RETURN_DUPLICATE_REFERENCE, 'requestHeader.requestReference was used before; duplicates are rejected.');
  }
  if (existing !== undefined) {
    keepPayload(call.state, existing, stored, call.bodyBytes, call.bodyCost);
    existing.requestReference = requestReference;
  } else {
    const record = { client: call.client.name, clientConfigId: call.client.clientConfigId, requestReference, transactionID, payload: undefined as unknown };
    storeRecord(call.state, call.state.returns, recordKey(call.client.clientConfigId, transactionID), record, stored, call.bodyBytes, call.bodyCost);
  }
  return accepted;
}
