import { isCountryAlpha2 } from '../schema/codes';
import { onlyMembers } from '../schema/profile';
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
  /** Only methods of this country, an upper-case ISO 3166-1 alpha-2 code (e.g. `DE`; `de`, `DEU` are refused); sent as the `country` query parameter. */
  readonly country?: string | undefined;
  /** Only methods of this payment method type, the methods' `type` (e.g. `CreditCard`, not a method name such as `Visa`); sent as the `paymentMethod` query parameter. */
  readonly paymentMethod?: string | undefined;
}

const PAYMENT_METHOD_OPTIONS = ['baseUrl', 'credentials', 'country', 'paymentMethod'];

/** A country filter that is no code: names the field, never the value. */
const BAD_COUNTRY = 'country must be an upper-case ISO 3166-1 alpha-2 code (e.g. DE) when given.';

/**
 * Describes GET `/paymentmethodapi/v1/paymentMethod`, optionally filtered by country and payment method.
 *
 * @param options baseUrl, credentials and the optional `country` / `paymentMethod` filters.
 * @returns The request descriptor (no body).
 * @throws TypeError or RangeError naming a missing or unusable credential, baseUrl or filter (a country that is no upper-case ISO 3166-1 alpha-2 code is a RangeError), or a member it does not take (a misspelt `countyr`).
 * @example
 * const request = describeListPaymentMethods({ baseUrl, credentials, country: 'DE' });
 * // GET https://api.example.test/paymentmethodapi/v1/paymentMethod?country=DE
 */
export function describeListPaymentMethods(options: ListPaymentMethodsOptions): HttpRequest {
  const headers = clientHeaders(options);
  onlyMembers(options, PAYMENT_METHOD_OPTIONS, 'options');
  const country: unknown = options.country;
  // The check the country-code rule makes; no string and empty stay operationUrl's refusals.
  if (typeof country === 'string' && country !== '' && !isCountryAlpha2(country)) throw new RangeError(BAD_COUNTRY);
  const url = operationUrl(options.baseUrl, PATHS.paymentMethods, {
    country: options.country,
    paymentMethod: options.paymentMethod,
  });
  return createHttpRequest('GET', url, headers);
}
