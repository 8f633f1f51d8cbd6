import { onlyMembers } from '../schema/profile';
import { clientHeaders, operationUrl, type Connection } from './connection';
import { PATHS } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

/**
 * Connection plus the optional product filter of inventory details.
 *
 * @example
 * const options: InventoryOptions = { ...connection, sku: 'MUG-RED' };
 * const request = describeInventory(options);
 */
export interface InventoryOptions extends Connection {
  /** One product's part number; without it the inventory of all the client's products is returned. */
  readonly sku?: string | undefined;
}

const INVENTORY_OPTIONS = ['baseUrl', 'credentials', 'sku'];

/**
 * Describes GET `/productapi/v1/inventory`, for one product or all of the client's products.
 *
 * @param options baseUrl, credentials and the optional `sku`.
 * @returns The request descriptor (no body).
 * @throws TypeError or RangeError naming a missing or unusable credential, baseUrl or sku, or a member it does not take (a misspelt `SKU`).
 * @example
 * const request = describeInventory({ baseUrl, credentials, sku: 'ABC-123' });
 * // GET https://api.example.test/productapi/v1/inventory?sku=ABC-123
 */
export function describeInventory(options: InventoryOptions): HttpRequest {
  const headers = clientHeaders(options);
  onlyMembers(options, INVENTORY_OPTIONS, 'options');
  const url = operationUrl(options.baseUrl, PATHS.inventory, { sku: options.sku });
  return createHttpRequest('GET', url, headers);
}
