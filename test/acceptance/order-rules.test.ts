/**
 * Acceptance: order business rules (DESIGN catalogue; spec "Rules for order content"
 * 3, 4, 10, 11; partner, address and item rules) and the FMS-only rules 4-9.
 */
import { describe, expect, it } from 'vitest';
import { lintOrder, type ClientProfile } from '../../src/index';
import { BASIC, CR, FMS, VERSIONS, edit, edits, expectExactly, fullOrder, minimalOrder, orderProblems, p, type Json } from './_fixtures';

const eur = (amountType: string, value: string): Json => ({ currencyISO3: 'EUR', amountType, value });

describe.each(VERSIONS)('order v%s: partners, addresses, items', (version) => {
  const order = () => fullOrder(version);
  it('partner-roles: exactly one BillTo and one ShipTo', () => {
    expectExactly(orderProblems(edit(order(), `${CR}/partner/1`, undefined), version), [p('partner-roles', `${CR}/partner`)]);
    expectExactly(orderProblems(edit(order(), `${CR}/partner`, []), version), [p('partner-roles', `${CR}/partner`), p('partner-roles', `${CR}/partner`)]);
    const twoBillTo = edit(order(), `${CR}/partner/1/partnerType`, 'BillTo');
    expectExactly(orderProblems(twoBillTo, version), [p('partner-roles', `${CR}/partner/1/partnerType`), p('partner-roles', `${CR}/partner`)]);
    const third = edit(order(), `${CR}/partner/-`, (order() as any).clientRequest.partner[1]);
    expectExactly(orderProblems(third, version), [p('partner-roles', `${CR}/partner/2/partnerType`)]);
  });
  it('partner order does not matter', () => {
    const partners = (order() as any).clientRequest.partner;
    expectExactly(orderProblems(edit(order(), `${CR}/partner`, [partners[1], partners[0]]), version), []);
  });
  it('address-lines: at least one line, numbered 1, 2, 3... in order, line 1 with a value', () => {
    const a = `${CR}/partner/0/addressData/address`;
    expectExactly(orderProblems(edit(order(), a, undefined), version), [p('address-lines', a)]);
    expectExactly(orderProblems(edit(order(), a, []), version), [p('address-lines', a)]);
    expectExactly(orderProblems(edit(order(), `${a}/1/line`, '3'), version), [p('address-lines', `${a}/1/line`)]);
    expectExactly(orderProblems(edit(order(), `${a}/0/line`, '0'), version), [p('address-lines', `${a}/0/line`)]);
    expectExactly(orderProblems(edit(order(), `${a}/0/value`, undefined), version), [p('address-lines', `${a}/0/value`)]);
    // Round 2: a blank line-1 value is present (blank-value), not missing.
    expectExactly(orderProblems(edit(order(), `${a}/0/value`, ''), version), [p('blank-value', `${a}/0/value`)]);
    expectExactly(orderProblems(edit(order(), `${a}/1/value`, undefined), version), []);
    expectExactly(orderProblems(edit(order(), `${a}/-`, { line: '3', value: 'Floor 2' }), version), []);
  });
  it('company-name: companyData without a name (companyData makes the partner a company)', () => {
    const name = `${CR}/partner/0/companyData/name`;
    expectExactly(orderProblems(edit(order(), name, undefined), version), [p('company-name', name)]);
    expectExactly(orderProblems(edit(order(), `${CR}/partner/1/companyData`, {}), version), [p('company-name', `${CR}/partner/1/companyData/name`)]);
  });
  it('items-present: an empty item list', () => {
    expectExactly(orderProblems(edit(order(), `${CR}/item`, []), version, BASIC), [p('items-present', `${CR}/item`)]);
  });
  it('item-ids: "1", "2", ... in array order; the first wrong itemId only', () => {
    expectExactly(orderProblems(edit(order(), `${CR}/item/1/itemId`, '3'), version), [p('item-ids', `${CR}/item/1/itemId`)]);
    expectExactly(orderProblems(edit(order(), `${CR}/item/0/itemId`, '2'), version), [p('item-ids', `${CR}/item/0/itemId`)]);
    expectExactly(orderProblems(edit(order(), `${CR}/item/0/itemId`, '01'), version), [p('item-ids', `${CR}/item/0/itemId`)]);
    expectExactly(
      orderProblems(edits(order(), [[`${CR}/item/0/itemId`, '0'], [`${CR}/item/1/itemId`, '1']]), version),
      [p('item-ids', `${CR}/item/0/itemId`)],
    );
  });
  it('netprice-required: every item carries a netprice (rule 10); grossprice may be zero', () => {
    const amount = `${CR}/item/0/amount`;
    expectExactly(orderProblems(edit(order(), `${amount}/0`, undefined), version), [p('netprice-required', amount)]);
    expectExactly(orderProblems(edit(order(), amount, undefined), version), [p('netprice-required', amount)]);
    expectExactly(orderProblems(edit(order(), amount, []), version), [p('netprice-required', amount)]);
    expectExactly(orderProblems(edit(order(), `${amount}/1/value`, '0.00'), version), []);
    expectExactly(orderProblems(edit(order(), `${amount}/0/value`, '0.00'), version), []);
  });
  it('negative-price: item prices are never negative (an item discount is sent as the discounted price)', () => {
    const value = `${CR}/item/0/amount/0/value`;
    expectExactly(orderProblems(edit(order(), value, '-50.00'), version), [p('negative-price', value)]);
    const gross = `${CR}/item/0/amount/1/value`;
    expectExactly(orderProblems(edit(order(), gross, '-59.50'), version), [p('negative-price', gross)]);
    expectExactly(orderProblems(edit(order(), value, '-0.00'), version), []);
  });
  it('totals: totalGross = totalNet + totalTax (warning at totalGross)', () => {
    const gross = `${CR}/order/amount/2/value`;
    const problems = lintOrder(edit(order(), gross, '125.00'), { version });
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'totals', path: gross, severity: 'warn' }]);
    expectExactly(orderProblems(edit(order(), gross, '124.950'), version), [p('currency-precision', gross)]);
    expectExactly(orderProblems(edit(order(), `${CR}/order/amount/1`, undefined), version), []);
  });
  it('currency-mixed: more than one currency in one order (warning at the later currency)', () => {
    const pointer = `${CR}/item/1/amount/0/currencyISO3`;
    const problems = lintOrder(edit(order(), pointer, 'USD'), { version });
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'currency-mixed', path: pointer, severity: 'warn' }]);
  });
  it('currency-precision: fraction digits beyond the minor unit (EUR 2, JPY 0, BHD 3)', () => {
    const value = `${CR}/payment/amount/0/value`;
    expectExactly(orderProblems(edit(order(), value, '124.955'), version), [p('currency-precision', value)]);
    const all = (currency: string, v: string) => {
      const o = order() as any;
      for (const a of [...o.clientRequest.order.amount, ...o.clientRequest.payment.amount, ...o.clientRequest.item.flatMap((i: any) => i.amount)]) {
        a.currencyISO3 = currency;
        a.value = v;
      }
      o.clientRequest.order.amount = [];
      return o;
    };
    expectExactly(orderProblems(all('JPY', '1000'), version), []);
    expect(orderProblems(all('JPY', '1000.5'), version).every((x) => x.rule === 'currency-precision')).toBe(true);
    expectExactly(orderProblems(all('BHD', '1.125'), version), []);
  });
});

