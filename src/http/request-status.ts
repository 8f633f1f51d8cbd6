/**
 * The order's `requestStatus` (responses only), per version. The spec lists the
 * states and their meanings but specifies no transitions and no final states, so
 * none are offered here: do not infer "done" from a state.
 */
import {
  ORDER_VERSIONS,
  REQUEST_STATUS_INFO,
  REQUEST_STATUSES,
  type OrderVersion,
  type RequestStatus,
  type RequestStatusInfo,
} from '../schema/tables';
import type { OrderRequestHeader } from '../schema/order';
import { BAD_VERSION } from './messages';

/**
 * Lists the `requestStatus` values of an order version (`received` exists in v1 only).
 *
 * @param version The order version.
 * @returns The states in the spec's order.
 * @throws RangeError for an unknown version.
 * @example
 * requestStatuses('1').includes('received'); // true
 * requestStatuses('1.1').includes('received'); // false
 */
export function requestStatuses(version: OrderVersion): readonly RequestStatus[] {
  if (!ORDER_VERSIONS.includes(version)) throw new RangeError(BAD_VERSION);
  return REQUEST_STATUSES[version];
}

/**
 * Tells whether `value` is a documented `requestStatus`, of one version or of any.
 * With a version, `value` is narrowed to that version's states (`OrderRequestHeader<V>['requestStatus']`:
 * `'received'` is v1's only), so a `RequestStatus` that is not one of them stays one in the false branch.
 *
 * @param value Anything, e.g. `response.clientRequest.requestHeader.requestStatus`.
 * @param version The order version; without it, any version's state counts.
 * @returns Whether `value` is such a state (exact, case-sensitive).
 * @example
 * isRequestStatus('received', '1.1'); // false: v1 only
 * isRequestStatus('shipped'); // true
 */
export function isRequestStatus<V extends OrderVersion>(value: unknown, version: V): value is NonNullable<OrderRequestHeader<V>['requestStatus']>;
/**
 * Tells whether `value` is a documented `requestStatus` of any version (or of `version`, when given).
 *
 * @param value Anything.
 * @param version The order version, or undefined: any version's state counts.
 * @returns Whether `value` is such a state.
 * @example isRequestStatus('received'); // true: a state of v1
 */
export function isRequestStatus(value: unknown, version?: OrderVersion | undefined): value is RequestStatus;
export function isRequestStatus(value: unknown, version?: OrderVersion): value is RequestStatus {
  if (typeof value !== 'string') return false;
  if (version === undefined) return Object.hasOwn(REQUEST_STATUS_INFO, value);
  const states: readonly string[] | undefined = typeof version === 'string' && Object.hasOwn(REQUEST_STATUSES, version) ? REQUEST_STATUSES[version] : undefined;
  return states?.includes(value) ?? false;
}

/**
 * Looks up what the spec says of a `requestStatus`: its meaning, whether it is
 * FMS-only, and whether it applies to special scenarios only. Transitions and final
 * states are not specified by the spec.
 *
 * @param status A state (any value is accepted).
 * @returns `{ meaning, fmsOnly, specialScenario }`, or `undefined` for an undocumented value.
 * @example
 * requestStatusInfo('invoiced'); // { meaning: 'Invoice created.', fmsOnly: true, specialScenario: false }
 */
export function requestStatusInfo(status: unknown): RequestStatusInfo | undefined {
  return typeof status === 'string' && Object.hasOwn(REQUEST_STATUS_INFO, status)
    ? REQUEST_STATUS_INFO[status as RequestStatus]
    : undefined;
}
