/**
 * Shared fixtures: valid payloads of every kind and version, a client profile,
 * and helpers that derive a changed copy at a JSON Pointer.
 */
import type { ClientProfile } from '../src/lint/types';
import type { OrderVersion } from '../src/schema/tables';
import { parsePointer } from '../src/lint/pointer';

/** A profile of a client whose payments and card data the operator handles (FMS). */
export const FMS_PROFILE: ClientProfile = {
  client: 'ACME',
  clientCode: 'ACME',
  orderDiscountSku: 'ACME_DISCOUNT',
  weeeSku: 'ACME_WEEE',
  fms: true,
  processesCardData: true,
  returnReasons: ['damaged', 'wrong-size', 'not-as-described'],
};

/** A profile without FMS. */
export const PROFILE: ClientProfile = { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged', 'wrong-size'] };

const DATE = { '1': '2026-03-01T00:00:00 +01.00', '1.1': '2026-03-01T00:00:00 +01.00', '1.2': '2026-03-01T00:00:00Z' } as const;

/** A valid order of `version`: two partners in DE, two items and a shipping-cost item, a Visa payment. */
export function validOrder(version: OrderVersion = '1.1'): any {
  const v1 = version === '1';
  const amount = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
  return {
    clientRequest: {
      requestHeader: { externalMessageReference: 'MSG-1001', client: 'ACME', requestReference: 'REQ-1001' },
      order: {
        shipServiceLevel: 'STD',
        ...(v1 ? {} : { poNumber: 'PO-77' }),
        incoTerms1: 'DAP',
        dateTimeWantedDeliveryDate: DATE[version],
        amount: [amount('totalNet', '100.00'), amount('totalTax', '19.00'), amount('totalGross', '119.00')],
        note: [{ noteType: 'GIFT', value: 'Please wrap' }],
        dynamicField: [{ name: 'CHANNEL', value: 'WEB' }],
      },
      payment: {
        paymentMethod: 'Visa',
        entityID: 'ENT-1',
        transactionID: 'TX-1',
        acquireID: 'ACQ-1',
        amount: [amount('authorized', '119.00')],
        status: 'authorized',
        cardData: {
          holder: 'Jane Doe',
          bin: '411111',
          last4digits: '1111',
          dateCardExpiry: '2028-12-31',
          dateAuthExpiry: '2026-03-08',
        },
      },
      partner: [
        {
          partnerType: 'BillTo',
          companyData: { name: 'Doe Trading GmbH', ...(v1 ? {} : { customerNumber: 'C-1' }), taxNumber: 'DE123456789' },
          personData: {
            firstName: 'Jane',
            lastName: 'Doe',
            phone: [{ phoneType: 'home', value: '+49 30 1234567' }],
            email: [{ emailType: 'email', value: 'jane.doe@example.com' }],
            locale: 'de-DE',
          },
          addressData: {
            address: [{ line: '1', value: 'Hauptstrasse 1' }, { line: '2', value: '3. OG' }],
            postalCode: '10115',
            city: 'Berlin',
            countryISO2: 'DE',
          },
        },
        {
          partnerType: 'ShipTo',
          personData: { firstName: 'John', lastName: 'Doe', locale: 'de-DE' },
          addressData: { address: [{ line: '1', value: 'Nebenweg 2' }], postalCode: '20095', city: 'Hamburg', countryISO2: 'DE' },
        },
      ],
      item: [
        {
          itemId: '1',
          clientItemRef: 'LINE-1',
          sku: 'SKU-1',
          quantity: { uom: 'EA', value: '2' },
          amount: [amount('netprice', '40.00'), amount('grossprice', '47.60')],
          taxLevel: 'HIGH',
          taxFactor: '1.19',
          pricing: 'grosspricing',
          localizedDescription: 'Widget',
        },
        {
          itemId: '2',
          sku: 'SKU-2',
          quantity: { uom: 'EA', value: '1' },
          amount: [amount('netprice', '15.00'), amount('grossprice', '17.85')],
          taxLevel: 'HIGH',
          taxFactor: '1.19',
        },
        {
          itemId: '3',
          sku: 'ACME_SHIPCOSTS',
          quantity: { uom: 'EA', value: '1' },
          amount: [amount('netprice', '5.00'), amount('grossprice', '5.95')],
          taxFactor: '1.19',
        },
      ],
    },
  };
}

/** A valid return-token request. */
export function validReturn(): any {
  return {
    requestHeader: { externalMessageReference: 'RMA-MSG-1', client: 'ACME', requestReference: 'RMA-REQ-1' },
    rma: {
      returnReason: 'damaged',
      userReference: 'Jane Doe',
      transactionId: null,
      language: 'de',
      clientReturnURL: 'https://shop.example/returns/done',
      dateTimeOrder: '2026-02-20T00:00:00 +00.00',
      amount: { currencyISO3: 'EUR', amountType: 'totalgross', value: '47.60' },
      dynamicField: [{ name: 'ORDER_NO', value: 'SO-1' }],
    },
    partner: [
      {
        partnerType: 'BillTo',
        personData: {
          firstName: 'Jane',
          lastName: 'Doe',
          fiscalid: 'DE123456789',
          phone: [{ phoneType: 'mobile', value: '+49 170 1234567' }],
          email: [{ emailType: 'email', value: 'jane.doe@example.com' }],
          locale: 'de-DE',
        },
        addressData: {
          address: [{ line: '1', value: 'Hauptstrasse 1' }],
          postalCode: '10115',
          city: 'Berlin',
          countryName: 'Germany',
          countryISO3: 'DEU',
        },
      },
    ],
    item: [
      {
        sku: 'SKU-1',
        itemDescription: 'Widget',
        quantity: { uom: 'EA', value: '1' },
        amount: [
          { currencyISO3: 'EUR', amountType: 'netprice', value: '40.00' },
          { currencyISO3: 'EUR', amountType: 'totaltax', value: '7.60' },
        ],
        dynamicField: [{ name: 'RMALinePrice', value: '47.60' }],
      },
    ],
  };
}

/** A deep copy of a JSON value. */
export function clone<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * A copy of `payload` with the member at `pointer` set to `value`, or deleted when
 * `value` is `undefined` (array entries are spliced out).
 */
export function set<T>(payload: T, pointer: string, value: unknown): T {
  const copy = clone(payload) as any;
  const tokens = parsePointer(pointer);
  const last = tokens.pop()!;
  let cur = copy;
  for (const t of tokens) cur = cur[t];
  if (value === undefined) {
    if (Array.isArray(cur)) cur.splice(Number(last), 1);
    else delete cur[last];
  } else {
    cur[last] = value;
  }
  return copy;
}

/** Applies several `set` changes in order. */
export function change<T>(payload: T, changes: Record<string, unknown>): T {
  let out = payload;
  for (const [pointer, value] of Object.entries(changes)) out = set(out, pointer, value);
  return out;
}
