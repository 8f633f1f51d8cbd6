/**
 * Response bodies of the five interfaces as valibot schemas (spec: Payment-method
 * entry, Inventory entry, Return-token result, Order result, Errors).
 *
 * Success bodies are loose objects: operators add members, and a new member must
 * not turn a good answer into an "unexpected" one. Optional members accept `null`
 * because the operator sends `null` for "not set" (order result: "null when successful").
 */
import * as v from 'valibot';
import type { OrderVersion } from './tables';

/** A finite number: JSON.parse reads `1e400` as Infinity, which no answer means (and JSON.stringify writes as null). */
const finiteNumber = v.pipe(v.number(), v.finite());

/** An optional string member that may also arrive as `null`. */
const optionalText = v.nullish(v.string());

/**
 * A JSON object (not an array) with loosely checked members: valibot's object
 * schemas would take an array for an object whose members are all optional. (The
 * JSON Schema export reads the piped object schema; JSON Schema's `object` already
 * excludes arrays.)
 */
/* @__NO_SIDE_EFFECTS__ */
function record<const E extends v.ObjectEntries>(entries: E) {
  return v.pipe(
    v.custom<Record<string, unknown>>(
      (input) => typeof input === 'object' && input !== null && !Array.isArray(input),
      'Expected an object, not an array.',
    ),
    v.looseObject(entries),
  );
}

/** A status code: the spec says string; the API gateway's own 401/429 bodies send a number. */
const statusCode = v.union([v.string(), finiteNumber]);

/** One item of `message[]` in a payment-method entry: what is wrong, where, and what kind. */
export const FieldMessageSchema = record({
  message: optionalText,
  path: optionalText,
  errorType: optionalText,
});

/** One configured payment method (entry fields of the payment-method interface, all strings). */
export const PaymentMethodItemSchema = record({
  type: optionalText,
  paymentValue: optionalText,
  payTerm: optionalText,
  paymentMethod: optionalText,
  ccType: optionalText,
});

/**
 * Payment-method entry: the element of the 200 array and the body of the
 * payment-method interface's 401, 404 and 500 responses.
 */
export const PaymentMethodEntrySchema = record({
  result: optionalText,
  paymentMethod: v.nullish(v.array(PaymentMethodItemSchema)),
  errorCode: optionalText,
  message: v.nullish(v.array(FieldMessageSchema)),
});

/** 200 body of list payment methods: a JSON array of payment-method entries. */
export const PaymentMethodListSchema = v.array(PaymentMethodEntrySchema);

/** One product at one stock location (inventory[] of the product interface). */
export const InventoryItemSchema = record({
  productID: v.string(),
  quantity: finiteNumber,
  stockLocationName: optionalText,
});

/** 200 body of inventory details; errorCode and errorMessage are empty on success. */
export const InventoryEntrySchema = record({
  inventory: v.array(InventoryItemSchema),
  errorCode: optionalText,
  errorMessage: optionalText,
});

/** Order result of create order v1: `result` is a boolean. */
export const OrderResultV1Schema = record({
  result: v.boolean(),
  errorCode: optionalText,
  errorMessage: optionalText,
});

/** Order result of create order v1.1 (and v1.2): `result` is the string `"true"` or `"false"`. */
export const OrderResultV11Schema = record({
  result: v.picklist(['true', 'false']),
  errorCode: optionalText,
  errorMessage: optionalText,
});

/** Order result of create order v1.2: v1.1's, plus the `requestId` of the request ("the response includes requestId"). */
export const OrderResultV12Schema = record({
  result: v.picklist(['true', 'false']),
  errorCode: optionalText,
  errorMessage: optionalText,
  requestId: v.string(),
});

/** The order result schema per version (`result` boolean in v1; `requestId` from v1.2). */
export const ORDER_RESULT_SCHEMAS = {
  '1': OrderResultV1Schema,
  '1.1': OrderResultV11Schema,
  '1.2': OrderResultV12Schema,
} as const satisfies Record<OrderVersion, v.GenericSchema>;

/** Order result of any version (boolean or string `result`); an answer with a text `requestId` reads as v1.2's. */
export const OrderResultSchema = v.union([OrderResultV1Schema, OrderResultV12Schema, OrderResultV11Schema]);

/** Return-token result: resultCode `"0"` means success and transactionID holds the token. */
export const ReturnTokenResultSchema = record({
  transactionID: optionalText,
  resultCode: v.string(),
  resultMessage: optionalText,
});

