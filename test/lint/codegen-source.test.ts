/**
 * V8 compiles equal `new Function` source once: walks with equal source would share their
 * compiled code and its feedback, and run slower (codegen.ts, `Code.compile`). So each
 * generated walk has source of its own: per plan, and per copy of the engine in a process
 * (the ESM and the CommonJS build, or two versions of fulfilkit).
 */
import { describe, expect, it, vi } from 'vitest';
import type { LintOrderOptions } from '../../src/lint/types';
import { generateEntriesTest, generateStateRenewer } from '../../src/lint/codegen';
import { validOrder } from '../fixtures';

/** The source of each module of a kind (`walk`, `states`) generated while `run` runs. */
function generatedSources(run: () => void, what = 'walk'): string[] {
  const spy = vi.spyOn(globalThis, 'Function');
  try {
    run();
    return spy.mock.calls.map((args) => String(args.at(-1))).filter((source) => source.includes(`// ${what} `));
  } finally {
    spy.mockRestore();
  }
}

const withoutTag = (source: string) => source.replace(/^\/\/ walk .*$/m, '');

describe('generated walks', () => {
  it('have source of their own: per plan, and per copy of the engine', async () => {
    const first = await import('../../src/lint/engine');
    vi.resetModules();
    const second = await import('../../src/lint/engine');
    expect(second.lintOrder).not.toBe(first.lintOrder);
    const payload = validOrder();
    const sources = generatedSources(() => {
      first.lintOrder(payload, { version: '1.1', rules: { totals: 'error' } });
      first.lintOrder(payload, { version: '1.1', rules: { totals: 'warn' } });
      second.lintOrder(payload, { version: '1.1', rules: { totals: 'error' } });
    });
    expect(sources).toHaveLength(3);
    expect(new Set(sources).size).toBe(3);
    // The same plan in the two copies is the same code: only the tag line tells them apart.
    expect(withoutTag(sources[2]!)).toBe(withoutTag(sources[0]!));
    // And the walks lint alike.
    expect(second.lintOrder(payload, { version: '1.1' })).toEqual(first.lintOrder(payload, { version: '1.1' }));
  });
});

describe('plans', () => {
  it('are shared by options that run the same rules at the same levels: one generated walk', async () => {
    vi.resetModules();
    const { lintOrder } = await import('../../src/lint/engine');
    const { planFor } = await import('../../src/lint/plan');
    const { orderTarget } = await import('../../src/lint/targets');
    const { ORDER_VERSION_FEATURES } = await import('../../src/schema/tables');
    const payload = validOrder();
    const same: LintOrderOptions[] = [
      { version: '1.1' },
      // enum's own level, an FMS-only rule that does not run here, a rule of no payload kind.
      { version: '1.1', rules: { enum: 'error', 'payment-status': 'off', 'no-such-rule': 'off' } },
      { version: '1.1', rules: {} },
    ];
    const sources = generatedSources(() => {
      for (const options of same) lintOrder(payload, options);
    });
    expect(sources).toHaveLength(1);
    const target = orderTarget(ORDER_VERSION_FEATURES['1.1']);
    const plans = same.map((options) => planFor(target, options));
    expect(new Set(plans).size).toBe(1);
    // Another level is another plan, with a walk of its own.
    const other = generatedSources(() => lintOrder(payload, { version: '1.1', rules: { enum: 'warn' } }));
    expect(other).toHaveLength(1);
    expect(planFor(target, { rules: { enum: 'warn' } })).not.toBe(plans[0]);
    expect(planFor(target, { rules: { enum: 'warn' } }).levels.enum).toBe('warn');
  });
});

describe('generated state makers', () => {
  it('make fresh states per call, equal to the states the factories make', async () => {
    vi.resetModules();
    const { planFor, clearPlans } = await import('../../src/lint/plan');
    const { orderTarget } = await import('../../src/lint/targets');
    const { setCodegen } = await import('../../src/lint/codegen');
    const { ORDER_VERSION_FEATURES } = await import('../../src/schema/tables');
    const target = orderTarget(ORDER_VERSION_FEATURES['1.1']);
    const options = { profile: { client: 'ACME', clientCode: 'ACME', orderDiscountSku: 'D', weeeSku: 'W', fms: true } };
    const sources = generatedSources(() => planFor(target, options), 'states');
    expect(sources).toHaveLength(1);
    expect(sources[0]).toMatch(/return \[F\d+\(\), F\d+\(\)/);
    const generated = planFor(target, options).makeStates;
    setCodegen(false);
    clearPlans();
    try {
      const closures = planFor(target, options).makeStates;
      expect(closures).not.toBe(generated);
      const [a, b, c] = [generated(), generated(), closures()];
      // One state per rule with state (the FMS profile runs every order rule).
      expect(a.length).toBeGreaterThan(10);
      expect(a).toEqual(c);
      a.forEach((state, i) => {
        expect(state).toBeTypeOf('object');
        expect(state).not.toBe(b[i]);
      });
    } finally {
      setCodegen('auto');
      clearPlans();
    }
  });
});

describe('generated state renewers', () => {
  it('set every member back to its first value, in place, with a new empty array for an array member', () => {
    const factories = [
      () => ({ seen: 0, found: false, sku: null as string | null, first: undefined as unknown, name: 'a"b\u2028', zero: -0, nan: NaN, big: 10n, list: [] as number[] }),
      () => ({}),
      () => ({ count: -1.5 }),
    ];
    const renew = generateStateRenewer(factories)!;
    expect(renew).toBeTypeOf('function');
    const states = factories.map((make) => make()) as Record<string, unknown>[];
    const [a, b, c] = states;
    const list = a!.list as number[];
    Object.assign(a!, { seen: 7, found: true, sku: 'X', first: {}, name: '', zero: 0, nan: 1, big: 2n, list: [1] });
    list.push(1);
    c!.count = 3;
    const renewed = renew(states);
    expect(renewed).toBe(states);
    expect([renewed[0], renewed[1], renewed[2]]).toEqual([a, b, c]);
    expect(renewed[0]).toBe(a);
    expect(renewed).toStrictEqual(factories.map((make) => make()));
    expect(Object.is(a!.zero, -0)).toBe(true);
    expect(a!.list).not.toBe(list);
  });

  it('refuse states they cannot reset member by member', () => {
    for (const make of [
      () => ({ skus: new Set<string>() }),
      () => ({ list: [1] }),
      () => ({ nested: {} }),
      () => ({ fn: () => 1 }),
      () => ({ [Symbol('s')]: 1 }),
      () => new Map(),
      () => null,
    ]) {
      expect(generateStateRenewer([() => ({ ok: true }), make])).toBeUndefined();
    }
  });
});

describe('generated overrides tests', () => {
  it('compare text values as literals, whatever the text, and other values by reference', () => {
    const level = { level: 'warn' };
    const keys = ['enum', 'a"b', 'totals', 'odd'];
    const values = ['warn"; return true; "', 'x\n\u2028\\', 'error', level];
    const unchanged = generateEntriesTest(keys, values)!;
    expect(unchanged).toBeTypeOf('function');
    const entries = () => Object.fromEntries(keys.map((key, i) => [key, values[i]]));
    expect(unchanged(entries())).toBe(true);
    expect(unchanged({ ...entries(), enum: 'warn' })).toBe(false);
    expect(unchanged({ ...entries(), odd: { level: 'warn' } })).toBe(false);
    expect(unchanged({ ...entries(), extra: 'off' })).toBe(false);
    const fewer: Record<string, unknown> = entries();
    delete fewer.totals;
    expect(unchanged(fewer)).toBe(false);
  });
});
