import { describe, expect, it } from 'vitest';
import { buildOrder, type OrderInput } from '../../src/builders/index';
import { assertNoErrors } from '../../src/builders/_lib/guard';
import { lintOrder } from '../../src/lint/engine';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { FMS_PROFILE, JANE, JOHN_US, PROFILE, amounts, cartInput, deepFreeze } from './_inputs';

/** Runs `fn`, expects a throw of `type`, and returns the message. */
function thrown(fn: () => unknown, type: typeof RangeError | typeof TypeError): string {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(type);
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

describe('buildOrder', () => {
  it('builds the README cart with exact totals', () => {
    const payload = buildOrder(cartInput());
    const body = payload.clientRequest;
    expect(body.requestHeader).toEqual({ externalMessageReference: 'WEB-10001', client: 'ACME', requestReference: 'WEB-10001' });
    expect(body.order.amount).toEqual([
      { currencyISO3: 'EUR', amountType: 'totalNet', value: '24.20' },
      { currencyISO3: 'EUR', amountType: 'totalTax', value: '4.09' },
      { currencyISO3: 'EUR', amountType: 'totalGross', value: '28.29' },
    ]);
    expect(body.item[0]).toEqual({
      itemId: '1',
      sku: 'MUG-RED',
      quantity: { uom: 'EA', value: '2' },
      amount: [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '10.00' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '11.90' },
      ],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'netpricing',
    });
    // 4.20 × 1.07 = 4.494 → 4.49
    expect(amounts(body.item[1]!)).toEqual({ netprice: '4.20', grossprice: '4.49' });
    expect(body.partner.map((p) => p.partnerType)).toEqual(['BillTo', 'ShipTo']);
    expect(body.partner[1]!.personData).toEqual(body.partner[0]!.personData);
    expect(body.partner[0]!.addressData).toEqual({ address: [{ line: '1', value: 'Hauptstrasse 1' }], postalCode: '10115', city: 'Berlin', countryISO2: 'DE' });
    expect(lintOrder(payload, { version: '1.1', profile: PROFILE })).toEqual([]);
  });

  it.each(ORDER_VERSIONS)('lints clean in v%s, with and without FMS', (version) => {
    for (const profile of [PROFILE, FMS_PROFILE]) {
      const payload = buildOrder(cartInput(version, { profile, shipTo: JOHN_US, wantedDeliveryDate: new Date('2026-03-01T12:00:00Z') }));
      expect(lintOrder(payload, { version, profile })).toEqual([]);
    }
  });

  it('rounds gross = net × taxFactor half away from zero, per currency', () => {
    const line = (unitPrice: string, taxFactor: string) => ({ sku: 'A', quantity: 1, unitPrice, taxFactor });
    const gross = (currency: string, unitPrice: string, taxFactor: string) =>
      amounts(buildOrder(cartInput('1.1', { currency, lines: [line(unitPrice, taxFactor)] })).clientRequest.item[0]!).grossprice;
    expect(gross('EUR', '0.05', '1.10')).toBe('0.06'); // 0.055
    expect(gross('EUR', '0.05', '1.09')).toBe('0.05'); // 0.0545
    expect(gross('EUR', '10', '1.19')).toBe('11.90');
    expect(gross('JPY', '150', '1.10')).toBe('165');
    expect(gross('JPY', '5', '1.1')).toBe('6'); // 5.5
    expect(gross('BHD', '1.005', '1.1')).toBe('1.106'); // 1.1055
    expect(gross('EUR', '19.99', '1.0775')).toBe('21.54'); // 21.539225
  });

  it('derives the net from the gross under grosspricing and keeps the gross as given', () => {
    const payload = buildOrder(
      cartInput('1.1', { pricing: 'grosspricing', lines: [{ sku: 'A', quantity: 3, unitPrice: '11.90', taxFactor: '1.19' }, { sku: 'B', quantity: 1, unitPrice: '0.01', taxFactor: '1.19', pricing: 'netpricing' }] }),
    );
    const [a, b] = payload.clientRequest.item;
    expect(amounts(a!)).toEqual({ netprice: '10.00', grossprice: '11.90' });
    expect(a!.pricing).toBe('grosspricing');
    expect(amounts(b!)).toEqual({ netprice: '0.01', grossprice: '0.01' });
    expect(b!.pricing).toBe('netpricing');
    expect(amounts(payload.clientRequest.order)).toEqual({ totalNet: '30.01', totalTax: '5.70', totalGross: '35.71' });
  });

  it('numbers items 1, 2, 3 ..., takes quantities as numbers, bigints or text, uom default EA', () => {
    const payload = buildOrder(
      cartInput('1.1', {
        lines: [
          { sku: 'A', quantity: 1n, unitPrice: '1', taxFactor: '1' },
          { sku: 'B', quantity: '3', uom: 'BX', unitPrice: '1', taxFactor: '1' },
          { sku: 'C', quantity: '2.000', unitPrice: '1', taxFactor: '1' },
        ],
      }),
    );
    expect(payload.clientRequest.item.map((i) => [i.itemId, i.quantity])).toEqual([
      ['1', { uom: 'EA', value: '1' }],
      ['2', { uom: 'BX', value: '3' }],
      ['3', { uom: 'EA', value: '2' }],
    ]);
  });

  it('writes date-times per version', () => {
    const at = new Date('2026-03-01T12:00:00Z');
    expect(buildOrder(cartInput('1', { wantedDeliveryDate: at, offsetMinutes: 60 })).clientRequest.order.dateTimeWantedDeliveryDate).toBe('2026-03-01T13:00:00 +01.00');
    expect(buildOrder(cartInput('1.2', { wantedDeliveryDate: at, offsetMinutes: 60 })).clientRequest.order.dateTimeWantedDeliveryDate).toBe('2026-03-01T12:00:00Z');
  });

  it('writes every optional member it is given, in schema order', () => {
    const payload = buildOrder(
      cartInput('1.2', {
        requestReference: 'REQ-1',
        shipServiceLevel: 'EXI',
        shipCourier: 'DHL',
        shipServiceOption: 'SIGNATURE',
        poNumber: 'PO-77',
        incoTerms1: 'DAP',
        incoTerms2: 'Berlin',
        notes: [{ noteType: 'GIFT', value: 'Please wrap' }],
        dynamicFields: [{ name: 'CHANNEL', value: 'WEB' }],
        billTo: { ...JANE, company: { name: 'Doe Trading GmbH', customerNumber: 'C-1', taxNumber: 'DE123456789', phone: { type: 'office', value: '+49 30 7654321' } } },
        lines: [{ sku: 'A', quantity: 1, unitPrice: '1.00', taxFactor: '1.19', clientItemRef: 'L-1', localizedDescription: 'Becher', dynamicFields: [{ name: 'GIFT' }] }],
      }),
    );
    const body = payload.clientRequest;
    expect(body.requestHeader.requestReference).toBe('REQ-1');
    expect(Object.keys(body.order)).toEqual(['shipCourier', 'shipServiceLevel', 'shipServiceOption', 'poNumber', 'incoTerms1', 'incoTerms2', 'amount', 'note', 'dynamicField']);
    expect(body.partner[0]!.companyData).toEqual({ name: 'Doe Trading GmbH', customerNumber: 'C-1', phone: [{ phoneType: 'office', value: '+49 30 7654321' }], taxNumber: 'DE123456789' });
    expect(Object.keys(body.item[0]!)).toEqual(['itemId', 'clientItemRef', 'sku', 'quantity', 'amount', 'taxFactor', 'pricing', 'localizedDescription', 'dynamicField']);
    expect(lintOrder(payload, { version: '1.2', profile: PROFILE })).toEqual([]);
  });

  it('checks v1.2 key fields against [A-Za-z0-9._-] and refuses, never rewrites', () => {
    expect(thrown(() => buildOrder(cartInput('1.2', { lines: [{ sku: 'MUG RED', quantity: 1, unitPrice: '1', taxFactor: '1' }] })), RangeError)).toBe(
      'lines[0].sku may only contain the characters A-Z a-z 0-9 . _ - (v1.2 key reference field).',
    );
    expect(() => buildOrder(cartInput('1.2', { externalMessageReference: 'WEB#1' }))).toThrow(/^externalMessageReference may only/);
    expect(() => buildOrder(cartInput('1.2', { poNumber: 'PO 1' }))).toThrow(/^poNumber may only/);
    expect(() => buildOrder(cartInput('1.2', { lines: [{ sku: 'A', clientItemRef: 'L/1', quantity: 1, unitPrice: '1', taxFactor: '1' }] }))).toThrow(/^lines\[0\]\.clientItemRef/);
    // Earlier versions have no key charset.
    const v11 = buildOrder(cartInput('1.1', { lines: [{ sku: 'MUG RED', quantity: 1, unitPrice: '1', taxFactor: '1' }] }));
    expect(v11.clientRequest.item[0]!.sku).toBe('MUG RED');
  });

  it('refuses members of later versions and values of other versions', () => {
    expect(thrown(() => buildOrder(cartInput('1', { poNumber: 'PO-1' })), RangeError)).toMatch(/^poNumber does not exist in v1/);
    expect(() => buildOrder(cartInput('1', { billTo: { ...JANE, company: { name: 'X', customerNumber: 'C' } } }))).toThrow(/^billTo\.company\.customerNumber does not exist in v1/);
    expect(() => buildOrder(cartInput('1.1', { shipServiceLevel: 'EXI' }))).toThrow(/^shipServiceLevel must be one of STD, EXP, ECO, PUD/);
    // PUO is only named by the guidance text (an ambiguous value): the builder writes PUD.
    expect(() => buildOrder(cartInput('1.1', { shipServiceLevel: 'PUO' }))).toThrow(RangeError);
  });

  it('names the field but never the personal data in its messages', () => {
    const secret = 'Maximiliane-Theodora';
    const message = thrown(() => buildOrder(cartInput('1.1', { billTo: { ...JANE, firstName: `${secret}X` } })), RangeError);
    expect(message).toBe('billTo.firstName must be at most 20 characters long, got 21.');
    const cases: [Partial<OrderInput<'1.1'>>, typeof RangeError | typeof TypeError, RegExp][] = [
      [{ billTo: { ...JANE, email: 'jane.doe@@example.com' } }, RangeError, /^billTo\.email must be an e-mail address/],
      [{ billTo: { ...JANE, lastName: '   ' } }, RangeError, /^billTo\.lastName must not be empty/],
      [{ billTo: { ...JANE, locale: 'de_DE' } }, RangeError, /^billTo\.locale must be a locale ll-CC/],
      [{ billTo: { ...JANE, postalCode: '12345678901' } }, RangeError, /^billTo\.postalCode must be at most 10/],
      [{ shipTo: { ...JANE, address: '' } }, RangeError, /^shipTo\.address must not be empty/],
      [{ billTo: { ...JANE, country: 'de' } }, RangeError, /^billTo\.country must be an uppercase ISO 3166-1 alpha-2/],
      [{ shipTo: { ...JOHN_US, state: undefined } }, TypeError, /^shipTo\.state is required/],
      [{ shipTo: { ...JOHN_US, state: 'XX' } }, RangeError, /^shipTo\.state must be one of/],
      [{ billTo: { ...JANE, phone: { type: 'mobile' as 'home', value: '0170' } } }, RangeError, /^billTo\.phone\.type must be one of office, home/],
    ];
    for (const [overrides, type, pattern] of cases) {
      const text = thrown(() => buildOrder(cartInput('1.1', overrides)), type);
      expect(text).toMatch(pattern);
      for (const value of ['jane.doe', 'de_DE', '12345678901', 'Jane', 'Doe', '0170']) expect(text).not.toContain(value);
    }
  });

  it('checks money: decimal text only, the currency digits, no negative prices', () => {
    const line = (unitPrice: unknown) => cartInput('1.1', { lines: [{ sku: 'A', quantity: 1, unitPrice: unitPrice as string, taxFactor: '1.19' }] });
    expect(thrown(() => buildOrder(line(9.99)), TypeError)).toMatch(/^lines\[0\]\.unitPrice must be decimal text/);
    // Minor units are a bigint elsewhere in the money API: the message says how to turn them into text, not "never a number".
    expect(thrown(() => buildOrder(line(1000n)), TypeError)).toBe('lines[0].unitPrice must be decimal text such as "10.50", not a bigint: turn minor units into text with fromMinorUnits(units, currency).');
    expect(thrown(() => buildOrder(line('9.999')), RangeError)).toMatch(/^lines\[0\]\.unitPrice must be decimal text .* at most 2 fraction digits for EUR/);
    expect(thrown(() => buildOrder(line('1e3')), RangeError)).toMatch(/^lines\[0\]\.unitPrice/);
    expect(thrown(() => buildOrder(line('-1.00')), RangeError)).toBe('lines[0].unitPrice must not be negative.');
    expect(() => buildOrder(cartInput('1.1', { currency: 'eur' }))).toThrow(/^currency must be an uppercase ISO 4217/);
    const factor = (taxFactor: string) => cartInput('1.1', { lines: [{ sku: 'A', quantity: 1, unitPrice: '1', taxFactor }] });
    expect(() => buildOrder(factor('0.19'))).toThrow(/^lines\[0\]\.taxFactor must be at least 1/);
    expect(() => buildOrder(factor('1,19'))).toThrow(/^lines\[0\]\.taxFactor must be decimal text/);
    const quantity = (q: unknown) => cartInput('1.1', { lines: [{ sku: 'A', quantity: q as number, unitPrice: '1', taxFactor: '1' }] });
    expect(() => buildOrder(quantity(0))).toThrow(/^lines\[0\]\.quantity must be at least 1/);
    expect(() => buildOrder(quantity(1.5))).toThrow(/^lines\[0\]\.quantity must be a whole number/);
    expect(() => buildOrder(quantity('2.5'))).toThrow(RangeError);
    expect(() => buildOrder(quantity(null))).toThrow(TypeError);
  });

  it('refuses an empty cart, missing members and the operator SKUs as cart lines', () => {
    expect(() => buildOrder(cartInput('1.1', { lines: [] }))).toThrow(/^lines must hold at least one cart line/);
    expect(() => buildOrder({ ...cartInput('1.1'), externalMessageReference: undefined as never })).toThrow(/^externalMessageReference is required/);
    expect(() => buildOrder({ ...cartInput('1.1'), version: '3' as never })).toThrow(/^version must be one of/);
    expect(() => buildOrder(null as never)).toThrow(TypeError);
    expect(() => buildOrder(cartInput('1.1', { lines: [{ sku: 'ACME_SHIPCOSTS', quantity: 1, unitPrice: '4.95', taxFactor: '1.19' }] }))).toThrow(
      /^lines\[0\]\.sku is one of the operator's special SKUs/,
    );
    expect(() => buildOrder(cartInput('1.1', { lines: [{ sku: 'A'.repeat(19), quantity: 1, unitPrice: '1', taxFactor: '1' }] }))).toThrow(/at most 18/);
    expect(() => buildOrder(cartInput('1.1', { dynamicFields: [{ name: 'FISCAL_CODE', value: 'X' }] }))).toThrow(/^dynamicFields\[0\]\.name is set through fiscalCode/);
  });

  it('adds FISCAL_CODE and requires it for FMS orders with a partner in Italy', () => {
    const italy = { ...JANE, country: 'IT', locale: 'it-IT' };
    expect(thrown(() => buildOrder(cartInput('1.1', { profile: FMS_PROFILE, shipTo: italy })), TypeError)).toMatch(/^fiscalCode is required/);
    const payload = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, shipTo: italy, fiscalCode: 'RSSMRA85T10A562S' }));
    expect(payload.clientRequest.order.dynamicField).toEqual([{ name: 'FISCAL_CODE', value: 'RSSMRA85T10A562S' }]);
    expect(lintOrder(payload, { version: '1.1', profile: FMS_PROFILE })).toEqual([]);
    // Without FMS the operator does not ask for it.
    expect(lintOrder(buildOrder(cartInput('1.1', { shipTo: italy })), { version: '1.1', profile: PROFILE })).toEqual([]);
  });

  it('adds both payment-review fields together', () => {
    const payload = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, paymentReview: true, dynamicFields: [{ name: 'CHANNEL', value: 'WEB' }] }));
    expect(payload.clientRequest.order.dynamicField).toEqual([
      { name: 'CHANNEL', value: 'WEB' },
      { name: 'PROCESSAUTHSTATUS', value: 'Review' },
      { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' },
    ]);
    expect(lintOrder(payload, { version: '1.1', profile: FMS_PROFILE })).toEqual([]);
  });

  it('adds the payment with the order total as the authorized amount', () => {
    const card = { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: new Date('2026-03-08T00:00:00Z') };
    const payload = buildOrder(cartInput('1.1', { profile: FMS_PROFILE, payment: { method: 'Visa', transactionID: 'TX-1', card } }));
    expect(payload.clientRequest.payment).toEqual({
      paymentMethod: 'Visa',
      transactionID: 'TX-1',
      amount: [{ currencyISO3: 'EUR', amountType: 'authorized', value: '28.29' }],
      status: 'authorized',
      cardData: { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: '2026-03-08' },
    });
    expect(Object.keys(payload.clientRequest)).toEqual(['requestHeader', 'order', 'payment', 'partner', 'item']);
    expect(lintOrder(payload, { version: '1.1', profile: FMS_PROFILE })).toEqual([]);
  });

  it('never modifies its input', () => {
    const input = deepFreeze(cartInput('1.2', { shipTo: JOHN_US, notes: [{ value: 'x' }], payment: { method: 'PayPal' } }));
    const before = JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));
    buildOrder(input);
    expect(JSON.stringify(input, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))).toBe(before);
  });

  it('returns a payload of the requested version type', () => {
    const check = <V extends OrderVersion>(version: V) => buildOrder(cartInput(version)).clientRequest.order.shipServiceLevel;
    expect(ORDER_VERSIONS.map(check)).toEqual(['STD', 'STD', 'STD']);
  });
});

describe('the lint guard', () => {
  it('throws a RangeError naming rules and paths, never values', () => {
    expect(() => assertNoErrors([{ rule: 'max-length', severity: 'error', path: '/clientRequest/partner/0/personData/firstName', message: 'm' }], 'buildOrder')).toThrow(
      'buildOrder would be rejected by the lint engine (max-length at /clientRequest/partner/0/personData/firstName)',
    );
    expect(() => assertNoErrors([{ rule: 'totals', severity: 'warn', path: '/x', message: 'm' }], 'buildOrder')).not.toThrow();
  });
});
