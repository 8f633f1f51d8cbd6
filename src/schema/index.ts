/**
 * The interface spec as code: tables, code lookups and valibot schemas.
 */
export {
  AMBIGUOUS_PAYMENT_AMOUNT_TYPES,
  AMBIGUOUS_SHIP_SERVICE_LEVELS,
  AMOUNT_VALUE,
  CARD_PAYMENT_METHODS,
  DATE_ONLY,
  DATE_TIME_OFFSET,
  DATE_TIME_UTC,
  DYNAMIC_FIELD,
  EMAIL,
  EMAIL_TYPES,
  KEY_CHARSET,
  LIMITS,
  LOCALE,
  ORDER_AMOUNT_TYPES,
  ORDER_DATE_TIME_FORMAT,
  ORDER_PHONE_TYPES,
  ORDER_STATE_COUNTRIES,
  ORDER_VERSIONS,
  PARTNER_TYPES,
  PAYMENT_METHODS,
  PAYMENT_REVIEW_VALUES,
  PAYMENT_STATUSES,
  REQUEST_STATUSES,
  REQUEST_STATUS_INFO,
  RETURN_AMOUNT_TYPES,
  RETURN_PHONE_TYPES,
  RETURN_STATE_COUNTRIES,
  SHIP_SERVICE_LEVELS,
  STATE_CODES,
  UNSIGNED_DECIMAL,
} from './tables';
export type { DateFormat, OrderVersion, RequestStatus, RequestStatusInfo } from './tables';
export {
  alpha2ToAlpha3,
  alpha3ToAlpha2,
  currencyDigits,
  isCountryAlpha2,
  isCountryAlpha3,
  isCurrencyCode,
} from './codes';
export { codePointLength, isDateInFormat, isHttpUrl } from './predicates';
export {
  ORDER_REQUEST_SCHEMAS,
  OrderRequestV1Schema,
  OrderRequestV11Schema,
  OrderRequestV12Schema,
} from './order';
export type {
  OrderAmount,
  OrderBody,
  OrderItem,
  OrderObject,
  OrderPartner,
  OrderPayment,
  OrderRequest,
  OrderRequestHeader,
  OrderRequestV1,
  OrderRequestV1_1,
  OrderRequestV1_2,
} from './order';
export { ReturnRequestSchema } from './return';
export type { ReturnAmount, ReturnItem, ReturnPartner, ReturnRequest } from './return';
export { EchoRequestSchema } from './echo';
export type { EchoRequest } from './echo';
export {
  FieldMessageSchema,
  InventoryEntrySchema,
  InventoryItemSchema,
  OrderResultSchema,
  OrderResultV1Schema,
  OrderResultV11Schema,
  PaymentMethodEntrySchema,
  PaymentMethodItemSchema,
  PaymentMethodListSchema,
  ProductUnauthorizedBodySchema,
  ReturnTokenResultSchema,
  ServerErrorBodySchema,
  StatusCodeErrorBodySchema,
} from './responses';
export type {
  FieldMessage,
  InventoryEntry,
  InventoryItem,
  OrderResult,
  OrderResultV1,
  OrderResultV11,
  PaymentMethodEntry,
  PaymentMethodItem,
  ProductUnauthorizedBody,
  ReturnTokenResult,
  ServerErrorBody,
  StatusCodeErrorBody,
} from './responses';
export { JSON_SCHEMA_DRAFT, orderJsonSchema, returnJsonSchema, toJsonSchema } from './json-schema';
export type { JsonSchema, JsonType } from './json-schema';
