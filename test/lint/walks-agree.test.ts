/**
 * The engine has one walk in two forms: generated code (codegen.ts) and closures (walk.ts,
 * for pages that forbid `new Function`). Both must report exactly the same problems, in the
 * same order, whatever the payload: random and mutated payloads (fast-check), the targeted
 * corpus, and objects that are not plain JSON.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintOrder, lintWithWalk } from '../../src/lint/engine';
import type { LintOptions, PayloadKind, Problem, RuleLevel } from '../../src/lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { invalidOrderArbitrary, invalidReturnArbitrary, validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { FMS_PROFILE, PROFILE, change, clone, validOrder, validReturn } from '../fixtures';
import { mutate, mutationArb, pointersOf, targetedOrders, targetedReturns } from './_corpus';
import { resolvePointer } from '../../src/lint/pointer';

const OVERRIDES: Record<string, RuleLevel> = { 'unknown-field': 'off', totals: 'error', type: 'warn', 'currency-mixed': 'error', required: 'warn', enum: 'off' };
const SETTINGS: readonly LintOptions[] = [{}, { profile: PROFILE }, { profile: FMS_PROFILE }, { profile: FMS_PROFILE, rules: OVERRIDES }];

function both(kind: PayloadKind, payload: unknown, options: LintOptions, version?: OrderVersion): { generated: Problem[]; closures: Problem[] } {
  const opts = kind === 'order' ? { ...options, version: version ?? '1.1' } : options;
  const generated = lintWithWalk('generated', kind, payload, opts);
  const closures = lintWithWalk('closures', kind, payload, opts)!;
  // Node always allows code generation: the property is meaningless without it.
  expect(generated).toBeDefined();
  return { generated: generated!, closures };
}

function expectSame(kind: PayloadKind, payload: unknown, version?: OrderVersion): void {
  for (const options of SETTINGS) {
    const { generated, closures } = both(kind, payload, options, version);
    expect(generated).toEqual(closures);
  }
}

const mutations = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

describe('generated and closure walks give identical output', () => {
  it.each(ORDER_VERSIONS)('on random valid and invalid v%s orders, mutated', (version) => {
    const base = fc.oneof(
      fc.constant(validOrder(version)),
      validOrderArbitrary(version),
      validOrderArbitrary(version, { fms: true }),
      invalidOrderArbitrary(version).map((c) => c.payload),
      invalidOrderArbitrary(version, { fms: true }).map((c) => c.payload),
    );
    fc.assert(
      fc.property(base, mutations, (payload, ms) => {
        expectSame('order', ms.reduce<unknown>((p, m) => mutate(p, m), clone(payload)), version);
      }),
      { numRuns: 150 },
    );
  });

  it('on random valid and invalid returns, mutated', () => {
    const base = fc.oneof(fc.constant(validReturn()), validReturnArbitrary(), invalidReturnArbitrary().map((c) => c.payload));
    fc.assert(
      fc.property(base, mutations, (payload, ms) => {
        expectSame('return', ms.reduce<unknown>((p, m) => mutate(p, m), clone(payload)));
      }),
      { numRuns: 200 },
    );
  });

  it('on any JSON value and on payload-shaped JSON', () => {
    const shaped = fc.record(
      {
        clientRequest: fc.dictionary(fc.constantFrom('requestHeader', 'order', 'payment', 'partner', 'item', 'x'), fc.jsonValue({ maxDepth: 3 })),
        requestHeader: fc.jsonValue({ maxDepth: 2 }),
        rma: fc.jsonValue({ maxDepth: 2 }),
        partner: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
        item: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), shaped), (payload) => {
        expectSame('order', payload, '1.2');
        expectSame('return', payload);
      }),
      { numRuns: 200 },
    );
  });

  it('on the targeted corpus of every rule', () => {
    for (const version of ORDER_VERSIONS) for (const payload of targetedOrders(version)) expectSame('order', payload, version);
    for (const payload of targetedReturns()) expectSame('return', payload);
  });

  it('on blank strings of every kind at every string member (the generated walk tests some only after a failed check)', () => {
    const blanks = ['', ' ', '\u00a0', '\u2003\t', '\u3000', '\ufeff'];
    const cases: [PayloadKind, unknown][] = [
      ['order', validOrder()],
      ['return', validReturn()],
    ];
    let reported = 0;
    for (const [kind, payload] of cases) {
      for (const pointer of pointersOf(payload)) {
        const at = resolvePointer(payload, pointer);
        if (!at.found || typeof at.value !== 'string') continue;
        for (const blank of blanks) {
          const changed = change(payload, { [pointer]: blank });
          expectSame(kind, changed);
          const { generated } = both(kind, changed, { profile: FMS_PROFILE });
          if (generated.some((problem) => problem.rule === 'blank-value' && problem.path === pointer)) reported++;
        }
      }
    }
    // Required members report their blank value whatever check failed first (codes, numerals, picklists, names).
    expect(reported).toBeGreaterThan(100);
  });

  it('notices a difference (the comparison can fail)', () => {
    const { generated } = both('order', validOrder(), {});
    expect(generated).toEqual([]);
    expect(lintOrder({ clientRequest: { ...validOrder().clientRequest, extra: 1 } }, { version: '1.1' })).toHaveLength(1);
  });
});

/** Objects that are not plain JSON, built around a valid member object. */
function exotic(kind: string, source: Record<string, unknown>): unknown {
  const entries = Object.entries(clone(source));
  const [first] = entries[0]!;
  switch (kind) {
    case 'inherited-member':
      return Object.assign(Object.create(Object.fromEntries(entries.slice(0, 1))), Object.fromEntries(entries.slice(1)));
    case 'hidden-member': {
      const out = Object.fromEntries(entries);
      Object.defineProperty(out, first, { value: out[first], enumerable: false, configurable: true, writable: true });
      return out;
    }
    case 'getter': {
      const out = Object.fromEntries(entries);
      const value = out[first];
      Object.defineProperty(out, first, { get: () => value, enumerable: true, configurable: true });
      return out;
    }
    case 'null-prototype':
      return Object.assign(Object.create(null), Object.fromEntries(entries));
    case 'class-instance':
      return Object.assign(new (class Payload {})(), Object.fromEntries(entries));
    case 'typed-array':
      return new Float64Array(8);
    case 'map':
      return new Map(entries);
    default: {
      const out = Object.fromEntries(entries);
      Object.defineProperty(out, '__proto__', { value: { [first]: 'x' }, enumerable: true, configurable: true, writable: true });
      return out;
    }
  }
}

