/**
 * Every operation of the spec as data: id, method, path, interface and what it
 * authenticates with (spec: Endpoints, Authentication, Versioning; v1.2 create order at
 * /fulfillmentapi/v1.2/orders). The simulator routes by it; the OpenAPI document is
 * generated from it.
 */
import { ordersPath, PATHS } from '../http/paths';
import type { Interface } from './answers';
import type { SimulatorOperation } from './types';

/** One operation of the spec. */
export interface OperationInfo {
  /** The operation id (also the OpenAPI operationId). */
  readonly operation: SimulatorOperation;
  /** The HTTP method. */
  readonly method: 'GET' | 'POST' | 'OPTIONS';
  /** The path relative to `{base_url}`. */
  readonly path: string;
  /** The interface, which decides the error body shapes. */
  readonly interface: Interface;
  /** `subscription`: the subscription key alone (echo); `client`: all three headers. */
  readonly auth: 'subscription' | 'client';
}

/** Every operation, in the spec's order. */
export const OPERATION_TABLE: readonly OperationInfo[] = [
  { operation: 'listPaymentMethods', method: 'GET', path: PATHS.paymentMethods, interface: 'payment-method', auth: 'client' },
  { operation: 'getInventory', method: 'GET', path: PATHS.inventory, interface: 'product', auth: 'client' },
  { operation: 'createReturnToken', method: 'POST', path: PATHS.returnTokens, interface: 'returns', auth: 'client' },
  { operation: 'createOrderV1', method: 'POST', path: ordersPath('1'), interface: 'fulfilment', auth: 'client' },
  { operation: 'createOrderV1_1', method: 'POST', path: ordersPath('1.1'), interface: 'fulfilment', auth: 'client' },
  { operation: 'createOrderV1_2', method: 'POST', path: ordersPath('1.2'), interface: 'fulfilment', auth: 'client' },
  { operation: 'orderOptions', method: 'OPTIONS', path: ordersPath('1.2'), interface: 'fulfilment', auth: 'client' },
  { operation: 'echo', method: 'POST', path: PATHS.echo, interface: 'echo', auth: 'subscription' },
];
