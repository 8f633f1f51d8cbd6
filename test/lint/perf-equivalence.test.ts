/**
 * Guard of the engine's speed work: the exact output (whole Problem objects, in order)
 * of lintOrder, lintReturn and lintBatch on a few hundred deterministic payloads was
 * recorded before optimising, in __snapshots__/perf-equivalence.json, and must not change.
 * The same record is checked on each of the engine's paths: generated code (validity test
 * first or the generated walk, trusted direct reads), closures without generated code (a
 * page whose CSP forbids eval), and closures only (Object.prototype with an enumerable
 * member). Exotic inputs (prototypes, hidden and inherited members, getters) must give
 * the same output on every path, and each hand-written scanner must agree with the
 * pattern it replaces.
 *
 * The payloads are stored with their outputs, so that changes to the fixtures or the
 * arbitraries do not invalidate the record. To re-record (only when an output change is
 * intended): PERF_EQUIVALENCE_RECORD=1 npx vitest run test/lint/perf-equivalence.test.ts
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { isSumText, isSum, parseDecimal, fractionDigits, digitsAfterDot } from '../../src/lint/checks/money-decimal';
import { decimalSign } from '../../src/lint/checks/order-items';
import * as engine from '../../src/lint/engine';
import { escapeToken, parsePointer, resolvePointer, toPointer } from '../../src/lint/pointer';
import { countryCode, currencyCode, dateFormat, keyCharset, localeFormat, numericText } from '../../src/schema/actions';
import { isAlpha2Text, isAlpha3Text, isDateInFormat, scanDecimal } from '../../src/schema/predicates';
import { isCountryAlpha2, isCountryAlpha3, isCurrencyCode } from '../../src/schema/codes';
import {
  AMOUNT_VALUE,
  DATE_ONLY,
  DATE_TIME_OFFSET,
  DATE_TIME_UTC,
  KEY_CHARSET,
  LOCALE,
  UNSIGNED_DECIMAL,
  type DateFormat,
} from '../../src/schema/tables';
import type { ClientProfile, LintOptions, Problem, RuleLevel } from '../../src/lint/types';
import type { OrderVersion } from '../../src/schema/tables';
import {
  invalidOrderArbitrary,
  invalidReturnArbitrary,
  validOrderArbitrary,
  validReturnArbitrary,
} from '../../src/testing/arbitraries';
import { FMS_PROFILE, PROFILE, change, clone, validOrder, validReturn } from '../fixtures';

const FILE = join(dirname(fileURLToPath(import.meta.url)), '__snapshots__', 'perf-equivalence.json');
const RECORD = process.env.PERF_EQUIVALENCE_RECORD === '1';
const VERSIONS: readonly OrderVersion[] = ['1', '1.1', '1.2'];
const SEED = 42;

type Kind = 'order' | 'return';

/** One option setting, by name, so that the record stays readable. */
interface Setting {
  readonly name: string;
  readonly profile?: ClientProfile;
  readonly rules?: Record<string, RuleLevel>;
  /** Lint as this version instead of the payload's own (orders). */
  readonly otherVersion?: boolean;
}

const OVERRIDES: Record<string, RuleLevel> = { 'unknown-field': 'off', totals: 'error', type: 'warn', 'currency-mixed': 'error', required: 'warn' };
const SETTINGS: readonly Setting[] = [
  { name: 'none' },
  { name: 'profile', profile: PROFILE },
  { name: 'fms', profile: FMS_PROFILE },
  { name: 'fms+rules', profile: FMS_PROFILE, rules: OVERRIDES },
  { name: 'other-version', otherVersion: true },
];

interface Case {
  readonly id: string;
  readonly kind: Kind;
  readonly version?: OrderVersion;
  readonly payload: unknown;
  /** Problems by setting name. */
  results?: Record<string, Problem[]>;
}

interface Batch {
  readonly id: string;
  readonly kind: Kind;
  readonly version?: OrderVersion;
  /** Ids of the cases linted in the batch, in order (repeats give duplicate references). */
  readonly caseIds: string[];
  results?: Problem[][];
}

interface Record_ {
  readonly note: string;
  readonly cases: Case[];
  readonly batches: Batch[];
}

// ---- Payload generation (used only when recording) ---------------------------------

