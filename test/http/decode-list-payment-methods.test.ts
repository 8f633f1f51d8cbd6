import { describe, expect, it } from 'vitest';
import { decodeListPaymentMethods } from '../../src/http/decode-list-payment-methods';
import { GATEWAY_401, PAYMENT_METHOD_ENTRY, PRODUCT_404, paymentMethodError } from './fixtures';

describe('decodeListPaymentMethods', () => {
  it('decodes the 200 array of payment-method entries', () => {
    expect(decodeListPaymentMethods(200, [PAYMENT_METHOD_ENTRY])).toStrictEqual({ ok: true, value: [PAYMENT_METHOD_ENTRY] });
  });

  it('decodes an empty 200 array', () => {
    expect(decodeListPaymentMethods(200, [])).toStrictEqual({ ok: true, value: [] });
  });

  it('keeps members the operator adds', () => {
    const entry = { ...PAYMENT_METHOD_ENTRY, region: 'EU', paymentMethod: [{ paymentMethod: 'Visa', logo: 'visa.svg' }] };
    const result = decodeListPaymentMethods(200, [entry]);
    expect(result).toStrictEqual({ ok: true, value: [entry] });
  });

  it('accepts null for unset members', () => {
    const entry = { result: 'true', paymentMethod: [{ type: 'card', paymentValue: null, payTerm: null, paymentMethod: 'Visa', ccType: null }], errorCode: null, message: null };
    expect(decodeListPaymentMethods(200, [entry]).ok).toBe(true);
  });

  it('parses a JSON text body', () => {
    expect(decodeListPaymentMethods(200, JSON.stringify([PAYMENT_METHOD_ENTRY]))).toStrictEqual({ ok: true, value: [PAYMENT_METHOD_ENTRY] });
  });

  it.each([
    [401, 'unauthorized', paymentMethodError('401', 'Client authentication failed')],
    [404, 'not-found', paymentMethodError('NO_DATA', 'No data found')],
    [500, 'server', paymentMethodError('500', 'Internal error')],
  ] as const)('decodes %i with a payment-method entry body as %s', (status, kind, body) => {
    expect(decodeListPaymentMethods(status, body)).toStrictEqual({
      ok: false,
      error: {
        kind,
        status,
        code: body.errorCode,
        message: body.message[0]?.message,
        fieldMessages: body.message,
        raw: body,
      },
    });
  });

  // errorCode is "used when no data is found": a 200 that carries one (or error messages) says no, as inventory's does.
  const NO_DATA = { message: 'No data found', path: 'country', errorType: 'NotFound' };
  it.each([
    ['the audit body: result "false", errorCode, message[]', [{ result: 'false', paymentMethod: [], errorCode: 'E404', message: [NO_DATA] }], { code: 'E404', message: 'No data found', fieldMessages: [NO_DATA] }],
    ['an errorCode alone', [{ result: 'false', errorCode: 'NO_DATA' }], { code: 'NO_DATA' }],
    ['result "true" with an errorCode', [{ ...PAYMENT_METHOD_ENTRY, errorCode: 'E404' }], { code: 'E404' }],
    ['message[] without an errorCode', [{ result: 'false', paymentMethod: [], errorCode: '', message: [NO_DATA] }], { message: 'No data found', fieldMessages: [NO_DATA] }],
    ['a field message without text', [{ errorCode: null, message: [{ path: 'country' }] }], { fieldMessages: [{ message: '', path: 'country', errorType: '' }] }],
    ['one entry saying no beside one with methods', [PAYMENT_METHOD_ENTRY, paymentMethodError('E404', 'No data found')], { code: 'E404', message: 'No data found', fieldMessages: [NO_DATA] }],
    ['an empty entry before one saying no', [{}, paymentMethodError('E404', 'No data found')], { code: 'E404', message: 'No data found', fieldMessages: [NO_DATA] }],
    ['an empty entry after one saying no', [paymentMethodError('E404', 'No data found'), {}], { code: 'E404', message: 'No data found', fieldMessages: [NO_DATA] }],
    ['a single entry instead of the array', paymentMethodError('E404', 'No data found'), { code: 'E404', message: 'No data found', fieldMessages: [NO_DATA] }],
    ['the JSON text of it', JSON.stringify([paymentMethodError('E404', 'No data found')]), { code: 'E404', message: 'No data found', fieldMessages: [NO_DATA] }],
  ])('decodes a 200 with %s as rejected, keeping the raw body', (_name, body, found) => {
    expect(decodeListPaymentMethods(200, body)).toStrictEqual({ ok: false, error: { kind: 'rejected', status: 200, ...found, raw: body } });
  });

  it.each([
    ['empty error fields', [{ ...PAYMENT_METHOD_ENTRY, errorCode: '', message: [] }]],
    ['null error fields', [{ ...PAYMENT_METHOD_ENTRY, errorCode: null, message: null }]],
    ['no error fields', [{ result: 'true', paymentMethod: PAYMENT_METHOD_ENTRY.paymentMethod }]],
    ['empty entries only', [{}, {}]],
  ])('decodes a 200 with %s as success', (_name, body) => {
    expect(decodeListPaymentMethods(200, body)).toStrictEqual({ ok: true, value: body });
  });

  it('decodes a 404 sent as an array, like the 200 ("same object as 200")', () => {
    const body = [paymentMethodError('NO_DATA', 'No data found')];
    const result = decodeListPaymentMethods(404, body);
    expect(result.ok === false && result.error).toMatchObject({ kind: 'not-found', code: 'NO_DATA', message: 'No data found' });
  });

  it('joins several field messages and fills absent parts with empty text', () => {
    const body = { errorCode: 'E1', message: [{ message: 'Bad country', path: 'country' }, { message: 'Bad method', errorType: 'Validation' }] };
    const result = decodeListPaymentMethods(404, body);
    expect(result.ok === false && result.error).toMatchObject({
      message: 'Bad country; Bad method',
      fieldMessages: [
        { message: 'Bad country', path: 'country', errorType: '' },
        { message: 'Bad method', path: '', errorType: 'Validation' },
      ],
    });
  });

  it("decodes the gateway's 401 for a bad subscription key", () => {
    expect(decodeListPaymentMethods(401, GATEWAY_401)).toStrictEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, code: '401', message: GATEWAY_401.message, raw: GATEWAY_401 },
    });
  });

  it.each([
    ['a 404 with a status-code body', 404, PRODUCT_404],
    ['a 200 with an object instead of an array', 200, PAYMENT_METHOD_ENTRY],
    ['a 200 array holding an array', 200, [[]]],
    ['a 200 array with a wrong member type', 200, [{ paymentMethod: 'Visa' }]],
    ['a 500 with an HTML page', 500, '<html>Bad gateway</html>'],
    ['an undocumented 429', 429, { statusCode: 429, message: 'Rate limit is exceeded.' }],
    ['a 401 with an empty object', 401, {}],
  ])('decodes %s as unexpected, keeping the raw body', (_name, status, body) => {
    const result = decodeListPaymentMethods(status, body);
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.error.kind).toBe('unexpected');
    expect(result.ok === false && result.error.status).toBe(status);
    expect(result.ok === false && result.error.raw).toBe(body);
  });

  it('still reads code and message from a known shape of an undocumented status', () => {
    const result = decodeListPaymentMethods(429, { statusCode: 429, message: 'Rate limit is exceeded.' });
    expect(result.ok === false && result.error).toMatchObject({ kind: 'unexpected', code: '429', message: 'Rate limit is exceeded.' });
  });
});