describe('objects that are not plain JSON give the same output on both walks', () => {
  const kinds = ['inherited-member', 'hidden-member', 'getter', 'null-prototype', 'class-instance', 'typed-array', 'map', 'proto-own-key'];
  it.each(kinds)('%s, in every object of an order and a return', (kind) => {
    const order = validOrder();
    const body = order.clientRequest;
    const places: [string, (o: any) => void][] = [
      ['clientRequest', (o) => (o.clientRequest = exotic(kind, body))],
      ['requestHeader', (o) => (o.clientRequest.requestHeader = exotic(kind, body.requestHeader))],
      ['payment', (o) => (o.clientRequest.payment = exotic(kind, body.payment))],
      ['partner', (o) => (o.clientRequest.partner[0] = exotic(kind, body.partner[0]))],
      ['addressData', (o) => (o.clientRequest.partner[1].addressData = exotic(kind, body.partner[1].addressData))],
      ['item', (o) => (o.clientRequest.item[0] = exotic(kind, body.item[0]))],
      ['amount', (o) => (o.clientRequest.item[1].amount[0] = exotic(kind, body.item[1].amount[0]))],
    ];
    for (const [, place] of places) {
      const payload = validOrder();
      place(payload);
      expectSame('order', payload);
    }
    const ret = validReturn();
    ret.partner[0].addressData = exotic(kind, ret.partner[0].addressData);
    expectSame('return', ret);
  });

  it('the root: the wrapper is an own enumerable clientRequest, on both walks', () => {
    const body = validOrder().clientRequest;
    const hidden = {};
    Object.defineProperty(hidden, 'clientRequest', { value: body, enumerable: false });
    const cases: [string, unknown, string[]][] = [
      ['no members', {}, ['wrapper ']],
      ['only other members', { requestHeader: body.requestHeader }, ['wrapper ']],
      ['a hidden wrapper', hidden, ['wrapper ']],
      ['a null prototype without the wrapper', Object.create(null), ['wrapper ']],
      ['a null prototype with it', Object.assign(Object.create(null), { clientRequest: body }), []],
      ['the wrapper, undefined', { clientRequest: undefined }, ['required /clientRequest']],
      ['the wrapper and another member', { clientRequest: body, x: 1 }, ['unknown-field /x']],
    ];
    for (const [name, payload, expected] of cases) {
      expectSame('order', payload);
      const { generated } = both('order', payload, {});
      expect(generated.map((p) => `${p.rule} ${p.path}`), name).toEqual(expected);
    }
    // With the wrapper rule off, an unwrapped payload reports nothing and is not walked.
    for (const which of ['generated', 'closures'] as const) {
      expect(lintWithWalk(which, 'order', { requestHeader: 1 }, { version: '1.1', rules: { wrapper: 'off' } })).toEqual([]);
    }
  });

  it('a function where an object or array belongs is one type problem at its path, however often it comes', () => {
    // The generated walk tests such members for a function early (codegen.ts, `ahead`: it asks the processor for them early).
    const places: [string, (o: any) => void][] = [
      ['/clientRequest/order', (o) => (o.clientRequest.order = () => 1)],
      ['/clientRequest/partner', (o) => (o.clientRequest.partner = function partner() {})],
      ['/clientRequest/item/0/quantity', (o) => (o.clientRequest.item[0].quantity = class Quantity {})],
      ['/clientRequest/item/1/amount', (o) => (o.clientRequest.item[1].amount = async () => [])],
    ];
    for (let round = 0; round < 50; round++) {
      for (const [path, place] of places) {
        const payload = validOrder();
        place(payload);
        expectSame('order', payload);
        expect(lintOrder(payload, { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toEqual([`type ${path}`]);
      }
      expect(lintOrder(validOrder(), { version: '1.1' })).toEqual([]);
    }
  });

  it('a typed array, a Map or a class instance is one type problem at its path', () => {
    for (const kind of ['class-instance', 'typed-array', 'map']) {
      const payload = validOrder();
      payload.clientRequest.requestHeader = exotic(kind, payload.clientRequest.requestHeader);
      expect(lintOrder(payload, { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toEqual(['type /clientRequest/requestHeader']);
    }
  });
});
