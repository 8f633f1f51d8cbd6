/**
 * Type first is a fact of the payload, not of the rule levels: a value of the wrong JSON
 * type, or a required member that is absent, hides every other problem at or below it even
 * when `type` or `required` is turned off. Turning a rule off removes that rule's problems
 * and nothing else.
 */
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { addOrderDiscount } from '../../src/builders/index';
import { configureEngine, lintOrder, lintReturn } from '../../src/lint/engine';
import type { LintOptions, PayloadKind, Problem, RuleLevel } from '../../src/lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { invalidOrderArbitrary, invalidReturnArbitrary, validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { FMS_PROFILE, change, clone, validOrder, validReturn } from '../fixtures';
import { mutate, mutationArb } from './_corpus';

const CR = '/clientRequest';
/** An Italian order under FMS: `fiscal-code` asks for a FISCAL_CODE dynamic field. */
const italian = (version: OrderVersion = '1.1') => {
  const order = validOrder(version);
  for (const partner of order.clientRequest.partner) partner.addressData.countryISO2 = 'IT';
  order.clientRequest.order.dynamicField.push({ name: 'FISCAL_CODE', value: 'RSSMRA80A01H501U' });
  return order;
};
/** A valid order with an order-discount item (FMS), at item/3. */
const withDiscount = () => addOrderDiscount(validOrder(), { discount: '5.00', taxFactor: '1.19', taxLevel: 'HIGH' }, { version: '1.1', profile: FMS_PROFILE });
const US_SHIP_TO = { [`${CR}/partner/1/addressData/countryISO2`]: 'US', [`${CR}/partner/1/addressData/state`]: 'NY' };

function without(problems: readonly Problem[], off: readonly string[]): Problem[] {
  return problems.filter((p) => !off.includes(p.rule));
}

function lint(kind: PayloadKind, payload: unknown, options: LintOptions, version: OrderVersion = '1.1'): Problem[] {
  return kind === 'order' ? lintOrder(payload, { ...options, version }) : lintReturn(payload, options);
}

const OFFS: readonly (readonly string[])[] = [['type'], ['required'], ['type', 'required']];
const levels = (off: readonly string[]): Record<string, RuleLevel> => Object.fromEntries(off.map((id) => [id, 'off']));

describe.each([true, false])('turning type or required off removes their problems only (codegen %s)', (codegen) => {
  afterAll(() => configureEngine({ codegen: 'auto' }));

  const cases: { name: string; payload: () => unknown; off: string; rules: string[] }[] = [
    { name: 'a WEEE-like item whose localizedDescription is a number', payload: () => change(validOrder(), { [`${CR}/item/1/localizedDescription`]: 5, [`${CR}/item/1/sku`]: 'ACME_WEEE' }), off: 'type', rules: ['weee-item'] },
    { name: 'an Italian order whose dynamicField list is a number', payload: () => change(italian(), { [`${CR}/order/dynamicField`]: 5 }), off: 'type', rules: ['fiscal-code'] },
    { name: 'an Italian order whose dynamicField list is null', payload: () => change(italian(), { [`${CR}/order/dynamicField`]: null }), off: 'type', rules: ['fiscal-code'] },
    { name: 'an Italian order without its order member', payload: () => change(italian(), { [`${CR}/order`]: undefined }), off: 'required', rules: ['fiscal-code'] },
    { name: 'the shipping-cost item whose amount is a number', payload: () => change(validOrder(), { [`${CR}/item/2/amount`]: 5 }), off: 'type', rules: ['shipping-cost-item'] },
    { name: 'the order-discount item whose quantity is a number', payload: () => change(withDiscount(), { [`${CR}/item/3/quantity`]: 5 }), off: 'type', rules: ['order-discount-item'] },
    { name: 'the order-discount item whose uom is missing', payload: () => change(withDiscount(), { [`${CR}/item/3/quantity/uom`]: undefined }), off: 'required', rules: ['order-discount-item'] },
    { name: 'a US ShipTo whose state is null', payload: () => change(validOrder(), { ...US_SHIP_TO, [`${CR}/partner/1/addressData/state`]: null }), off: 'type', rules: ['state-required'] },
    { name: 'a company without a name (null)', payload: () => change(validOrder(), { [`${CR}/partner/0/companyData/name`]: null }), off: 'type', rules: ['company-name'] },
    { name: 'an item whose amount list is null', payload: () => change(validOrder(), { [`${CR}/item/0/amount`]: null }), off: 'type', rules: ['netprice-required'] },
    { name: 'the first address line whose value is null', payload: () => change(validOrder(), { [`${CR}/partner/0/addressData/address/0/value`]: null }), off: 'type', rules: ['address-lines'] },
  ];

  it.each(cases)('$name: nothing with $off off (the default reports only $off)', ({ payload, off, rules }) => {
    configureEngine({ codegen });
    const version = '1.1';
    const all = lintOrder(payload(), { version, profile: FMS_PROFILE });
    // The business rule's problem lies at or below the structural one, which is the only problem.
    expect(all.map((p) => p.rule)).toEqual([off]);
    const problems = lintOrder(payload(), { version, profile: FMS_PROFILE, rules: { [off]: 'off' } });
    expect(problems).toEqual([]);
    expect(problems.map((p) => p.rule)).not.toContain(rules[0]);
  });

  it('a wrong type still hides what lies below it in a return (rma-line-price on a null dynamicField)', () => {
    configureEngine({ codegen });
    const payload = change(validReturn(), { '/item/0/dynamicField': null });
    expect(lintReturn(payload).map((p) => p.rule)).toEqual(['type']);
    expect(lintReturn(payload, { rules: { type: 'off' } })).toEqual([]);
  });

  const mutations = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

  it.each(ORDER_VERSIONS)('on random valid and invalid v%s orders, mutated: off = the default minus that rule', (version) => {
    configureEngine({ codegen });
    const base = fc.oneof(validOrderArbitrary(version, { fms: true }), invalidOrderArbitrary(version, { fms: true }).map((c) => c.payload), fc.constant(italian(version)));
    fc.assert(
      fc.property(base, mutations, fc.constantFrom(...OFFS), fc.boolean(), (payload, ms, off, fms) => {
        const mutated = ms.reduce<unknown>((p, m) => mutate(p, m), clone(payload));
        const options: LintOptions = fms ? { profile: FMS_PROFILE } : {};
        const all = lint('order', mutated, options, version);
        expect(lint('order', mutated, { ...options, rules: levels(off) }, version)).toEqual(without(all, off));
      }),
      { numRuns: 120 },
    );
  });

  it('on random valid and invalid returns, mutated: off = the default minus that rule', () => {
    configureEngine({ codegen });
    const base = fc.oneof(validReturnArbitrary(), invalidReturnArbitrary().map((c) => c.payload));
    fc.assert(
      fc.property(base, mutations, fc.constantFrom(...OFFS), (payload, ms, off) => {
        const mutated = ms.reduce<unknown>((p, m) => mutate(p, m), clone(payload));
        const all = lint('return', mutated, { profile: FMS_PROFILE });
        expect(lint('return', mutated, { profile: FMS_PROFILE, rules: levels(off) })).toEqual(without(all, off));
      }),
      { numRuns: 120 },
    );
  });
});
