import type { OrderRequest } from '../schema/order';
import { LIMITS, type OrderVersion } from '../schema/tables';
import { fail, record, requiredText } from './_lib/errors';
import { minorOf, unitPrices } from './_lib/money';
import {
  amount,
  contextOf,
  copyOrder,
  currencyOfOrder,
  itemTax,
  renumber,
  skuOf,
  specialSkus,
  writeTotals,
  type Json,
  type OrderContext,
} from './_lib/payload';

/**
 * A WEEE fee on a product.
 *
 * @example const weee: WeeeFeeInput = { sku: 'KETTLE-1', fee: '0.50' };
 */
export interface WeeeFeeInput {
  /** The part number (sku) of the product the fee applies to. */
  sku: string;
  /** The fee for ONE unit, decimal text: net, or gross when the product's pricing is `grosspricing`. */
  fee: string;
}

/**
 * Adds a WEEE fee item (spec rule 6, FMS) after every item of the product: the
 * operator's WEEE SKU (`profile.weeeSku`, shared by all WEEE items), the product's
 * quantity, uom, taxLevel, taxFactor and pricing, and a localizedDescription that is the
 * product's part number (the WEEE items differ only in it). itemIds are renumbered and
 * order totals recomputed. A zero fee adds nothing.
 *
 * @param payload An order payload (not modified).
 * @param weee The product's sku and the per-unit fee.
 * @param context The order version and the client profile (with `weeeSku`).
 * @returns A new payload.
 * @throws {TypeError} When a member is missing or of the wrong type, the profile has no
 *   `weeeSku`, or the product has no taxFactor.
 * @throws {RangeError} When no regular item has that sku, the product already has a
 *   WEEE item, or the fee is negative or malformed.
 * @example
 * // payload: an order with a TV-55-OLED line; fmsProfile: { client: 'ACME', clientCode: 'ACME', fms: true, weeeSku: 'ACME_WEEE' }
 * const withFee = addWeeeFee(payload, { sku: 'TV-55-OLED', fee: '3.50' }, { version: '1.1', profile: fmsProfile });
 * // inserted right after the TV (taxFactor 1.19): { sku: 'ACME_WEEE', quantity: <the TV's>,
 * //   amount: [netprice '3.50', grossprice '4.17'], taxFactor: '1.19', pricing: 'netpricing',
 * //   localizedDescription: 'TV-55-OLED' }
 */
export function addWeeeFee<V extends OrderVersion>(payload: OrderRequest<V>, weee: WeeeFeeInput, context: OrderContext<V>): OrderRequest<V> {
  const { version, profile } = contextOf(context);
  const { copy, body, items } = copyOrder(payload);
  const input = record(weee, 'weee');
  if (profile.weeeSku === undefined) fail('context.profile.weeeSku', 'is required: the operator supplies the WEEE SKU', TypeError);
  const weeeSku = skuOf(profile.weeeSku, 'context.profile.weeeSku', version);
  const sku = requiredText(input.sku, 'weee.sku', { max: LIMITS.orderSku });
  if (specialSkus(profile).has(sku)) fail('weee.sku', "names an operator item, which takes no WEEE fee");
  const currency = currencyOfOrder(body);
  const fee = minorOf(input.fee, 'weee.fee', currency);
  const products = items.map((item, index) => ({ item, index })).filter(({ item }) => item.sku === sku);
  if (products.length === 0) fail('weee.sku', 'names no item of the order');
  if (items.some((item) => item.sku === weeeSku && item.localizedDescription === sku)) fail('weee.sku', 'already has a WEEE fee item');
  if (fee === 0n) return copy as OrderRequest<V>;
  const out: Json[] = [];
  items.forEach((item, index) => {
    out.push(item);
    if (item.sku !== sku) return;
    const { factor, pricing, taxLevel } = itemTax(item, index);
    const { net, gross } = unitPrices(fee, factor, pricing);
    const feeItem: Json = { itemId: '', sku: weeeSku, quantity: { ...item.quantity }, amount: [amount('netprice', net, currency), amount('grossprice', gross, currency)] };
    if (taxLevel !== undefined) feeItem.taxLevel = taxLevel;
    feeItem.taxFactor = factor.text;
    feeItem.pricing = pricing;
    feeItem.localizedDescription = sku;
    out.push(feeItem);
  });
  body.item = renumber(out);
  writeTotals(body, currency);
  return copy as OrderRequest<V>;
}
