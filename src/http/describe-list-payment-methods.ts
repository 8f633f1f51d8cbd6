import { clientHeaders, operationUrl, type Connection } from './connection';
import { PATHS } from './paths';
import { createHttpRequest, type HttpRequest } from './request';

/**
 * Connection plus the optional filters of list payment methods.
 *
 * @example
 * const options: ListPaymentMethodsOptions = { ...connection, country: 'DE', paymentMethod: 'CreditCard' };
 * const request = describeListPaymentMethods(options);
 */
export interface ListPaymentMethodsOptions extends Connection {
  /** Only methods of this country (ISO 3166-1 alpha-2, e.g. `DE`); sent as the `country` query parameter. */
  readonly country?: string | undefined;
  /** Only methods of this payment method type, the methods' `type` (e.g. `CreditCard`, not a method name such as `Visa`); sent as the `paymentMethod` query parameter. */
  readonly paymentMethod?: string | undefined;
}

/**
 * Describes GET `/paymentmethodapi/v1/paymentMethod`, optionally filtered by country and payment method.
 *
 * @param options baseUrl, credentials and the optional `country` / `paymentMethod` filters.
 * @returns The request descriptor (no body).
 * @throws TypeError or RangeError naming a missing or unusable credential, baseUrl or filter.
 * @example
 * const request = describeListPaymentMethods({ baseUrl, credentials, country: 'DE' });
 * // GET https://api.example.test/paymentmethodapi/v1/paymentMethod?country=DE
 */
export function describeListPaymentMethods(options: ListPaymentMethodsOptions): HttpRequest {
  const headers = clientHeaders(options);
  const url = operationUrl(options.baseUrl, PATHS.paymentMethods, {
    country: options.country,
    paymentMethod: options.paymentMethod,
  });
  return createHttpRequest('GET', url, headers);
}
