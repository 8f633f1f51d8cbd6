import type { OrderRequest } from '../schema/order';
import { LIMITS, type OrderVersion } from '../schema/tables';
import { fail, optionalText, record } from './_lib/errors';
import { minorOf, unitPrices, type Pricing } from './_lib/money';
import {
  amount,
  contextOf,
  copyOrder,
  currencyOfOrder,
  renumber,
  skuOf,
  specialSkus,
  totalsOf,
  writeTotals,
  type Json,
  type OrderContext,
} from './_lib/payload';
import { checkTaxMembers, taxOfSpecial } from './_lib/special';

/**
 * An order-level discount.
 *
 * @example const discount: OrderDiscountInput = { discount: '5.00', taxFactor: '1.19', taxLevel: 'HIGH' };
 */
export interface OrderDiscountInput {
  /** The discount, positive decimal text in the order currency: net, or gross under `grosspricing`. */
  discount: string;
  /** VAT factor such as `"1.19"`; default: the factor shared by all regular items. */
  taxFactor?: string | undefined;
  /** Tax level; default: the level shared by the regular items of that factor (required otherwise). */
  taxLevel?: string | undefined;
  /** Whether `discount` is net or gross; default: the pricing of the regular items. */
  pricing?: Pricing | undefined;
  /** Description in the customer's language, max 40; default `Discount`. */
  localizedDescription?: string | undefined;
}

/**
 * Adds an order discount (spec rule 5, FMS) as an item with the operator's fixed SKU
 * (`profile.orderDiscountSku`) and NEGATIVE netprice and grossprice, quantity 1 EA,
 * taxLevel, taxFactor, pricing and localizedDescription like any other item, appended
 * after the other items. A zero discount adds nothing. Order totals are recomputed;
 * the discount may not make totalGross negative. Without `taxFactor` it takes the factor
 * all regular items share; without `taxLevel`, the level shared by the regular items of
 * its factor (with items at 19 % and 7 %, a 7 % discount takes the level of the 7 % items).
 *
 * @param payload An order payload (not modified).
 * @param discount The discount and its tax treatment.
 * @param context The order version and the client profile (with `orderDiscountSku`).
 * @returns A new payload.
 * @throws {TypeError} When a member is missing or of the wrong type, the profile has no
 *   `orderDiscountSku`, the items share no tax factor and none is given, or the regular
 *   items of the factor carry no single tax level and none is given.
 * @throws {RangeError} When the discount is negative, malformed, or above the order total.
 * @example
 * // fmsProfile: { client: 'ACME', clientCode: 'ACME', fms: true, orderDiscountSku: 'ACME_DISCOUNT' }
 * const discounted = addOrderDiscount(payload, { discount: '5.00', taxFactor: '1.19', taxLevel: 'HIGH' }, { version: '1.1', profile: fmsProfile });
 * // appends { itemId: '3', sku: 'ACME_DISCOUNT', quantity: { uom: 'EA', value: '1' },
 * //   amount: [netprice '-5.00', grossprice '-5.95'], taxLevel: 'HIGH', taxFactor: '1.19',
 * //   pricing: 'netpricing', localizedDescription: 'Discount' }
 */
export function addOrderDiscount<V extends OrderVersion>(
  payload: OrderRequest<V>,
  discount: OrderDiscountInput,
  context: OrderContext<V>,
): OrderRequest<V> {
  const { version, profile } = contextOf(context);
  const { copy, body, items } = copyOrder(payload);
  const input = record(discount, 'discount');
  if (profile.orderDiscountSku === undefined) fail('context.profile.orderDiscountSku', 'is required: the operator supplies the order-discount SKU', TypeError);
  const sku = skuOf(profile.orderDiscountSku, 'context.profile.orderDiscountSku', version);
  const currency = currencyOfOrder(body);
  const off = minorOf(input.discount, 'discount.discount', currency);
  const description =
    optionalText(input.localizedDescription, 'discount.localizedDescription', { max: LIMITS.localizedDescription }) ?? 'Discount';
  // A zero discount adds nothing, so it needs no tax treatment (a mixed-rate cart need not name one).
  if (off === 0n) {
    checkTaxMembers(input, 'discount');
    return copy as OrderRequest<V>;
  }
  const tax = taxOfSpecial(input, 'discount', items, specialSkus(profile));
  if (tax.taxLevel === undefined) fail('discount.taxLevel', 'is required when the items of that tax factor do not share one tax level', TypeError);
  const { net, gross } = unitPrices(-off, tax.factor, tax.pricing);
  if (gross > -1n || net > -1n) fail('discount.discount', 'is too small to give a negative net and gross price at this tax factor');
  if (totalsOf(items, currency).gross + gross < 0n) fail('discount.discount', 'must not exceed the order total');
  const item: Json = {
    itemId: '',
    sku,
    quantity: { uom: 'EA', value: '1' },
    amount: [amount('netprice', net, currency), amount('grossprice', gross, currency)],
    taxLevel: tax.taxLevel,
    taxFactor: tax.factor.text,
    pricing: tax.pricing,
    localizedDescription: description,
  };
  body.item = renumber([...items, item]);
  writeTotals(body, currency);
  return copy as OrderRequest<V>;
}
