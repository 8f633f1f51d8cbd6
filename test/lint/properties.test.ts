/**
 * Laws of the linter, property-tested: it never throws and never mutates, whatever
 * arrives; every reported path points into the payload (or names a missing member
 * of an existing parent); valid payloads with random valid variations lint clean.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import { parsePointer, resolvePointer, toPointer } from '../../src/lint/pointer';
import type { ClientProfile, Problem } from '../../src/lint/types';
import { currencyDigits } from '../../src/schema/codes';
import { CARD_PAYMENT_METHODS, PAYMENT_METHODS, SHIP_SERVICE_LEVELS, type OrderVersion } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, clone, validOrder, validReturn } from '../fixtures';

const VERSIONS: readonly OrderVersion[] = ['1', '1.1', '1.2'];
const PROFILES: readonly (ClientProfile | undefined)[] = [undefined, PROFILE, FMS_PROFILE];
// The engine's answer when a rule or the walk throws: never expected for JSON data.
const CRASH = 'The payload could not be read as JSON data.';

type Kind = { kind: 'order'; version: OrderVersion } | { kind: 'return' };
const KINDS: readonly Kind[] = [...VERSIONS.map((version) => ({ kind: 'order' as const, version })), { kind: 'return' }];

function lint(kind: Kind, payload: unknown, profile?: ClientProfile): Problem[] {
  const options = profile ? { profile } : {};
  return kind.kind === 'order' ? lintOrder(payload, { version: kind.version, ...options }) : lintReturn(payload, options);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

/** A path resolves, or names a missing member of an object or array that exists. */
function pathResolves(payload: unknown, path: string): boolean {
  if (resolvePointer(payload, path).found) return true;
  const tokens = parsePointer(path);
  if (tokens.length === 0) return false;
  const parent = resolvePointer(payload, toPointer(tokens.slice(0, -1)));
  return parent.found && parent.value !== null && typeof parent.value === 'object';
}

/** Every JSON Pointer of a JSON value, root first. */
function pointersOf(value: unknown, at = '', out: string[] = []): string[] {
  out.push(at);
  if (Array.isArray(value)) value.forEach((v, i) => pointersOf(v, `${at}/${i}`, out));
  else if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) pointersOf((value as Record<string, unknown>)[key], toPointer([...parsePointer(at), key]), out);
  }
  return out;
}

function checkLaws(kind: Kind, payload: unknown, profile: ClientProfile | undefined, json: boolean): void {
  const before = json ? JSON.stringify(payload) : undefined;
  const problems = lint(kind, payload, profile);
  expect(Array.isArray(problems)).toBe(true);
  for (const p of problems) {
    expect(typeof p.rule).toBe('string');
    expect(typeof p.message).toBe('string');
    expect(['error', 'warn']).toContain(p.severity);
  }
  if (!json) return;
  expect(JSON.stringify(payload)).toBe(before);
  for (const p of problems) {
    expect(p.message, `${p.rule} crashed`).not.toBe(CRASH);
    expect(pathResolves(payload, p.path), `${p.rule} ${p.path}`).toBe(true);
  }
  // Linting a frozen copy gives the same answer: the linter never writes.
  expect(lint(kind, deepFreeze(clone(payload)), profile)).toEqual(problems);
}

const kindArb = fc.constantFrom(...KINDS);
const profileArb = fc.constantFrom(...PROFILES);

describe('lint never throws and never mutates', () => {
  it('on any JSON value', () => {
    fc.assert(
      fc.property(kindArb, profileArb, fc.jsonValue({ maxDepth: 6 }), (kind, profile, value) => checkLaws(kind, value, profile, true)),
      { numRuns: 500 },
    );
  });

  it('on JSON values placed where the payload parts belong', () => {
    const shaped = fc.record({
      clientRequest: fc.dictionary(fc.constantFrom('requestHeader', 'order', 'payment', 'partner', 'item', 'x'), fc.jsonValue({ maxDepth: 4 })),
      requestHeader: fc.jsonValue({ maxDepth: 3 }),
      rma: fc.jsonValue({ maxDepth: 3 }),
      partner: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
      item: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
    }, { requiredKeys: [], noNullPrototype: true });
    fc.assert(fc.property(kindArb, profileArb, shaped, (kind, profile, value) => checkLaws(kind, value, profile, true)), { numRuns: 300 });
  });

  it('on anything (dates, maps, sets, bigints, boxed values, sparse arrays, null prototypes)', () => {
    const anything = fc.anything({
      maxDepth: 4,
      withBigInt: true,
      withBoxedValues: true,
      withDate: true,
      withMap: true,
      withSet: true,
      withNullPrototype: true,
      withObjectString: true,
      withSparseArray: true,
      withUnicodeString: true,
    });
    fc.assert(
      fc.property(kindArb, profileArb, anything, (kind, profile, value) => {
        checkLaws(kind, value, profile, false);
        checkLaws(kind, { clientRequest: value }, profile, false);
      }),
      { numRuns: 300 },
    );
  });
});

