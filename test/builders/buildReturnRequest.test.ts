import { describe, expect, it } from 'vitest';
import { addOrderDiscount, addShippingCosts, addWeeeFee, buildOrder, buildReturnRequest, markExport, type ReturnInput } from '../../src/builders/index';
import { lintReturn } from '../../src/lint/engine';
import { FMS_PROFILE, JANE, JOHN_US, PROFILE, cartInput, deepFreeze } from './_inputs';

const orderOf = (version: '1' | '1.1' | '1.2' = '1.2') =>
  deepFreeze(addShippingCosts(buildOrder(cartInput(version, { shipTo: JOHN_US })), { cost: '4.95', taxFactor: '1.19' }, { version, profile: PROFILE }));

const input = (overrides: Partial<ReturnInput> = {}): ReturnInput => ({
  order: orderOf(),
  orderDate: '2026-03-01T10:00:00Z',
  profile: PROFILE,
  externalMessageReference: 'RMA-20001',
  returnReason: 'damaged',
  clientReturnURL: 'https://shop.example/returns/done',
  ...overrides,
});

describe('buildReturnRequest', () => {
  it('builds a return-token request from the original order', () => {
    const rma = buildReturnRequest(input({ items: [{ itemId: '1', quantity: 1 }] }));
    expect(rma).toEqual({
      requestHeader: { externalMessageReference: 'RMA-20001', client: 'ACME', requestReference: 'RMA-20001' },
      rma: {
        returnReason: 'damaged',
        userReference: 'Jane Doe',
        transactionId: null,
        language: 'de',
        clientReturnURL: 'https://shop.example/returns/done',
        dateTimeOrder: '2026-03-01T10:00:00 +00.00',
        amount: { currencyISO3: 'EUR', amountType: 'totalgross', value: '34.18' },
      },
      partner: [
        {
          partnerType: 'BillTo',
          personData: {
            firstName: 'Jane',
            lastName: 'Doe',
            phone: [{ phoneType: 'home', value: '+49 30 1234567' }],
            email: [{ emailType: 'email', value: 'jane.doe@example.com' }],
            locale: 'de-DE',
          },
          addressData: { address: [{ line: '1', value: 'Hauptstrasse 1' }], postalCode: '10115', city: 'Berlin', countryName: 'Germany', countryISO3: 'DEU' },
        },
        {
          partnerType: 'ShipTo',
          // The ShipTo person had no phone or e-mail: the BillTo person's are taken over.
          personData: {
            firstName: 'John',
            lastName: 'Doe',
            phone: [{ phoneType: 'home', value: '+49 30 1234567' }],
            email: [{ emailType: 'email', value: 'jane.doe@example.com' }],
          },
          addressData: {
            address: [{ line: '1', value: '1600 Pennsylvania Avenue NW' }],
            postalCode: '20500',
            city: 'Washington',
            state: 'DC',
            countryName: 'United States of America',
            countryISO3: 'USA',
          },
        },
      ],
      item: [
        {
          sku: 'MUG-RED',
          quantity: { uom: 'EA', value: '1' },
          amount: [
            { currencyISO3: 'EUR', amountType: 'netprice', value: '10.00' },
            { currencyISO3: 'EUR', amountType: 'totaltax', value: '1.90' },
          ],
          dynamicField: [{ name: 'RMALinePrice', value: '11.90' }],
        },
      ],
    });
    expect(lintReturn(rma, { profile: PROFILE })).toEqual([]);
  });

  it('returns every item but the operator items by default, with their ordered quantities', () => {
    const context = { version: '1.1' as const, profile: FMS_PROFILE };
    let order = buildOrder(cartInput('1.1', { profile: FMS_PROFILE }));
    order = addWeeeFee(order, { sku: 'MUG-RED', fee: '0.50' }, context);
    order = addOrderDiscount(addShippingCosts(order, { cost: '5', taxFactor: '1.19' }, context), { discount: '2', taxFactor: '1.19', taxLevel: 'HIGH' }, context);
    const rma = buildReturnRequest(input({ order, profile: FMS_PROFILE, orderDate: '2026-03-01T10:00:00 +01.00', language: 'en', userReference: 'J. Doe' }));
    expect(rma.item.map((i) => [i.sku, i.quantity.value])).toEqual([
      ['MUG-RED', '2'],
      ['TEA-GREEN', '1'],
    ]);
    expect(rma.rma).toMatchObject({ language: 'en', userReference: 'J. Doe', dateTimeOrder: '2026-03-01T10:00:00 +01.00' });
    expect(lintReturn(rma, { profile: FMS_PROFILE })).toEqual([]);
  });

  it('keeps one phone per person and company, the company VAT number as fiscalid', () => {
    const order = buildOrder(
      cartInput('1', { billTo: { ...JANE, company: { name: 'Doe Trading GmbH', taxNumber: 'DE123456789', phone: '+49 30 999' } } }),
    );
    const rma = buildReturnRequest(input({ order }));
    const billTo = rma.partner![0]!;
    expect(billTo.companyData).toEqual({ name: 'Doe Trading GmbH', phone: [{ phoneType: 'home', value: '+49 30 999' }] });
    expect(billTo.personData.fiscalid).toBe('DE123456789');
    expect(billTo.personData.phone).toHaveLength(1);
    expect(lintReturn(rma, { profile: PROFILE })).toEqual([]);
  });

  it('refunds nothing for an item that was free of charge', () => {
    const order = markExport(buildOrder(cartInput('1.1', { shipTo: { ...JANE, country: 'CH' } })), { zeroGross: true });
    const rma = buildReturnRequest(input({ order }));
    expect(rma.item[0]!.amount.map((a) => a.value)).toEqual(['0.00', '0.00']);
    expect(rma.item[0]!.dynamicField).toEqual([{ name: 'RMALinePrice', value: '0.00' }]);
    expect(rma.rma.amount).toEqual({ currencyISO3: 'EUR', amountType: 'totalgross', value: '0.00' });
  });

  it('refuses what the portal would reject, naming the field', () => {
    expect(() => buildReturnRequest(input({ returnReason: 'changed-mind' }))).toThrow(/^returnReason must be one of the reasons agreed/);
    expect(() => buildReturnRequest(input({ clientReturnURL: '/returns' }))).toThrow(/^clientReturnURL must be an absolute http\(s\) URL/);
    expect(() => buildReturnRequest(input({ items: [{ itemId: '1', quantity: 3 }] }))).toThrow(/^items\[0\]\.quantity must not exceed the ordered quantity/);
    expect(() => buildReturnRequest(input({ items: [{ itemId: '1' }, { itemId: '1' }] }))).toThrow(/^items\[1\]\.itemId repeats/);
    expect(() => buildReturnRequest(input({ items: [{ itemId: '7' }] }))).toThrow(/^items\[0\]\.itemId names no item/);
    expect(() => buildReturnRequest(input({ items: [] }))).toThrow(/^items must name at least one item/);
    expect(() => buildReturnRequest(input({ orderDate: '2026-03-01T10:00:00' }))).toThrow(/^orderDate must be date-time text with a zone/);
    expect(() => buildReturnRequest(input({ externalMessageReference: 'R'.repeat(51) }))).toThrow(/^externalMessageReference must be at most 50/);
    expect(() => buildReturnRequest(input({ order: {} as never }))).toThrow(/^order\.clientRequest must be an object/);
  });

  it('refuses a phone or e-mail that no person has, naming the partner once', () => {
    const silent = buildOrder(cartInput('1.1', { billTo: { ...JANE, phone: undefined } }));
    expect(() => buildReturnRequest(input({ order: silent }))).toThrow(new TypeError('order.clientRequest.partner[0].personData.phone is required in a return request.'));
    const shipTo = JSON.parse(JSON.stringify(orderOf('1.1')));
    delete shipTo.clientRequest.partner[0].personData.email;
    delete shipTo.clientRequest.partner[1].personData.email;
    expect(() => buildReturnRequest(input({ order: shipTo }))).toThrow(
      /^order\.clientRequest\.partner\[\d\]\.personData\.email is required in a return request( \(and the BillTo person, order\.clientRequest\.partner\[0\]\.personData, has no e-mail to take over\))?\.$/,
    );
    // An order with a ShipTo only: no BillTo to take over from, and no partner[-1] in the message.
    const shipToOnly = JSON.parse(JSON.stringify(orderOf('1.1')));
    shipToOnly.clientRequest.partner = shipToOnly.clientRequest.partner.filter((p: { partnerType: string }) => p.partnerType === 'ShipTo');
    delete shipToOnly.clientRequest.partner[0].personData.phone;
    delete shipToOnly.clientRequest.partner[0].companyData;
    expect(() => buildReturnRequest(input({ order: shipToOnly }))).toThrow(
      new TypeError('order.clientRequest.partner[0].personData.phone is required in a return request (and the order has no BillTo whose phone it could take over).'),
    );
  });

  it('tells a value of the wrong type in the order (TypeError) from one in the wrong format (RangeError)', () => {
    const edited = (edit: (order: any) => void) => {
      const copy = JSON.parse(JSON.stringify(orderOf('1.1')));
      edit(copy);
      return () => buildReturnRequest(input({ order: copy }));
    };
    expect(edited((o) => (o.clientRequest.item[0].quantity.value = 'abc'))).toThrow(new RangeError('order.clientRequest.item[0].quantity.value must be numeric text such as "2".'));
    expect(edited((o) => (o.clientRequest.item[0].quantity.value = '-1'))).toThrow(RangeError);
    expect(edited((o) => (o.clientRequest.item[0].quantity.value = 2))).toThrow(new TypeError('order.clientRequest.item[0].quantity.value must be numeric text such as "2".'));
    expect(edited((o) => delete o.clientRequest.item[0].quantity)).toThrow(new TypeError('order.clientRequest.item[0].quantity is required: an object with uom and value.'));
    expect(edited((o) => (o.clientRequest.item[0].amount[0].value = 10))).toThrow(TypeError);
    expect(edited((o) => (o.clientRequest.item[0].amount[0].value = '10.001'))).toThrow(RangeError);
  });

  it('keeps the offset of ISO 8601 order dates, as of the spec form', () => {
    expect(buildReturnRequest(input({ orderDate: '2026-02-03T00:00:00+05:30' })).rma.dateTimeOrder).toBe('2026-02-03T00:00:00 +05.30');
    expect(buildReturnRequest(input({ orderDate: '2026-02-03T00:00:00 +05.30' })).rma.dateTimeOrder).toBe('2026-02-03T00:00:00 +05.30');
    expect(buildReturnRequest(input({ orderDate: '2026-02-03T00:00:00+05:30', offsetMinutes: 0 })).rma.dateTimeOrder).toBe('2026-02-02T18:30:00 +00.00');
  });

  it('names the address line of the order at fault, counting the blank lines it drops', () => {
    const lines = (values: string[]) => values.map((value, i) => ({ line: String(i + 1), value }));
    const copy = JSON.parse(JSON.stringify(orderOf('1.1')));
    copy.clientRequest.partner[0].addressData.address = lines(['Main St 1', ' ', 'x'.repeat(41)]);
    expect(() => buildReturnRequest(input({ order: copy }))).toThrow(
      new RangeError('order.clientRequest.partner[0].addressData.address[2].value must be at most 40 characters long, got 41.'),
    );
    copy.clientRequest.partner[0].addressData.address = lines(['', 'Main St 1', '\u00a0', '3. OG']);
    const rma = buildReturnRequest(input({ order: copy }));
    expect(rma.partner![0]!.addressData.address).toEqual([{ line: '1', value: 'Main St 1' }, { line: '2', value: '3. OG' }]);
  });

  it('never modifies its input', () => {
    const frozen = deepFreeze(input({ items: [{ itemId: '2' }] }));
    const before = JSON.stringify(frozen);
    buildReturnRequest(frozen);
    expect(JSON.stringify(frozen)).toBe(before);
  });
});

