/**
 * Every @example of the builders' JSDoc (repeated in the README), run as written.
 */
import { describe, expect, it } from 'vitest';
import {
  addFiscalCode,
  addOrderDiscount,
  addShippingCosts,
  addWeeeFee,
  applyItemDiscount,
  buildOrder,
  buildPayment,
  buildReturnRequest,
  formatOrderDateTime,
  formatReturnDateTime,
  markExport,
  markPaymentReview,
  recalculateOrderTotals,
  setInvoiceLocale,
  splitAddressLines,
  type OrderInput,
} from '../../src/builders/index';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { ClientProfile } from '../../src/lint/types';

const profile: ClientProfile = { client: 'ACME', clientCode: 'ACME' };
const fmsProfile: ClientProfile = { client: 'ACME', clientCode: 'ACME', fms: true, orderDiscountSku: 'ACME_DISCOUNT', weeeSku: 'ACME_WEEE' };

/** buildOrder's example input. */
const example = (p: ClientProfile = profile): OrderInput<'1.1'> => ({
  version: '1.1',
  profile: p,
  externalMessageReference: 'WEB-10001',
  currency: 'EUR',
  shipServiceLevel: 'STD',
  billTo: {
    firstName: 'Jane', lastName: 'Doe', phone: '+49 30 1234567', email: 'jane.doe@example.com',
    locale: 'de-DE', address: 'Hauptstrasse 1', postalCode: '10115', city: 'Berlin', country: 'DE',
  },
  lines: [
    { sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' },
    { sku: 'TEA-GREEN', quantity: 1, unitPrice: '4.20', taxFactor: '1.07' },
  ],
});
const total = (payload: { clientRequest: { order: { amount?: { amountType: string; value: string }[] } } }) =>
  Object.fromEntries((payload.clientRequest.order.amount ?? []).map((a) => [a.amountType, a.value]));

describe('JSDoc examples', () => {
  it('buildOrder', () => {
    const payload = buildOrder(example());
    expect(payload.clientRequest.order.amount).toEqual([
      { currencyISO3: 'EUR', amountType: 'totalNet', value: '24.20' },
      { currencyISO3: 'EUR', amountType: 'totalTax', value: '4.09' },
      { currencyISO3: 'EUR', amountType: 'totalGross', value: '28.29' },
    ]);
  });

  it('the README: cart → buildOrder → addShippingCosts → lintOrder clean', () => {
    const payload = buildOrder(example());
    const withShipping = addShippingCosts(payload, { cost: '4.95', taxFactor: '1.19' }, { version: '1.1', profile });
    expect(withShipping.clientRequest.item[2]).toEqual({
      itemId: '3',
      sku: 'ACME_SHIPCOSTS',
      quantity: { uom: 'EA', value: '1' },
      amount: [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '4.95' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '5.89' },
      ],
      taxFactor: '1.19',
      pricing: 'netpricing',
    });
    expect(total(withShipping)).toEqual({ totalNet: '29.15', totalTax: '5.03', totalGross: '34.18' });
    expect(lintOrder(withShipping, { version: '1.1', profile })).toEqual([]);
  });

  it('applyItemDiscount', () => {
    const discounted = applyItemDiscount(buildOrder(example()), { itemId: '1', discount: '1.50' }, { version: '1.1', profile });
    expect(discounted.clientRequest.item[0]!.amount!.map((a) => a.value)).toEqual(['8.50', '10.12']);
    expect(total(discounted)).toMatchObject({ totalNet: '21.20', totalGross: '24.73' });
  });

  it('addOrderDiscount', () => {
    const payload = buildOrder(example(fmsProfile));
    const discounted = addOrderDiscount(payload, { discount: '5.00', taxFactor: '1.19', taxLevel: 'HIGH' }, { version: '1.1', profile: fmsProfile });
    expect(discounted.clientRequest.item[2]).toEqual({
      itemId: '3',
      sku: 'ACME_DISCOUNT',
      quantity: { uom: 'EA', value: '1' },
      amount: [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '-5.00' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '-5.95' },
      ],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'netpricing',
      localizedDescription: 'Discount',
    });
    expect(lintOrder(discounted, { version: '1.1', profile: fmsProfile })).toEqual([]);
  });

  it('addWeeeFee', () => {
    const payload = buildOrder({ ...example(fmsProfile), lines: [{ sku: 'TV-55-OLED', quantity: 1, unitPrice: '899.00', taxFactor: '1.19' }, ...example().lines] });
    const withFee = addWeeeFee(payload, { sku: 'TV-55-OLED', fee: '3.50' }, { version: '1.1', profile: fmsProfile });
    expect(withFee.clientRequest.item[1]).toMatchObject({
      sku: 'ACME_WEEE',
      quantity: { uom: 'EA', value: '1' },
      taxFactor: '1.19',
      pricing: 'netpricing',
      localizedDescription: 'TV-55-OLED',
    });
    expect(withFee.clientRequest.item[1]!.amount!.map((a) => a.value)).toEqual(['3.50', '4.17']);
    expect(lintOrder(withFee, { version: '1.1', profile: fmsProfile })).toEqual([]);
  });

  it('addFiscalCode, markPaymentReview, setInvoiceLocale', () => {
    const payload = buildOrder(example(fmsProfile));
    expect(addFiscalCode(payload, 'RSSMRA85T10A562S').clientRequest.order.dynamicField).toEqual([{ name: 'FISCAL_CODE', value: 'RSSMRA85T10A562S' }]);
    expect(markPaymentReview(payload).clientRequest.order.dynamicField).toEqual([
      { name: 'PROCESSAUTHSTATUS', value: 'Review' },
      { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' },
    ]);
    expect(setInvoiceLocale(payload, 'it-IT').clientRequest.partner[0]!.personData.locale).toBe('it-IT');
  });

  it('markExport', () => {
    const input = example();
    const payload = buildOrder({ ...input, shipTo: { ...input.billTo, country: 'CH', postalCode: '8001', city: 'Zürich' } });
    const exported = markExport(payload, { zeroGross: true }, { version: '1.1', profile });
    expect(exported.clientRequest.item.map((i) => i.amount!.map((a) => a.value))).toEqual([
      ['10.00', '0.00'],
      ['4.20', '0.00'],
    ]);
    expect(total(exported)).toEqual({ totalNet: '0.00', totalTax: '0.00', totalGross: '0.00' });
  });

  it('recalculateOrderTotals', () => {
    const payload = buildOrder(example());
    const edited = structuredClone(payload);
    edited.clientRequest.item[0]!.quantity.value = '3';
    const fixed = recalculateOrderTotals(edited);
    expect(total(fixed)).toEqual({ totalNet: '34.20', totalTax: '5.99', totalGross: '40.19' });
  });

  it('buildPayment', () => {
    expect(buildPayment({ method: 'PayPal', transactionID: 'PP-81-2291' }, { version: '1.1', profile, currency: 'EUR', amount: '119.00' })).toEqual({
      paymentMethod: 'PayPal',
      transactionID: 'PP-81-2291',
      amount: [{ currencyISO3: 'EUR', amountType: 'authorized', value: '119.00' }],
      status: 'paid',
    });
  });

  it('buildReturnRequest', () => {
    const payload = buildOrder(example());
    const rma = buildReturnRequest({
      order: payload,
      orderDate: '2026-03-01T10:00:00Z',
      profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] },
      externalMessageReference: 'RMA-20001',
      returnReason: 'damaged',
      clientReturnURL: 'https://shop.example/returns/done',
      items: [{ itemId: '1', quantity: 1 }],
    });
    expect(rma.item[0]!.dynamicField).toEqual([{ name: 'RMALinePrice', value: '11.90' }]);
    expect(rma.rma.dateTimeOrder).toBe('2026-03-01T10:00:00 +00.00');
    expect(lintReturn(rma, { profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] } })).toEqual([]);
  });

  it('splitAddressLines', () => {
    expect(splitAddressLines('Rue du Faubourg Saint-Honoré 208, Bâtiment B, 3e étage')).toEqual([
      { line: '1', value: 'Rue du Faubourg Saint-Honoré 208,' },
      { line: '2', value: 'Bâtiment B, 3e étage' },
    ]);
    expect(splitAddressLines(['Hauptstrasse 1', '3. OG'])).toEqual([
      { line: '1', value: 'Hauptstrasse 1' },
      { line: '2', value: '3. OG' },
    ]);
  });

  it('formatOrderDateTime and formatReturnDateTime', () => {
    const at = new Date('2026-03-01T12:30:00Z');
    expect(formatOrderDateTime(at, '1.1')).toBe('2026-03-01T12:30:00 +00.00');
    expect(formatOrderDateTime(at, '1.1', { offsetMinutes: 60 })).toBe('2026-03-01T13:30:00 +01.00');
    expect(formatOrderDateTime(at, '1.2')).toBe('2026-03-01T12:30:00Z');
    expect(formatReturnDateTime('2026-02-20T09:15:00Z')).toBe('2026-02-20T09:15:00 +00.00');
    expect(formatReturnDateTime('2026-02-20T10:15:00 +01.00')).toBe('2026-02-20T10:15:00 +01.00');
    expect(formatReturnDateTime(new Date('2026-02-20T09:15:00Z'), { offsetMinutes: -300 })).toBe('2026-02-20T04:15:00 -05.00');
  });
});
