import { describe, expect, it } from 'vitest';
import {
  addFiscalCode,
  addOrderDiscount,
  addShippingCosts,
  addWeeeFee,
  applyItemDiscount,
  buildOrder,
  markExport,
  markPaymentReview,
  recalculateOrderTotals,
  setInvoiceLocale,
} from '../../src/builders/index';
import { lintOrder } from '../../src/lint/engine';
import type { ClientProfile } from '../../src/lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { change } from '../fixtures';
import { FMS_PROFILE, JANE, PROFILE, amounts, cartInput, deepFreeze } from './_inputs';

const fms = { version: '1.1' as const, profile: FMS_PROFILE };
const plain = { version: '1.1' as const, profile: PROFILE };
const card = { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: '2026-03-08' };
const order = (profile = FMS_PROFILE) => deepFreeze(buildOrder(cartInput('1.1', { profile, payment: { method: 'Visa', card } })));
const clean = (payload: unknown, context: { version: OrderVersion; profile: ClientProfile } = fms) => expect(lintOrder(payload, context)).toEqual([]);

describe('addShippingCosts', () => {
  it('appends one item with the operator SKU, quantity 1 EA, net and gross, and recomputes totals', () => {
    const out = addShippingCosts(order(), { cost: '4.95', taxFactor: '1.19', taxLevel: 'HIGH' }, fms);
    const item = out.clientRequest.item[2]!;
    expect(item).toEqual({
      itemId: '3',
      sku: 'ACME_SHIPCOSTS',
      quantity: { uom: 'EA', value: '1' },
      amount: [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '4.95' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '5.89' },
      ],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'netpricing',
    });
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '29.15', totalTax: '5.03', totalGross: '34.18' });
    // The payment authorized the order total, so it follows it.
    expect(amounts(out.clientRequest.payment!)).toEqual({ authorized: '34.18' });
    clean(out);
  });

  it('takes the shared tax factor of the items by default and a profile SKU', () => {
    const payload = buildOrder(cartInput('1.2', { lines: [{ sku: 'A', quantity: 1, unitPrice: '10', taxFactor: '1.2', taxLevel: 'HIGH', pricing: 'grosspricing' }] }));
    const profile = { ...PROFILE, shippingCostSku: 'SHIP.STD' };
    const out = addShippingCosts(payload, { cost: '6.00', localizedDescription: 'Versand' }, { version: '1.2', profile });
    expect(out.clientRequest.item[1]).toMatchObject({ sku: 'SHIP.STD', taxLevel: 'HIGH', taxFactor: '1.2', pricing: 'grosspricing', localizedDescription: 'Versand' });
    expect(amounts(out.clientRequest.item[1]!)).toEqual({ netprice: '5.00', grossprice: '6.00' });
    clean(out, { version: '1.2', profile });
  });

  it('adds nothing when there are no shipping costs', () => {
    const before = order();
    const out = addShippingCosts(before, { cost: '0.00', taxFactor: '1.19' }, fms);
    expect(out).toEqual(before);
    expect(out).not.toBe(before);
    // Free shipping needs no tax treatment, even where the items share no tax factor; what is given is still checked.
    expect(addShippingCosts(before, { cost: '0.00' }, fms)).toEqual(before);
    expect(() => addShippingCosts(before, { cost: '1' }, fms)).toThrow(/^shipping\.taxFactor is required/);
    expect(() => addShippingCosts(before, { cost: '0', taxFactor: 'x' }, fms)).toThrow(/^shipping\.taxFactor /);
    expect(() => addShippingCosts(before, { cost: '0', pricing: 'gross' as never }, fms)).toThrow(/^shipping\.pricing /);
    expect(addOrderDiscount(before, { discount: '0.00' }, fms)).toEqual(before);
    expect(() => addOrderDiscount(before, { discount: '0.00', taxLevel: 'x'.repeat(31) }, fms)).toThrow(/^discount\.taxLevel /);
  });

  it('refuses a second shipping item, a factor it cannot derive, bad costs and bad SKUs', () => {
    const once = addShippingCosts(order(), { cost: '1', taxFactor: '1.19' }, fms);
    expect(() => addShippingCosts(once, { cost: '1', taxFactor: '1.19' }, fms)).toThrow(/^payload already has a shipping-cost item/);
    expect(() => addShippingCosts(order(), { cost: '1' }, fms)).toThrow(/^shipping\.taxFactor is required when the order items do not share one tax factor/);
    expect(() => addShippingCosts(order(), { cost: '-1', taxFactor: '1.19' }, fms)).toThrow(/^shipping\.cost must not be negative/);
    expect(() => addShippingCosts(order(), { cost: 4.95 as never, taxFactor: '1.19' }, fms)).toThrow(TypeError);
    const long = { ...PROFILE, clientCode: 'ACME_EUROPE_B2C' };
    expect(() => addShippingCosts(order(), { cost: '1', taxFactor: '1.19' }, { version: '1.1', profile: long })).toThrow(/^context\.profile\.clientCode .* must be at most 18/);
    expect(() => addShippingCosts({} as never, { cost: '1' }, fms)).toThrow(/^payload\.clientRequest must be an object/);
    expect(() => addShippingCosts(order(), { cost: '1' }, { version: '9' } as never)).toThrow(/^context\.version/);
  });
});

