/**
 * The simulator's routes: each operation of OPERATION_TABLE with what it answers.
 */
import type { Call, Route } from './context';
import { createOrder } from './operations/create-order';
import { createReturnToken } from './operations/create-return-token';
import { echo } from './operations/echo';
import { getInventory } from './operations/get-inventory';
import { listPaymentMethods } from './operations/list-payment-methods';
import { orderOptions } from './operations/order-options';
import { OPERATION_TABLE } from './operation-table';
import type { CreateOrderOperation, SimulatorOperation } from './types';

type Run = (call: Call) => Promise<Response> | Response;

const RUN: Readonly<Record<Exclude<SimulatorOperation, CreateOrderOperation>, Run>> = {
  listPaymentMethods,
  getInventory,
  createReturnToken,
  orderOptions,
  echo,
};

/** Every route, in the spec's order; create order at the version of its path. */
export const ROUTES: readonly Route[] = OPERATION_TABLE.map((info) => {
  const version = info.version;
  const run: Run = version !== undefined ? (call) => createOrder(call, version) : RUN[info.operation as Exclude<SimulatorOperation, CreateOrderOperation>];
  return { ...info, run };
});

/**
 * Finds the route of a request. The path may carry a prefix before the operation's
 * path (a `{base_url}` with a path, e.g. `/test-env/productapi/v1/inventory`).
 *
 * @param method The HTTP method.
 * @param pathname The URL's path.
 * @returns The route, or `undefined` (answered 404 `Resource not found`, as the gateway does).
 */
export function findRoute(method: string, pathname: string): Route | undefined {
  return ROUTES.find((route) => route.method === method && pathname.endsWith(route.path) && !pathname.slice(0, -route.path.length).endsWith('/'));
}
