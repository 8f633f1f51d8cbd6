import { describe, expect, it } from 'vitest';
import { decodeCreateOrder } from '../../src/http/decode-create-order';
import {
  GATEWAY_401,
  ORDER_RESULT_V1_FALSE,
  ORDER_RESULT_V1_TRUE,
  ORDER_RESULT_V11_FALSE,
  ORDER_RESULT_V11_TRUE,
  PRODUCT_401,
  SERVER_500,
  STATUS_401,
} from './fixtures';

describe('decodeCreateOrder', () => {
  it.each([
    ['v1 boolean true', ORDER_RESULT_V1_TRUE],
    ['v1.1 string "true"', ORDER_RESULT_V11_TRUE],
    ['v1.2 with an added requestId', { ...ORDER_RESULT_V11_TRUE, requestId: 'req-42' }],
    ['members left out instead of null', { result: 'true' }],
  ])('decodes %s as accepted', (_name, body) => {
    expect(decodeCreateOrder(200, body)).toStrictEqual({ ok: true, value: body });
  });

  it.each([
    ['v1 boolean false', ORDER_RESULT_V1_FALSE],
    ['v1.1 string "false"', ORDER_RESULT_V11_FALSE],
    ['result true with an errorCode', { result: 'true', errorCode: 'E100', errorMessage: 'requestReference already used' }],
  ])('decodes %s as rejected with errorCode and errorMessage', (_name, body) => {
    expect(decodeCreateOrder(200, body)).toStrictEqual({
      ok: false,
      error: { kind: 'rejected', status: 200, code: 'E100', message: 'requestReference already used', raw: body },
    });
  });

  it('decodes result false without reasons as rejected', () => {
    expect(decodeCreateOrder(200, { result: false, errorCode: null, errorMessage: null })).toStrictEqual({
      ok: false,
      error: { kind: 'rejected', status: 200, raw: { result: false, errorCode: null, errorMessage: null } },
    });
  });

  // A result that says false is a refusal whatever else the body holds: error fields that are not text are left out.
  it.each([
    ['v1 false with a numeric errorCode', { result: false, errorCode: 42, errorMessage: 'x' }, { message: 'x' }],
    ['v1.1 "false" with an object errorMessage', { result: 'false', errorCode: 'E1', errorMessage: { text: 'x' } }, { code: 'E1' }],
    ['v1.2 "false" with a numeric requestId', { result: 'false', errorCode: [], errorMessage: 7, requestId: 9 }, {}],
    ['v1.2 "false" with its requestId', { result: 'false', errorCode: 'VALIDATION_ERROR', errorMessage: 'x', requestId: 'REQ-1' }, { code: 'VALIDATION_ERROR', message: 'x', requestId: 'REQ-1' }],
    ['v1.2 "true" with an errorCode and its requestId', { result: 'true', errorCode: 'E100', errorMessage: null, requestId: 'REQ-2' }, { code: 'E100', requestId: 'REQ-2' }],
  ])('decodes %s as rejected', (_name, body, found) => {
    expect(decodeCreateOrder(200, body)).toStrictEqual({ ok: false, error: { kind: 'rejected', status: 200, ...found, raw: body } });
  });

  // Errors rule 2: result false, or an errorCode, says no; an errorMessage that is not text says nothing.
  it.each([
    ['v1 true', { result: true, errorCode: null, errorMessage: 5 }, { result: true, errorCode: null }],
    ['v1.1 "true"', { result: 'true', errorCode: null, errorMessage: { text: 'x' } }, { result: 'true', errorCode: null }],
    ['v1.2 "true"', { result: 'true', errorMessage: ['x'], requestId: 'REQ-3' }, { result: 'true', requestId: 'REQ-3' }],
  ])('decodes %s with an errorMessage that is not text as success, without it', (_name, body, value) => {
    expect(decodeCreateOrder(200, body)).toStrictEqual({ ok: true, value });
  });

  // The value types requestId as text: one that is not text is left out, and the order stays a success.
  it.each([
    ['a number', 5],
    ['null', null],
    ['an object', { id: 'REQ-4' }],
    ['an array', ['REQ-4']],
  ])('decodes a "true" whose requestId is %s as success, without it', (_name, requestId) => {
    const decoded = decodeCreateOrder(200, { result: 'true', errorCode: null, errorMessage: null, requestId });
    expect(decoded).toStrictEqual({ ok: true, value: { result: 'true', errorCode: null, errorMessage: null } });
  });

  it('decodes a JSON text body', () => {
    expect(decodeCreateOrder(200, '{"result":"true","errorCode":null,"errorMessage":null}').ok).toBe(true);
  });

  it.each([
    ['the fulfilment 401', STATUS_401, 'Unauthorized'],
    ["the gateway's 401", GATEWAY_401, GATEWAY_401.message],
  ])('decodes %s as unauthorized', (_name, body, message) => {
    expect(decodeCreateOrder(401, body)).toStrictEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, code: '401', message, raw: body },
    });
  });

  it('decodes the 500 with its activityId', () => {
    expect(decodeCreateOrder(500, SERVER_500)).toStrictEqual({
      ok: false,
      error: { kind: 'server', status: 500, code: '500', message: 'Internal server error', activityId: '7f3c2a10-0001', raw: SERVER_500 },
    });
  });

  it.each([
    ['a result of "TRUE"', 200, { result: 'TRUE' }],
    ['a result of 1', 200, { result: 1 }],
    ['a result of "True" (pinned: not a refusal either)', 200, { result: 'True', errorCode: 42 }],
    ['result true with a numeric errorCode', 200, { result: true, errorCode: 42 }],
    ['an array holding a result false', 200, [{ result: false }]],
    ['no result', 200, { errorCode: null }],
    ['the product 401 shape', 401, PRODUCT_401],
    ['a 500 without activityId', 500, { statusCode: '500', message: 'x' }],
    ['an undocumented 404', 404, { statusCode: '404', message: 'Resource not found' }],
    ['a 400 (validation format not shown)', 400, { errors: [{ field: 'sku' }] }],
    ['a 201', 201, ORDER_RESULT_V11_TRUE],
  ])('decodes %s as unexpected', (_name, status, body) => {
    const result = decodeCreateOrder(status, body);
    expect(result.ok === false && result.error.kind).toBe('unexpected');
    expect(result.ok === false && result.error.raw).toBe(body);
  });
});