describe('applyItemDiscount', () => {
  it('lowers the price in the pricing basis and recomputes the other and the totals', () => {
    const out = applyItemDiscount(order(), { itemId: '1', discount: '1.50' }, fms);
    expect(amounts(out.clientRequest.item[0]!)).toEqual({ netprice: '8.50', grossprice: '10.12' });
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '21.20', totalTax: '3.53', totalGross: '24.73' });
    clean(out);
    const gross = buildOrder(cartInput('1.1', { pricing: 'grosspricing', lines: [{ sku: 'A', quantity: 2, unitPrice: '11.90', taxFactor: '1.19' }] }));
    const out2 = applyItemDiscount(gross, { itemId: '1', discount: '1.90' }, plain);
    expect(amounts(out2.clientRequest.item[0]!)).toEqual({ netprice: '8.40', grossprice: '10.00' });
    clean(out2, plain);
  });

  it('allows a price of zero, not below, and changes nothing for a zero discount', () => {
    const free = applyItemDiscount(order(), { itemId: '2', discount: '4.20' }, fms);
    expect(amounts(free.clientRequest.item[1]!)).toEqual({ netprice: '0.00', grossprice: '0.00' });
    clean(free);
    expect(() => applyItemDiscount(order(), { itemId: '2', discount: '4.21' }, fms)).toThrow(/^discount\.discount must not exceed the item price/);
    expect(applyItemDiscount(order(), { itemId: '2', discount: '0' }, fms)).toEqual(order());
  });

  it('refuses a discount that would take totalGross below zero after an order discount', () => {
    // totalGross 28.29; the order discount takes 20.00 of it, item 1 (2 x 11.90) cannot go to zero then.
    const discounted = addOrderDiscount(order(), { discount: '20.00', taxFactor: '1.19', taxLevel: 'HIGH' }, fms);
    expect(() => applyItemDiscount(discounted, { itemId: '1', discount: '10.00' }, fms)).toThrow(/^discount\.discount must not take the order total below zero/);
    // What keeps the total at zero or above is applied, and lints clean.
    const kept = applyItemDiscount(discounted, { itemId: '1', discount: '1.00' }, fms);
    expect(amounts(kept.clientRequest.order).totalGross).toMatch(/^\d/);
    clean(kept);
  });

  it('takes the discount off the net of an item without grossprice (priced at its net, as the totals read it), adding none', () => {
    const netOnly = recalculateOrderTotals(
      change(order(), { '/clientRequest/item/0/amount': [{ currencyISO3: 'EUR', amountType: 'netprice', value: '10.00' }] }),
    );
    const before = amounts(netOnly.clientRequest.order);
    const out = applyItemDiscount(netOnly, { itemId: '1', discount: '0.01' }, fms);
    expect(amounts(out.clientRequest.item[0]!)).toEqual({ netprice: '9.99' });
    // Two units, 0.01 off each: the total falls by 0.02 (it rose by 3.78 when a grossprice was added from the factor).
    expect(Number(before.totalGross!.replace('.', '')) - Number(amounts(out.clientRequest.order).totalGross!.replace('.', ''))).toBe(2);
    clean(out);
  });

  it('refuses unknown and operator items', () => {
    expect(() => applyItemDiscount(order(), { itemId: '9', discount: '1' }, fms)).toThrow(/^discount\.itemId names no item/);
    const shipped = addShippingCosts(order(), { cost: '5', taxFactor: '1.19' }, fms);
    expect(() => applyItemDiscount(shipped, { itemId: '3', discount: '1' }, fms)).toThrow(/operator item/);
  });
});