/** Product interface 401 body: `statuscode`, spelled in lower case, and message. */
export const ProductUnauthorizedBodySchema = record({
  statuscode: statusCode,
  message: optionalText,
});

/** Status-code error body: product 404, returns and fulfilment 401, the gateway's 401. */
export const StatusCodeErrorBodySchema = record({
  statusCode,
  message: optionalText,
});

/** Returns and fulfilment 500 body: statusCode, the operator's internal activityId, message. */
export const ServerErrorBodySchema = record({
  statusCode,
  activityId: v.string(),
  message: optionalText,
});

/**
 * One item of a payment-method entry's `message[]`.
 *
 * @example const field: FieldMessage = { message: 'No payment methods found for the given filters.', path: 'country', errorType: 'NotFound' };
 */
export type FieldMessage = v.InferOutput<typeof FieldMessageSchema>;
/**
 * One configured payment method.
 *
 * @example const visa: PaymentMethodItem = { type: 'CreditCard', paymentMethod: 'Visa', ccType: 'VISA' };
 */
export type PaymentMethodItem = v.InferOutput<typeof PaymentMethodItemSchema>;
/**
 * A payment-method entry (success element and error body of the payment-method interface).
 *
 * @example const entry: PaymentMethodEntry = { result: 'true', paymentMethod: [{ type: 'CreditCard', paymentMethod: 'Visa', ccType: 'VISA' }] };
 */
export type PaymentMethodEntry = v.InferOutput<typeof PaymentMethodEntrySchema>;
/**
 * One product at one stock location.
 *
 * @example const stock: InventoryItem = { productID: 'MUG-RED', quantity: 25, stockLocationName: 'NL01' };
 */
export type InventoryItem = v.InferOutput<typeof InventoryItemSchema>;
/**
 * The inventory details answer.
 *
 * @example const entry: InventoryEntry = { inventory: [{ productID: 'MUG-RED', quantity: 25, stockLocationName: 'NL01' }], errorCode: '', errorMessage: '' };
 */
export type InventoryEntry = v.InferOutput<typeof InventoryEntrySchema>;
/**
 * Order result of v1 (boolean result).
 *
 * @example const accepted: OrderResultV1 = { result: true, errorCode: null, errorMessage: null };
 */
export type OrderResultV1 = v.InferOutput<typeof OrderResultV1Schema>;
/**
 * Order result of v1.1 and v1.2 (string result).
 *
 * @example const refused: OrderResultV11 = { result: 'false', errorCode: 'E042', errorMessage: 'Unknown SKU' };
 */
export type OrderResultV11 = v.InferOutput<typeof OrderResultV11Schema>;
/**
 * Order result of v1.2 (string result and requestId).
 *
 * @example const accepted: OrderResultV12 = { result: 'true', errorCode: null, errorMessage: null, requestId: '3f2a9c4e-1b7d-4e8a-9c61-5d0f2b8e7a14' };
 */
export type OrderResultV12 = v.InferOutput<typeof OrderResultV12Schema>;
/**
 * Order result of any version.
 *
 * @example
 * const result = decodeCreateOrder(200, { result: 'true', errorCode: null, errorMessage: null });
 * if (result.ok) { const answer: OrderResult = result.value; }
 */
export type OrderResult = v.InferOutput<typeof OrderResultSchema>;
/**
 * The return-token result.
 *
 * @example const answer: ReturnTokenResult = { transactionID: 'T-1', resultCode: '0', resultMessage: 'OK' };
 */
export type ReturnTokenResult = v.InferOutput<typeof ReturnTokenResultSchema>;
/**
 * Product 401 body (`statuscode` in lower case).
 *
 * @example const body: ProductUnauthorizedBody = { statuscode: '401', message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.' };
 */
export type ProductUnauthorizedBody = v.InferOutput<typeof ProductUnauthorizedBodySchema>;
/**
 * `{ statusCode, message }` error body.
 *
 * @example const body: StatusCodeErrorBody = { statusCode: '404', message: 'Resource not found.' };
 */
export type StatusCodeErrorBody = v.InferOutput<typeof StatusCodeErrorBodySchema>;
/**
 * `{ statusCode, activityId, message }` error body.
 *
 * @example const body: ServerErrorBody = { statusCode: '500', activityId: 'a1b2c3d4', message: 'Internal server error.' };
 */
export type ServerErrorBody = v.InferOutput<typeof ServerErrorBodySchema>;
