/**
 * Members are own enumerable members for every rule (DESIGN, decisions of round 3): a
 * member made non-enumerable, or inherited from a prototype, lints exactly like the same
 * payload without it, on both walks, for the rules that read it and for all the others.
 * Business rules used to read nested members directly (cardData.bin, an amount's value,
 * personData.locale, ...) and saw such a member as present while `required` saw it absent.
 */
import { describe, expect, it } from 'vitest';
import { lintWithWalk } from '../../src/lint/engine';
import { memberOf } from '../../src/lint/checks/members';
import { parsePointer } from '../../src/lint/pointer';
import type { ClientProfile, Problem } from '../../src/lint/types';
import { FMS_PROFILE, change, clone, set, validOrder, validReturn } from '../fixtures';

type Kind = 'order' | 'return';
type Variant = 'hidden' | 'inherited';

/** A copy of `payload` whose member at `pointer` is non-enumerable, or inherited from a (null-prototype) prototype. */
function disguise(payload: unknown, pointer: string, variant: Variant): unknown {
  const copy = clone(payload) as any;
  const tokens = parsePointer(pointer);
  const key = tokens.pop()!;
  const parentOf = tokens.slice(0, -1).reduce((node, token) => node[token], copy);
  const parent = tokens.reduce((node, token) => node[token], copy);
  const value = parent[key];
  if (variant === 'hidden') {
    Object.defineProperty(parent, key, { value, enumerable: false, configurable: true, writable: true });
    return copy;
  }
  // A prototype whose own prototype is null still makes a plain JSON object (another realm's Object.prototype looks so).
  const proto = Object.assign(Object.create(null), { [key]: value });
  const { [key]: _, ...own } = parent;
  const child = Object.assign(Object.create(proto), own);
  if (tokens.length === 0) return child;
  parentOf[tokens[tokens.length - 1]!] = child;
  return copy;
}

const key = (p: Problem) => `${p.severity} ${p.rule} ${p.path} ${p.message}`;

function lintBoth(kind: Kind, payload: unknown, profile: ClientProfile): Problem[][] {
  const options = { version: '1.1' as const, profile };
  return (['generated', 'closures'] as const).flatMap((which) => {
    const problems = lintWithWalk(which, kind, payload, options);
    return problems === undefined ? [] : [problems];
  });
}

/** Both walks lint the disguised member exactly like the payload without it. */
function expectAbsent(kind: Kind, payload: unknown, pointer: string, profile: ClientProfile): Problem[] {
  const removed = lintBoth(kind, set(payload, pointer, undefined), profile);
  for (const variant of ['hidden', 'inherited'] as const) {
    const disguised = lintBoth(kind, disguise(payload, pointer, variant), profile);
    expect(disguised.map((problems) => problems.map(key)), `${variant} ${pointer}`).toEqual(removed.map((problems) => problems.map(key)));
  }
  return removed[0]!;
}

const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
const ITEM = '/clientRequest/item';

/** An FMS order with an order-discount item (3) and a WEEE item (4) naming SKU-1; the shipping-cost item has one price. */
function fmsOrder(): any {
  return change(validOrder(), {
    [`${ITEM}/2/amount`]: [eur('netprice', '5.00')],
    [`${ITEM}/3`]: {
      itemId: '4',
      sku: 'ACME_DISCOUNT',
      quantity: { uom: 'EA', value: '1' },
      amount: [eur('netprice', '-5.00'), eur('grossprice', '-5.95')],
      taxLevel: 'HIGH',
      taxFactor: '1.19',
      pricing: 'grosspricing',
      localizedDescription: 'Discount',
    },
    [`${ITEM}/4`]: {
      itemId: '5',
      sku: 'ACME_WEEE',
      quantity: { uom: 'EA', value: '2' },
      amount: [eur('netprice', '0.84'), eur('grossprice', '1.00')],
      localizedDescription: 'WEEE SKU-1',
    },
    '/clientRequest/order/amount': [eur('totalNet', '100.00'), eur('totalTax', '19.00'), eur('totalGross', '119.00')],
  });
}

