/**
 * The simulator's routes: each operation of OPERATION_TABLE with what it answers.
 */
import type { BodyRule, Call, Route } from './context';
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

/** The operations that take a JSON body, and what they read of it. */
const BODY: Partial<Record<Exclude<SimulatorOperation, CreateOrderOperation>, BodyRule>> = {
  // Returns and echo read the body as JSON whatever the Content-Type says, or without one
  // (the spec marks it optional there, and fetch labels a string body text/plain).
  createReturnToken: { contentType: 'any', kind: 'return' },
  echo: { contentType: 'any' },
};

/** Orders need `Content-Type: application/json` (the spec requires it). */
const ORDER_BODY: BodyRule = { contentType: 'json', kind: 'order' };

/** Every route, in the spec's order; create order at the version of its path. */
export const ROUTES: readonly Route[] = OPERATION_TABLE.map((info) => {
  const version = info.version;
  if (version !== undefined) return { ...info, body: ORDER_BODY, run: (call) => createOrder(call, version) };
  const operation = info.operation as Exclude<SimulatorOperation, CreateOrderOperation>;
  const body = BODY[operation];
  return { ...info, ...(body === undefined ? {} : { body }), run: RUN[operation] };
});

/**
 * Finds the route of a request. Without `basePath` the path may carry a prefix before the
 * operation's path (a `{base_url}` with a path, e.g. `/test-env/productapi/v1/inventory`:
 * `handle`, `fetch` and `listen` do not know the base URL). With it, the path must be exactly
 * `basePath` + the operation's path (the MSW handlers know the base URL).
 *
 * @param method The HTTP method.
 * @param pathname The URL's path.
 * @param basePath The path of the base URL, without a trailing slash (`''` for none), when known.
 * @returns The route, or `undefined` (answered 404 `Resource not found`, as the gateway does).
 */
export function findRoute(method: string, pathname: string, basePath?: string): Route | undefined {
  return ROUTES.find(
    (route) =>
      route.method === method &&
      (basePath === undefined ? pathname.endsWith(route.path) && !pathname.slice(0, -route.path.length).endsWith('/') : pathname === basePath + route.path),
  );
}
