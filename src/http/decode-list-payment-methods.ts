import * as v from 'valibot';
import { PaymentMethodListSchema, type PaymentMethodEntry } from '../schema/responses';
import type { ApiResult } from './api-result';
import { makeDecoder, paymentMethodDetails, refusalOf, type ErrorTable } from './decoding';

/** Payment-method interface errors: every body is a payment-method entry (the gateway's 401 aside). */
const ERRORS: ErrorTable = {
  401: { kind: 'unauthorized', shapes: ['payment-method-entry', 'status-code'] },
  404: { kind: 'not-found', shapes: ['payment-method-entry'] },
  500: { kind: 'server', shapes: ['payment-method-entry'] },
};

const decode = makeDecoder<PaymentMethodEntry[]>(ERRORS, (status, body, raw) => {
  if (status !== 200) return undefined;
  // Inventory's rule: an entry whose errorCode or message[] is filled says "no data found".
  const refused = refusalOf(status, raw, paymentMethodDetails(body));
  if (refused !== undefined) return refused;
  const parsed = v.safeParse(PaymentMethodListSchema, body);
  return parsed.success ? { ok: true, value: parsed.output } : undefined;
});

/**
 * Decodes a list-payment-methods response: 200 with an array of payment-method entries, or an error.
 *
 * @param status The HTTP status code.
 * @param body The parsed JSON body, or its text (parsed here when it is JSON).
 * @returns `{ ok: true, value: entries }` or `{ ok: false, error }` (404 = `not-found`: no data found; a 200 whose entry has errorCode or message[] set is `rejected`); never throws.
 * @example
 * const result = decodeListPaymentMethods(200, [{ result: 'true', paymentMethod: [{ paymentMethod: 'Visa' }] }]);
 * if (result.ok) for (const entry of result.value) console.log(entry.paymentMethod);
 */
export function decodeListPaymentMethods(status: number, body: unknown): ApiResult<PaymentMethodEntry[]> {
  return decode(status, body);
}
