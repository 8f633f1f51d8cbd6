/**
 * Every operation of the spec as data: id, method, path, interface and what it
 * authenticates with (spec: Endpoints, Authentication, Versioning; v1.2 create order at
 * /fulfillmentapi/v1.2/orders). The simulator routes by it; the OpenAPI document is
 * generated from it.
 */
import { ordersPath, PATHS } from '../http/paths';
import type { Interface } from './answers';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import type { CreateOrderOperation, SimulatorOperation } from './types';

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
  /** The order version of a create-order operation. */
  readonly version?: OrderVersion;
}

/**
 * The create-order operation of a version: `createOrderV1_1` for `'1.1'`.
 *
 * @param version An order version.
 * @returns The operation id.
 * @example createOrderOperation('1.2'); // 'createOrderV1_2'
 */
export function createOrderOperation(version: OrderVersion): CreateOrderOperation {
  return `createOrderV${version.replace(/\./g, '_')}` as CreateOrderOperation;
}

/** Every operation, in the spec's order. */
export const OPERATION_TABLE: readonly OperationInfo[] = [
  { operation: 'listPaymentMethods', method: 'GET', path: PATHS.paymentMethods, interface: 'payment-method', auth: 'client' },
  { operation: 'getInventory', method: 'GET', path: PATHS.inventory, interface: 'product', auth: 'client' },
  { operation: 'createReturnToken', method: 'POST', path: PATHS.returnTokens, interface: 'returns', auth: 'client' },
  // One create order per version of the feature table (the version is part of the path).
  ...ORDER_VERSIONS.map((version): OperationInfo => ({ operation: createOrderOperation(version), method: 'POST', path: ordersPath(version), interface: 'fulfilment', auth: 'client', version })),
  { operation: 'orderOptions', method: 'OPTIONS', path: ordersPath('1.2'), interface: 'fulfilment', auth: 'client' },
  { operation: 'echo', method: 'POST', path: PATHS.echo, interface: 'echo', auth: 'subscription' },
];
