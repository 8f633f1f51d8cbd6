import type { OrderRequest } from '../schema/order';
import type { OrderVersion } from '../schema/tables';
import { reviewFields, setOrderFields } from './_lib/fields';
import { copyOrder } from './_lib/payload';

/**
 * Marks an order whose payment result requires review (spec rule 9, FMS): sets the
 * order-level dynamic fields PROCESSAUTHSTATUS=Review and PROCESSAUTHSTATUSCODE=DM_REVIEW,
 * always both together, replacing earlier entries of those names.
 *
 * @param payload An order payload (not modified).
 * @returns A new payload, of the payload's type (its version).
 * @throws {TypeError} When the payload is not an order payload.
 * @example
 * const review = markPaymentReview(payload);
 * // order.dynamicField: [..., { name: 'PROCESSAUTHSTATUS', value: 'Review' },
 * //                           { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' }]
 */
export function markPaymentReview<P extends OrderRequest<OrderVersion>>(payload: P): P {
  const { copy, body } = copyOrder(payload);
  setOrderFields(body, reviewFields());
  return copy as P;
}
