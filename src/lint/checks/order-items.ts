/**
 * Readers shared by the order business rules: items by sku, item amounts by type,
 * the sign of decimal text, blank members. Defensive: any value may arrive.
 */
import { AMOUNT_VALUE } from '../../spec/tables';
import { member, objectsOf } from '../read';

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
  if (typeof value !== 'string' || !AMOUNT_VALUE.test(value)) return undefined;
  // Any non-zero digit makes the value non-zero; "-0.00" is zero.
  if (!/[1-9]/.test(value)) return 0;
  return value.charCodeAt(0) === 45 /* '-' */ ? -1 : 1;
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
  for (const entry of objectsOf(member(item, 'amount'))) {
    if (member(entry.value, 'amountType') === amountType) return entry;
  }
  return undefined;
}
