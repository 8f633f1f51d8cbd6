/**
 * The generated walks: readable source an engine hands out (`generatedSource`), named by a
 * `sourceURL` so that stack traces and debuggers land in it; and source of their own per
 * plan and per engine, since V8 compiles equal `new Function` source once and walks that
 * share compiled code share its feedback, and run slower (codegen.ts, `Generator.source`).
 */
import { describe, expect, it, vi } from 'vitest';
import { lintOrderWith } from '../../src/default-engine';
import { createEngine, defineRule, RULES } from '../../src/index';
import { newEngineState, planFor } from '../../src/lint/plan';
import { orderTargets } from '../../src/lint/targets';
import type { LintOrderOptions } from '../../src/lint/types';
import { ORDER_RULES } from '../../rules/index';
import { ORDER_VERSION_FEATURES } from '../../src/schema/tables';
import { FMS_PROFILE, validOrder } from '../fixtures';
import { compiledWalks } from './_walks';


/** The source without its header line (which names the engine). */
const withoutHeader = (source: string) => source.replace(/^\/\/ fulfilkit: .*$/m, '');

describe('generated walks', () => {
  it('have source of their own: per plan, per engine, and per copy of the library', async () => {
    const [first, second] = [createEngine(), createEngine()];
    vi.resetModules();
    const copy = await import('../../src/default-engine');
    const payload = validOrder();
    const sources = compiledWalks(() => {
      first.lintOrder(payload, { version: '1.1', rules: { totals: 'error' } });
      first.lintOrder(payload, { version: '1.1', rules: { totals: 'warn' } });
      second.lintOrder(payload, { version: '1.1', rules: { totals: 'error' } });
      copy.lintOrder(payload, { version: '1.1', rules: { totals: 'error' } });
    });
    expect(sources).toHaveLength(4);
    expect(new Set(sources).size).toBe(4);
    // The same plan in two engines is the same code: only the header line tells them apart.
    expect(withoutHeader(sources[2]!)).toBe(withoutHeader(sources[0]!));
    expect(withoutHeader(sources[3]!)).toBe(withoutHeader(sources[0]!));
    // Two plans of one engine differ by their names.
    expect(sources[0]).toMatch(/\/\/# sourceURL=fulfilkit-walk-order-1\.1\.js$/);
    expect(sources[1]).toMatch(/\/\/# sourceURL=fulfilkit-walk-order-1\.1-2\.js$/);
    // And the walks lint alike.
    expect(second.lintOrder(payload, { version: '1.1' })).toEqual(first.lintOrder(payload, { version: '1.1' }));
  });

  it('are shared by options that run the same rules at the same levels: one plan, one walk', () => {
    const engine = createEngine();
    const payload = validOrder();
    const same: LintOrderOptions[] = [
      { version: '1.1' },
      // enum's own level, an FMS-only rule that does not run here, a rule of no payload kind.
      { version: '1.1', rules: { enum: 'error', 'payment-status': 'off', 'no-such-rule': 'off' } },
      { version: '1.1', rules: {} },
    ];
    expect(compiledWalks(() => same.forEach((options) => engine.lintOrder(payload, options)))).toHaveLength(1);
    // Another level is another plan, with a walk of its own.
    expect(compiledWalks(() => engine.lintOrder(payload, { version: '1.1', rules: { enum: 'warn' } }))).toHaveLength(1);
    // The same, on the plans themselves.
    const state = newEngineState();
    const target = orderTargets(ORDER_RULES)(ORDER_VERSION_FEATURES['1.1']);
    const plans = same.map((options) => planFor(state, target, options));
    expect(new Set(plans).size).toBe(1);
    expect(planFor(state, target, { rules: { enum: 'warn' } })).not.toBe(plans[0]);
    expect(planFor(state, target, { rules: { enum: 'warn' } }).levels.enum).toBe('warn');
  });

  it('notice a rule overrides object changed in place between calls', () => {
    const engine = createEngine();
    const options = { version: '1.1' as const, rules: { enum: 'warn' } as Record<string, 'warn' | 'off'> };
    const bad = { ...validOrder() };
    bad.clientRequest = { ...bad.clientRequest, order: { ...bad.clientRequest.order, shipServiceLevel: 'XXX' } };
    expect(engine.lintOrder(bad, options).map((p) => `${p.rule} ${p.severity}`)).toEqual(['enum warn']);
    options.rules.enum = 'off';
    expect(engine.lintOrder(bad, options)).toEqual([]);
    delete options.rules.enum;
    expect(engine.lintOrder(bad, options).map((p) => `${p.rule} ${p.severity}`)).toEqual(['enum error']);
  });
});

describe('Engine.generatedSource', () => {
  it('hands out the source the engine compiles for the plan of the options, named by its sourceURL', () => {
    const engine = createEngine();
    const compiled = compiledWalks(() => engine.lintOrder(validOrder('1.2'), { version: '1.2' }));
    const source = engine.generatedSource({ kind: 'order', version: '1.2' })!;
    expect(compiled).toEqual([source]);
    expect(source.split('\n')[1]).toMatch(/^\/\/ fulfilkit: the walk of v1\.2 orders in engine \w+\.$/);
    expect(source).toMatch(/\n\/\/# sourceURL=fulfilkit-walk-order-1\.2\.js$/);
    // Readable: a function per object and array node, members read by name.
    expect(source).toContain('case "clientRequest":');
    expect(source).toMatch(/function w\d+\(d, w\) \{/);
    // Each plan its own name.
    expect(engine.generatedSource({ kind: 'order', version: '1.2', profile: FMS_PROFILE })).toMatch(/sourceURL=fulfilkit-walk-order-1\.2-fms\.js$/);
    expect(engine.generatedSource({ kind: 'return' })).toMatch(/sourceURL=fulfilkit-walk-return\.js$/);
    expect(engine.generatedSource({ kind: 'order', version: '1.2', rules: { totals: 'off' } })).toMatch(/sourceURL=fulfilkit-walk-order-1\.2-2\.js$/);
  });

  it('is undefined for an engine that generates no code', () => {
    expect(createEngine({ codegen: false }).generatedSource({ kind: 'order', version: '1.1' })).toBeUndefined();
  });

  it('checks the kind and version as lintBatch does', () => {
    const engine = createEngine();
    expect(() => engine.generatedSource({ kind: 'invoice' } as never)).toThrow(TypeError);
    expect(() => engine.generatedSource({ kind: 'order', version: '7' } as never)).toThrow(TypeError);
  });

  it('keeps a made-up version\'s label and name inside their comments', () => {
    const features = { ...ORDER_VERSION_FEATURES['1.2'], version: '1.3\nthrow 1', label: 'v1.3\u2028throw 2' };
    const [source] = compiledWalks(() => expect(lintOrderWith(validOrder('1.2'), features, {})).toEqual([]));
    const lines = source!.split(/\r\n|[\n\r\u2028\u2029]/);
    expect(lines[1]).toMatch(/^\/\/ fulfilkit: the walk of v1\.3 throw 2 orders in engine/);
    expect(lines.at(-1)).toBe('//# sourceURL=fulfilkit-walk-order-1.3_throw_1.js');
  });

  it('names the generated code in stack traces', () => {
    const stacks: string[] = [];
    const tracer = defineRule({
      meta: { id: 'tracer', severity: 'warn', kinds: ['order'], messages: {} },
      visitors: { 'item[]': () => void stacks.push(new Error('trace').stack ?? '') },
    });
    const engine = createEngine({ rules: [...RULES, tracer] });
    engine.lintOrder(validOrder(), { version: '1.1' });
    expect(stacks.length).toBeGreaterThan(0);
    expect(stacks[0]).toMatch(/fulfilkit-walk-order-1\.1\.js:\d+:\d+/);
  });
});