/** Every JSON Pointer of a JSON value, root first. */
function pointersOf(value: unknown, at = '', out: string[] = []): string[] {
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

const mutationArb = fc.record({
  op: fc.constantFrom('replace', 'replace', 'delete', 'insert', 'null'),
  pick: fc.nat(),
  key: fc.constantFrom(...KEYS),
  value: fc.constantFrom(...VALUES),
});
type Mutation = typeof mutationArb extends fc.Arbitrary<infer T> ? T : never;

function mutate(payload: unknown, m: Mutation): unknown {
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

function sample<T>(arb: fc.Arbitrary<T>, numRuns: number, seed: number): T[] {
  return fc.sample(arb, { seed, numRuns });
}

function mutated(base: unknown, count: number, seed: number): unknown[] {
  return sample(fc.array(mutationArb, { minLength: 1, maxLength: 3 }), count, seed).map((ms) => ms.reduce<unknown>((p, m) => mutate(p, m), base));
}

const CR = '/clientRequest';
const amount = (amountType: string, value: string, currencyISO3 = 'EUR') => ({ currencyISO3, amountType, value });

/** Hand-written changes that hit the rules random mutations rarely reach. */
function targetedOrders(version: OrderVersion): unknown[] {
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

function targetedReturns(): unknown[] {
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

function generate(): Record_ {
  const cases: Case[] = [];
  const add = (id: string, kind: Kind, payloads: unknown[], version?: OrderVersion) => {
    payloads.forEach((payload, i) => cases.push({ id: `${id}#${i}`, kind, ...(version ? { version } : {}), payload: clone(payload) }));
  };
  let seed = SEED;
  for (const version of VERSIONS) {
    add(`fixture-order-${version}`, 'order', [validOrder(version)], version);
    add(`targeted-order-${version}`, 'order', targetedOrders(version), version);
    add(`fixture-order-${version}-mutated`, 'order', mutated(validOrder(version), 70, seed++), version);
    add(`valid-order-${version}`, 'order', sample(validOrderArbitrary(version), 8, seed++), version);
    add(`valid-order-${version}-fms`, 'order', sample(validOrderArbitrary(version, { fms: true }), 8, seed++), version);
    add(`invalid-order-${version}`, 'order', sample(invalidOrderArbitrary(version), 12, seed++).map((c) => c.payload), version);
    add(`invalid-order-${version}-fms`, 'order', sample(invalidOrderArbitrary(version, { fms: true }), 12, seed++).map((c) => c.payload), version);
    const [fmsBase] = sample(validOrderArbitrary(version, { fms: true }), 1, seed++);
    add(`valid-order-${version}-fms-mutated`, 'order', mutated(fmsBase, 25, seed++), version);
  }
  add('targeted-return', 'return', targetedReturns());
  add('fixture-return', 'return', [validReturn()]);
  add('fixture-return-mutated', 'return', mutated(validReturn(), 70, seed++));
  add('valid-return', 'return', sample(validReturnArbitrary(), 10, seed++));
  add('invalid-return', 'return', sample(invalidReturnArbitrary(), 20, seed++).map((c) => c.payload));
  const [returnBase] = sample(validReturnArbitrary(), 1, seed++);
  add('valid-return-mutated', 'return', mutated(returnBase, 20, seed++));
  const json = sample(fc.jsonValue({ maxDepth: 4 }), 20, seed++);
  add('json-order', 'order', json, '1.1');
  add('json-return', 'return', json);
  const shaped = sample(
    fc.record(
      {
        clientRequest: fc.dictionary(fc.constantFrom('requestHeader', 'order', 'payment', 'partner', 'item', 'x'), fc.jsonValue({ maxDepth: 3 })),
        requestHeader: fc.jsonValue({ maxDepth: 2 }),
        rma: fc.jsonValue({ maxDepth: 2 }),
        partner: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
        item: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      },
      { requiredKeys: [], noNullPrototype: true },
    ),
    20,
    seed++,
  );
  add('shaped-order', 'order', shaped, '1.2');
  add('shaped-return', 'return', shaped);

  const batches: Batch[] = [];
  for (const version of VERSIONS) {
    const orders = cases.filter((c) => c.kind === 'order' && c.version === version).map((c) => c.id);
    // Repeat some payloads so that duplicate requestReferences occur.
    batches.push({ id: `batch-order-${version}`, kind: 'order', version, caseIds: [...orders.slice(0, 40), ...orders.slice(0, 10)] });
  }
  const returns = cases.filter((c) => c.kind === 'return').map((c) => c.id);
  batches.push({ id: 'batch-return', kind: 'return', caseIds: [...returns.slice(0, 40), ...returns.slice(0, 10)] });
  return {
    note: 'Exact lint output recorded before the engine speed work; see test/lint/perf-equivalence.test.ts.',
    cases,
    batches,
  };
}

// ---- Linting --------------------------------------------------------------------------

type Engine = Pick<typeof engine, 'lintOrder' | 'lintReturn' | 'lintBatch'>;
const { lintBatch, lintOrder, lintReturn } = engine;

const otherVersion = (version: OrderVersion): OrderVersion => (version === '1.2' ? '1' : version === '1' ? '1.1' : '1.2');

/** Options of a setting; a fresh literal per call, as most callers write them. */
function optionsOf(setting: Setting): LintOptions {
  const options: LintOptions = {};
  if (setting.profile) options.profile = setting.profile;
  if (setting.rules) options.rules = { ...setting.rules };
  return options;
}

function lintCase(c: Case, setting: Setting, options: LintOptions = optionsOf(setting), lib: Engine = engine): Problem[] {
  if (c.kind === 'return') return lib.lintReturn(c.payload, options);
  const version = setting.otherVersion ? otherVersion(c.version!) : c.version!;
  return lib.lintOrder(c.payload, { ...options, version });
}

function settingsOf(c: Case): readonly Setting[] {
  return c.kind === 'return' ? SETTINGS.filter((s) => !s.otherVersion) : SETTINGS;
}

function lintAll(record: Record_): void {
  for (const c of record.cases) {
    c.results = {};
    for (const setting of settingsOf(c)) c.results[setting.name] = lintCase(c, setting);
  }
  for (const b of record.batches) b.results = lintBatchOf(record, b);
}

function lintBatchOf(record: Record_, b: Batch, lib: Engine = engine): Problem[][] {
  const byId = new Map(record.cases.map((c) => [c.id, c.payload]));
  const payloads = b.caseIds.map((id) => byId.get(id));
  return lib.lintBatch(payloads, b.kind === 'order' ? { kind: 'order', version: b.version! } : { kind: 'return' });
}

/** One case per line, so that a changed output shows as a small diff. */
function serialise(record: Record_): string {
  const lines = [
    '{',
    `"note": ${JSON.stringify(record.note)},`,
    '"cases": [',
    record.cases.map((c) => JSON.stringify(c)).join(',\n'),
    '],',
    '"batches": [',
    record.batches.map((b) => JSON.stringify(b)).join(',\n'),
    ']',
    '}',
  ];
  return lines.join('\n') + '\n';
}

function load(): Record_ {
  if (RECORD || !existsSync(FILE)) {
    if (!RECORD) throw new Error(`${FILE} is missing; record it with PERF_EQUIVALENCE_RECORD=1.`);
    const record = generate();
    lintAll(record);
    mkdirSync(dirname(FILE), { recursive: true });
    writeFileSync(FILE, serialise(record));
  }
  return JSON.parse(readFileSync(FILE, 'utf8')) as Record_;
}

const record = load();

describe('lint output is exactly as recorded before the speed work', () => {
  it('holds a few hundred payloads of every kind and version', () => {
    expect(record.cases.length).toBeGreaterThan(300);
    expect(record.cases.some((c) => Object.values(c.results!).some((r) => r.length > 0))).toBe(true);
  });

  describe.each(SETTINGS.map((s) => [s.name, s] as const))('setting %s', (_name, setting) => {
    it('lintOrder and lintReturn, fresh options per call', () => {
      for (const c of record.cases) {
        if (!settingsOf(c).includes(setting)) continue;
        expect(lintCase(c, setting), c.id).toStrictEqual(c.results![setting.name]);
      }
    });

    it('lintOrder and lintReturn, one options object reused for every call', () => {
      const shared = optionsOf(setting);
      for (const c of record.cases) {
        if (!settingsOf(c).includes(setting)) continue;
        expect(lintCase(c, setting, shared), c.id).toStrictEqual(c.results![setting.name]);
      }
    });
  });

  it('lintBatch, duplicate requestReferences included', () => {
    for (const b of record.batches) expect(lintBatchOf(record, b), b.id).toStrictEqual(b.results);
  });

  it('lints a frozen payload exactly as the original', () => {
    const freeze = (value: unknown): unknown => {
      if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
        Object.freeze(value);
        for (const key of Object.keys(value)) freeze((value as Record<string, unknown>)[key]);
      }
      return value;
    };
    const fms = SETTINGS.find((s) => s.name === 'fms')!;
    for (const c of record.cases.filter((_, i) => i % 5 === 0)) {
      const frozen = { ...c, payload: freeze(clone(c.payload)) };
      expect(lintCase(frozen, fms), c.id).toStrictEqual(c.results!.fms);
    }
  });
});

// ---- The engine's other paths ---------------------------------------------------------

/** An enumerable member of Object.prototype sends the engine to its closures (no validity shortcuts, no trusted reads). */
function closuresOnly<T>(run: () => T): T {
  Object.defineProperty(Object.prototype, '__fulfilkitProbe', { value: 1, enumerable: true, configurable: true, writable: true });
  try {
    return run();
  } finally {
    delete (Object.prototype as Record<string, unknown>).__fulfilkitProbe;
  }
}

/** A fresh engine that cannot generate code, as under a Content-Security-Policy without 'unsafe-eval'. */
async function engineWithoutCodegen(): Promise<Engine> {
  vi.resetModules();
  const generateReporter = vi.fn(() => undefined);
  vi.doMock('../../src/lint/generate', () => ({
    canGenerateCode: () => false,
    generateValidity: () => undefined,
    generateReporter,
  }));
  const lib = await import('../../src/lint/engine');
  vi.doUnmock('../../src/lint/generate');
  vi.resetModules();
  // The fresh engine compiles on first use and must have asked the stub, not generated code.
  lib.lintOrder(validOrder('1.1'), { version: '1.1' });
  expect(lib.lintOrder).not.toBe(engine.lintOrder);
  expect(generateReporter).toHaveBeenCalled();
  return lib;
}

afterEach(() => {
  delete (Object.prototype as Record<string, unknown>).__fulfilkitProbe;
});

describe('every path of the engine gives the recorded output', () => {
  it('closures only (Object.prototype has an enumerable member)', () => {
    closuresOnly(() => {
      for (const c of record.cases) {
        for (const setting of settingsOf(c)) expect(lintCase(c, setting), `${c.id} ${setting.name}`).toStrictEqual(c.results![setting.name]);
      }
      for (const b of record.batches) expect(lintBatchOf(record, b), b.id).toStrictEqual(b.results);
    });
  });

  it('closures with their validity tests, where code cannot be generated', async () => {
    const lib = await engineWithoutCodegen();
    for (const c of record.cases) {
      for (const setting of settingsOf(c)) expect(lintCase(c, setting, undefined, lib), `${c.id} ${setting.name}`).toStrictEqual(c.results![setting.name]);
    }
    for (const b of record.batches) expect(lintBatchOf(record, b, lib), b.id).toStrictEqual(b.results);
  });

  it('after valid and after invalid payloads alike (the validity test goes first after a valid one)', () => {
    const fms = SETTINGS.find((s) => s.name === 'fms')!;
    const orders = record.cases.filter((c) => c.kind === 'order');
    // Each case right after a valid fixture, then right after an invalid one.
    for (const c of orders) {
      lintOrder(validOrder(c.version!), { version: c.version! });
      expect(lintCase(c, fms), c.id).toStrictEqual(c.results!.fms);
      lintOrder({ clientRequest: { x: 1 } }, { version: c.version! });
      expect(lintCase(c, fms), c.id).toStrictEqual(c.results!.fms);
    }
  });
});

// ---- Exotic inputs ----------------------------------------------------------------------

/** Rebuilds a JSON value with one exotic trait at the node `at` (pre-order index). */
type Exotic = 'inherited-member' | 'hidden-member' | 'getter' | 'null-prototype' | 'class-instance' | 'proto-own-key' | 'hidden-unknown';

class Holder {
  [key: string]: unknown;
}

function exotic(value: unknown, at: number, kind: Exotic, key: string, counter = { n: 0 }): unknown {
  const here = counter.n++;
  if (Array.isArray(value)) return value.map((el) => exotic(el, at, kind, key, counter));
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, exotic(v, at, kind, key, counter)] as const);
  if (here !== at) return Object.fromEntries(entries);
  const first = entries[0]?.[0] ?? key;
  switch (kind) {
    case 'inherited-member': {
      // The first member moves to the prototype: an own member no more.
      const proto = Object.fromEntries(entries.slice(0, 1));
      return Object.assign(Object.create(proto), Object.fromEntries(entries.slice(1)));
    }
    case 'hidden-member': {
      const out = Object.fromEntries(entries);
      Object.defineProperty(out, first, { value: out[first], enumerable: false, configurable: true, writable: true });
      return out;
    }
    case 'hidden-unknown': {
      const out = Object.fromEntries(entries);
      Object.defineProperty(out, first, { value: out[first], enumerable: false, configurable: true, writable: true });
      out[key] = 'unknown';
      return out;
    }
    case 'getter': {
      const out = Object.fromEntries(entries);
      const v = out[first];
      Object.defineProperty(out, first, { get: () => v, enumerable: true, configurable: true });
      return out;
    }
    case 'null-prototype':
      return Object.assign(Object.create(null), Object.fromEntries(entries));
    case 'class-instance':
      return Object.assign(new Holder(), Object.fromEntries(entries));
    case 'proto-own-key': {
      const out = Object.fromEntries(entries);
      Object.defineProperty(out, '__proto__', { value: { [first]: 'x' }, enumerable: true, configurable: true, writable: true });
      return out;
    }
  }
}

describe('exotic inputs give the same output on every path', () => {
  const kinds: Exotic[] = ['inherited-member', 'hidden-member', 'getter', 'null-prototype', 'class-instance', 'proto-own-key', 'hidden-unknown'];
  const base = record.cases.filter((c) => c.id.startsWith('fixture-') || c.id.startsWith('targeted-'));

  it('generated code and closures agree on objects that are not plain JSON', async () => {
    const lib = await engineWithoutCodegen();
    const cases = fc.sample(
      fc.record({ c: fc.constantFrom(...base), at: fc.nat(400), kind: fc.constantFrom(...kinds), key: fc.constantFrom('extra', 'city', 'sku') }),
      { seed: SEED, numRuns: 400 },
    );
    for (const { c, at, kind, key } of cases) {
      const payload = exotic(c.payload, at, kind, key);
      for (const setting of settingsOf(c)) {
        const probe = { ...c, payload };
        const expected = closuresOnly(() => lintCase(probe, setting));
        expect(lintCase(probe, setting), `${c.id} ${kind}@${at} ${setting.name}`).toStrictEqual(expected);
        expect(lintCase(probe, setting, undefined, lib), `${c.id} ${kind}@${at} ${setting.name} (no codegen)`).toStrictEqual(expected);
      }
    }
  });

  it('a member hidden on Object.prototype is not read as the payload\'s own', () => {
    for (const key of ['city', 'state', 'companyData', 'partner', 'amount', 'sku', 'requestReference']) {
      Object.defineProperty(Object.prototype, key, { value: 'polluted', enumerable: false, configurable: true, writable: true });
      try {
        for (const c of base) {
          for (const setting of settingsOf(c)) {
            const expected = closuresOnly(() => lintCase(c, setting));
            expect(lintCase(c, setting), `${c.id} ${key} ${setting.name}`).toStrictEqual(expected);
          }
        }
      } finally {
        delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
  });
});

// ---- Hand-written scanners against the patterns they replace -------------------------

const digitText = fc.stringMatching(/^-?[0-9.,a ]{0,8}$/);
const dateText = (format: DateFormat) =>
  fc.oneof(
    fc.stringMatching(format.pattern),
    fc.string({ unit: fc.constantFrom(...'0123456789-:T .+Z'), maxLength: 28 }),
    fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => {
      const iso = d.toISOString();
      return format === DATE_ONLY ? iso.slice(0, 10) : format === DATE_TIME_UTC ? `${iso.slice(0, 19)}Z` : `${iso.slice(0, 19)} +01.00`;
    }),
  );

/** The pattern-and-calendar reading the scanners replace. */
function isDateByPattern(value: string, format: DateFormat): boolean {
  const m = format.pattern.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const max = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  if (max === undefined || day < 1 || day > max) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6]) > 59)) return false;
  if (m[7] !== undefined && (Number(m[8]) > 59 || Number(m[7]) > 14 || (Number(m[7]) === 14 && Number(m[8]) > 0))) return false;
  return true;
}

