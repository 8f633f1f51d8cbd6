/**
 * The simulator's answers in each interface's own body shape (spec: Errors). Messages
 * name headers and members, never a value the caller sent.
 */

// The deepest JSON body the simulator reads: lintEcho reports deeper echo bodies by the same number.
export { MAX_BODY_DEPTH } from '../schema/echo';

/** The five interfaces; each has its own error body shapes. */
export type Interface = 'payment-method' | 'product' | 'returns' | 'fulfilment' | 'echo';

/** The largest body the simulator reads (the spec shows no request-size limit): larger is 413. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Messages of the simulator's answers, in one place. */
export const MESSAGES = {
  missingSubscriptionKey:
    'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
  invalidSubscriptionKey:
    'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
  missingClientKeys: 'Access denied: the ClientConfigId and ClientAuthKey headers are required.',
  invalidClientKeys: 'Access denied: ClientConfigId and ClientAuthKey do not identify an onboarded client.',
  serverError: 'Internal server error.',
  notFound: 'Resource not found.',
  noInventory: 'Resource not found: no inventory for the requested sku.',
  noPaymentMethods: 'No payment methods found for the given filters.',
  noPaymentMethodsConfigured: 'No payment methods are configured for this client.',
  contentType: 'Content-Type must be application/json.',
  notJson: 'The request body is not valid JSON.',
  notObject: 'The request body must be a JSON object.',
  tooDeep: 'The request body nests objects and arrays deeper than the simulator accepts (512 levels).',
  tooLarge: 'The request body is larger than the simulator accepts (10 MiB).',
  notXmlName: 'A member name of the body is not a valid XML element name.',
  nestedArray: 'The body has an array directly inside an array, which has no XML form.',
  notXmlText: 'A string of the body holds a character that XML 1.0 does not allow (a control character, U+FFFE, U+FFFF or a lone surrogate).',
  // Below any operation (listen.ts): what node:http's parser refuses, and CONNECT.
  notHttp: 'The request is not valid HTTP/1.1.',
  noHost: 'An HTTP/1.1 request needs a Host header.',
  headersTooLarge: 'The request headers are too large.',
  requestTimeout: 'The request took too long to arrive.',
  connectRefused: 'CONNECT is not supported: this server is not a tunnelling proxy. Send each request to it directly.',
} as const;

const JSON_HEADERS = { 'Content-Type': 'application/json; charset=utf-8' };

/**
 * A JSON answer.
 *
 * @param status The HTTP status.
 * @param body The body, serialised with JSON.stringify.
 * @returns The response.
 */
export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
}

/** A payment-method entry that reports one failure (the interface's error shape). */
function paymentMethodFailure(errorCode: string, message: string, path: string, errorType: string) {
  return { result: 'false', paymentMethod: [], errorCode, message: [{ message, path, errorType }] };
}

/**
 * The 401 answer of an interface.
 *
 * @param where The interface.
 * @param message What is wrong (from MESSAGES).
 * @param header The header at fault (the payment-method entry's `path`).
 * @returns 401 in the interface's shape: payment-method entry; product `statuscode`; others `statusCode`.
 */
export function unauthorized(where: Interface, message: string, header: string): Response {
  if (where === 'payment-method') return json(401, paymentMethodFailure('401', message, header, 'Unauthorized'));
  if (where === 'product') return json(401, { statuscode: '401', message });
  return json(401, { statusCode: '401', message });
}

/**
 * The 500 answer of an interface.
 *
 * @param where The interface.
 * @param activityId The operator's internal activity id.
 * @returns 500: a payment-method entry (its shape has no activityId member, so the
 *   message names it), else `{ statusCode, activityId, message }`.
 */
export function serverError(where: Interface, activityId: string): Response {
  if (where === 'payment-method') {
    return json(500, paymentMethodFailure('500', `${MESSAGES.serverError} Activity id ${activityId}.`, '', 'ServerError'));
  }
  return json(500, { statusCode: '500', activityId, message: MESSAGES.serverError });
}

/**
 * A `{ statusCode, message }` answer (404 and the statuses the spec does not show: 400, 413, 415).
 *
 * @param status The HTTP status.
 * @param message The message.
 * @returns The response.
 */
export function statusError(status: number, message: string): Response {
  return json(status, { statusCode: String(status), message });
}

/**
 * The payment-method interface's 404: "no data found", a payment-method entry.
 *
 * @param path The query parameter(s) that found nothing; `''` when none was given (the client has no payment method at all).
 * @returns The response.
 */
export function noPaymentMethods(path: string): Response {
  return json(404, paymentMethodFailure('404', path === '' ? MESSAGES.noPaymentMethodsConfigured : MESSAGES.noPaymentMethods, path, 'NotFound'));
}
