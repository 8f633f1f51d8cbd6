import { describe, expect, it } from 'vitest';
import { isRequestStatus, requestStatusInfo, requestStatuses } from '../../src/http/request-status';
import { REQUEST_STATUS_INFO } from '../../src/schema/tables';

const V11 = ['created', 'duplicate', 'errored', 'confirmed', 'creditblocked', 'cancelled', 'dplhold', 'released', 'reserved', 'shipped', 'invoiced', 'paid'];

describe('requestStatuses', () => {
  it('lists the twelve states of v1.1 and v1.2 in the spec order', () => {
    expect(requestStatuses('1.1')).toStrictEqual(V11);
    expect(requestStatuses('1.2')).toStrictEqual(V11);
  });

  it('adds received in v1 only', () => {
    expect(requestStatuses('1')).toStrictEqual([...V11, 'received']);
  });

  it('refuses an unknown version', () => {
    expect(() => requestStatuses('2' as never)).toThrow(RangeError);
  });
});

describe('isRequestStatus', () => {
  it.each([
    ['shipped', '1.1', true],
    ['received', '1', true],
    ['received', '1.1', false],
    ['received', '1.2', false],
    ['received', undefined, true],
    ['Shipped', undefined, false],
    ['toString', undefined, false],
    ['__proto__', '1', false],
    [42, undefined, false],
    ['shipped', '9', false],
  ] as const)('%j in version %j is %j', (value, version, expected) => {
    expect(isRequestStatus(value, version as never)).toBe(expected);
  });
});

describe('requestStatusInfo', () => {
  it.each(['creditblocked', 'invoiced', 'paid'])('marks %s as FMS-only', (state) => {
    expect(requestStatusInfo(state)).toMatchObject({ fmsOnly: true, specialScenario: false });
  });

  it.each(['released', 'reserved'])('marks %s as special scenarios only', (state) => {
    expect(requestStatusInfo(state)).toMatchObject({ fmsOnly: false, specialScenario: true });
  });

  it.each(['created', 'duplicate', 'errored', 'confirmed', 'cancelled', 'dplhold', 'shipped'])('marks %s as general', (state) => {
    expect(requestStatusInfo(state)).toMatchObject({ fmsOnly: false, specialScenario: false });
  });

  it('gives the spec meaning from the shared table', () => {
    expect(requestStatusInfo('dplhold')).toBe(REQUEST_STATUS_INFO.dplhold);
    expect(requestStatusInfo('confirmed')?.meaning).toMatch(/orderId populated/);
  });

  it('returns undefined for anything else', () => {
    for (const value of ['SHIPPED', 'hasOwnProperty', '', null, 1]) expect(requestStatusInfo(value)).toBeUndefined();
  });
});

describe('the message of an unknown version', () => {
  it('lists exactly the versions of the feature table', async () => {
    const { BAD_VERSION } = await import('../../src/http/messages');
    const { ORDER_VERSIONS } = await import('../../src/schema/tables');
    expect(BAD_VERSION).toBe(`version must be one of ${ORDER_VERSIONS.map((v) => `"${v}"`).join(', ')}.`);
  });
});
