import type { OrderRequest } from '../schema/order';
import type { OrderVersion } from '../schema/tables';
import { fail, flag, isAbsent, isRecord, record } from './_lib/errors';
import { amount, contextOf, copyOrder, currencyOfOrder, itemPrices, renumber, shippingSkuOf, writeTotals, type Json, type OrderContext } from './_lib/payload';

/**
 * EU member states (ISO 3166-1 alpha-2); a ShipTo elsewhere is an export.
 *
 * @example
 * EU_COUNTRIES.includes('AT'); // true
 * EU_COUNTRIES.includes('CH'); // false: markExport takes an order shipped to CH (to AT it throws a RangeError)
 */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/**
 * Options of {@link markExport}.
 *
 * @example
 * const options: ExportOptions = { zeroGross: true };
 * markExport(payload, options, { version: '1.1', profile }); // payload: an order shipped to Switzerland; every grossprice '0.00'
 */
export interface ExportOptions {
  /**
   * A free-of-charge or fulfilment-only order: every item's grossprice becomes zero
   * while its netprice stays (the value printed on customs/commercial invoices), and
   * order totals become zero (nothing is charged).
   */
  zeroGross?: boolean | undefined;
}

/**
 * Prepares an export outside the EU (spec rule 10): checks that the ShipTo country is
 * outside the EU and that every item carries a netprice (printed on customs and
 * commercial invoices); with `zeroGross` sets every grossprice to zero, as free-of-charge
 * and fulfilment-only orders may. Order totals count a zero-gross item as free of charge.
 * A shipping-cost item whose netprice is zero then has no price at all, so `zeroGross`
 * drops it (spec rule 3: omitted when no shipping costs apply) and renumbers the items;
 * telling it from a product takes the `context`, and without one such an item is refused.
 *
 * @param payload An order payload (not modified).
 * @param options `zeroGross` for free-of-charge and fulfilment-only orders.
 * @param context The order version (one the payload's type is of) and the client profile (names the shipping-cost SKU).
 * @returns A new payload, of the payload's type (its version).
 * @throws {TypeError} When the payload is not an order payload or an item lacks a netprice.
 * @throws {RangeError} When the ShipTo country is in the EU, or `zeroGross` meets an
 *   item with a negative price (an order discount has nothing to reduce in a free order)
 *   or, without `context`, an item whose netprice is zero and grossprice is not.
 * @example
 * // a free-of-charge replacement shipped to Switzerland (ShipTo countryISO2 'CH')
 * const exported = markExport(payload, { zeroGross: true }, { version: '1.1', profile });
 * // every item: netprice kept (the customs value), grossprice '0.00'; order totals '0.00'
 */
export function markExport<P extends OrderRequest<OrderVersion>>(
  payload: P,
  options: ExportOptions = {},
  context?: OrderContext<{ [V in OrderVersion]: P extends OrderRequest<V> ? V : never }[OrderVersion]> | undefined,
): P {
  const zeroGross = flag(isAbsent(options) ? undefined : record(options, 'options').zeroGross, 'options.zeroGross');
  const known = isAbsent(context) ? undefined : contextOf(context);
  // A profile without clientCode and shippingCostSku names no shipping-cost item.
  const shippingSku = known && (known.profile.shippingCostSku ?? known.profile.clientCode) !== undefined ? shippingSkuOf(known.profile, known.version) : undefined;
  const { copy, body, items } = copyOrder(payload);
  const partners: unknown[] = Array.isArray(body.partner) ? body.partner : [];
  const shipTo = partners.find((p) => isRecord(p) && p.partnerType === 'ShipTo') as Json | undefined;
  const country = isRecord(shipTo?.addressData) ? shipTo.addressData.countryISO2 : undefined;
  if (typeof country !== 'string') fail('payload.clientRequest.partner', 'has no ShipTo partner with a countryISO2', TypeError);
  if (EU_COUNTRIES.includes(country)) fail('payload.clientRequest.partner ShipTo countryISO2', 'is an EU member state: the order is not an export');
  const currency = currencyOfOrder(body);
  const kept = items.filter((item, index) => {
    const { net, gross } = itemPrices(item, index, currency);
    if (!zeroGross) return true;
    const field = `payload.clientRequest.item[${index}]`;
    if (net < 0n) fail(field, 'has a negative price, which a free-of-charge order cannot carry');
    if (net === 0n && shippingSku !== undefined && item.sku === shippingSku) return false;
    if (net === 0n && gross !== 0n && known === undefined) {
      fail(field, 'has a zero netprice, so zeroGross leaves it no price: give markExport the context to tell a shipping-cost item (dropped, spec rule 3) from a product');
    }
    const rest = (item.amount as Json[]).filter((a) => a?.amountType !== 'grossprice');
    item.amount = [...rest, amount('grossprice', 0n, currency)];
    return true;
  });
  if (kept.length < items.length) body.item = renumber(kept);
  if (zeroGross) writeTotals(body, currency);
  return copy as P;
}
