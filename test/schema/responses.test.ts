import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EchoRequestSchema } from '../../src/schema/echo';
import {
  InventoryEntrySchema,
  OrderResultV11Schema,
  OrderResultV1Schema,
  PaymentMethodEntrySchema,
  PaymentMethodListSchema,
  ProductUnauthorizedBodySchema,
  ReturnTokenResultSchema,
  ServerErrorBodySchema,
  StatusCodeErrorBodySchema,
} from '../../src/schema/responses';
import {
  ECHO_REQUEST,
  GATEWAY_401,
  INVENTORY_ENTRY,
  ORDER_RESULT_V1_FALSE,
  ORDER_RESULT_V1_TRUE,
  ORDER_RESULT_V11_FALSE,
  ORDER_RESULT_V11_TRUE,
  PAYMENT_METHOD_ENTRY,
  PRODUCT_401,
  PRODUCT_404,
  RETURN_TOKEN_OK,
  RETURN_TOKEN_REJECTED,
  SERVER_500,
  paymentMethodError,
} from '../http/fixtures';

const table: [string, v.GenericSchema, unknown[], unknown[]][] = [
  ['PaymentMethodEntry', PaymentMethodEntrySchema, [PAYMENT_METHOD_ENTRY, paymentMethodError('E', 'm'), {}], [[], { message: 'x' }, { paymentMethod: [1] }, null]],
  ['PaymentMethodList', PaymentMethodListSchema, [[PAYMENT_METHOD_ENTRY], []], [PAYMENT_METHOD_ENTRY, [[]]]],
  ['InventoryEntry', InventoryEntrySchema, [INVENTORY_ENTRY, { inventory: [] }], [{}, { inventory: [{ productID: 'A', quantity: '1' }] }, { inventory: [{ quantity: 1 }] }]],
  ['OrderResultV1', OrderResultV1Schema, [ORDER_RESULT_V1_TRUE, ORDER_RESULT_V1_FALSE], [ORDER_RESULT_V11_TRUE, { result: 'true' }]],
  ['OrderResultV11', OrderResultV11Schema, [ORDER_RESULT_V11_TRUE, ORDER_RESULT_V11_FALSE], [ORDER_RESULT_V1_TRUE, { result: 'yes' }]],
  ['ReturnTokenResult', ReturnTokenResultSchema, [RETURN_TOKEN_OK, RETURN_TOKEN_REJECTED], [{ transactionID: 'T' }, { resultCode: 0 }]],
  ['ProductUnauthorizedBody', ProductUnauthorizedBodySchema, [PRODUCT_401], [PRODUCT_404, { statuscode: null }]],
  ['StatusCodeErrorBody', StatusCodeErrorBodySchema, [PRODUCT_404, GATEWAY_401, SERVER_500], [PRODUCT_401, { statusCode: true }]],
  ['ServerErrorBody', ServerErrorBodySchema, [SERVER_500], [PRODUCT_404, { statusCode: '500', activityId: 1 }]],
  ['EchoRequest', EchoRequestSchema, [ECHO_REQUEST], [{ ...ECHO_REQUEST, maxSpeed: '125' }, { ...ECHO_REQUEST, avgSpeed: Number.POSITIVE_INFINITY }, { vehicleType: 'train' }]],
];

describe.each(table)('%s schema', (_name, schema, valid, invalid) => {
  it.each(valid.map((body) => [JSON.stringify(body), body]))('accepts %s', (_text, body) => {
    expect(v.is(schema, body)).toBe(true);
  });

  it.each(invalid.map((body) => [JSON.stringify(body), body]))('refuses %s', (_text, body) => {
    expect(v.is(schema, body)).toBe(false);
  });
});

describe('success bodies', () => {
  it('keep members the operator adds', () => {
    const body = { ...ORDER_RESULT_V11_TRUE, requestId: 'req-1' };
    expect(v.parse(OrderResultV11Schema, body)).toStrictEqual(body);
  });
});
