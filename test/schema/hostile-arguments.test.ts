/**
 * Public predicates and lookups given values of any type, null prototypes included (`String()`
 * throws on those): a predicate answers false, a lookup refuses with its own TypeError. Each
 * threw "Cannot convert object to primitive value" before (found by fuzzing the exports).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHttpUrl, isRequestStatus, orderJsonSchema } from '../../src/index';
import { ORDER_VERSIONS } from '../../src/schema/tables';

const anything = fc.anything({ withNullPrototype: true, withBigInt: true, withBoxedValues: true, withMap: true, withSet: true, withDate: true });

describe('public predicates and lookups on values of any type', () => {
  it('isHttpUrl is false for anything but a string', () => {
    expect(isHttpUrl(Object.create(null) as never)).toBe(false);
    fc.assert(fc.property(anything, (value) => typeof value === 'string' || isHttpUrl(value as never) === false));
  });

  it('isRequestStatus answers for any value and any version', () => {
    expect(isRequestStatus('shipped', Object.create(null) as never)).toBe(false);
    fc.assert(fc.property(anything, anything, (value, version) => typeof isRequestStatus(value, version as never) === 'boolean'));
  });

  it('orderJsonSchema refuses anything but a version with its own TypeError', () => {
    expect(() => orderJsonSchema(Object.create(null) as never)).toThrow(new TypeError('version must be one of 1, 1.1, 1.2.'));
    fc.assert(
      fc.property(anything, (version) => {
        if (typeof version === 'string' && (ORDER_VERSIONS as readonly string[]).includes(version)) return;
        expect(() => orderJsonSchema(version as never)).toThrow(new TypeError('version must be one of 1, 1.1, 1.2.'));
      }),
    );
  });
});
