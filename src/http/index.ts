/**
 * Request descriptors and response decoders for the five interfaces of the spec:
 * pure functions; the transport (fetch, axios, undici, a queue worker) is the caller's.
 */
export type { ApiError, ApiErrorKind, ApiFieldMessage, ApiResult, Decoder } from './api-result';
export type { Connection, Credentials, EchoConnection } from './connection';
export { decodeCreateOrder } from './decode-create-order';
export { decodeCreateReturnToken, type IssuedReturnToken } from './decode-create-return-token';
export { decodeEcho } from './decode-echo';
export { decodeInventory } from './decode-inventory';
export { decodeListPaymentMethods } from './decode-list-payment-methods';
export { decodeOrderOptions } from './decode-order-options';
export { describeCreateOrder, type CreateOrderOptions } from './describe-create-order';
export { describeCreateReturnToken, type CreateReturnTokenOptions } from './describe-create-return-token';
export { describeEcho, lintEcho, type EchoOptions } from './describe-echo';
export { describeInventory, type InventoryOptions } from './describe-inventory';
export { describeListPaymentMethods, type ListPaymentMethodsOptions } from './describe-list-payment-methods';
export { describeOrderOptions } from './describe-order-options';
export { REDACTED } from './messages';
export { PayloadRejectedError, type RejectedPayloadKind } from './payload-rejected-error';
export { isRequestStatus, requestStatusInfo, requestStatuses } from './request-status';
export { SECRET_HEADERS, type HttpMethod, type HttpRequest, type RequestHeaders } from './request';
export { send, sendAndDecode, type FetchLike, type HttpResponse, type ResponseLike, type SendInit, type SendOptions } from './send';
export { IncompleteResponseError, ResponseTooLargeError, TimeoutError, UnexpectedRedirectError } from './send-errors';