describe.each(VERSIONS)('order v%s: shipping-cost item (rule 3)', (version) => {
  const sku = `${CR}/item/1/sku`;
  it('one priced <client_code>_SHIPCOSTS item is fine; the order may have none', () => {
    expectExactly(orderProblems(fullOrder(version), version, BASIC), []);
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/item/1`, undefined), version, BASIC), []);
  });
  it('a second shipping-cost item is reported at its sku', () => {
    const extra = { itemId: '3', sku: 'ACME_SHIPCOSTS', quantity: { uom: 'EA', value: '1' }, amount: [eur('netprice', '2.00')] };
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/item/-`, extra), version, BASIC), [p('shipping-cost-item', `${CR}/item/2/sku`)]);
  });
  it('a shipping-cost item without a price is reported at its amount', () => {
    const amount = `${CR}/item/1/amount`;
    expectExactly(orderProblems(edit(fullOrder(version), amount, undefined), version, BASIC), [p('netprice-required', amount), p('shipping-cost-item', amount)]);
    expectExactly(
      orderProblems(edits(fullOrder(version), [[`${amount}/0/value`, '0.00'], [`${amount}/1/value`, '0.00']]), version, BASIC),
      [p('shipping-cost-item', amount)],
    );
  });
  it('profile.shippingCostSku overrides the default SKU; without a profile the rule is skipped', () => {
    const profile: ClientProfile = { ...BASIC, shippingCostSku: 'FREIGHT' };
    const payload = edits(fullOrder(version), [[`${CR}/item/1/amount`, undefined], [sku, 'FREIGHT']]);
    expectExactly(orderProblems(payload, version, profile), [p('netprice-required', `${CR}/item/1/amount`), p('shipping-cost-item', `${CR}/item/1/amount`)]);
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/item/1/amount`, []), version, profile), [p('netprice-required', `${CR}/item/1/amount`)]);
    expectExactly(orderProblems(edit(fullOrder(version), `${CR}/item/1/amount/0/value`, '0.00'), version), []);
  });
});

describe.each(VERSIONS)('order v%s: FMS-only rules', (version) => {
  const order = () => fullOrder(version);
  const discountItem = (over: Record<string, Json | undefined> = {}): Json => {
    const item: Record<string, Json> = {
      itemId: '3',
      sku: 'ACME_DISCOUNT',
      quantity: { uom: 'EA', value: '1' },
      amount: [eur('netprice', '-10.00'), eur('grossprice', '-11.90')],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'netpricing',
      localizedDescription: 'Rabatt',
    };
    for (const [k, v] of Object.entries(over)) {
      if (v === undefined) delete item[k];
      else item[k] = v;
    }
    return item;
  };
  const withDiscount = (over: Record<string, Json | undefined> = {}) => edit(order(), `${CR}/item/-`, discountItem(over));

  it('FMS rules do not run without profile.fms', () => {
    const payload = edits(order(), [
      [`${CR}/payment/status`, 'paid'],
      [`${CR}/payment/cardData`, undefined],
      [`${CR}/partner/1/addressData/countryISO2`, 'IT'],
      [`${CR}/partner/0/personData/locale`, undefined],
      [`${CR}/order/dynamicField/-`, { name: 'PROCESSAUTHSTATUS', value: 'Review' }],
    ]);
    expectExactly(orderProblems(payload, version, { ...FMS, fms: false }), []);
    expectExactly(orderProblems(payload, version), []);
  });
  it('payment-status: card methods authorized or captured; other methods paid', () => {
    const status = `${CR}/payment/status`;
    const method = `${CR}/payment/paymentMethod`;
    expectExactly(orderProblems(edit(order(), status, 'captured'), version, FMS), []);
    expectExactly(orderProblems(edit(order(), status, 'paid'), version, FMS), [p('payment-status', status)]);
    const paypal = (s: string) => edits(order(), [[method, 'PayPal'], [`${CR}/payment/cardData`, undefined], [status, s]]);
    expectExactly(orderProblems(paypal('paid'), version, FMS), []);
    expectExactly(orderProblems(paypal('authorized'), version, FMS), [p('payment-status', status)]);
    expectExactly(orderProblems(paypal('captured'), version, FMS), [p('payment-status', status)]);
    for (const card of ['MasterCard', 'Amex', 'VisaElectron', version === '1' ? 'Meastro' : 'Maestro']) {
      expectExactly(orderProblems(edits(order(), [[method, card], [status, 'paid']]), version, FMS), [p('payment-status', status)]);
    }
  });
  it('card-data: a card payment needs cardData and its members when the operator processes card data', () => {
    const card = `${CR}/payment/cardData`;
    expectExactly(orderProblems(edit(order(), card, undefined), version, FMS), [p('card-data', card)]);
    for (const m of ['holder', 'bin', 'last4digits', 'dateCardExpiry', 'dateAuthExpiry']) {
      expectExactly(orderProblems(edit(order(), `${card}/${m}`, undefined), version, FMS), [p('card-data', `${card}/${m}`)]);
    }
    expectExactly(orderProblems(edit(order(), `${card}/bin`, '4111'), version, FMS), [p('card-data', `${card}/bin`)]);
    expectExactly(orderProblems(edit(order(), `${card}/bin`, '41111a'), version, FMS), [p('card-data', `${card}/bin`)]);
    expectExactly(orderProblems(edit(order(), `${card}/bin`, '4111111'), version, FMS), [p('max-length', `${card}/bin`), p('card-data', `${card}/bin`)]);
    expectExactly(orderProblems(edit(order(), `${card}/last4digits`, '11a1'), version, FMS), [p('card-data', `${card}/last4digits`)]);
    expectExactly(orderProblems(edit(order(), `${card}/last4digits`, '111'), version, FMS), [p('card-data', `${card}/last4digits`)]);
    expectExactly(orderProblems(edit(order(), card, undefined), version, { ...FMS, processesCardData: false }), []);
  });
  it('order-discount-item (rule 5): negative net and gross, uom EA, taxLevel, taxFactor, pricing, localizedDescription', () => {
    const at = `${CR}/item/2`;
    expectExactly(orderProblems(withDiscount(), version, FMS), []);
    expectExactly(orderProblems(withDiscount({ amount: [eur('netprice', '-10.00')] }), version, FMS), [p('order-discount-item', `${at}/amount`)]);
    expectExactly(orderProblems(withDiscount({ amount: [eur('netprice', '10.00'), eur('grossprice', '11.90')] }), version, FMS), [p('order-discount-item', `${at}/amount`)]);
    expectExactly(orderProblems(withDiscount({ quantity: { uom: 'PCS', value: '1' } }), version, FMS), [p('order-discount-item', `${at}/quantity/uom`)]);
    for (const m of ['taxLevel', 'taxFactor', 'pricing', 'localizedDescription']) {
      expectExactly(orderProblems(withDiscount({ [m]: undefined }), version, FMS), [p('order-discount-item', `${at}/${m}`)]);
    }
  });
  it('the order-discount item may carry negative prices; no other item may', () => {
    expectExactly(orderProblems(withDiscount(), version, { ...BASIC, orderDiscountSku: 'ACME_DISCOUNT' }), []);
    const v = `${CR}/item/2/amount/0/value`;
    const g = `${CR}/item/2/amount/1/value`;
    expectExactly(orderProblems(withDiscount({ sku: 'SKU-9' }), version, FMS), [p('negative-price', v), p('negative-price', g)]);
  });
  it('weee-item (rule 6): the WEEE item names the part number of the item it belongs to', () => {
    const weee = (description: string | undefined): Json => {
      const item: Record<string, Json> = { itemId: '3', sku: 'ACME_WEEE', quantity: { uom: 'EA', value: '2' }, amount: [eur('netprice', '0.50')] };
      if (description !== undefined) item.localizedDescription = description;
      return edit(order(), `${CR}/item/-`, item);
    };
    const at = `${CR}/item/2/localizedDescription`;
    expectExactly(orderProblems(weee('WEEE SKU-1'), version, FMS), []);
    expectExactly(orderProblems(weee('SKU-1'), version, FMS), []);
    expectExactly(orderProblems(weee('WEEE fee'), version, FMS), [p('weee-item', at)]);
    expectExactly(orderProblems(weee('WEEE SKU-2'), version, FMS), [p('weee-item', at)]);
    expectExactly(orderProblems(weee(undefined), version, FMS), [p('weee-item', at)]);
    expectExactly(orderProblems(weee('WEEE fee'), version, { ...FMS, weeeSku: undefined }), []);
  });
  it('fiscal-code (rule 7): an Italian order needs order dynamicField FISCAL_CODE with a value', () => {
    const italy = (fields: Json | undefined) =>
      edits(order(), [[`${CR}/partner/1/addressData/countryISO2`, 'IT'], [`${CR}/order/dynamicField`, fields]]);
    const at = `${CR}/order/dynamicField`;
    expectExactly(orderProblems(italy(undefined), version, FMS), [p('fiscal-code', at)]);
    expectExactly(orderProblems(italy([{ name: 'CAMPAIGN', value: 'spring' }]), version, FMS), [p('fiscal-code', at)]);
    // Round 2: a blank value is present (blank-value), not missing.
    expectExactly(orderProblems(italy([{ name: 'FISCAL_CODE', value: '' }]), version, FMS), [p('blank-value', `${at}/0/value`)]);
    expectExactly(orderProblems(italy([{ name: 'FISCAL_CODE' }]), version, FMS), [p('fiscal-code', at)]);
    expectExactly(orderProblems(italy([{ name: 'FISCAL_CODE', value: 'RSSMRA80A01H501U' }]), version, FMS), []);
    const billToItaly = edit(order(), `${CR}/partner/0/addressData`, { address: [{ line: '1', value: 'Via Roma 1' }], postalCode: '00100', city: 'Roma', countryISO2: 'IT' });
    expectExactly(orderProblems(billToItaly, version, FMS), [p('fiscal-code', at)]);
  });
  it('invoice-locale (rule 8): the BillTo partner should carry personData.locale (warning)', () => {
    const pointer = `${CR}/partner/0/personData/locale`;
    const problems = lintOrder(edit(order(), pointer, undefined), { version, profile: FMS });
    expect(problems.map(({ rule, path, severity }) => ({ rule, path, severity }))).toEqual([{ rule: 'invoice-locale', path: pointer, severity: 'warn' }]);
    expectExactly(orderProblems(edit(order(), `${CR}/partner/1/personData/locale`, undefined), version, FMS), []);
  });
  it('payment-review (rule 9): PROCESSAUTHSTATUS=Review and PROCESSAUTHSTATUSCODE=DM_REVIEW together', () => {
    const at = `${CR}/order/dynamicField`;
    const review = (...fields: Json[]) => edit(order(), at, [{ name: 'CAMPAIGN', value: 'spring' }, ...fields]);
    const status = { name: 'PROCESSAUTHSTATUS', value: 'Review' };
    const code = { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' };
    expectExactly(orderProblems(review(status, code), version, FMS), []);
    expectExactly(orderProblems(review(), version, FMS), []);
    expectExactly(orderProblems(review(status), version, FMS), [p('payment-review', at)]);
    expectExactly(orderProblems(review(code), version, FMS), [p('payment-review', at)]);
    expectExactly(orderProblems(review({ ...status, value: 'review' }, code), version, FMS), [p('payment-review', `${at}/1/value`)]);
    expectExactly(orderProblems(review(status, { ...code, value: 'REVIEW' }), version, FMS), [p('payment-review', `${at}/2/value`)]);
  });
});

describe('order: rules that need a profile member are skipped without it', () => {
  it('client-name runs only with profile.client', () => {
    const pointer = `${CR}/requestHeader/client`;
    expectExactly(orderProblems(edit(minimalOrder('1.1'), pointer, 'OTHER'), '1.1', BASIC), [p('client-name', pointer)]);
    expectExactly(orderProblems(edit(minimalOrder('1.1'), pointer, 'OTHER'), '1.1'), []);
  });
});
