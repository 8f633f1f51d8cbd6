/**
 * A corpus of payloads for the engine's tests: hand-written changes that hit every rule
 * (targetedOrders, targetedReturns), and random mutations of valid payloads (mutated) that
 * replace, delete, insert or null members with values that sit on the rules' edges.
 */
import fc from 'fast-check';
import { parsePointer, resolvePointer, toPointer } from '../../src/lint/pointer';
import type { OrderVersion } from '../../src/schema/tables';
import { change, clone, validOrder, validReturn } from '../fixtures';

/** Every JSON Pointer of a JSON value, root first. */
export function pointersOf(value: unknown, at = '', out: string[] = []): string[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((el, i) => pointersOf(el, `${at}/${i}`, out));
  else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) pointersOf((value as Record<string, unknown>)[key], toPointer([...parsePointer(at), key]), out);
  }
  return out;
}

const AMOUNT = { currencyISO3: 'EUR', amountType: 'netprice', value: '-1.00' };
// Values that hit the rules: limits, formats, enums, special SKUs, dynamic fields.
const VALUES: readonly unknown[] = [
  null, 0, 1.5, -3, true, '', ' ', 'x', 'x'.repeat(41), '😀'.repeat(21), 'a/b~c',
  '-1.00', '0.00', '-0', '1,50', '12.345', '7', '2', '3', 'eur', 'USD', 'JPY', 'BHD', 'XX', 'IT', 'US', 'CA', 'MX', 'AU', 'ITA', 'USA', 'FRA',
  'Texas', 'TX', 'NSW', 'ON', 'de_DE', 'de-DE', 'not-an-email', 'a@b.c', 'ftp://x', 'https://x.example/r', '2026-02-30', '2026-02-28',
  '2026-02-28T10:00:00 +01.00', '2026-02-28T10:00:00Z', '2026-02-28T24:00:00 +01.00', 'PUO', 'PUD', 'EXI', 'STD', 'capture', 'created',
  'paid', 'captured', 'authorized', 'PayPal', 'Visa', 'BillTo', 'ShipTo', 'ACME_SHIPCOSTS', 'ACME_DISCOUNT', 'ACME_WEEE', 'WEEE SKU-1',
  'FISCAL_CODE', 'PROCESSAUTHSTATUS', 'PROCESSAUTHSTATUSCODE', 'Review', 'DM_REVIEW', 'RMALinePrice', 'France', 'Germany', 'damaged',
  'OTHER', 'KEY with space', [], {}, [{}], [null], [1, 2],
  { name: 'FISCAL_CODE', value: 'RSSMRA80A01H501U' },
  { name: 'PROCESSAUTHSTATUS', value: 'Review' },
  { name: 'RMALinePrice', value: 'x' },
  AMOUNT,
  [AMOUNT],
  { line: '2', value: 'x' },
  { phoneType: 'fax', value: '1' },
  { uom: 'PC', value: '1' },
];
const KEYS: readonly string[] = [
  'unknownThing', 'entityId', 'transactionId', 'acquirerId', 'datetimeWantedDeliveryDate', 'poNumber', 'customerNumber',
  'requestStatus', 'orderId', '__proto__', 'constructor', 'toString', 'a/b', 'x~y', 'clientRequest', 'state', 'companyData',
  'dynamicField', 'cardData', 'status', 'name', 'value', 'locale', 'amount',
];

export const mutationArb = fc.record({
  op: fc.constantFrom('replace', 'replace', 'delete', 'insert', 'null'),
  pick: fc.nat(),
  key: fc.constantFrom(...KEYS),
  value: fc.constantFrom(...VALUES),
});
type Mutation = typeof mutationArb extends fc.Arbitrary<infer T> ? T : never;

export function mutate(payload: unknown, m: Mutation): unknown {
  const copy = clone(payload);
  const all = pointersOf(copy);
  const pointer = all[m.pick % all.length]!;
  const tokens = parsePointer(pointer);
  const value = clone(m.value);
  if (m.op === 'insert') {
    const target = resolvePointer(copy, pointer);
    if (!target.found || target.value === null || typeof target.value !== 'object') return copy;
    if (Array.isArray(target.value)) target.value.push(value);
    // An own member even for '__proto__'.
    else Object.defineProperty(target.value, m.key, { value, enumerable: true, writable: true, configurable: true });
    return copy;
  }
  if (tokens.length === 0) return copy;
  const last = tokens.pop()!;
  const parent = resolvePointer(copy, toPointer(tokens));
  if (!parent.found || parent.value === null || typeof parent.value !== 'object') return copy;
  const holder = parent.value as Record<string, unknown>;
  if (m.op === 'delete') {
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else delete holder[last];
  } else {
    Object.defineProperty(holder, last, { value: m.op === 'null' ? null : value, enumerable: true, writable: true, configurable: true });
  }
  return copy;
}

