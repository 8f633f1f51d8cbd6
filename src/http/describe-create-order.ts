import { lintOrder, type LintOptions } from '../lint/index';
import { onlyMembers } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { JSON_CONTENT_TYPE, lintedBody } from './body';
import { clientHeaders, operationUrl, type Connection } from './connection';
import { BAD_VERSION } from './messages';
import { ordersPath } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

/**
 * Connection, order version and lint settings for create order.
 *
 * @example
 * const options: CreateOrderOptions = { ...connection, version: '1.1', profile: { client: 'ACME', clientCode: 'ACME' } };
 * const request = describeCreateOrder(payload, options);
 */
export interface CreateOrderOptions extends Connection, LintOptions {
  /** The order version: picks the path (`/fulfillmentapi/v<version>/orders`) and the lint rules. */
  readonly version: OrderVersion;
  /** `false` skips lintOrder; by default a payload with lint errors is refused. */
  readonly lint?: boolean | undefined;
}

const CREATE_ORDER_OPTIONS = ['baseUrl', 'credentials', 'version', 'lint', 'profile', 'rules'];

/**
 * Describes POST `/fulfillmentapi/v<version>/orders` with the wrapped order as its JSON body, after linting it.
 *
 * @param payload The order request `{ clientRequest: { requestHeader, order, payment?, partner, item } }`.
 * @param options baseUrl, credentials, `version`, `lint`, and the LintOptions (`profile`, `rules`) passed to lintOrder.
 * @returns The request descriptor; `body` is the payload's JSON text (what lintOrder checked: the parse of that text).
 * @throws PayloadRejectedError when lintOrder reports an error (unless `lint: false`).
 * @throws TypeError or RangeError naming a missing or unusable credential, baseUrl or version, a member it does not take (a misspelt `profle`), or an unserialisable payload.
 * @example
 * const request = describeCreateOrder(order, { baseUrl, credentials, version: '1.1', profile });
 * // POST https://api.example.test/fulfillmentapi/v1.1/orders
 */
export function describeCreateOrder(payload: unknown, options: CreateOrderOptions): HttpRequest {
  const headers = { ...clientHeaders(options), ...JSON_CONTENT_TYPE };
  const version = options.version;
  if (!ORDER_VERSIONS.includes(version)) throw new RangeError(BAD_VERSION);
  onlyMembers(options, CREATE_ORDER_OPTIONS, 'options');
  const url = operationUrl(options.baseUrl, ordersPath(version));
  const lint = options.lint === false ? undefined : (value: unknown) => lintOrder(value, { version, profile: options.profile, rules: options.rules });
  return createHttpRequest('POST', url, headers, lintedBody('order', payload, lint));
}
