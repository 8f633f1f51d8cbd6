import type { OrderRequest } from '../schema/order';
import type { OrderVersion } from '../schema/tables';
import { fail, flag, isRecord, record } from './_lib/errors';
import { amount, copyOrder, currencyOfOrder, itemPrices, writeTotals, type Json } from './_lib/payload';

/** EU member states (ISO 3166-1 alpha-2); a ShipTo elsewhere is an export. */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

/** Options of {@link markExport}. */
export interface ExportOptions {
  /**
   * A free-of-charge or fulfilment-only order: every item's grossprice becomes zero
   * while its netprice stays (the value printed on customs/commercial invoices), and
   * order totals become zero (nothing is charged).
   */
  zeroGross?: boolean;
}

/**
 * Prepares an export outside the EU (spec rule 10): checks that the ShipTo country is
 * outside the EU and that every item carries a netprice (printed on customs and
 * commercial invoices); with `zeroGross` sets every grossprice to zero, as free-of-charge
 * and fulfilment-only orders may. Order totals count a zero-gross item as free of charge.
 *
 * @param payload An order payload (not modified).
 * @param options `zeroGross` for free-of-charge and fulfilment-only orders.
 * @returns A new payload.
 * @throws {TypeError} When the payload is not an order payload or an item lacks a netprice.
 * @throws {RangeError} When the ShipTo country is in the EU, or `zeroGross` meets an
 *   item with a negative price (an order discount has nothing to reduce in a free order).
 * @example
 * // a free-of-charge replacement shipped to Switzerland (ShipTo countryISO2 'CH')
 * const exported = markExport(payload, { zeroGross: true });
 * // every item: netprice kept (the customs value), grossprice '0.00'; order totals '0.00'
 */
export function markExport<V extends OrderVersion>(payload: OrderRequest<V>, options: ExportOptions = {}): OrderRequest<V> {
  const zeroGross = flag(record(options, 'options').zeroGross, 'options.zeroGross');
  const { copy, body, items } = copyOrder(payload);
  const partners: unknown[] = Array.isArray(body.partner) ? body.partner : [];
  const shipTo = partners.find((p) => isRecord(p) && p.partnerType === 'ShipTo') as Json | undefined;
  const country = isRecord(shipTo?.addressData) ? shipTo.addressData.countryISO2 : undefined;
  if (typeof country !== 'string') fail('payload.clientRequest.partner', 'has no ShipTo partner with a countryISO2', TypeError);
  if (EU_COUNTRIES.includes(country)) fail('payload.clientRequest.partner ShipTo countryISO2', 'is an EU member state: the order is not an export');
  const currency = currencyOfOrder(body);
  items.forEach((item, index) => {
    const { net } = itemPrices(item, index, currency);
    if (!zeroGross) return;
    if (net < 0n) fail(`payload.clientRequest.item[${index}]`, 'has a negative price, which a free-of-charge order cannot carry');
    const rest = (item.amount as Json[]).filter((a) => a?.amountType !== 'grossprice');
    item.amount = [...rest, amount('grossprice', 0n, currency)];
  });
  if (zeroGross) writeTotals(body, currency);
  return copy as OrderRequest<V>;
}
