import type { OrderVersion } from '../schema/tables';

/** Operation paths relative to `{base_url}` (spec: Endpoints, Versioning). */
export const PATHS = {
  /** GET: list payment methods. */
  paymentMethods: '/paymentmethodapi/v1/paymentMethod',
  /** GET: inventory details. */
  inventory: '/productapi/v1/inventory',
  /** POST: create return token. */
  returnTokens: '/rmaportalapi/v1/rmaTokens',
  /** POST: echo, create resource (no version in the path). */
  echo: '/echo/resource',
} as const;

/**
 * The create-order path of an order version (also the OPTIONS path for v1.2).
 *
 * @param version The order version.
 * @returns `/fulfillmentapi/v<version>/orders`.
 */
export function ordersPath(version: OrderVersion): string {
  return `/fulfillmentapi/v${version}/orders`;
}
