import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ORDER_REQUEST_SCHEMAS, OrderRequestV11Schema, OrderRequestV12Schema, OrderRequestV1Schema } from '../../src/schema/order';
import { change, set, validOrder } from '../fixtures';

const CR = '/clientRequest';
const VERSIONS = ['1', '1.1', '1.2'] as const;

/** The first issue's path as a JSON Pointer. */
const issuePaths = (result: v.SafeParseResult<v.GenericSchema>) =>
  (result.issues ?? []).map((issue) => '/' + (issue.path ?? []).map((p) => String(p.key)).join('/'));

describe('order request schemas (valibot)', () => {
  it('are one schema per version', () => {
    expect(ORDER_REQUEST_SCHEMAS).toEqual({ '1': OrderRequestV1Schema, '1.1': OrderRequestV11Schema, '1.2': OrderRequestV12Schema });
  });

  it('are Standard Schema V1 schemas', () => {
    for (const version of VERSIONS) {
      const standard = ORDER_REQUEST_SCHEMAS[version]['~standard'];
      expect(standard.version).toBe(1);
      expect(standard.vendor).toBe('valibot');
      const result = standard.validate(validOrder(version)) as { value?: unknown; issues?: unknown };
      expect(result.issues).toBeUndefined();
      expect(result.value).toEqual(validOrder(version));
      expect((standard.validate({}) as { issues?: unknown[] }).issues?.length).toBeGreaterThan(0);
    }
  });

  it.each(VERSIONS)('accept the valid v%s fixture and return it unchanged', (version) => {
    const result = v.safeParse(ORDER_REQUEST_SCHEMAS[version], validOrder(version));
    expect(result.issues).toBeUndefined();
    expect(result.success).toBe(true);
    expect(result.output).toEqual(validOrder(version));
  });

  it('accept a minimal order: no payment, no optional members', () => {
    const minimal = {
      clientRequest: {
        requestHeader: { externalMessageReference: 'M', client: 'ACME', requestReference: 'R' },
        order: { shipServiceLevel: 'STD' },
        partner: [],
        item: [{ itemId: '1', sku: 'S', quantity: { uom: 'EA', value: '1' } }],
      },
    };
    for (const version of VERSIONS) expect(v.safeParse(ORDER_REQUEST_SCHEMAS[version], minimal).success).toBe(true);
  });

  it('count max lengths in code points', () => {
    const emoji = set(validOrder('1.1'), `${CR}/partner/0/personData/firstName`, 'a'.repeat(19) + '😀');
    expect(v.safeParse(OrderRequestV11Schema, emoji).success).toBe(true);
    const long = set(validOrder('1.1'), `${CR}/partner/0/personData/firstName`, 'a'.repeat(21));
    expect(issuePaths(v.safeParse(OrderRequestV11Schema, long))).toEqual([`${CR}/partner/0/personData/firstName`]);
  });

  it('accept v1.2 item dateTimes and PUD; EXI only in v1.2', () => {
    expect(v.safeParse(OrderRequestV12Schema, set(validOrder('1.2'), `${CR}/item/0/dateTimes`, { any: 1 })).success).toBe(true);
    expect(v.safeParse(OrderRequestV12Schema, set(validOrder('1.2'), `${CR}/order/shipServiceLevel`, 'EXI')).success).toBe(true);
    expect(v.safeParse(OrderRequestV11Schema, set(validOrder('1.1'), `${CR}/order/shipServiceLevel`, 'EXI')).success).toBe(false);
  });

  const BROKEN: [string, (typeof VERSIONS)[number], unknown, string][] = [
    ['without the clientRequest wrapper', '1.1', validOrder('1.1').clientRequest, '/requestHeader'],
    ['without requestReference', '1.1', set(validOrder('1.1'), `${CR}/requestHeader/requestReference`, undefined), `${CR}/requestHeader/requestReference`],
    ['with quantity.value as a number', '1.1', set(validOrder('1.1'), `${CR}/item/0/quantity/value`, 2), `${CR}/item/0/quantity/value`],
    ['with a negative quantity', '1.2', set(validOrder('1.2'), `${CR}/item/0/quantity/value`, '-2'), `${CR}/item/0/quantity/value`],
    ['with an empty item list', '1.2', set(validOrder('1.2'), `${CR}/item`, []), `${CR}/item`],
    ['with poNumber in v1', '1', set(validOrder('1'), `${CR}/order/poNumber`, 'PO-1'), `${CR}/order/poNumber`],
    ['with freightCosts in v1', '1', set(validOrder('1'), `${CR}/order/amount/0/amountType`, 'freightCosts'), `${CR}/order/amount/0/amountType`],
    ['with discount in v1.1', '1.1', set(validOrder('1.1'), `${CR}/item/0/amount/0/amountType`, 'discount'), `${CR}/item/0/amount/0/amountType`],
    ['with Maestro in v1', '1', set(validOrder('1'), `${CR}/payment/paymentMethod`, 'Maestro'), `${CR}/payment/paymentMethod`],
    ['with a v1.1 date-time in v1.2', '1.2', set(validOrder('1.2'), `${CR}/order/dateTimeWantedDeliveryDate`, '2026-03-01T00:00:00 +01.00'), `${CR}/order/dateTimeWantedDeliveryDate`],
    ['with 2026-02-30 as a card date', '1.1', set(validOrder('1.1'), `${CR}/payment/cardData/dateCardExpiry`, '2026-02-30'), `${CR}/payment/cardData/dateCardExpiry`],
    ['with a lower-case country', '1.1', set(validOrder('1.1'), `${CR}/partner/0/addressData/countryISO2`, 'de'), `${CR}/partner/0/addressData/countryISO2`],
    ['with a space in a v1.2 sku', '1.2', set(validOrder('1.2'), `${CR}/item/0/sku`, 'SKU 1'), `${CR}/item/0/sku`],
    ['with a 19-character sku in v1.2', '1.2', set(validOrder('1.2'), `${CR}/item/0/sku`, 'S'.repeat(19)), `${CR}/item/0/sku`],
    ['with an unknown member', '1.1', set(validOrder('1.1'), `${CR}/order/giftWrap`, true), `${CR}/order/giftWrap`],
    ['with fiscalId in personData', '1.1', set(validOrder('1.1'), `${CR}/partner/0/personData/fiscalId`, 'X'), `${CR}/partner/0/personData/fiscalId`],
    ['with a mobile phone', '1.1', set(validOrder('1.1'), `${CR}/partner/0/personData/phone/0/phoneType`, 'mobile'), `${CR}/partner/0/personData/phone/0/phoneType`],
  ];

  it.each(BROKEN)('reject an order %s', (_name, version, payload, path) => {
    const result = v.safeParse(ORDER_REQUEST_SCHEMAS[version], payload);
    expect(result.success).toBe(false);
    expect(issuePaths(result)).toContain(path);
  });

  it('reject a payload that is not an object', () => {
    for (const payload of [null, [], 'order', 1]) expect(v.safeParse(OrderRequestV11Schema, payload).success).toBe(false);
  });

  it('reject several problems at once', () => {
    const payload = change(validOrder('1.1'), { [`${CR}/order/shipServiceLevel`]: 'FAST', [`${CR}/item/1/sku`]: undefined });
    expect(issuePaths(v.safeParse(OrderRequestV11Schema, payload)).sort()).toEqual([`${CR}/item/1/sku`, `${CR}/order/shipServiceLevel`]);
  });
});