/** One change to a payload: replace or delete the node at a pointer, or insert a member. */
const mutationArb = fc.record({
  op: fc.constantFrom('replace', 'delete', 'insert', 'null'),
  pick: fc.nat(),
  key: fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('__proto__', 'constructor', 'a/b', '~', 'item', 'value', 'entityId', 'poNumber')),
  value: fc.jsonValue({ maxDepth: 3 }),
});

type Mutation = typeof mutationArb extends fc.Arbitrary<infer T> ? T : never;

function mutate(payload: unknown, m: Mutation): unknown {
  const copy = clone(payload);
  const all = pointersOf(copy);
  const pointer = all[m.pick % all.length]!;
  const tokens = parsePointer(pointer);
  if (m.op === 'insert') {
    const target = resolvePointer(copy, pointer);
    if (!target.found || target.value === null || typeof target.value !== 'object') return copy;
    if (Array.isArray(target.value)) target.value.push(m.value);
    else Object.defineProperty(target.value, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
    return copy;
  }
  if (tokens.length === 0) return m.op === 'replace' ? m.value : m.op === 'null' ? null : {};
  const last = tokens.pop()!;
  const parent = resolvePointer(copy, toPointer(tokens));
  if (!parent.found || parent.value === null || typeof parent.value !== 'object') return copy;
  const holder = parent.value as Record<string, unknown>;
  if (m.op === 'delete') {
    if (Array.isArray(holder)) holder.splice(Number(last), 1);
    else delete holder[last];
  } else {
    holder[last] = m.op === 'null' ? null : m.value;
  }
  return copy;
}

describe('lint on mutated valid payloads', () => {
  it('never throws, never crashes a rule, and reports only paths into the payload', () => {
    fc.assert(
      fc.property(kindArb, profileArb, fc.array(mutationArb, { minLength: 1, maxLength: 4 }), (kind, profile, mutations) => {
        let payload: unknown = kind.kind === 'order' ? validOrder(kind.version) : validReturn();
        for (const m of mutations) payload = mutate(payload, m);
        checkLaws(kind, payload, profile, true);
      }),
      { numRuns: 1500 },
    );
  });
});

// ---- Valid variations -------------------------------------------------------------

/** Non-blank text of 1..max code points (any Unicode, surrogate pairs included). */
const text = (max: number) => fc.string({ unit: 'binary', minLength: 1, maxLength: max }).filter((s) => s.trim() !== '');
const keyText = (max: number) => fc.stringMatching(new RegExp(`^[A-Za-z0-9._-]{1,${max}}$`));

const CURRENCIES = ['EUR', 'USD', 'GBP', 'CHF', 'JPY', 'BHD'] as const;

function money(minor: bigint, digits: number): string {
  const negative = minor < 0n;
  const s = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  const out = digits === 0 ? s : `${s.slice(0, -digits)}.${s.slice(-digits)}`;
  return negative ? `-${out}` : out;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');
const dateArb = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
function formatDateTime(d: Date, version: OrderVersion | 'return', offset: { sign: string; h: number; m: number }): string {
  const base = `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
  return version === '1.2' ? `${base}Z` : `${base} ${offset.sign}${pad(offset.h)}.${pad(offset.m)}`;
}
const formatDate = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
const offsetArb = fc.record({ sign: fc.constantFrom('+', '-'), h: fc.integer({ min: 0, max: 13 }), m: fc.constantFrom(0, 15, 30, 45) });

const variationArb = fc.record({
  references: fc.tuple(text(50), text(50), text(40)),
  keys: fc.tuple(keyText(50), keyText(50), keyText(30), keyText(20), keyText(15), keyText(15)),
  names: fc.tuple(text(20), text(20), text(20), text(20), text(70)),
  address: fc.tuple(text(40), text(40), text(10), text(40)),
  notes: fc.tuple(fc.string({ unit: 'binary', maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 400 })),
  currency: fc.constantFrom(...CURRENCIES),
  itemPrices: fc.array(fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 9n }), fc.bigInt({ min: 0n, max: 10n ** 8n })), { minLength: 3, maxLength: 3 }),
  totals: fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.bigInt({ min: 0n, max: 10n ** 11n })),
  quantities: fc.array(fc.oneof(fc.nat({ max: 1000 }).map(String), fc.tuple(fc.nat(99), fc.nat(999)).map(([a, b]) => `${a}.${b}`)), { minLength: 3, maxLength: 3 }),
  taxFactor: fc.tuple(fc.nat(3), fc.nat(99)).map(([a, b]) => `${a}.${pad(b)}`),
  level: fc.nat(),
  method: fc.nat(),
  captured: fc.boolean(),
  wanted: dateArb,
  offset: offsetArb,
  cardDates: fc.tuple(dateArb, dateArb),
  rmaDate: dateArb,
});

type Variation = typeof variationArb extends fc.Arbitrary<infer T> ? T : never;

function varyOrder(version: OrderVersion, v: Variation): any {
  const p = validOrder(version);
  const cr = p.clientRequest;
  const v12 = version === '1.2';
  const digits = currencyDigits(v.currency)!;
  const amount = (amountType: string, minor: bigint) => ({ currencyISO3: v.currency, amountType, value: money(minor, digits) });
  cr.requestHeader.externalMessageReference = v12 ? v.keys[0] : v.references[0];
  cr.requestHeader.requestReference = v12 ? v.keys[1] : v.references[1];
  if (version !== '1') cr.order.poNumber = v12 ? v.keys[2] : v.references[2];
  const levels = SHIP_SERVICE_LEVELS[version];
  cr.order.shipServiceLevel = levels[v.level % levels.length];
  cr.order.dateTimeWantedDeliveryDate = formatDateTime(v.wanted, version, v.offset);
  const [net, tax] = v.totals;
  cr.order.amount = [amount('totalNet', net), amount('totalTax', tax), amount('totalGross', net + tax)];
  cr.order.note = [{ noteType: v.notes[0], value: v.notes[1] }];
  const methods = PAYMENT_METHODS[version];
  const method = methods[v.method % methods.length]!;
  const card = CARD_PAYMENT_METHODS.includes(method);
  cr.payment.paymentMethod = method;
  cr.payment.status = card ? (v.captured ? 'captured' : 'authorized') : 'paid';
  cr.payment.amount = [amount('authorized', net + tax)];
  cr.payment.cardData.dateCardExpiry = formatDate(v.cardDates[0]);
  cr.payment.cardData.dateAuthExpiry = formatDate(v.cardDates[1]);
  const [first, last, first2, last2, company] = v.names;
  Object.assign(cr.partner[0].personData, { firstName: first, lastName: last });
  Object.assign(cr.partner[1].personData, { firstName: first2, lastName: last2 });
  cr.partner[0].companyData.name = company;
  cr.partner[0].addressData.address[0].value = v.address[0];
  cr.partner[0].addressData.address[1].value = v.address[1];
  cr.partner[0].addressData.postalCode = v.address[2];
  cr.partner[1].addressData.city = v.address[3];
  cr.item.forEach((item: any, i: number) => {
    const [price, unitTax] = v.itemPrices[i]!;
    // A shipping-cost item is sent only when shipping costs apply: never at zero.
    const unitNet = item.sku === 'ACME_SHIPCOSTS' ? price + 1n : price;
    item.amount = [amount('netprice', unitNet), amount('grossprice', unitNet + unitTax)];
    item.quantity.value = v.quantities[i];
    item.taxFactor = v.taxFactor;
  });
  cr.item[0].clientItemRef = v12 ? v.keys[3] : v.references[2];
  cr.item[0].sku = `A-${v.keys[4]}`;
  cr.item[1].sku = `B-${v.keys[5]}`;
  return p;
}

function varyReturn(v: Variation): any {
  const p = validReturn();
  const digits = currencyDigits(v.currency)!;
  const amount = (amountType: string, minor: bigint) => ({ currencyISO3: v.currency, amountType, value: money(minor, digits) });
  p.requestHeader.externalMessageReference = v.references[0];
  p.requestHeader.requestReference = v.references[1];
  p.rma.userReference = v.references[2];
  p.rma.dateTimeOrder = formatDateTime(v.rmaDate, 'return', v.offset);
  const [unitNet, unitTax] = v.itemPrices[0]!;
  p.rma.amount = amount('totalgross', unitNet + unitTax);
  const person = p.partner[0].personData;
  Object.assign(person, { firstName: v.names[0], lastName: v.names[1], fiscalid: v.references[2].slice(0, 10) || 'X' });
  Object.assign(p.partner[0].addressData, { city: v.address[3], postalCode: v.address[2] });
  p.partner[0].addressData.address[0].value = v.address[0];
  const item = p.item[0];
  item.sku = v.keys[0].slice(0, 25);
  item.quantity.value = v.quantities[0];
  item.amount = [amount('netprice', unitNet), amount('totaltax', unitTax)];
  item.dynamicField = [{ name: 'RMALinePrice', value: money(unitNet + unitTax, digits) }];
  return p;
}

describe('valid payloads with random valid variations lint clean', () => {
  it.each(VERSIONS)('orders v%s', (version) => {
    fc.assert(
      fc.property(variationArb, profileArb, (v, profile) => {
        const payload = varyOrder(version, v);
        expect(lintOrder(payload, profile ? { version, profile } : { version })).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('returns', () => {
    fc.assert(
      fc.property(variationArb, profileArb, (v, profile) => {
        expect(lintReturn(varyReturn(v), profile ? { profile } : {})).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
