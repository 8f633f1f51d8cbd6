import { json, noPaymentMethods } from '../answers';
import type { Call } from '../context';

/** A query parameter; an empty value counts as not given. */
function filter(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  return value === null || value === '' ? undefined : value;
}

/**
 * GET /paymentmethodapi/v1/paymentMethod: the configured methods, limited by `country`
 * (exact ISO 2 code; a method without a country is offered everywhere) and by
 * `paymentMethod` (the method's type). 200 is an array of one payment-method entry;
 * no match is 404 with a payment-method entry naming the filters, or, when none was given,
 * saying that the client has no payment methods.
 *
 * @param call The call.
 * @returns The answer.
 */
export function listPaymentMethods(call: Call): Response {
  const country = filter(call.url, 'country');
  const type = filter(call.url, 'paymentMethod');
  const found = call.state.options.paymentMethods.filter(
    (m) => (country === undefined || m.country === undefined || m.country === country) && (type === undefined || m.type === type),
  );
  if (found.length === 0) {
    const given = [country === undefined ? '' : 'country', type === undefined ? '' : 'paymentMethod'].filter(Boolean);
    return noPaymentMethods(given.join(','));
  }
  const entries = found.map(({ country: _country, ...entry }) => entry);
  return json(200, [{ result: 'true', paymentMethod: entries, errorCode: '', message: [] }]);
}
