/**
 * The simulator's route table: every operation of the spec at its path and version
 * (spec: Endpoints, Versioning; v1.2 create order at /fulfillmentapi/v1.2/orders).
 */
import { ordersPath, PATHS } from '../http/paths';
import type { Route } from './context';
import { createOrder } from './operations/create-order';
import { createReturnToken } from './operations/create-return-token';
import { echo } from './operations/echo';
import { getInventory } from './operations/get-inventory';
import { listPaymentMethods } from './operations/list-payment-methods';
import { orderOptions } from './operations/order-options';

/** Every route, in the spec's order. */
export const ROUTES: readonly Route[] = [
  { operation: 'listPaymentMethods', method: 'GET', path: PATHS.paymentMethods, interface: 'payment-method', auth: 'client', run: listPaymentMethods },
  { operation: 'getInventory', method: 'GET', path: PATHS.inventory, interface: 'product', auth: 'client', run: getInventory },
  { operation: 'createReturnToken', method: 'POST', path: PATHS.returnTokens, interface: 'returns', auth: 'client', run: createReturnToken },
  { operation: 'createOrderV1', method: 'POST', path: ordersPath('1'), interface: 'fulfilment', auth: 'client', run: (call) => createOrder(call, '1') },
  { operation: 'createOrderV1_1', method: 'POST', path: ordersPath('1.1'), interface: 'fulfilment', auth: 'client', run: (call) => createOrder(call, '1.1') },
  { operation: 'createOrderV1_2', method: 'POST', path: ordersPath('1.2'), interface: 'fulfilment', auth: 'client', run: (call) => createOrder(call, '1.2') },
  { operation: 'orderOptions', method: 'OPTIONS', path: ordersPath('1.2'), interface: 'fulfilment', auth: 'client', run: orderOptions },
  { operation: 'echo', method: 'POST', path: PATHS.echo, interface: 'echo', auth: 'subscription', run: echo },
];

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
