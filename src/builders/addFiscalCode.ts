import type { OrderRequest } from '../schema/order';
import { DYNAMIC_FIELD, LIMITS, type OrderVersion } from '../schema/tables';
import { requiredText } from './_lib/errors';
import { setOrderFields } from './_lib/fields';
import { copyOrder } from './_lib/payload';

/**
 * Sets the order-level dynamic field FISCAL_CODE to the customer's fiscal code
 * (spec rule 7, FMS: Italian orders). An existing FISCAL_CODE entry is replaced, so
 * the order never carries two.
 *
 * @param payload An order payload (not modified).
 * @param fiscalCode The fiscal code, max 2000 (the dynamic-field value limit).
 * @returns A new payload, of the payload's type (its version).
 * @throws {TypeError} When the payload is not an order payload or `fiscalCode` is not a string.
 * @throws {RangeError} When `fiscalCode` is empty or too long.
 * @example
 * const italian = addFiscalCode(payload, 'RSSMRA85T10A562S');
 * // order.dynamicField: [..., { name: 'FISCAL_CODE', value: 'RSSMRA85T10A562S' }]
 */
export function addFiscalCode<P extends OrderRequest<OrderVersion>>(payload: P, fiscalCode: string): P {
  const value = requiredText(fiscalCode, 'fiscalCode', { max: LIMITS.dynamicFieldValue });
  const { copy, body } = copyOrder(payload);
  setOrderFields(body, [{ name: DYNAMIC_FIELD.fiscalCode, value }]);
  return copy as P;
}
