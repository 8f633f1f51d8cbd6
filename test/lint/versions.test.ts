/**
 * The per-version feature table is the one place that says how versions differ: a made-up
 * v1.3, written here in one object, lints with every rule without a change anywhere else.
 */
import { describe, expect, it } from 'vitest';
import { lintOrder, lintOrderWith } from '../../src/default-engine';
import { ORDER_VERSION_FEATURES, ORDER_VERSIONS, type OrderVersionFeatures } from '../../src/schema/tables';
import { FMS_PROFILE, change, validOrder } from '../fixtures';

const CR = '/clientRequest';

/** The made-up v1.3: v1.2 plus a ship service level DRN (drone), without the key-field charset. */
const V13: OrderVersionFeatures = {
  ...ORDER_VERSION_FEATURES['1.2'],
  version: '1.3',
  label: 'v1.3',
  shipServiceLevels: [...ORDER_VERSION_FEATURES['1.2'].shipServiceLevels, 'DRN'],
  keyCharset: false,
};

const pairs = (problems: readonly { rule: string; path: string }[]) => problems.map((p) => `${p.rule} ${p.path}`);

describe('a made-up v1.3 in one object', () => {
  it('lints a valid order clean, with every rule (FMS profile)', () => {
    expect(lintOrderWith(validOrder('1.2'), V13, { profile: FMS_PROFILE })).toEqual([]);
  });

  it('accepts its new ship service level, which v1.2 rejects', () => {
    const drone = change(validOrder('1.2'), { [`${CR}/order/shipServiceLevel`]: 'DRN' });
    expect(lintOrderWith(drone, V13, {})).toEqual([]);
    expect(pairs(lintOrder(drone, { version: '1.2' }))).toEqual([`enum ${CR}/order/shipServiceLevel`]);
  });

  it('names itself in messages', () => {
    const bad = change(validOrder('1.2'), { [`${CR}/order/shipServiceLevel`]: 'FAST' });
    const [problem] = lintOrderWith(bad, V13, {});
    expect(problem).toMatchObject({ rule: 'enum', path: `${CR}/order/shipServiceLevel` });
    expect(problem!.message).toContain('DRN');
    expect(problem!.message).toContain('in v1.3');
  });

  it('turns the key-field charset off, so key-charset does not apply', () => {
    const spaced = change(validOrder('1.2'), { [`${CR}/requestHeader/requestReference`]: 'REQ 1001' });
    expect(lintOrderWith(spaced, V13, {})).toEqual([]);
    expect(pairs(lintOrder(spaced, { version: '1.2' }))).toEqual([`key-charset ${CR}/requestHeader/requestReference`]);
  });

  it('keeps what it inherits from v1.2: UTC date-times, members of later versions', () => {
    const offset = change(validOrder('1.2'), { [`${CR}/order/dateTimeWantedDeliveryDate`]: '2026-03-01T00:00:00 +01.00' });
    expect(pairs(lintOrderWith(offset, V13, {}))).toEqual([`date-format ${CR}/order/dateTimeWantedDeliveryDate`]);
    const withoutPo: OrderVersionFeatures = { ...V13, members: { ...V13.members, poNumber: false } };
    const [problem] = lintOrderWith(validOrder('1.2'), withoutPo, {});
    expect(problem).toMatchObject({ rule: 'version-field', path: `${CR}/order/poNumber` });
    expect(problem!.message).toContain('exists from v1.1 on');
  });

  it('leaves the spec versions as they are', () => {
    for (const version of ORDER_VERSIONS) expect(lintOrder(validOrder(version), { version, profile: FMS_PROFILE })).toEqual([]);
    expect(ORDER_VERSIONS).toEqual(['1', '1.1', '1.2']);
  });
});