/** An Italian FMS order with its FISCAL_CODE and a payment review pair. */
function italianOrder(): any {
  return change(validOrder(), {
    '/clientRequest/partner/0/addressData/countryISO2': 'IT',
    '/clientRequest/order/dynamicField': [
      { name: 'FISCAL_CODE', value: 'RSSMRA80A01H501U' },
      { name: 'PROCESSAUTHSTATUS', value: 'Review' },
      { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' },
    ],
  });
}

/** A US order: state-required and state-code read the address. */
function usOrder(): any {
  return change(validOrder(), { '/clientRequest/partner/1/addressData/countryISO2': 'US', '/clientRequest/partner/1/addressData/state': 'XX' });
}

/** A return with two phones and a wrong country name. */
function richReturn(): any {
  return change(validReturn(), {
    '/partner/0/personData/phone/1': { phoneType: 'home', value: '+49 30 1234567' },
    '/partner/0/addressData/countryName': 'France',
  });
}

interface Case {
  rule: string;
  kind: Kind;
  payload: () => unknown;
  pointers: string[];
}

/** For each rule, members it reads; removing any of them changes what the rule reports. */
const CASES: Case[] = [
  { rule: 'card-data', kind: 'order', payload: () => set(validOrder(), '/clientRequest/payment/cardData/bin', '4111'), pointers: ['/clientRequest/payment/cardData/bin', '/clientRequest/payment/cardData/holder', '/clientRequest/payment/cardData', '/clientRequest/payment/paymentMethod'] },
  // An invalid value: a hidden one read would add a problem that the member removed does not.
  { rule: 'card-data', kind: 'order', payload: () => set(validOrder(), '/clientRequest/payment/cardData/last4digits', '12'), pointers: ['/clientRequest/payment/cardData/last4digits'] },
  { rule: 'weee-item', kind: 'order', payload: fmsOrder, pointers: [`${ITEM}/0/sku`, `${ITEM}/4/localizedDescription`] },
  { rule: 'shipping-cost-item', kind: 'order', payload: fmsOrder, pointers: [`${ITEM}/2/amount/0/value`, `${ITEM}/2/amount/0/amountType`, `${ITEM}/2/amount`] },
  { rule: 'order-discount-item', kind: 'order', payload: fmsOrder, pointers: [`${ITEM}/3/amount/0/value`, `${ITEM}/3/amount/1/amountType`, `${ITEM}/3/taxLevel`] },
  { rule: 'order-discount-item', kind: 'order', payload: () => set(fmsOrder(), `${ITEM}/3/quantity/uom`, 'PCE'), pointers: [`${ITEM}/3/quantity/uom`] },
  { rule: 'rma-line-price', kind: 'return', payload: validReturn, pointers: ['/item/0/dynamicField/0/value', '/item/0/dynamicField/0/name', '/item/0/dynamicField'] },
  { rule: 'invoice-locale', kind: 'order', payload: validOrder, pointers: ['/clientRequest/partner/0/personData/locale'] },
  { rule: 'address-lines', kind: 'order', payload: validOrder, pointers: ['/clientRequest/partner/0/addressData/address/0/value', '/clientRequest/partner/0/addressData/address'] },
  { rule: 'company-name', kind: 'order', payload: validOrder, pointers: ['/clientRequest/partner/0/companyData/name'] },
  { rule: 'country-name', kind: 'return', payload: richReturn, pointers: ['/partner/0/addressData/countryName', '/partner/0/addressData/countryISO3'] },
  { rule: 'currency-mixed', kind: 'order', payload: () => set(validOrder(), `${ITEM}/1/amount/0/currencyISO3`, 'USD'), pointers: [`${ITEM}/1/amount/0/currencyISO3`] },
  { rule: 'currency-precision', kind: 'order', payload: () => set(validOrder(), `${ITEM}/1/amount/0/value`, '15.001'), pointers: [`${ITEM}/1/amount/0/value`] },
  { rule: 'fiscal-code', kind: 'order', payload: italianOrder, pointers: ['/clientRequest/order/dynamicField/0/value', '/clientRequest/order/dynamicField/0/name'] },
  { rule: 'fiscal-code', kind: 'order', payload: () => set(italianOrder(), '/clientRequest/order/dynamicField/0/name', 'OTHER'), pointers: ['/clientRequest/partner/0/addressData/countryISO2'] },
  { rule: 'item-ids', kind: 'order', payload: () => set(validOrder(), `${ITEM}/1/itemId`, '7'), pointers: [`${ITEM}/1/itemId`] },
  { rule: 'negative-price', kind: 'order', payload: () => set(validOrder(), `${ITEM}/1/amount/0/value`, '-15.00'), pointers: [`${ITEM}/1/amount/0/value`] },
  { rule: 'netprice-required', kind: 'order', payload: validOrder, pointers: [`${ITEM}/1/amount/0/amountType`] },
  { rule: 'partner-roles', kind: 'order', payload: validOrder, pointers: ['/clientRequest/partner/1/partnerType'] },
  { rule: 'payment-review', kind: 'order', payload: italianOrder, pointers: ['/clientRequest/order/dynamicField/1/name', '/clientRequest/order/dynamicField/2/value'] },
  { rule: 'payment-status', kind: 'order', payload: () => set(validOrder(), '/clientRequest/payment/status', 'paid'), pointers: ['/clientRequest/payment/status', '/clientRequest/payment/paymentMethod'] },
  { rule: 'return-reason', kind: 'return', payload: () => set(validReturn(), '/rma/returnReason', 'lost'), pointers: ['/rma/returnReason'] },
  { rule: 'single-phone', kind: 'return', payload: richReturn, pointers: ['/partner/0/personData/phone'] },
  { rule: 'state-code', kind: 'order', payload: usOrder, pointers: ['/clientRequest/partner/1/addressData/state'] },
  { rule: 'state-required', kind: 'order', payload: () => set(usOrder(), '/clientRequest/partner/1/addressData/state', 'CA'), pointers: ['/clientRequest/partner/1/addressData/state'] },
  { rule: 'totals', kind: 'order', payload: () => set(validOrder(), '/clientRequest/order/amount/2/value', '120.00'), pointers: ['/clientRequest/order/amount/2/value', '/clientRequest/order/amount/0/amountType'] },
  { rule: 'client-name', kind: 'order', payload: () => set(validOrder(), '/clientRequest/requestHeader/client', 'OTHER'), pointers: ['/clientRequest/requestHeader/client'] },
];

const ofRule = (rule: string, problems: Problem[]) => problems.filter((p) => p.rule === rule).map(key);

describe('a hidden or inherited member is absent to every rule', () => {
  for (const { rule, kind, payload, pointers } of CASES) {
    it.each(pointers)(`${rule}: %s`, (pointer) => {
      const original = lintBoth(kind, payload(), FMS_PROFILE)[0]!;
      const removed = expectAbsent(kind, payload(), pointer, FMS_PROFILE);
      // The case exercises the rule: without the member it reports something else.
      expect(ofRule(rule, removed)).not.toEqual(ofRule(rule, original));
    });
  }

  it.each([
    ['order', fmsOrder],
    ['order', italianOrder],
    ['order', usOrder],
    ['return', richReturn],
  ] as const)('every member of a rich %s payload, disguised one at a time', (kind, payload) => {
    const pointers: string[] = [];
    const collect = (node: unknown, at: string): void => {
      if (node === null || typeof node !== 'object') return;
      for (const [k, v] of Object.entries(node)) {
        const pointer = `${at}/${k}`;
        if (!Array.isArray(node)) pointers.push(pointer);
        collect(v, pointer);
      }
    };
    collect(payload(), '');
    expect(pointers.length).toBeGreaterThan(40);
    for (const pointer of pointers) expectAbsent(kind, payload(), pointer, FMS_PROFILE);
  });
});

describe('memberOf', () => {
  it('reads own enumerable members of plain objects only', () => {
    const hidden = Object.defineProperty({}, 'bin', { value: '411111', enumerable: false });
    const inherited = Object.create(Object.assign(Object.create(null), { bin: '411111' }));
    expect(memberOf({ bin: '411111' }, 'bin')).toBe('411111');
    expect(memberOf(Object.assign(Object.create(null), { bin: '4' }), 'bin')).toBe('4');
    expect(memberOf(hidden, 'bin')).toBeUndefined();
    expect(memberOf(inherited, 'bin')).toBeUndefined();
    expect(memberOf({}, 'toString')).toBeUndefined();
    expect(memberOf(new Map([['bin', '4']]), 'bin')).toBeUndefined();
    expect(memberOf(['4'], '0')).toBeUndefined();
    expect(memberOf(null, 'bin')).toBeUndefined();
    expect(memberOf('bin', 'length')).toBeUndefined();
  });
});
