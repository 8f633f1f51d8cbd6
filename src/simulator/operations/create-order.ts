import { ORDER_VERSION_FEATURES, type OrderVersion } from '../../schema/tables';
import { json } from '../answers';
import { lintErrors, recordKey, storeRecord, summarise, type Call } from '../context';
import { stringMember, usedBefore } from './duplicates';

/**
 * The simulator's errorCode of an order refused for lint errors (the spec does not show error codes).
 *
 * @example
 * decodeCreateOrder(status, body); // { ok: false, error: { kind: 'rejected', code: ORDER_VALIDATION_ERROR, ... } }
 */
export const ORDER_VALIDATION_ERROR = 'VALIDATION_ERROR';

/**
 * The simulator's errorCode of an order whose requestReference the client used before.
 *
 * @example
 * expect(decodeCreateOrder(retry.status, retry.body)).toMatchObject({ error: { code: ORDER_DUPLICATE_REFERENCE } });
 */
export const ORDER_DUPLICATE_REFERENCE = 'DUPLICATE_REQUEST_REFERENCE';

/** The order result of a version: v1 `result` boolean, v1.1 text, v1.2 text plus `requestId`. */
function orderResult(version: OrderVersion, ok: boolean, requestId: string, errorCode: string | null, errorMessage: string | null) {
  const features = ORDER_VERSION_FEATURES[version];
  const result = features.resultType === 'boolean' ? ok : String(ok);
  return json(200, { result, errorCode, errorMessage, ...(features.requestId ? { requestId } : {}) });
}

/**
 * POST /fulfillmentapi/v{1,1.1,1.2}/orders: lints the order at the path's version with
 * the client's profile; lint errors and a repeated requestReference are HTTP 200 with
 * `result` false and an errorCode; an accepted order is stored with requestStatus `created`.
 * (The core answers 415 and 400 for a body that is not JSON.) Everything that can fail
 * runs before the requestReference is recorded: an order answered with anything but 200
 * leaves its reference free.
 *
 * @param call The call.
 * @param version The version of the path.
 * @returns The answer.
 */
export function createOrder(call: Call, version: OrderVersion): Response {
  const payload = call.body;
  const requestId = call.random.uuid();
  const profile = call.client.profile!;
  const errors = lintErrors('order', payload, { version, profile });
  if (errors.count > 0) return orderResult(version, false, requestId, ORDER_VALIDATION_ERROR, summarise(errors));
  const header = (payload as { clientRequest: { requestHeader: unknown } }).clientRequest.requestHeader;
  const externalMessageReference = stringMember(header, 'externalMessageReference');
  const stored = structuredClone(payload);
  const accepted = orderResult(version, true, requestId, null, null);
  // The last step that can refuse: it records the reference, so nothing may fail after it.
  if (usedBefore(call, 'order', payload)) {
    return orderResult(version, false, requestId, ORDER_DUPLICATE_REFERENCE, 'requestHeader.requestReference was used before; duplicates are rejected.');
  }
  const requestReference = stringMember(header, 'requestReference')!;
  const record = {
    client: call.client.name,
    clientConfigId: call.client.clientConfigId,
    fms: profile.fms === true,
    version,
    requestReference,
    ...(externalMessageReference === undefined ? {} : { externalMessageReference }),
    requestId,
    requestStatus: 'created' as const,
    history: ['created' as const],
    payload: undefined as unknown,
  };
  storeRecord(call.state, call.state.orders, recordKey(call.client.clientConfigId, requestReference), record, stored, call.bodyBytes, call.bodyCost);
  return accepted;
}