// The ordered quantity, returned when no items are selected or an item is selected without a
// quantity, passes the check an explicit quantity passes: a whole number from 1. An order
// quantity that cannot be one is refused, naming the item.

/** The order with item[1]'s quantity text set to `value` (its other items are untouched). */
function orderWith(value: string): ReturnInput['order'] {
  const order = JSON.parse(JSON.stringify(orderOf()));
  order.clientRequest.item[1].quantity.value = value;
  return order;
}

const quantityInput = (overrides: Partial<ReturnInput> = {}): ReturnInput => input({ order: orderWith('1'), ...overrides });

describe('buildReturnRequest: the ordered quantity as the return quantity', () => {
  it.each([
    ['0', 'must be at least 1'],
    ['0.000', 'must be at least 1'],
    ['2.5', 'must be a whole number'],
    ['0.5', 'must be a whole number'],
  ])('refuses an order quantity %j with no items selected, naming the item', (value, reason) => {
    const call = () => buildReturnRequest(quantityInput({ order: orderWith(value) }));
    expect(call).toThrow(RangeError);
    expect(call).toThrow(new RegExp(`^order\\.clientRequest\\.item\\[1\\]\\.quantity\\.value ${reason}`));
  });

  it('refuses it when the item is selected without a quantity, and when a quantity is given (more than ordered)', () => {
    expect(() => buildReturnRequest(quantityInput({ order: orderWith('0'), items: [{ itemId: '2' }] }))).toThrow(/^order\.clientRequest\.item\[1\]\.quantity\.value must be at least 1/);
    expect(() => buildReturnRequest(quantityInput({ order: orderWith('0'), items: [{ itemId: '2', quantity: 1 }] }))).toThrow(/^items\[0\]\.quantity must not exceed the ordered quantity/);
  });

  it('is the check an explicit quantity meets', () => {
    expect(() => buildReturnRequest(quantityInput({ items: [{ itemId: '2', quantity: 0 }] }))).toThrow(/^items\[0\]\.quantity must be at least 1/);
    expect(() => buildReturnRequest(quantityInput({ items: [{ itemId: '2', quantity: '2.5' }] }))).toThrow(/^items\[0\]\.quantity must be a whole number/);
  });

  it.each([
    ['02', '2'],
    ['2.000', '2'],
    ['1', '1'],
  ])('writes an order quantity %j as the whole number %j, as an explicit one is written', (value, written) => {
    const rma = buildReturnRequest(quantityInput({ order: orderWith(value) }));
    expect(rma.item.map((item) => item.quantity.value)).toEqual(['2', written]);
    expect(lintReturn(rma, { profile: PROFILE })).toEqual([]);
    expect(buildReturnRequest(quantityInput({ order: orderWith(value), items: [{ itemId: '2' }] })).item[0]!.quantity.value).toBe(written);
    expect(buildReturnRequest(quantityInput({ order: orderWith('2'), items: [{ itemId: '2', quantity: value }] })).item[0]!.quantity.value).toBe(written);
  });

  it('still returns part of a fractional order quantity when the whole units are named', () => {
    const rma = buildReturnRequest(quantityInput({ order: orderWith('2.5'), items: [{ itemId: '2', quantity: 2 }] }));
    expect(rma.item[0]!.quantity.value).toBe('2');
  });
});