describe('addOrderDiscount', () => {
  it('appends an item with negative net and gross, uom EA, taxLevel, taxFactor, pricing and localizedDescription', () => {
    const out = addOrderDiscount(order(), { discount: '5.00', taxFactor: '1.19', taxLevel: 'HIGH' }, fms);
    expect(out.clientRequest.item[2]).toEqual({
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
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '19.20', totalTax: '3.14', totalGross: '22.34' });
    expect(amounts(out.clientRequest.payment!)).toEqual({ authorized: '22.34' });
    clean(out);
  });

  it('derives factor and level from items that share them', () => {
    const same = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, lines: [{ sku: 'A', quantity: 1, unitPrice: '50', taxFactor: '1.21', taxLevel: 'HIGH' }] }));
    const out = addOrderDiscount(same, { discount: '10', localizedDescription: 'Rabatt' }, fms);
    expect(out.clientRequest.item[1]).toMatchObject({ taxFactor: '1.21', taxLevel: 'HIGH', localizedDescription: 'Rabatt' });
    clean(out);
  });

  it('refuses what would break the rule or the totals', () => {
    expect(() => addOrderDiscount(order(), { discount: '5' }, fms)).toThrow(/^discount\.taxFactor is required/);
    expect(() => addOrderDiscount(order(), { discount: '5', taxFactor: '1.10' }, fms)).toThrow(/^discount\.taxLevel is required/);
    expect(() => addOrderDiscount(order(), { discount: '30', taxFactor: '1.19', taxLevel: 'HIGH' }, fms)).toThrow(/^discount\.discount must not exceed the order total/);
    expect(() => addOrderDiscount(order(), { discount: '0.01', taxFactor: '1.19', taxLevel: 'HIGH', pricing: 'grosspricing' }, fms)).not.toThrow();
    expect(() => addOrderDiscount(order(), { discount: '0.01', taxFactor: '3', taxLevel: 'HIGH', pricing: 'grosspricing' }, fms)).toThrow(/too small/);
    expect(() => addOrderDiscount(order(PROFILE), { discount: '5', taxFactor: '1.19', taxLevel: 'HIGH' }, plain)).toThrow(/^context\.profile\.orderDiscountSku is required/);
    expect(addOrderDiscount(order(), { discount: '0', taxFactor: '1.19', taxLevel: 'HIGH' }, fms)).toEqual(order());
  });
});

describe('addOrderDiscount without taxLevel takes the level of the regular items of its factor', () => {
  const line = (sku: string, taxFactor: string, taxLevel?: string) => ({ sku, quantity: 1, unitPrice: '20.00', taxFactor, ...(taxLevel === undefined ? {} : { taxLevel }) });
  const mixed = (lines: ReturnType<typeof line>[]) => deepFreeze(buildOrder(cartInput('1.1', { profile: FMS_PROFILE, lines })));
  // order(): MUG-RED 1.19 HIGH, TEA-GREEN 1.07 LOW.
  it.each([
    ['1.19', 'HIGH'],
    ['1.190', 'HIGH'],
    ['1.07', 'LOW'],
  ])('items of two rates: factor %s gives level %s', (taxFactor, taxLevel) => {
    const out = addOrderDiscount(order(), { discount: '5.00', taxFactor }, fms);
    expect(out.clientRequest.item[2]).toMatchObject({ sku: 'ACME_DISCOUNT', taxFactor, taxLevel });
    clean(out);
  });

  it('ignores the operator items: a shipping item of the same rate with another level does not count', () => {
    const shipped = addShippingCosts(order(), { cost: '4.95', taxFactor: '1.19', taxLevel: 'SHIPPING' }, fms);
    const out = addOrderDiscount(shipped, { discount: '5.00', taxFactor: '1.19' }, fms);
    expect(out.clientRequest.item[3]).toMatchObject({ sku: 'ACME_DISCOUNT', taxLevel: 'HIGH' });
    clean(out);
  });

  it('addShippingCosts shares the default', () => {
    const out = addShippingCosts(order(), { cost: '4.95', taxFactor: '1.07' }, fms);
    expect(out.clientRequest.item[2]).toMatchObject({ sku: 'ACME_SHIPCOSTS', taxFactor: '1.07', taxLevel: 'LOW' });
    clean(out);
  });

  it.each([
    ['no regular item has the factor', order(), '1.10'],
    ['the items of the factor have two levels', mixed([line('A', '1.19', 'HIGH'), line('B', '1.19', 'STANDARD'), line('C', '1.07', 'LOW')]), '1.19'],
    ['an item of the factor has no level', mixed([line('A', '1.19', 'HIGH'), line('B', '1.19'), line('C', '1.07', 'LOW')]), '1.19'],
  ])('refuses only when no single level exists: %s', (_, payload, taxFactor) => {
    expect(() => addOrderDiscount(payload, { discount: '5.00', taxFactor }, fms)).toThrow(/^discount\.taxLevel is required when the items of that tax factor do not share one tax level/);
  });

  it('a rate whose items share a level works beside a rate whose items do not', () => {
    const payload = mixed([line('A', '1.19', 'HIGH'), line('B', '1.19', 'STANDARD'), line('C', '1.07', 'LOW')]);
    expect(addOrderDiscount(payload, { discount: '5.00', taxFactor: '1.07' }, fms).clientRequest.item[3]).toMatchObject({ taxFactor: '1.07', taxLevel: 'LOW' });
  });
});

