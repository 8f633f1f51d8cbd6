import type { Call } from '../context';

/** The methods of /fulfillmentapi/v1.2/orders, answered in Access-Control-Allow-Methods. */
export const ORDER_METHODS = 'POST, OPTIONS';

/**
 * OPTIONS /fulfillmentapi/v1.2/orders: 204 with the three CORS headers. The spec does
 * not name them; the simulator uses the standard ones: Access-Control-Allow-Origin
 * echoes Origin, Access-Control-Allow-Headers echoes Access-Control-Request-Headers
 * (each only when the request has it), Access-Control-Allow-Methods lists the methods.
 *
 * @param call The call.
 * @returns The answer.
 */
export function orderOptions(call: Call): Response {
  const headers = new Headers({ 'Access-Control-Allow-Methods': ORDER_METHODS });
  const origin = call.request.headers.get('origin');
  const requested = call.request.headers.get('access-control-request-headers');
  if (origin !== null) {
    headers.set('Access-Control-Allow-Origin', origin);
    headers.set('Vary', 'Origin');
  }
  if (requested !== null) headers.set('Access-Control-Allow-Headers', requested);
  return new Response(null, { status: 204, headers });
}