describe('scanners agree with the patterns of tables.ts', () => {
  it('dates and date-times', () => {
    for (const format of [DATE_ONLY, DATE_TIME_UTC, DATE_TIME_OFFSET]) {
      const test = dateFormat(format).test;
      fc.assert(
        fc.property(dateText(format), (value) => {
          expect(isDateInFormat(value, format)).toBe(isDateByPattern(value, format));
          expect(test(value)).toBe(isDateByPattern(value, format));
        }),
        { seed: SEED, numRuns: 3000 },
      );
      for (const value of ['2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '2026-04-31', '2026-00-10', '2026-13-01', '2026-01-00']) {
        const full = format === DATE_ONLY ? value : format === DATE_TIME_UTC ? `${value}T23:59:59Z` : `${value}T00:00:00 -14.00`;
        expect(isDateInFormat(full, format)).toBe(isDateByPattern(full, format));
      }
    }
  });

  it('numerals, fraction digits, signs and sums', () => {
    const amount = numericText(AMOUNT_VALUE, '-12.50').test;
    const unsigned = numericText(UNSIGNED_DECIMAL, '2').test;
    fc.assert(
      fc.property(fc.oneof(digitText, fc.stringMatching(/^-?\d{1,4}(\.\d{0,4})?$/)), (value) => {
        expect(amount(value)).toBe(AMOUNT_VALUE.test(value));
        expect(unsigned(value)).toBe(UNSIGNED_DECIMAL.test(value));
        expect(scanDecimal(value, true) >= 0).toBe(AMOUNT_VALUE.test(value));
        const dot = value.indexOf('.');
        expect(fractionDigits(value)).toBe(AMOUNT_VALUE.test(value) ? (dot < 0 ? 0 : value.length - dot - 1) : undefined);
        expect(digitsAfterDot(value)).toBe(value.lastIndexOf('.') < 0 ? -1 : value.length - value.lastIndexOf('.') - 1);
        const sign = AMOUNT_VALUE.test(value) ? (/[1-9]/.test(value) ? (value.startsWith('-') ? -1 : 1) : 0) : undefined;
        expect(decimalSign(value)).toBe(sign);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    const decimal = fc.oneof(fc.stringMatching(/^-?\d{1,7}(\.\d{1,4})?$/), fc.constantFrom('0', '00', '-0', '0.0', '9', '99.99', '1.', 'x'));
    fc.assert(
      fc.property(decimal, decimal, decimal, (t, a, b) => {
        const [dt, da, db] = [parseDecimal(t), parseDecimal(a), parseDecimal(b)];
        expect(isSumText(t, a, b)).toBe(dt && da && db ? isSum(dt, da, db) : undefined);
      }),
      { seed: SEED, numRuns: 5000 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.bigInt({ min: 0n, max: 10n ** 13n }), fc.nat(3), (x, y, scale) => {
        const text = (v: bigint) => {
          const s = v.toString().padStart(scale + 1, '0');
          return scale === 0 ? s : `${s.slice(0, -scale)}.${s.slice(-scale)}`;
        };
        expect(isSumText(text(x + y), text(x), text(y))).toBe(true);
        expect(isSumText(text(x + y + 1n), text(x), text(y))).toBe(false);
      }),
      { seed: SEED, numRuns: 2000 },
    );
  });

  it('key references and locales', () => {
    const key = keyCharset().test;
    const locale = localeFormat().test;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'aZz09._-/ éA'), maxLength: 8 }), (value) => {
        expect(key(value)).toBe(KEY_CHARSET.test(value));
      }),
      { seed: SEED, numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'deDEnlNLxX-_ 1'), maxLength: 6 }), (value) => {
        expect(locale(value)).toBe(LOCALE.test(value) && isCountryAlpha2(value.slice(3)));
      }),
      { seed: SEED, numRuns: 3000 },
    );
  });

  it('country and currency codes, every letter pair and triple', () => {
    const alpha2 = countryCode(2).test;
    const alpha3 = countryCode(3).test;
    const currency = currencyCode().test;
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZa@[';
    for (const a of letters) {
      for (const b of letters) {
        expect(alpha2(a + b)).toBe(isCountryAlpha2(a + b));
        expect(isAlpha2Text(a + b)).toBe(isCountryAlpha2(a + b));
        for (const c of letters) {
          expect(alpha3(a + b + c)).toBe(isCountryAlpha3(a + b + c));
          expect(isAlpha3Text(a + b + c)).toBe(isCountryAlpha3(a + b + c));
          expect(currency(a + b + c)).toBe(isCurrencyCode(a + b + c));
        }
      }
    }
    for (const odd of ['', 'D', 'DEU ', ' DE', 'DEUT', 'de', 'eur']) {
      expect(alpha2(odd)).toBe(isCountryAlpha2(odd));
      expect(currency(odd)).toBe(isCurrencyCode(odd));
    }
  });

  it('JSON Pointers', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(fc.string({ unit: fc.constantFrom('a', '~', '/', '0', 'é') }), fc.nat(30))), (tokens) => {
        expect(toPointer(tokens)).toBe(tokens.map((t) => '/' + escapeToken(t)).join(''));
      }),
      { seed: SEED, numRuns: 1000 },
    );
  });
});
