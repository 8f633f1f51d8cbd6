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
    ['resultCode 0 as a number', 200, { transactionID: 'TX-1', resultCode: 0 }],
    ['success without a token', 200, { transactionID: null, resultCode: '0' }],
    ['success with an empty token', 200, { transactionID: '', resultCode: '0' }],
    ['an undocumented 404', 404, { statusCode: '404', message: 'Not found' }],
  ])('decodes %s as unexpected', (_name, status, body) => {
    const result = decodeCreateReturnToken(status, body);
    expect(result.ok === false && result.error.kind).toBe('unexpected');
  });
});