describe('addWeeeFee', () => {
  it('inserts a WEEE item after the product, naming its part number, and renumbers', () => {
    const out = addWeeeFee(order(), { sku: 'MUG-RED', fee: '0.50' }, fms);
    const items = out.clientRequest.item;
    expect(items.map((i) => [i.itemId, i.sku])).toEqual([
      ['1', 'MUG-RED'],
      ['2', 'ACME_WEEE'],
      ['3', 'TEA-GREEN'],
    ]);
    expect(items[1]).toEqual({
      itemId: '2',
      sku: 'ACME_WEEE',
      quantity: { uom: 'EA', value: '2' },
      amount: [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '0.50' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '0.60' },
      ],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'netpricing',
      localizedDescription: 'MUG-RED',
    });
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '25.20', totalTax: '4.29', totalGross: '29.49' });
    clean(out);
  });

  it('gives every line of the product its own WEEE item; all WEEE items share the WEEE SKU', () => {
    const twice = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, lines: [{ sku: 'TV', quantity: 1, unitPrice: '500', taxFactor: '1.19' }, { sku: 'TV', quantity: 2, unitPrice: '450', taxFactor: '1.19' }, { sku: 'RADIO', quantity: 1, unitPrice: '50', taxFactor: '1.19' }] }));
    let out = addWeeeFee(twice, { sku: 'TV', fee: '3' }, fms);
    out = addWeeeFee(out, { sku: 'RADIO', fee: '1' }, fms);
    expect(out.clientRequest.item.map((i) => `${i.sku}:${i.localizedDescription ?? ''}:${i.quantity.value}`)).toEqual([
      'TV::1', 'ACME_WEEE:TV:1', 'TV::2', 'ACME_WEEE:TV:2', 'RADIO::1', 'ACME_WEEE:RADIO:1',
    ]);
    clean(out);
    expect(() => addWeeeFee(out, { sku: 'TV', fee: '3' }, fms)).toThrow(/^weee\.sku already has a WEEE fee item/);
  });

  it('refuses unknown products, operator items and profiles without a WEEE SKU', () => {
    expect(() => addWeeeFee(order(), { sku: 'NOPE', fee: '1' }, fms)).toThrow(/^weee\.sku names no item/);
    expect(() => addWeeeFee(order(), { sku: 'ACME_WEEE', fee: '1' }, fms)).toThrow(/operator item/);
    expect(() => addWeeeFee(order(PROFILE), { sku: 'MUG-RED', fee: '1' }, plain)).toThrow(/^context\.profile\.weeeSku is required/);
    expect(addWeeeFee(order(), { sku: 'MUG-RED', fee: '0' }, fms)).toEqual(order());
  });
});

