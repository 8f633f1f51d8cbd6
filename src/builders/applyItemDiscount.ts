import type { OrderRequest } from '../schema/order';
import type { OrderVersion } from '../schema/tables';
import { fail, record, requiredText } from './_lib/errors';
import { minorOf, unitPrices } from './_lib/money';
import {
  amount,
  contextOf,
  copyOrder,
  currencyOfOrder,
  itemPrices,
  itemTax,
  specialSkus,
  totalsOf,
  writeTotals,
  type Json,
  type OrderContext,
} from './_lib/payload';

/**
 * A discount on one item.
 *
 * @example const discount: ItemDiscountInput = { itemId: '1', discount: '2.00' }; // 2.00 off each unit of item 1
 */
export interface ItemDiscountInput {
  /** The itemId of the discounted item (`"1"`, `"2"`, ...). */
  itemId: string;
  /**
   * Discount on ONE unit, decimal text in the order currency: net for a `netpricing`
   * item, gross for a `grosspricing` item.
   */
  discount: string;
}

/**
 * Applies an item discount (spec rule 4, FMS): the item's price becomes the discounted
 * price, original price minus discount. The price in the item's pricing basis is
 * reduced and the other one recomputed with the item's taxFactor (half away from zero),
 * so the item stays consistent; order totals are recomputed. A zero discount changes
 * nothing. The price never drops below zero (negative prices belong to the order
 * discount item only), nor does the order's totalGross (an order discount item may
 * already take off part of it). An item without a grossprice is priced at its net, as the
 * totals read it: the discount comes off its netprice and no grossprice is added. A
 * zero-gross item (free of charge, `markExport` with `zeroGross`)
 * takes no discount: there is no charge to reduce, and recomputing its gross would charge it.
 *
 * @param payload An order payload (not modified).
 * @param discount The item and the per-unit discount.
 * @param context The order version and the client profile.
 * @returns A new payload.
 * @throws {TypeError} When a member is missing or of the wrong type, or the item has no
 *   taxFactor or netprice.
 * @throws {RangeError} When no item has that itemId, the item is an operator item
 *   (shipping costs, order discount, WEEE) or free of charge (grossprice zero), or the
 *   discount is negative, above the price, or would take totalGross below zero.
 * @example
 * // payload: buildOrder's example; item 1 is 2 × netprice 10.00, grossprice 11.90 (1.19)
 * const discounted = applyItemDiscount(payload, { itemId: '1', discount: '1.50' }, { version: '1.1', profile });
 * // item 1: netprice '8.50', grossprice '10.12'; totalNet '21.20', totalGross '24.73'
 */
export function applyItemDiscount<V extends OrderVersion>(
  payload: OrderRequest<V>,
  discount: ItemDiscountInput,
  context: OrderContext<V>,
): OrderRequest<V> {
  const { profile } = contextOf(context);
  const { copy, body, items } = copyOrder(payload);
  const input = record(discount, 'discount');
  const itemId = requiredText(input.itemId, 'discount.itemId');
  const index = items.findIndex((item) => item.itemId === itemId);
  if (index < 0) fail('discount.itemId', 'names no item of the order');
  const item = items[index] as Json;
  if (specialSkus(profile).has(item.sku)) fail('discount.itemId', 'names an operator item (shipping costs, order discount or WEEE fee), which takes no item discount');
  const currency = currencyOfOrder(body);
  const off = minorOf(input.discount, 'discount.discount', currency);
  if (off === 0n) return copy as OrderRequest<V>;
  const { factor, pricing } = itemTax(item, index);
  const before = itemPrices(item, index, currency);
  if (before.gross === 0n) fail('discount.itemId', 'names a free-of-charge item (grossprice zero), which has no price to discount');
  // An item without a grossprice is priced at its net, as the totals read it (gross = net):
  // the discount comes off the net, and no grossprice is added (one from the tax factor would
  // charge tax the order did not, so a discount would raise the total).
  const hasGross = (item.amount as Json[]).some((a) => a?.amountType === 'grossprice');
  const price = (pricing === 'grosspricing' && hasGross ? before.gross : before.net) - off;
  if (price < 0n) fail('discount.discount', 'must not exceed the item price');
  const { net, gross } = hasGross ? unitPrices(price, factor, pricing) : { net: price, gross: price };
  item.amount = (item.amount as Json[]).map((a) => {
    if (a?.amountType === 'netprice') return amount('netprice', net, currency);
    if (a?.amountType === 'grossprice') return amount('grossprice', gross, currency);
    return a;
  });
  // An order discount may already be in the totals: the item discount may not take them below zero.
  if (totalsOf(items, currency).gross < 0n) fail('discount.discount', 'must not take the order total below zero (the order discount item already takes off part of it)');
  writeTotals(body, currency);
  return copy as OrderRequest<V>;
}