export function sample<T>(arb: fc.Arbitrary<T>, numRuns: number, seed: number): T[] {
  return fc.sample(arb, { seed, numRuns });
}

export function mutated(base: unknown, count: number, seed: number): unknown[] {
  return sample(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), count, seed).map((ms) => ms.reduce<unknown>((p, m) => mutate(p, m), base));
}

const CR = '/clientRequest';
const amount = (amountType: string, value: string, currencyISO3 = 'EUR') => ({ currencyISO3, amountType, value });

/** Hand-written changes that hit the rules random mutations rarely reach. */
export function targetedOrders(version: OrderVersion): unknown[] {
  const o = validOrder(version);
  const item = (sku: string, extra: Record<string, unknown> = {}) => ({
    itemId: '4', sku, quantity: { uom: 'EA', value: '1' }, amount: [amount('netprice', '-5.00'), amount('grossprice', '-5.95')],
    taxLevel: 'HIGH', taxFactor: '1.19', pricing: 'grosspricing', localizedDescription: 'Discount', ...extra,
  });
  const us = { address: [{ line: '1', value: 'Main St 1' }], postalCode: '73301', city: 'Austin', countryISO2: 'US' };
  return [
    change(o, { [`${CR}/payment/entityId`]: 'E-1', [`${CR}/payment/transactionId`]: 'T-1', [`${CR}/payment/acquirerId`]: 'A-1' }),
    change(o, { [`${CR}/payment/entityId`]: 'E-1', [`${CR}/payment/entityID`]: undefined }),
    change(o, { [`${CR}/order/datetimeWantedDeliveryDate`]: '2026-02-30T00:00:00 +01.00', [`${CR}/order/dateTimeWantedDeliveryDate`]: undefined }),
    change(o, { [`${CR}/order/requestStatus`]: 'OK', [`${CR}/order/orderId`]: null, [`${CR}/requestStatus`]: 'x' }),
    change(o, { [`${CR}/order/shipServiceLevel`]: 'PUO', [`${CR}/payment/amount/0/amountType`]: 'capture' }),
    change(o, { [`${CR}/order/shipServiceLevel`]: 'EXI', [`${CR}/payment/amount/0/amountType`]: 'created' }),
    change(o, { [`${CR}/partner/0/addressData`]: { ...us, state: 'Texas' }, [`${CR}/partner/1/addressData`]: us }),
    change(o, { [`${CR}/partner/0/addressData`]: { ...us, countryISO2: 'AU', state: 'NSW' }, [`${CR}/partner/1/addressData`]: { ...us, countryISO2: 'MX', state: 'XX' } }),
    change(o, { [`${CR}/item/3`]: { ...clone(o.clientRequest.item[2]), itemId: '4' } }),
    change(o, { [`${CR}/item/2/amount`]: [amount('netprice', '0.00'), amount('grossprice', '-0')] }),
    change(o, { [`${CR}/item/2/amount`]: undefined }),
    change(o, { [`${CR}/order/amount/2/value`]: '120.00' }),
    change(o, { [`${CR}/order/amount/2/value`]: '119.000', [`${CR}/order/amount/0/value`]: '100' }),
    change(o, { [`${CR}/order/amount/1/currencyISO3`]: 'USD', [`${CR}/item/0/amount/0/value`]: '40.001', [`${CR}/item/1/amount/0/currencyISO3`]: 'JPY' }),
    change(o, { [`${CR}/payment/status`]: 'paid' }),
    change(o, { [`${CR}/payment/paymentMethod`]: 'PayPal', [`${CR}/payment/status`]: 'authorized', [`${CR}/payment/cardData`]: undefined }),
    change(o, { [`${CR}/payment/status`]: undefined, [`${CR}/payment/cardData/bin`]: '4111', [`${CR}/payment/cardData/last4digits`]: '1a11', [`${CR}/payment/cardData/holder`]: '' }),
    change(o, { [`${CR}/payment/cardData`]: undefined }),
    change(o, { [`${CR}/item/3`]: item('ACME_DISCOUNT'), [`${CR}/item/4`]: item('ACME_DISCOUNT', { quantity: { uom: 'PC', value: '1' }, taxLevel: '', amount: [amount('netprice', '5.00')] }) }),
    change(o, { [`${CR}/item/3`]: item('ACME_DISCOUNT', { quantity: 'x', pricing: undefined }) }),
    change(o, { [`${CR}/item/3`]: item('ACME_WEEE', { localizedDescription: 'WEEE SKU-1', amount: [amount('netprice', '1.00')] }), [`${CR}/item/4`]: item('ACME_WEEE', { itemId: '5', localizedDescription: 'WEEE SKU-12', amount: [amount('netprice', '1.00')] }) }),
    change(o, { [`${CR}/partner/1/addressData/countryISO2`]: 'IT' }),
    change(o, { [`${CR}/partner/0/addressData/countryISO2`]: 'IT', [`${CR}/order/dynamicField/1`]: { name: 'FISCAL_CODE', value: 'RSSMRA80A01H501U' } }),
    change(o, { [`${CR}/order/dynamicField/1`]: { name: 'PROCESSAUTHSTATUS', value: 'Review' } }),
    change(o, { [`${CR}/order/dynamicField/1`]: { name: 'PROCESSAUTHSTATUS', value: 'review' }, [`${CR}/order/dynamicField/2`]: { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' } }),
    change(o, { [`${CR}/partner/0/personData/locale`]: undefined, [`${CR}/partner/0/companyData/name`]: ' ' }),
    change(o, { [`${CR}/partner/1/partnerType`]: 'BillTo', [`${CR}/item/1/itemId`]: '7', [`${CR}/item/0/amount/0/amountType`]: 'grossprice' }),
    change(o, { [`${CR}/partner/0/addressData/address`]: [{ line: '2', value: 'x' }, { line: '1', value: '' }], [`${CR}/partner/1/addressData/address`]: [] }),
    change(o, { [`${CR}/partner/0/addressData/address/0/value`]: '', [`${CR}/partner/0/personData/email/0/value`]: 'nope', [`${CR}/partner/0/personData/locale`]: 'de_DE' }),
    change(o, { [`${CR}/requestHeader/client`]: 'Other', [`${CR}/requestHeader/requestReference`]: 'REF with space/~' }),
    change(o, { [`${CR}/item`]: [] }),
    change(o, { [`${CR}/partner/0/personData/firstName`]: '😀'.repeat(21), [`${CR}/order/note/0/value`]: 'ü'.repeat(500) }),
    change(o, { [`${CR}/item/0/quantity/value`]: 2, [`${CR}/item/0/taxFactor`]: '1,19', [`${CR}/item/1/amount/1/value`]: '12,50' }),
    JSON.parse('{"clientRequest":{"__proto__":{"x":1},"requestHeader":{"__proto__":null,"client":"ACME"},"item":[{"__proto__":[]}]}}'),
  ];
}

export function targetedReturns(): unknown[] {
  const r = validReturn();
  return [
    change(r, { '/partner/0/personData/phone/1': { phoneType: 'home', value: '+49 30 1' } }),
    change(r, { '/partner/0/companyData': { name: 'Doe GmbH', phone: [{ phoneType: 'work', value: '1' }, { phoneType: 'work', value: '2' }] } }),
    change(r, { '/partner/0/addressData/countryName': 'France' }),
    change(r, { '/partner/0/addressData/countryName': ' germany ', '/partner/0/addressData/countryISO3': 'deu' }),
    change(r, { '/partner/0/addressData/countryISO3': 'USA', '/partner/0/addressData/countryName': 'United States' }),
    change(r, { '/partner/0/addressData/countryISO3': 'CAN', '/partner/0/addressData/countryName': 'Canada', '/partner/0/addressData/state': 'QC' }),
    change(r, { '/partner/0/addressData/countryISO3': 'CAN', '/partner/0/addressData/countryName': 'Canada', '/partner/0/addressData/state': 'Quebec' }),
    change(r, { '/partner/1': clone(r.partner[0]) }),
    change(r, { '/rma/returnReason': 'changed my mind', '/rma/clientReturnURL': 'https:///x', '/rma/dateTimeOrder': '2026-02-20T00:00:00Z' }),
    change(r, { '/item/0/dynamicField': [{ name: 'RMALinePrice' }] }),
    change(r, { '/item/0/dynamicField': [{ name: 'OTHER', value: '1' }], '/item/0/amount/0/currencyISO3': 'USD', '/rma/amount/value': '47.605' }),
    change(r, { '/item/0/dynamicField': 'x', '/rma/amount': [] }),
    change(r, { '/partner': undefined, '/item': [] }),
  ];
}

