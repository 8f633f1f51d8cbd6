import { describe, expect, it } from 'vitest';
import { decodeCreateReturnToken } from '../../src/http/decode-create-return-token';
import { RETURN_TOKEN_OK, RETURN_TOKEN_REJECTED, SERVER_500, STATUS_401 } from './fixtures';

describe('decodeCreateReturnToken', () => {
  it('decodes resultCode "0" as success with the token', () => {
    expect(decodeCreateReturnToken(200, RETURN_TOKEN_OK)).toStrictEqual({ ok: true, value: RETURN_TOKEN_OK });
  });

  it('decodes any other resultCode as rejected', () => {
    expect(decodeCreateReturnToken(200, RETURN_TOKEN_REJECTED)).toStrictEqual({
      ok: false,
      error: { kind: 'rejected', status: 200, code: '2', message: 'Duplicate requestReference', raw: RETURN_TOKEN_REJECTED },
    });
  });

  it('decodes the 401', () => {
    expect(decodeCreateReturnToken(401, STATUS_401)).toStrictEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, code: '401', message: 'Unauthorized', raw: STATUS_401 },
    });
  });

  it('decodes the 500 with its activityId', () => {
    const result = decodeCreateReturnToken(500, JSON.stringify(SERVER_500));
    expect(result).toStrictEqual({
      ok: false,
      error: { kind: 'server', status: 500, code: '500', message: 'Internal server error', activityId: '7f3c2a10-0001', raw: JSON.stringify(SERVER_500) },
    });
  });

  // The answer's own signal decides: a created return keeps its token whatever its message member holds.
  it.each([5, { text: 'OK' }, ['OK'], true])('decodes resultCode "0" with a token and a resultMessage that is not text (%j) as success, without the message', (message) => {
    const body = { transactionID: 'TX-1', resultCode: '0', resultMessage: message };
    expect(decodeCreateReturnToken(200, body)).toStrictEqual({ ok: true, value: { transactionID: 'TX-1', resultCode: '0' } });
    expect(decodeCreateReturnToken(200, { ...body, resultCode: '2' })).toStrictEqual({ ok: false, error: { kind: 'rejected', status: 200, code: '2', raw: { ...body, resultCode: '2' } } });
  });

  it.each([
    ['resultCode 0.5 (a number that is no integer)', 200, { transactionID: 'TX-1', resultCode: 0.5 }],
    ['resultCode Infinity (no finite integer)', 200, { transactionID: 'TX-1', resultCode: Infinity }],
    ['success without a token', 200, { transactionID: null, resultCode: '0' }],
    ['success with an empty token', 200, { transactionID: '', resultCode: '0' }],
    ['an undocumented 404', 404, { statusCode: '404', message: 'Not found' }],
  ])('decodes %s as unexpected', (_name, status, body) => {
    const result = decodeCreateReturnToken(status, body);
    expect(result.ok === false && result.error.kind).toBe('unexpected');
  });

  // A return the operator created is never unexpected for the type of its code (a retry would be
  // refused as a duplicate): an integer resultCode reads as its decimal text, as a numeric statusCode does.
  it('decodes a numeric resultCode 0 with a token as success, the code as its decimal text', () => {
    const body = { transactionID: 'T-1', resultCode: 0, resultMessage: 'OK' };
    expect(decodeCreateReturnToken(200, body)).toStrictEqual({ ok: true, value: { transactionID: 'T-1', resultCode: '0', resultMessage: 'OK' } });
    expect(decodeCreateReturnToken(200, JSON.stringify(body))).toStrictEqual({ ok: true, value: { transactionID: 'T-1', resultCode: '0', resultMessage: 'OK' } });
    expect(decodeCreateReturnToken(200, { transactionID: 'T-1', resultCode: -0 })).toStrictEqual({ ok: true, value: { transactionID: 'T-1', resultCode: '0' } });
  });

  it.each([
    [1, '1'],
    [2, '2'],
    [-7, '-7'],
    [1e21, '1000000000000000000000'],
  ])('decodes a numeric resultCode %j as rejected with code %j', (code, text) => {
    const body = { transactionID: null, resultCode: code, resultMessage: 'bad' };
    expect(decodeCreateReturnToken(200, body)).toStrictEqual({ ok: false, error: { kind: 'rejected', status: 200, code: text, message: 'bad', raw: body } });
  });

  it('decodes an empty resultCode as rejected without a code, as the other decoders drop an empty code', () => {
    expect(decodeCreateReturnToken(200, { resultCode: '' })).toStrictEqual({ ok: false, error: { kind: 'rejected', status: 200, raw: { resultCode: '' } } });
    const body = { transactionID: null, resultCode: '', resultMessage: 'bad' };
    expect(decodeCreateReturnToken(200, body)).toStrictEqual({ ok: false, error: { kind: 'rejected', status: 200, message: 'bad', raw: body } });
  });

  it('still decodes a numeric resultCode 0 without a token as unexpected', () => {
    const result = decodeCreateReturnToken(200, { transactionID: null, resultCode: 0 });
    expect(result.ok === false && result.error.kind).toBe('unexpected');
  });
});
