/**
 * Acceptance fixtures, written from the spec's field tables (not from test/fixtures.ts):
 * a minimal and a full valid order per version, a minimal and a full valid return,
 * client profiles, pointer edits and a problem comparer on exact `{ rule, path }`.
 */
import { expect } from 'vitest';
import { lintOrder, lintReturn, type ClientProfile, type OrderVersion, type Problem } from '../../src/index';

/** Every order version. */
export const VERSIONS: readonly OrderVersion[] = ['1', '1.1', '1.2'];

/** A profile without FMS: only the non-FMS rules that need profile members run. */
export const BASIC: ClientProfile = {
  client: 'ACME',
  clientCode: 'ACME',
  returnReasons: ['damaged', 'wrong-size'],
};

/** The operator handles payments and card data: every FMS rule runs. */
export const FMS: ClientProfile = {
  client: 'ACME',
  clientCode: 'ACME',
  orderDiscountSku: 'ACME_DISCOUNT',
  weeeSku: 'ACME_WEEE',
  fms: true,
  processesCardData: true,
  returnReasons: ['damaged', 'wrong-size'],
};

/** JSON-like value. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Order date-time in the version's format. */
export function orderDate(version: OrderVersion, utc = '2026-03-01T10:15:00Z', offset = '2026-03-01T11:15:00 +01.00'): string {
  return version === '1.2' ? utc : offset;
}

function money(amountType: string, value: string, currencyISO3 = 'EUR'): Json {
  return { currencyISO3, amountType, value };
}

/** Smallest order the spec accepts: only R members, plus what the content rules need. */
export function minimalOrder(version: OrderVersion): Json {
  void version;
  return {
    clientRequest: {
      requestHeader: { externalMessageReference: 'EMR-1', client: 'ACME', requestReference: 'REQ-1' },
      order: { shipServiceLevel: 'STD' },
      partner: [
        {
          partnerType: 'BillTo',
          personData: { firstName: 'Ada', lastName: 'Byron', locale: 'en-GB' },
          addressData: { address: [{ line: '1', value: '12 Elm Row' }], postalCode: 'EH1 2AB', city: 'Edinburgh', countryISO2: 'GB' },
        },
        {
          partnerType: 'ShipTo',
          personData: { firstName: 'Ada', lastName: 'Byron' },
          addressData: { address: [{ line: '1', value: '12 Elm Row' }], postalCode: 'EH1 2AB', city: 'Edinburgh', countryISO2: 'GB' },
        },
      ],
      item: [{ itemId: '1', sku: 'SKU-1', quantity: { uom: 'EA', value: '1' }, amount: [money('netprice', '10.00')] }],
    },
  };
}

/** An order with every non-response member of every table, valid for the version (and FMS). */
export function fullOrder(version: OrderVersion): Json {
  const v1 = version === '1';
  const date = orderDate(version);
  const company: Record<string, Json> = {
    name: 'Byron Analytical Engines Ltd',
    phone: [{ phoneType: 'office', value: '+1 512 555 0100' }],
    taxNumber: 'GB123456789',
  };
  if (!v1) company.customerNumber = 'CUST-42';
  const order: Record<string, Json> = {
    shipCourier: 'UPS',
    shipServiceLevel: 'EXP',
    shipServiceOption: 'saturday',
    incoTerms1: 'DAP',
    incoTerms2: 'Austin',
    dateTimeWantedDeliveryDate: date,
    amount: [money('totalNet', '105.00'), money('totalTax', '19.95'), money('totalGross', '124.95')],
    note: [{ noteType: 'gift', value: 'Please wrap' }],
    dynamicField: [{ name: 'CAMPAIGN', value: 'spring' }],
  };
  if (!v1) order.poNumber = 'PO-2026.001';
  return {
    clientRequest: {
      requestHeader: { externalMessageReference: 'EMR-2026.001', client: 'ACME', requestReference: 'REQ-2026.001' },
      order,
      payment: {
        paymentMethod: 'Visa',
        entityID: 'ENT-1',
        transactionID: 'TX-1',
        acquireID: 'ACQ-1',
        amount: [money('authorized', '124.95')],
        status: 'authorized',
        cardData: {
          holder: 'Ada Byron',
          bin: '411111',
          last4digits: '1111',
          dateCardExpiry: '2028-12-31',
          dateAuthExpiry: '2026-03-08',
        },
      },
      partner: [
        {
          partnerType: 'BillTo',
          companyData: company,
          personData: {
            firstName: 'Ada',
            lastName: 'Byron',
            phone: [{ phoneType: 'home', value: '+1 512 555 0199' }],
            email: [{ emailType: 'email', value: 'ada@example.com' }],
            locale: 'en-US',
          },
          addressData: {
            address: [
              { line: '1', value: '500 Congress Ave' },
              { line: '2', value: 'Suite 3' },
            ],
            postalCode: '78701',
            city: 'Austin',
            state: 'TX',
            countryISO2: 'US',
          },
        },
        {
          partnerType: 'ShipTo',
          personData: { firstName: 'Charles', lastName: 'Babbage', email: [{ emailType: 'email', value: 'cb@example.org' }] },
          addressData: { address: [{ line: '1', value: 'Unter den Linden 1' }], postalCode: '10117', city: 'Berlin', countryISO2: 'DE' },
        },
      ],
      item: [
        {
          itemId: '1',
          clientItemRef: 'LINE-1',
          sku: 'SKU-1',
          quantity: { uom: 'EA', value: '2' },
          amount: [money('netprice', '50.00'), money('grossprice', '59.50')],
          taxLevel: 'HIGH',
          taxFactor: '1.19',
          pricing: 'netpricing',
          localizedDescription: 'Differenzmaschine',
          dynamicField: [{ name: 'COLOUR', value: 'brass' }],
        },
        {
          itemId: '2',
          clientItemRef: 'LINE-2',
          sku: 'ACME_SHIPCOSTS',
          quantity: { uom: 'EA', value: '1' },
          amount: [money('netprice', '5.00'), money('grossprice', '5.95')],
        },
      ],
    },
  };
}