describe('order-level fields', () => {
  it('addFiscalCode sets FISCAL_CODE once', () => {
    const italian = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, billTo: { ...JANE, country: 'IT' }, fiscalCode: 'OLD' }));
    const out = addFiscalCode(deepFreeze(italian), 'RSSMRA85T10A562S');
    expect(out.clientRequest.order.dynamicField).toEqual([{ name: 'FISCAL_CODE', value: 'RSSMRA85T10A562S' }]);
    clean(out);
    expect(() => addFiscalCode(italian, '')).toThrow(/^fiscalCode must not be empty/);
  });

  it('markPaymentReview sets both review fields, idempotently', () => {
    const out = markPaymentReview(markPaymentReview(order()));
    expect(out.clientRequest.order.dynamicField).toEqual([
      { name: 'PROCESSAUTHSTATUS', value: 'Review' },
      { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' },
    ]);
    clean(out);
  });

  it('setInvoiceLocale sets the BillTo locale', () => {
    const noLocale = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, billTo: { ...JANE, locale: undefined } }));
    expect(lintOrder(noLocale, fms).map((p) => p.rule)).toEqual(['invoice-locale']);
    const out = setInvoiceLocale(deepFreeze(noLocale), 'it-IT');
    expect(out.clientRequest.partner[0]!.personData.locale).toBe('it-IT');
    expect(out.clientRequest.partner[1]!.personData.locale).toBeUndefined();
    clean(out);
    expect(() => setInvoiceLocale(noLocale, 'it_IT')).toThrow(/^locale must be a locale ll-CC/);
  });
});

describe('markExport', () => {
  const swiss = () => deepFreeze(buildOrder(cartInput('1.1', { shipTo: { ...JANE, country: 'CH', postalCode: '8001', city: 'Zürich' }, payment: { method: 'FreeOfCharge' } })));

  it('keeps the netprice and, for free-of-charge orders, zeroes the gross and the totals', () => {
    expect(markExport(swiss())).toEqual(swiss());
    const out = markExport(swiss(), { zeroGross: true });
    expect(out.clientRequest.item.map(amounts)).toEqual([
      { netprice: '10.00', grossprice: '0.00' },
      { netprice: '4.20', grossprice: '0.00' },
    ]);
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '0.00', totalTax: '0.00', totalGross: '0.00' });
    expect(amounts(out.clientRequest.payment!)).toEqual({ authorized: '0.00' });
    clean(out, plain);
  });

  it('refuses orders shipped inside the EU and discounts in free orders', () => {
    expect(() => markExport(order())).toThrow(/is an EU member state/);
    const discounted = addOrderDiscount(buildOrder(cartInput('1.1', { profile: FMS_PROFILE, shipTo: { ...JANE, country: 'NO' } })), { discount: '1', taxFactor: '1.19', taxLevel: 'HIGH' }, fms);
    expect(markExport(discounted).clientRequest.item).toHaveLength(3);
    expect(() => markExport(discounted, { zeroGross: true })).toThrow(/negative price/);
  });
});

describe('free of charge: markExport zeroGross and what follows it', () => {
  const swiss = () => deepFreeze(buildOrder(cartInput('1.1', { shipTo: { ...JANE, country: 'CH' }, payment: { method: 'FreeOfCharge' } })));
  // A gross-priced 0.01 at factor 3 has a net of 0.00: a shipping cost that lints clean, until its gross is zeroed.
  const tinyShipping = () => addShippingCosts(swiss(), { cost: '0.01', taxFactor: '3', pricing: 'grosspricing' }, plain);

  it('drops a shipping-cost item left without any price (rule 3), and renumbers the items', () => {
    expect(amounts(tinyShipping().clientRequest.item[2]!)).toEqual({ netprice: '0.00', grossprice: '0.01' });
    const out = markExport(tinyShipping(), { zeroGross: true }, plain);
    expect(out.clientRequest.item.map((i) => [i.itemId, i.sku])).toEqual([
      ['1', 'MUG-RED'],
      ['2', 'TEA-GREEN'],
    ]);
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '0.00', totalTax: '0.00', totalGross: '0.00' });
    clean(out, plain);
  });

  it('keeps a shipping-cost item that has a netprice (the customs value), and a product whatever its price', () => {
    const shipped = addShippingCosts(swiss(), { cost: '4.95', taxFactor: '1.19' }, plain);
    const out = markExport(shipped, { zeroGross: true }, plain);
    expect(amounts(out.clientRequest.item[2]!)).toEqual({ netprice: '4.95', grossprice: '0.00' });
    clean(out, plain);
    const tinyProduct = buildOrder(cartInput('1.1', { shipTo: { ...JANE, country: 'CH' }, lines: [{ sku: 'PIN', quantity: 1, unitPrice: '0.01', taxFactor: '3', pricing: 'grosspricing' }] }));
    const free = markExport(tinyProduct, { zeroGross: true }, plain);
    expect(free.clientRequest.item.map(amounts)).toEqual([{ netprice: '0.00', grossprice: '0.00' }]);
    clean(free, plain);
  });

  it('without the context, refuses an item it would leave without any price, naming the item', () => {
    expect(() => markExport(tinyShipping(), { zeroGross: true })).toThrow(RangeError);
    expect(() => markExport(tinyShipping(), { zeroGross: true })).toThrow(/^payload\.clientRequest\.item\[2\] has a zero netprice/);
    expect(markExport(tinyShipping()).clientRequest.item).toHaveLength(3);
  });

  it('applyItemDiscount refuses a zero-gross item instead of charging it again', () => {
    const free = markExport(swiss(), { zeroGross: true }, plain);
    expect(() => applyItemDiscount(free, { itemId: '1', discount: '1.00' }, plain)).toThrow(
      new RangeError('discount.itemId names a free-of-charge item (grossprice zero), which has no price to discount.'),
    );
    expect(applyItemDiscount(free, { itemId: '1', discount: '0.00' }, plain)).toEqual(free);
    expect(amounts(free.clientRequest.order)).toEqual({ totalNet: '0.00', totalTax: '0.00', totalGross: '0.00' });
    expect(amounts(free.clientRequest.payment!)).toEqual({ authorized: '0.00' });
  });
});

