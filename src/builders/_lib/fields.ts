/** Order-level dynamic fields the spec gives a meaning to (FISCAL_CODE, payment review). */
import { DYNAMIC_FIELD, PAYMENT_REVIEW_VALUES } from '../../schema/tables';
import type { Json } from './payload';

/** The two payment-review dynamic fields (spec rule 9), always together. */
export function reviewFields(): { name: string; value: string }[] {
  return [
    { name: DYNAMIC_FIELD.processAuthStatus, value: PAYMENT_REVIEW_VALUES[DYNAMIC_FIELD.processAuthStatus] },
    { name: DYNAMIC_FIELD.processAuthStatusCode, value: PAYMENT_REVIEW_VALUES[DYNAMIC_FIELD.processAuthStatusCode] },
  ];
}

/** Puts dynamic fields into `order.dynamicField`, replacing entries of the same names. */
export function setOrderFields(body: Json, fields: readonly { name: string; value: string }[]): void {
  const names = new Set(fields.map((f) => f.name));
  const current: unknown[] = Array.isArray(body.order.dynamicField) ? body.order.dynamicField : [];
  const kept = current.filter((f) => !(f !== null && typeof f === 'object' && names.has((f as Json).name)));
  body.order.dynamicField = [...kept, ...fields.map((f) => ({ ...f }))];
}
