/**
 * Building the arbitraries: fast-check works out a string arbitrary's slices as it builds it
 * (1-10 ms each). Built per currency and version, they made one `validReturnArbitrary()` take
 * about 600 ms; each pattern is now built once. `fc.stringMatching` is counted through a mock
 * of fast-check that calls the real one.
 */
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { ORDER_VERSIONS } from '../../src/schema/tables';
import { invalidOrderArbitrary, invalidReturnArbitrary, orderInputArbitrary, returnInputArbitrary, validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';

vi.mock('fast-check', async (importOriginal) => {
  const real = await importOriginal<typeof import('fast-check')>();
  const fcReal = (real as unknown as { default: typeof fc }).default;
  const counted = { ...fcReal, stringMatching: vi.fn(fcReal.stringMatching) };
  return { ...real, ...counted, default: counted };
});

const all = () => [
  ...ORDER_VERSIONS.flatMap((version) => [validOrderArbitrary(version), invalidOrderArbitrary(version, { fms: true }), orderInputArbitrary(version)]),
  validReturnArbitrary(),
  invalidReturnArbitrary(),
  returnInputArbitrary(),
];

describe('building the arbitraries', () => {
  it('builds each string pattern once: a second arbitrary of any kind builds no string arbitrary anew', () => {
    const built = vi.mocked(fc.stringMatching);
    all();
    // One per pattern (13 literals, references of several lengths), not one per version and currency.
    expect(built.mock.calls.length).toBeGreaterThan(0);
    expect(built.mock.calls.length).toBeLessThan(30);
    built.mockClear();
    const again = all();
    expect(built).not.toHaveBeenCalled();
    // And they still generate.
    for (const arbitrary of again) expect(fc.sample(arbitrary as fc.Arbitrary<unknown>, { numRuns: 1, seed: 7 })).toHaveLength(1);
  });
});
