/**
 * Readers shared by the order business rules: items by sku, item amounts by type,
 * the sign of decimal text, blank members. Defensive: any value may arrive.
 */
import { scanDecimal } from '../../schema/predicates';
import { CARD_PAYMENT_METHODS } from '../../schema/tables';
import { isObject, member, objectsOf } from '../read';

/** An object entry of an array, with its index. */
export interface Indexed {
  /** Index in the array. */
  readonly index: number;
  /** The entry. */
  readonly value: Record<string, unknown>;
}

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
 * @param method A payment method.
 * @returns `true` for `Visa`, `false` for `PayPal`.
 * @example isCardMethod('MasterCard'); // true
 */
export function isCardMethod(method: string): boolean {
  return CARD_METHODS.has(method);
}

/**
 * True when a member is absent, null or the empty string.
 *
 * @param value A member value as read with `member`.
 * @returns Whether the member gives nothing.
 * @example isBlank(''); // true
 */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === '';
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

/**
 * The item objects of an order body, with their indexes.
 *
 * @param body The `clientRequest` object.
 * @returns Items that are objects, in array order.
 * @example itemsOf(ctx.body).length;
 */
export function itemsOf(body: Record<string, unknown>): Indexed[] {
  return objectsOf(member(body, 'item'));
}

/**
 * The item objects whose sku equals `sku`.
 *
 * @param body The `clientRequest` object.
 * @param sku The SKU to find.
 * @returns Matching items, in array order.
 * @example itemsWithSku(ctx.body, 'ACME_SHIPCOSTS');
 */
export function itemsWithSku(body: Record<string, unknown>, sku: string): Indexed[] {
  return itemsOf(body).filter((entry) => member(entry.value, 'sku') === sku);
}

/**
 * The first amount object of an item with the given amountType.
 *
 * @param item An item object.
 * @param amountType The amountType to find (`netprice`, `grossprice`, ...).
 * @returns The amount and its index in `item.amount`, or `undefined`.
 * @example amountOfType(item, 'netprice')?.value.value;
 */
export function amountOfType(item: Record<string, unknown>, amountType: string): Indexed | undefined {
  const list = member(item, 'amount');
  const at = amountIndexOfType(list, amountType);
  return at < 0 ? undefined : { index: at, value: (list as Record<string, unknown>[])[at]! };
}

/**
 * Index of the first amount object of `amountType` in an item's amount array, without allocating.
 *
 * @param list The item's `amount` member (any value).
 * @param amountType The amountType to find.
 * @param trusted Read members directly (a trusted lint call, see views.ts).
 * @returns The index in `list`, or -1 (also when `list` is not an array).
 * @example amountIndexOfType(member(item, 'amount'), 'netprice');
 */
export function amountIndexOfType(list: unknown, amountType: string, trusted = false): number {
  if (!Array.isArray(list)) return -1;
  for (let i = 0; i < list.length; i++) {
    const el: unknown = list[i];
    // A direct read is the own member when the lint call is trusted (see views.ts).
    if (isObject(el) && (trusted ? el.amountType : member(el, 'amountType')) === amountType) return i;
  }
  return -1;
}
