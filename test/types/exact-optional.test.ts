/**
 * Options and inputs take `undefined` where they take nothing, under the settings a new
 * TypeScript project gets (`tsc --init` in 5.9 turns on `exactOptionalPropertyTypes` and
 * `noUncheckedIndexedAccess`): `lintOrder(p, { version, profile: config.profile })` with a
 * profile that may be undefined must type-check, as it runs. The program below is checked
 * with the TypeScript API against src/, nothing written.
 */
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  buildOrder,
  buildReturnRequest,
  createEngine,
  createSimulator,
  describeCreateOrder,
  describeInventory,
  describeListPaymentMethods,
  lintBatch,
  lintOrder,
  lintReturn,
  orderValidator,
  returnValidator,
  send,
} from '../../src/index';
import { validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { toBeValidOrder, toBeValidReturn, toHaveProblem } from '../../src/testing/vitest';
import { FMS_PROFILE, validOrder, validReturn } from '../fixtures';

const ROOT = resolve(__dirname, '../..');
const FILE = join(ROOT, 'test', 'types', 'exact-optional-consumer.ts');

// Optional values that may be undefined at run time, as consumer code has them (config files, env, form state).
const CONSUMER = `
import {
  lintOrder, lintReturn, lintBatch, send, createSimulator, describeInventory, describeCreateOrder, describeListPaymentMethods,
  orderValidator, returnValidator, buildOrder, buildReturnRequest, type ClientProfile, type OrderVersion,
  type SimulatorClient, type SimulatorPaymentMethod,
} from '../../src/index';
import { toBeValidOrder, toBeValidReturn, toHaveProblem, type ProblemOptions, type ValidityOptions } from '../../src/testing/vitest';

declare const payload: unknown;
declare const maybeProfile: ClientProfile | undefined;
declare const maybeRules: Record<string, 'off' | 'warn' | 'error'> | undefined;
declare const maybeTimeout: number | undefined;
declare const maybeSignal: AbortSignal | undefined;
declare const maybeText: string | undefined;
declare const maybeNumber: number | undefined;
declare const version: OrderVersion;

export const a = lintOrder(payload, { version, profile: maybeProfile, rules: maybeRules });
export const c = lintReturn(payload, { profile: maybeProfile, rules: maybeRules });
export const d = lintBatch([payload], { kind: 'order', version, profile: maybeProfile, rules: maybeRules });
const connection = { baseUrl: 'https://x.test', credentials: { clientConfigId: 'a', clientAuthKey: 'b', subscriptionKey: 'c' } };
export const e = describeInventory({ ...connection, sku: maybeText });
export const e2 = describeListPaymentMethods({ ...connection, country: maybeText });
export const f = async () => send(describeInventory(connection), { timeoutMs: maybeTimeout, signal: maybeSignal, maxResponseBytes: maybeNumber });
export const g = createSimulator({ seed: maybeNumber, retain: maybeNumber });
export const h = orderValidator({ version: '1.2', profile: maybeProfile });
export const h2 = returnValidator({ profile: maybeProfile });
export const i = buildOrder({
  version: '1.1', profile: { client: 'ACME', clientCode: 'ACME' }, externalMessageReference: 'W-1', currency: 'EUR', shipServiceLevel: 'STD',
  poNumber: maybeText, requestReference: maybeText,
  billTo: { firstName: 'J', lastName: 'D', email: 'j@example.com', phone: maybeText, address: 'A 1', postalCode: '1', city: 'B', country: 'DE', state: maybeText },
  lines: [{ sku: 'S', quantity: 1, unitPrice: '1.00', taxFactor: '1.19', clientItemRef: maybeText }],
});
export const j = describeCreateOrder(i, { ...connection, version: '1.1', profile: maybeProfile });
export const k = (order: typeof i, profile: ClientProfile) =>
  buildReturnRequest({ order, profile, orderDate: '2026-03-01T10:00:00Z', returnReason: 'damaged', externalMessageReference: 'R-1', clientReturnURL: 'https://shop.test/r', language: maybeText, requestReference: maybeText, offsetMinutes: maybeNumber });
// A profile from the environment: every optional member may be undefined.
declare const maybeFlag: boolean | undefined;
declare const maybeReasons: readonly string[] | undefined;
export const envProfile: ClientProfile = {
  client: 'ACME', clientCode: 'ACME', shippingCostSku: maybeText, orderDiscountSku: maybeText, weeeSku: maybeText,
  fms: maybeFlag, processesCardData: maybeFlag, returnReasons: maybeReasons,
};
export const l = lintOrder(payload, { version, profile: envProfile });
// The matchers' options.
declare const maybeKind: 'order' | 'return' | undefined;
declare const maybeVersion: OrderVersion | undefined;
export const m = toBeValidOrder(payload, '1.1', { profile: maybeProfile, rules: maybeRules, strict: maybeFlag });
export const m2 = toBeValidReturn(payload, { profile: maybeProfile, rules: maybeRules, strict: maybeFlag });
export const m3 = toHaveProblem(payload, 'max-length', undefined, { kind: maybeKind, version: maybeVersion, profile: maybeProfile, rules: maybeRules });
export const validity: ValidityOptions = { profile: maybeProfile, rules: maybeRules, strict: maybeFlag };
export const problemOptions: ProblemOptions = { kind: maybeKind, version: maybeVersion, profile: maybeProfile, rules: maybeRules };
// The simulator's clients and payment methods.
export const client: SimulatorClient = { clientConfigId: 'a', clientAuthKey: 'b', subscriptionKey: 'c', name: 'ACME', profile: maybeProfile };
export const method: SimulatorPaymentMethod = { type: 'CreditCard', paymentMethod: 'Visa', country: maybeText, payTerm: maybeText, paymentValue: maybeText, ccType: maybeText };
export const n = createSimulator({ clients: [client], paymentMethods: [method] });
`;

describe('exactOptionalPropertyTypes', () => {
  it('takes undefined for every optional option and input member (a new project’s tsc --init settings)', () => {
    const config = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const parsed = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
    const options: ts.CompilerOptions = { ...parsed.options, strict: true, exactOptionalPropertyTypes: true, noUncheckedIndexedAccess: true, noEmit: true };
    const host = ts.createCompilerHost(options);
    const { getSourceFile, fileExists, readFile } = host;
    host.fileExists = (name) => resolve(name) === FILE || fileExists.call(host, name);
    host.readFile = (name) => (resolve(name) === FILE ? CONSUMER : readFile.call(host, name));
    host.getSourceFile = (name, language, ...rest) => (resolve(name) === FILE ? ts.createSourceFile(name, CONSUMER, language, true) : getSourceFile.call(host, name, language, ...rest));
    const program = ts.createProgram([FILE], options, host);
    const file = program.getSourceFile(FILE)!;
    const errors = [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)].map(
      (d) => `line ${file.getLineAndCharacterOfPosition(d.start ?? 0).line}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n').split('\n')[0]}`,
    );
    expect(errors).toEqual([]);
  }, 60_000);

  it('runs as it type-checks: every such member given as undefined is as if left out', async () => {
    const u = undefined;
    expect(lintOrder(validOrder('1.1'), { version: '1.1', profile: u, rules: u })).toEqual([]);
    expect(lintReturn(validReturn(), { profile: u, rules: u })).toEqual([]);
    expect(lintBatch([validOrder('1.1')], { kind: 'order', version: '1.1', profile: u, rules: u })).toEqual([[]]);
    expect(createEngine({ rules: u, codegen: u }).lintOrder(validOrder('1.1'), { version: '1.1' })).toEqual([]);
    const sim = createSimulator({ clients: u, inventory: u, paymentMethods: u, seed: u, faults: u, retain: u, retainOrders: u, control: u, onRequest: u });
    const connection = { baseUrl: 'https://api.operator.test', credentials: { clientConfigId: 'CCID-1', clientAuthKey: 'AUTH-1', subscriptionKey: 'SUB-1' } };
    const options = { fetch: sim.fetch, timeoutMs: u, signal: u, maxResponseBytes: u };
    expect((await send(describeInventory({ ...connection, sku: u }), options)).status).not.toBe(0);
    expect((await send(describeListPaymentMethods({ ...connection, country: u, paymentMethod: u }), options)).status).not.toBe(0);
    expect(() => describeCreateOrder(validOrder('1.1'), { ...connection, version: '1.1', profile: u, rules: u, lint: u })).not.toThrow();
    sim.setFaults({ latencyMs: u, serverError: u, drop: u, lostResponse: u });
    const v = orderValidator({ version: '1.1', profile: u, rules: u })['~standard'].validate(validOrder('1.1'));
    expect(v).toEqual({ value: validOrder('1.1') });
    expect(returnValidator({ profile: u })['~standard'].validate(validReturn())).toEqual({ value: validReturn() });
    expect(() => validOrderArbitrary('1.1', { profile: u, fms: u })).not.toThrow();
    expect(() => validReturnArbitrary({ profile: u })).not.toThrow();
    const order = buildOrder({
      version: '1.1', profile: FMS_PROFILE, externalMessageReference: 'W-1', currency: 'EUR', shipServiceLevel: 'STD',
      requestReference: u, pricing: u, shipServiceOption: u, shipCourier: u, incoTerms1: u, incoTerms2: u, poNumber: u, wantedDeliveryDate: u, offsetMinutes: u,
      shipTo: u, payment: u, notes: u, dynamicFields: u, fiscalCode: u, paymentReview: u,
      billTo: { firstName: 'Jane', lastName: 'Doe', email: 'jane@example.com', company: u, phone: '+49 30 1234567', locale: 'de-DE', address: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE', state: u },
      lines: [{ sku: 'SKU-1', quantity: 1, unitPrice: '10.00', taxFactor: '1.19', uom: u, taxLevel: 'HIGH', pricing: u, clientItemRef: u, localizedDescription: u, dynamicFields: u }],
    });
    expect(lintOrder(order, { version: '1.1', profile: FMS_PROFILE }).filter((p) => p.severity === 'error')).toEqual([]);
    const ret = buildReturnRequest({ order, profile: FMS_PROFILE, orderDate: '2026-03-01T10:00:00Z', returnReason: 'damaged', externalMessageReference: 'R-1', clientReturnURL: 'https://shop.test/r', requestReference: u, language: u, userReference: u, items: u, dynamicFields: u, offsetMinutes: u });
    expect(lintReturn(ret, { profile: FMS_PROFILE }).filter((p) => p.severity === 'error')).toEqual([]);

    // A profile whose optional members are all undefined is the profile without them, wherever a profile goes.
    const bare = { client: 'ACME', clientCode: 'ACME' };
    const profile = { ...bare, shippingCostSku: u, orderDiscountSku: u, weeeSku: u, fms: u, processesCardData: u, returnReasons: u };
    expect(lintOrder(validOrder('1.1'), { version: '1.1', profile })).toEqual(lintOrder(validOrder('1.1'), { version: '1.1', profile: bare }));
    expect(lintReturn(validReturn(), { profile })).toEqual(lintReturn(validReturn(), { profile: bare }));
    expect(orderValidator({ version: '1.1', profile })['~standard'].validate(validOrder('1.1'))).toEqual({ value: validOrder('1.1') });
    const orderInput = {
      version: '1.1', externalMessageReference: 'W-1', currency: 'EUR', shipServiceLevel: 'STD',
      billTo: { firstName: 'Jane', lastName: 'Doe', address: 'Hauptstr. 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
      lines: [{ sku: 'SKU-1', quantity: 1, unitPrice: '10.00', taxFactor: '1.19' }],
    } as const;
    expect(buildOrder({ ...orderInput, profile })).toEqual(buildOrder({ ...orderInput, profile: bare }));
    expect(toBeValidOrder(validOrder('1.1'), '1.1', { profile, rules: u, strict: u }).pass).toBe(true);
    expect(toBeValidReturn(validReturn(), { profile: u, rules: u, strict: u }).pass).toBe(true);
    expect(toHaveProblem(validOrder('1.1'), 'max-length', u, { kind: u, version: u, profile, rules: u }).pass).toBe(false);
    const clients = [{ clientConfigId: 'CCID-1', clientAuthKey: 'AUTH-1', subscriptionKey: 'SUB-1', name: 'ACME', profile: u }];
    const withProfile = [{ ...clients[0]!, clientConfigId: 'CCID-2', profile }];
    const paymentMethods = [{ type: 'CreditCard', paymentMethod: 'Visa', country: u, payTerm: u, paymentValue: u, ccType: u }];
    const sim2 = createSimulator({ clients: [...clients, ...withProfile], paymentMethods });
    const sim3 = createSimulator({ clients: [...clients, ...withProfile], paymentMethods: [{ type: 'CreditCard', paymentMethod: 'Visa' }] });
    const list = describeListPaymentMethods({ ...connection, credentials: { clientConfigId: 'CCID-1', clientAuthKey: 'AUTH-1', subscriptionKey: 'SUB-1' } });
    const [listed, bareListed] = [await send(list, { fetch: sim2.fetch }), await send(list, { fetch: sim3.fetch })];
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual(bareListed.body);
    expect(JSON.stringify(listed.body)).toContain('"paymentMethod":"Visa"');
  });
});