/** Smallest return request the spec accepts. */
export function minimalReturn(): Json {
  return {
    requestHeader: { externalMessageReference: 'EMR-R1', client: 'ACME', requestReference: 'REQ-R1' },
    rma: {
      returnReason: 'damaged',
      userReference: 'Ada Byron',
      clientReturnURL: 'https://shop.example/returns',
      dateTimeOrder: '2026-01-31T00:00:00 +00.00',
    },
    item: [
      {
        sku: 'SKU-1',
        quantity: { uom: 'EA', value: '1' },
        amount: [money('netprice', '10.00')],
        dynamicField: [{ name: 'RMALinePrice', value: '11.90' }],
      },
    ],
  };
}

/** A return request with every member of the returns tables, valid. */
export function fullReturn(): Json {
  return {
    requestHeader: { externalMessageReference: 'EMR-R2', client: 'ACME', requestReference: 'REQ-R2' },
    rma: {
      returnReason: 'wrong-size',
      userReference: 'Ada Byron',
      transactionId: null,
      language: 'en',
      clientReturnURL: 'https://shop.example/returns/done?x=1',
      dateTimeOrder: '2026-01-31T08:30:00 -05.00',
      amount: money('totalgross', '23.80'),
      dynamicField: [{ name: 'CHANNEL', value: 'web' }],
    },
    partner: [
      {
        partnerType: 'BillTo',
        companyData: { name: 'Byron Analytical Engines Ltd', phone: [{ phoneType: 'office', value: '+1 512 555 0100' }] },
        personData: {
          firstName: 'Ada',
          lastName: 'Byron',
          fiscalid: 'US-TAX-1',
          phone: [{ phoneType: 'mobile', value: '+1 512 555 0199' }],
          email: [{ emailType: 'email', value: 'ada@example.com' }],
          locale: 'en-US',
        },
        addressData: {
          address: [{ line: '1', value: '500 Congress Ave' }],
          postalCode: '78701',
          city: 'Austin',
          state: 'TX',
          countryName: 'United States of America',
          countryISO3: 'USA',
        },
      },
      {
        partnerType: 'ShipTo',
        personData: {
          firstName: 'Ada',
          lastName: 'Byron',
          phone: [{ phoneType: 'home', value: '+1 512 555 0199' }],
          email: [{ emailType: 'email', value: 'ada@example.com' }],
        },
        addressData: {
          address: [{ line: '1', value: '500 Congress Ave' }],
          city: 'Austin',
          state: 'TX',
          countryName: 'United States',
          countryISO3: 'USA',
        },
      },
    ],
    item: [
      {
        sku: 'SKU-1',
        itemDescription: 'Difference engine, brass',
        quantity: { uom: 'EA', value: '2' },
        amount: [money('netprice', '20.00'), money('totaltax', '3.80')],
        dynamicField: [{ name: 'RMALinePrice', value: '23.80' }],
      },
    ],
  };
}

function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** A deep copy with the member at `pointer` set (or deleted / spliced when `value` is undefined). */
export function edit(payload: Json, pointer: string, value: Json | undefined): Json {
  const copy = structuredClone(payload);
  const path = tokens(pointer);
  const last = path.pop()!;
  let cur: any = copy;
  for (const t of path) cur = cur[Array.isArray(cur) ? Number(t) : t];
  if (Array.isArray(cur)) {
    if (value === undefined) cur.splice(Number(last), 1);
    else if (last === '-') cur.push(value);
    else cur[Number(last)] = value;
  } else if (value === undefined) delete cur[last];
  else cur[last] = value;
  return copy;
}

/** Applies several edits in order. */
export function edits(payload: Json, changes: [string, Json | undefined][]): Json {
  return changes.reduce((p, [ptr, v]) => edit(p, ptr, v), payload);
}

/** The value at `pointer`. */
export function get(payload: Json, pointer: string): any {
  let cur: any = payload;
  for (const t of tokens(pointer)) cur = cur?.[Array.isArray(cur) ? Number(t) : t];
  return cur;
}

/** `{ rule, path }` pairs, sorted, for exact comparison. */
export type RP = { rule: string; path: string };

export function pairs(problems: readonly Problem[]): RP[] {
  return problems
    .map(({ rule, path }) => ({ rule, path }))
    .sort((a, b) => (a.path === b.path ? a.rule.localeCompare(b.rule) : a.path < b.path ? -1 : 1));
}

function sorted(list: readonly RP[]): RP[] {
  return pairs(list.map((p) => ({ ...p, severity: 'error', message: '' })));
}

/** Order problems as sorted `{ rule, path }`. */
export function orderProblems(payload: unknown, version: OrderVersion, profile?: ClientProfile): RP[] {
  return pairs(lintOrder(payload, profile ? { version, profile } : { version }));
}

/** Return problems as sorted `{ rule, path }`. */
export function returnProblems(payload: unknown, profile?: ClientProfile): RP[] {
  return pairs(lintReturn(payload, profile ? { profile } : {}));
}

/** Asserts the exact list of problems (any order). */
export function expectExactly(actual: readonly RP[], expected: readonly RP[]): void {
  expect(actual).toEqual(sorted(expected));
}

/** Shorthand for one expected problem. */
export function p(rule: string, path: string): RP {
  return { rule, path };
}

/** Order base path. */
export const CR = '/clientRequest';
