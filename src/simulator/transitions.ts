/**
 * The requestStatus transitions the simulator allows. The spec lists the states and
 * their meanings but shows no transitions; this table is the simulator's reading of
 * the meanings (a choice, listed in the README's "Spec decisions").
 */
import { REQUEST_STATUSES, type OrderVersion, type RequestStatus } from '../schema/tables';
import { requestStatusInfo } from '../http/request-status';

/**
 * The states an order may move to from each state, in `advance`. `cancelled`, `paid` and
 * `duplicate` are final; `shipped` is final unless the client is FMS (then `invoiced`, `paid`).
 * FMS-only states (`creditblocked`, `invoiced`, `paid`) are open to FMS clients only, and
 * `received` exists in v1 only.
 *
 * @example
 * SIMULATED_TRANSITIONS.created; // ['confirmed', 'errored', 'cancelled', 'dplhold', 'creditblocked']
 */
export const SIMULATED_TRANSITIONS: Readonly<Record<RequestStatus, readonly RequestStatus[]>> = Object.freeze({
  received: ['created', 'errored', 'cancelled'],
  created: ['confirmed', 'errored', 'cancelled', 'dplhold', 'creditblocked'],
  // "awaiting resolution (fix or cancel)"
  errored: ['created', 'confirmed', 'cancelled'],
  confirmed: ['released', 'reserved', 'shipped', 'cancelled', 'dplhold', 'creditblocked'],
  creditblocked: ['confirmed', 'released', 'cancelled'],
  // "approval (false hit) or cancellation (positive hit)"
  dplhold: ['confirmed', 'released', 'cancelled'],
  released: ['reserved', 'shipped', 'cancelled'],
  reserved: ['shipped', 'cancelled'],
  shipped: ['invoiced'],
  invoiced: ['paid'],
  paid: [],
  cancelled: [],
  duplicate: [],
} satisfies Record<RequestStatus, readonly RequestStatus[]>);

/**
 * The states an order of a version and client kind may move to from `from`.
 *
 * @param from The current state.
 * @param version The order's version (`received` is v1 only).
 * @param fms Whether the client is FMS (FMS-only states are open).
 * @returns The allowed next states.
 */
export function nextStatuses(from: RequestStatus, version: OrderVersion, fms: boolean): RequestStatus[] {
  const known: readonly RequestStatus[] = REQUEST_STATUSES[version];
  return SIMULATED_TRANSITIONS[from].filter((to) => known.includes(to) && (fms || !requestStatusInfo(to)?.fmsOnly));
}
