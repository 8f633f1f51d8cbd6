/**
 * Readers of amount text and payment methods shared by the order business rules.
 */
import { scanDecimal } from '../../schema/predicates';
import { CARD_PAYMENT_METHODS } from '../../schema/tables';

/**
 * Sign of an amount value written as decimal text, without converting it to a float.
 *
 * @param value Any value.
 * @returns -1, 0 or 1; `undefined` when the value is not numeric text (`-?\d+(\.\d+)?`).
 * @example decimalSign('-0.00'); // 0
 */
export function decimalSign(value: unknown): -1 | 0 | 1 | undefined {
  if (typeof value !== 'string' || scanDecimal(value, true) < 0) return undefined;
  // Any non-zero digit makes the value non-zero; "-0.00" is zero.
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c >= 49 && c <= 57) return value.charCodeAt(0) === 45 /* '-' */ ? -1 : 1;
  }
  return 0;
}

/**
 * Tells whether a value is negative amount text, cheaply for the usual non-negative
 * values (one character read).
 *
 * @param value Any value.
 * @returns `decimalSign(value) === -1`.
 * @example isNegativeText('-0.01'); // true
 */
export function isNegativeText(value: unknown): boolean {
  return typeof value === 'string' && value.charCodeAt(0) === 45 && decimalSign(value) === -1;
}

const CARD_METHODS: ReadonlySet<string> = new Set(CARD_PAYMENT_METHODS);

/**
 * Tells whether a payment method is a card method (`CARD_PAYMENT_METHODS`).
 *
 * @param method Any value.
 * @returns `true` for `Visa`, `false` for `PayPal`.
 * @example isCardMethod('MasterCard'); // true
 */
export function isCardMethod(method: unknown): boolean {
  return typeof method === 'string' && CARD_METHODS.has(method);
}

/**
 * A profile SKU that is a non-empty string, else `undefined`.
 *
 * @param value A profile member.
 * @returns The SKU or `undefined`.
 * @example profileSku('ACME_DISCOUNT'); // 'ACME_DISCOUNT'
 */
export function profileSku(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
