/**
 * Engine laws on payloads from `fulfilkit/arbitraries` (built by the builders, so
 * valid by construction): valid orders of every version, with and without FMS, and
 * valid returns lint without errors; each known-invalid variant reports its problem.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { OrderVersion } from '../../src/schema/tables';
import {
  FMS_TEST_PROFILE,
  TEST_PROFILE,
  invalidOrderArbitrary,
  invalidReturnArbitrary,
  validOrderArbitrary,
  validReturnArbitrary,
} from '../../src/testing/arbitraries';

const VERSIONS: readonly OrderVersion[] = ['1', '1.1', '1.2'];
const errorsOf = (problems: { severity: string }[]) => problems.filter((p) => p.severity === 'error');

describe('engine on arbitraries', () => {
  for (const version of VERSIONS) {
    for (const fms of [false, true]) {
      const profile = fms ? FMS_TEST_PROFILE : TEST_PROFILE;
      it(`valid v${version} orders (${fms ? 'FMS' : 'no FMS'}) lint without errors`, () => {
        fc.assert(
          fc.property(validOrderArbitrary(version, { fms }), (payload) => {
            expect(errorsOf(lintOrder(payload, { version, profile }))).toEqual([]);
            // Without a profile fewer rules run: still no errors, unless the order has an
            // FMS discount item, whose negative prices only the profile's SKU exempts.
            if (!fms) expect(errorsOf(lintOrder(payload, { version }))).toEqual([]);
          }),
          { numRuns: 60 },
        );
      });
    }
    it(`invalid v${version} orders report their expected { rule, path }`, () => {
      fc.assert(
        fc.property(invalidOrderArbitrary(version), ({ payload, expected }) => {
          const found = lintOrder(payload, { version, profile: TEST_PROFILE }).map((p) => ({ rule: p.rule, path: p.path }));
          expect(found).toContainEqual(expected);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('valid returns lint without errors', () => {
    fc.assert(
      fc.property(validReturnArbitrary(), (payload) => {
        expect(errorsOf(lintReturn(payload, { profile: TEST_PROFILE }))).toEqual([]);
      }),
      { numRuns: 80 },
    );
  });

  it('invalid returns report their expected { rule, path }', () => {
    fc.assert(
      fc.property(invalidReturnArbitrary(), ({ payload, expected }) => {
        const found = lintReturn(payload, { profile: TEST_PROFILE }).map((p) => ({ rule: p.rule, path: p.path }));
        expect(found).toContainEqual(expected);
      }),
      { numRuns: 80 },
    );
  });
});
