/**
 * The engine's property tests, written with `fulfilkit/arbitraries`: valid payloads
 * lint clean, invalid variants trigger their `{ rule, path }`, and lint never throws
 * and never modifies what it is given.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn } from '../../src/lint/engine';
import { ORDER_VERSIONS } from '../../src/schema/tables';
import {
  FMS_TEST_PROFILE,
  TEST_PROFILE,
  invalidOrderArbitrary,
  invalidReturnArbitrary,
  orderInputArbitrary,
  returnInputArbitrary,
  validOrderArbitrary,
  validReturnArbitrary,
} from '../../src/testing/arbitraries';

const RUNS = { numRuns: 100 };
const CASES = ORDER_VERSIONS.flatMap((version) => [
  { version, fms: false, profile: TEST_PROFILE },
  { version, fms: true, profile: FMS_TEST_PROFILE },
]);

/** Whether any object in a value has a null prototype (fc.record makes them unless told not to). */
function hasNullPrototype(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return false;
  if (!Array.isArray(value) && Object.getPrototypeOf(value) === null) return true;
  return Object.values(value).some(hasNullPrototype);
}

describe('fulfilkit/arbitraries', () => {
  it.each(CASES)('valid orders lint without any problem: v$version fms=$fms', ({ version, fms, profile }) => {
    fc.assert(
      fc.property(validOrderArbitrary(version, { fms }), (payload) => {
        expect(lintOrder(payload, { version, profile })).toEqual([]);
      }),
      RUNS,
    );
  });

  it.each(CASES)('invalid orders trigger their rule at their path: v$version fms=$fms', ({ version, fms, profile }) => {
    fc.assert(
      fc.property(invalidOrderArbitrary(version, { fms }), ({ payload, expected }) => {
        const problems = lintOrder(payload, { version, profile });
        expect(problems.map((p) => ({ rule: p.rule, path: p.path }))).toContainEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('valid and invalid return requests', () => {
    fc.assert(
      fc.property(validReturnArbitrary(), (payload) => {
        expect(lintReturn(payload, { profile: TEST_PROFILE })).toEqual([]);
      }),
      RUNS,
    );
    fc.assert(
      fc.property(invalidReturnArbitrary(), ({ payload, expected }) => {
        expect(lintReturn(payload, { profile: TEST_PROFILE }).map((p) => ({ rule: p.rule, path: p.path }))).toContainEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it('works with a profile of the user and covers every mutation', () => {
    const profile = { client: 'Globex Retail', clientCode: 'GLX', shippingCostSku: 'GLX-SHIP', returnReasons: ['defect'] };
    const seen = new Set<string>();
    fc.assert(
      fc.property(invalidOrderArbitrary('1.2', { profile }), ({ payload, expected, description }) => {
        seen.add(description);
        expect(lintOrder(payload, { version: '1.2', profile }).map((p) => `${p.rule} ${p.path}`)).toContain(`${expected.rule} ${expected.path}`);
      }),
      { numRuns: 200 },
    );
    expect(seen.size).toBeGreaterThanOrEqual(15);
  });

  it('generates plain objects (no null prototypes), so payloads compare and serialise normally', () => {
    fc.assert(
      fc.property(orderInputArbitrary('1.1', { fms: true }), returnInputArbitrary(), (order, rma) => {
        expect(hasNullPrototype(order)).toBe(false);
        expect(hasNullPrototype(rma)).toBe(false);
      }),
      { numRuns: 50 },
    );
  });
});

describe('the engine, on generated payloads', () => {
  it('never throws and never modifies the payload, valid or not, orders or returns', () => {
    const anyOrder = fc.oneof(
      ...CASES.map(({ version, fms, profile }) =>
        fc.oneof(validOrderArbitrary(version, { fms }), invalidOrderArbitrary(version, { fms }).map((c) => c.payload)).map((payload) => ({ payload, profile })),
      ),
    );
    fc.assert(
      fc.property(anyOrder, ({ payload, profile }) => {
        const before = JSON.stringify(payload);
        // Any version against any payload: wrong versions must not throw either.
        for (const v of ORDER_VERSIONS) expect(() => lintOrder(payload, { version: v, profile })).not.toThrow();
        expect(() => lintReturn(payload, { profile })).not.toThrow();
        expect(JSON.stringify(payload)).toBe(before);
      }),
      RUNS,
    );
  });

  it('reports a repeated requestReference in a batch', () => {
    fc.assert(
      fc.property(fc.array(validOrderArbitrary('1.1'), { minLength: 2, maxLength: 5 }), (orders) => {
        const batch = [...orders, orders[0]];
        const results = lintBatch(batch, { kind: 'order', version: '1.1', profile: TEST_PROFILE });
        const last = results[results.length - 1]!;
        expect(last.map((p) => p.rule)).toContain('duplicate-request-reference');
      }),
      { numRuns: 30 },
    );
  });
});
