import * as v from 'valibot';
import { ReturnTokenResultSchema, type ReturnTokenResult } from '../schema/responses';
import type { ApiResult } from './api-result';
import { failure, isRecord, isText, makeDecoder, withoutOddMessage, type ErrorTable } from './decoding';

/**
 * A successful return-token result: resultCode "0" and the token in transactionID.
 *
 * @example
 * const result = decodeCreateReturnToken(200, { transactionID: 'T-1', resultCode: '0', resultMessage: 'OK' });
 * if (result.ok) { const token: IssuedReturnToken = result.value; token.transactionID; } // 'T-1'
 */
export type IssuedReturnToken = ReturnTokenResult & {
  /** The transaction token of the new return. */
  readonly transactionID: string;
};

/** Returns-portal errors: 401 `{ statusCode, message }`, 500 `{ statusCode, activityId, message }`. */
const ERRORS: ErrorTable = {
  401: { kind: 'unauthorized', shapes: ['status-code'] },
  500: { kind: 'server', shapes: ['server-error'] },
};

/**
 * The body with an integer resultCode read as its decimal text (`0` as `"0"`), as a numeric
 * statusCode is read: a return the operator created is never `unexpected` for the type of its
 * code (a retry would be refused as a duplicate). Another number (0.5) stays no documented shape.
 */
function withTextCode(body: Record<string, unknown>): Record<string, unknown> {
  const code = body['resultCode'];
  if (typeof code !== 'number' || !Number.isInteger(code)) return body;
  return { ...body, resultCode: BigInt(code).toString() };
}

const decode = makeDecoder<IssuedReturnToken>(ERRORS, (status, body, raw) => {
  if (status !== 200) return undefined;
  const parsed = v.safeParse(ReturnTokenResultSchema, isRecord(body) ? withTextCode(withoutOddMessage(body, 'resultMessage')) : body);
  if (!parsed.success) return undefined;
  const result = parsed.output;
  if (result.resultCode !== '0') {
    // An empty code is left out, as every decoder leaves out an empty error field.
    return failure('rejected', status, raw, {
      ...(isText(result.resultCode) ? { code: result.resultCode } : {}),
      ...(isText(result.resultMessage) ? { message: result.resultMessage } : {}),
    });
  }
  // Success without a token is no documented shape: the caller could not redirect anyway.
  return isText(result.transactionID) ? { ok: true, value: { ...result, transactionID: result.transactionID } } : undefined;
});

/**
 * Decodes a create-return-token response: resultCode "0" is success, any other code is `rejected`.
 * An integer resultCode reads as its decimal text (`0` as `"0"`); an empty one is left out of the error.
 *
 * @param status The HTTP status code.
 * @param body The parsed JSON body, or its text (parsed here when it is JSON).
 * @returns `{ ok: true, value: { transactionID, resultCode, resultMessage } }` or `{ ok: false, error }`; never throws.
 * @example
 * const result = decodeCreateReturnToken(200, { transactionID: 'T-1', resultCode: '0', resultMessage: 'OK' });
 * if (result.ok) redirectToPortal(result.value.transactionID);
 */
export function decodeCreateReturnToken(status: number, body: unknown): ApiResult<IssuedReturnToken> {
  return decode(status, body);
}