describe('recalculateOrderTotals', () => {
  it('follows hand-edited items, counting zero-gross items as free', () => {
    const edited = JSON.parse(JSON.stringify(order()));
    edited.clientRequest.item[0].quantity.value = '3';
    const out = recalculateOrderTotals(edited);
    expect(amounts(out.clientRequest.order)).toEqual({ totalNet: '34.20', totalTax: '5.99', totalGross: '40.19' });
    expect(amounts(out.clientRequest.payment!)).toEqual({ authorized: '40.19' });
    clean(out);
    edited.clientRequest.item[0].quantity.value = '1.5';
    expect(amounts(recalculateOrderTotals(edited).clientRequest.order)).toEqual({ totalNet: '19.20', totalTax: '3.14', totalGross: '22.34' });
  });

  it('leaves a payment amount alone that was not the order total', () => {
    const edited = JSON.parse(JSON.stringify(order()));
    edited.clientRequest.payment.amount[0].value = '10.00';
    edited.clientRequest.item[0].quantity.value = '3';
    expect(amounts(recalculateOrderTotals(edited).clientRequest.payment!)).toEqual({ authorized: '10.00' });
  });

  it('refuses items without netprice and mixed currencies', () => {
    const edited = JSON.parse(JSON.stringify(order()));
    edited.clientRequest.item[1].amount[1].currencyISO3 = 'USD';
    expect(() => recalculateOrderTotals(edited)).toThrow(/item\[1\]\.amount must be in the order's currency EUR/);
    edited.clientRequest.item[1].amount = [];
    expect(() => recalculateOrderTotals(edited)).toThrow(/^payload\.clientRequest\.item\[1\]\.amount must hold a netprice amount/);
  });
});

describe('every special function', () => {
  it.each(ORDER_VERSIONS)('composes into a clean v%s order', (version) => {
    const context = { version, profile: FMS_PROFILE };
    let payload = buildOrder(cartInput(version, { profile: FMS_PROFILE, payment: { method: 'PayPal' } }));
    payload = addWeeeFee(payload, { sku: 'MUG-RED', fee: '0.40' }, context);
    payload = addShippingCosts(payload, { cost: '4.95', taxFactor: '1.19', taxLevel: 'HIGH' }, context);
    payload = applyItemDiscount(payload, { itemId: '3', discount: '0.20' }, context);
    payload = addOrderDiscount(payload, { discount: '2.50', taxFactor: '1.19', taxLevel: 'HIGH' }, context);
    payload = markPaymentReview(addFiscalCode(setInvoiceLocale(payload, 'de-DE'), 'RSSMRA85T10A562S'));
    expect(payload.clientRequest.item.map((i) => i.itemId)).toEqual(['1', '2', '3', '4', '5']);
    expect(lintOrder(payload, context)).toEqual([]);
  });
});
