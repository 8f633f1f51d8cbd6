import type { ClientProfile } from '../lint/types';
import type { OrderRequest } from '../schema/order';
import { LIMITS, type OrderVersion } from '../schema/tables';
import { fail, optionalText, record } from './_lib/errors';
import { minorOf, unitPrices, type Pricing } from './_lib/money';
import { amount, contextOf, copyOrder, currencyOfOrder, renumber, shippingSkuOf, specialSkus, writeTotals, type Json, type OrderContext } from './_lib/payload';
import { checkTaxMembers, taxOfSpecial } from './_lib/special';

/**
 * Shipping costs of an order.
 *
 * @example const shipping: ShippingCostsInput = { cost: '4.95', taxFactor: '1.19' };
 */
export interface ShippingCostsInput {
  /** The shipping cost, decimal text in the order currency: net, or gross under `grosspricing`. */
  cost: string;
  /** VAT factor such as `"1.19"`; default: the factor shared by all regular items. */
  taxFactor?: string | undefined;
  /** Tax level; default: the level shared by the regular items of that factor. */
  taxLevel?: string | undefined;
  /** Whether `cost` is net or gross; default: the pricing of the regular items. */
  pricing?: Pricing | undefined;
  /** Description in the customer's language, max 40. */
  localizedDescription?: string | undefined;
}

/**
 * Adds the shipping costs as a separate item with the operator's fixed SKU
 * (`profile.shippingCostSku`, else `<clientCode>_SHIPCOSTS`; spec rule 3): quantity
 * 1 EA, netprice and grossprice, appended after the other items. A zero cost adds
 * nothing ("omitted when no shipping costs apply"). Order totals are recomputed, and a
 * payment `authorized` amount that equalled the old totalGross follows the new one.
 *
 * @param payload An order payload (not modified).
 * @param shipping The cost and its tax treatment.
 * @param context The order version and the client profile.
 * @returns A new payload.
 * @throws {TypeError} When a member is missing or of the wrong type, or the payload is
 *   not an order payload.
 * @throws {RangeError} When the cost is negative or malformed, or the order already has
 *   a shipping-cost item (the spec allows one).
 * @example
 * // payload: buildOrder's example (MUG-RED at 1.19, TEA-GREEN at 1.07)
 * const withShipping = addShippingCosts(payload, { cost: '4.95', taxFactor: '1.19' }, { version: '1.1', profile });
 * withShipping.clientRequest.item[2];
 * // { itemId: '3', sku: 'ACME_SHIPCOSTS', quantity: { uom: 'EA', value: '1' },
 * //   amount: [netprice '4.95', grossprice '5.89'], taxFactor: '1.19', pricing: 'netpricing' }
 * // order amounts: totalNet '29.15', totalTax '5.03', totalGross '34.18'
 */
export function addShippingCosts<V extends OrderVersion>(
  payload: OrderRequest<V>,
  shipping: ShippingCostsInput,
  context: OrderContext<V>,
): OrderRequest<V> {
  const { version, profile } = contextOf(context);
  const { copy, body, items } = copyOrder(payload);
  const input = record(shipping, 'shipping');
  const sku = shippingSkuOf(profile as ClientProfile, version);
  if (items.some((item) => item.sku === sku)) fail('payload', 'already has a shipping-cost item (the spec allows one per order)');
  const currency = currencyOfOrder(body);
  const cost = minorOf(input.cost, 'shipping.cost', currency);
  const description = optionalText(input.localizedDescription, 'shipping.localizedDescription', { max: LIMITS.localizedDescription });
  // A zero cost adds nothing, so it needs no tax treatment (a mixed-rate cart need not name one).
  if (cost === 0n) {
    checkTaxMembers(input, 'shipping');
    return copy as OrderRequest<V>;
  }
  const tax = taxOfSpecial(input, 'shipping', items, specialSkus(profile));
  const { net, gross } = unitPrices(cost, tax.factor, tax.pricing);
  const item: Json = { itemId: '', sku, quantity: { uom: 'EA', value: '1' }, amount: [amount('netprice', net, currency), amount('grossprice', gross, currency)] };
  if (tax.taxLevel !== undefined) item.taxLevel = tax.taxLevel;
  item.taxFactor = tax.factor.text;
  item.pricing = tax.pricing;
  if (description !== undefined) item.localizedDescription = description;
  body.item = renumber([...items, item]);
  writeTotals(body, currency);
  return copy as OrderRequest<V>;
}
