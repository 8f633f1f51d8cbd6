import { clientHeaders, operationUrl, type Connection } from './connection';
import { ordersPath } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

/**
 * Describes OPTIONS `/fulfillmentapi/v1.2/orders`, the v1.2 options call (204, no content).
 *
 * @param options baseUrl and credentials.
 * @returns The request descriptor (no body).
 * @throws TypeError or RangeError naming a missing or unusable credential or baseUrl.
 * @example
 * const request = describeOrderOptions({ baseUrl, credentials });
 * // OPTIONS https://api.example.test/fulfillmentapi/v1.2/orders
 */
export function describeOrderOptions(options: Connection): HttpRequest {
  const headers = clientHeaders(options);
  const url = operationUrl(options.baseUrl, ordersPath('1.2'));
  return createHttpRequest('OPTIONS', url, headers);
}
