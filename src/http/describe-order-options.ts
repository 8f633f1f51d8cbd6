import { onlyMembers } from '../schema/profile';
import { clientHeaders, operationUrl, type Connection } from './connection';
import { ordersPath } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

const ORDER_OPTIONS_OPTIONS = ['baseUrl', 'credentials'];

/**
 * Describes OPTIONS `/fulfillmentapi/v1.2/orders`, the v1.2 options call (204, no content).
 *
 * @param options baseUrl and credentials.
 * @returns The request descriptor (no body).
 * @throws TypeError or RangeError naming a missing or unusable credential or baseUrl, or a member it does not take (a `version`: the options call exists in v1.2 only).
 * @example
 * const request = describeOrderOptions({ baseUrl, credentials });
 * // OPTIONS https://api.example.test/fulfillmentapi/v1.2/orders
 */
export function describeOrderOptions(options: Connection): HttpRequest {
  const headers = clientHeaders(options);
  onlyMembers(options, ORDER_OPTIONS_OPTIONS, 'options');
  const url = operationUrl(options.baseUrl, ordersPath('1.2'));
  return createHttpRequest('OPTIONS', url, headers);
}
