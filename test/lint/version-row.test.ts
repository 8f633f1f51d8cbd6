/**
 * A version is one row of the feature table (src/schema/tables.ts): with a v1.3 row added
 * there and nowhere else, `lintOrder(payload, { version: '1.3' })` lints by it, through
 * every rule. (`OrderVersion` is the table's keys: the compiler then points at each
 * `Record<OrderVersion, ...>` that must name the new version, such as the built schemas;
 * the engine builds the schema of a row without one.)
 */
import { describe, expect, it, vi } from 'vitest';
import type { OrderVersionFeatures } from '../../src/schema/tables';
import { FMS_PROFILE, change, validOrder } from '../fixtures';

vi.mock('../../src/schema/tables', async (importOriginal) => {
  const tables = await importOriginal<typeof import('../../src/schema/tables')>();
  const v12 = tables.ORDER_VERSION_FEATURES['1.2'];
  // v1.2 plus a ship service level DRN (drone), without the key-field charset.
  const v13: OrderVersionFeatures = { ...v12, version: '1.3', label: 'v1.3', shipServiceLevels: [...v12.shipServiceLevels, 'DRN'], keyCharset: false };
  const features = { ...tables.ORDER_VERSION_FEATURES, '1.3': v13 };
  return { ...tables, ORDER_VERSION_FEATURES: features, ORDER_VERSIONS: Object.keys(features) };
});

const { createEngine, lintOrder } = await import('../../src/default-engine');

const CR = '/clientRequest';
const V13 = { version: '1.3' as never };
const pairs = (problems: readonly { rule: string; path: string }[]) => problems.map((p) => `${p.rule} ${p.path}`);

describe('a v1.3 row in the feature table', () => {
  it('lints a valid order clean, with every rule (FMS profile)', () => {
    expect(lintOrder(validOrder('1.2'), { ...V13, profile: FMS_PROFILE })).toEqual([]);
    expect(createEngine().lintOrder(validOrder('1.2'), { ...V13, profile: FMS_PROFILE })).toEqual([]);
  });

  it('lints by its row: its ship service levels, its label, no key-field charset', () => {
    const drone = change(validOrder('1.2'), { [`${CR}/order/shipServiceLevel`]: 'DRN' });
    expect(lintOrder(drone, V13)).toEqual([]);
    expect(pairs(lintOrder(drone, { version: '1.2' }))).toEqual([`enum ${CR}/order/shipServiceLevel`]);
    const [problem] = lintOrder(change(drone, { [`${CR}/order/shipServiceLevel`]: 'FAST' }), V13);
    expect(problem!.message).toContain('DRN');
    expect(problem!.message).toContain('in v1.3');
    const spaced = change(validOrder('1.2'), { [`${CR}/requestHeader/requestReference`]: 'REQ 1001' });
    expect(lintOrder(spaced, V13)).toEqual([]);
    expect(pairs(lintOrder(spaced, { version: '1.2' }))).toEqual([`key-charset ${CR}/requestHeader/requestReference`]);
  });

  it('is a version the options may name, and names it among the versions when one is wrong', () => {
    expect(() => lintOrder(validOrder(), { version: '1.4' as never })).toThrow('options.version must be one of 1, 1.1, 1.2, 1.3.');
  });
});
