/**
 * A plan keeps the walk of its last lint call and readies it for the next (engine.ts `run`,
 * `Walk.recycle`, codegen.ts `generateStateRenewer`). Nothing of one call may reach
 * another: each call's problems are those of a call on a new walk, whatever was linted
 * before, and a finished call keeps nothing of its payload or profile.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { setCodegen } from '../../src/lint/codegen';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import { clearPlans, planFor, type Plan } from '../../src/lint/plan';
import { orderTarget, RETURN_TARGET } from '../../src/lint/targets';
import type { LintOptions, Problem } from '../../src/lint/types';
import { ORDER_VERSION_FEATURES } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, validOrder, validReturn } from '../fixtures';
import { mutated, targetedOrders, targetedReturns } from './_corpus';

const ORDER_SETTINGS: readonly LintOptions[] = [{}, { profile: FMS_PROFILE }, { profile: FMS_PROFILE, rules: { totals: 'error', 'unknown-field': 'off' } }];

interface Case {
  readonly kind: 'order' | 'return';
  readonly payload: unknown;
  readonly options: LintOptions;
}

function planOf(c: Case): Plan {
  return planFor(c.kind === 'order' ? orderTarget(ORDER_VERSION_FEATURES['1.1']) : RETURN_TARGET, c.options);
}

function lint(c: Case): Problem[] {
  return c.kind === 'order' ? lintOrder(c.payload, { ...c.options, version: '1.1' }) : lintReturn(c.payload, c.options);
}

/** The problems of a call on a new walk: the plan's kept walk dropped first. */
function onNewWalk(c: Case): Problem[] {
  planOf(c).spare = undefined;
  return lint(c);
}

/** Payloads that hit every rule (so every state is used), valid ones, and mutations. */
function corpus(): Case[] {
  const orders = [...targetedOrders('1.1'), validOrder('1.1'), ...mutated(validOrder('1.1'), 40, 7)];
  const returns = [...targetedReturns(), validReturn(), ...mutated(validReturn(), 20, 8)];
  return [
    ...ORDER_SETTINGS.flatMap((options) => orders.map((payload) => ({ kind: 'order' as const, payload, options }))),
    ...returns.map((payload) => ({ kind: 'return' as const, payload, options: { profile: PROFILE } })),
  ];
}

afterEach(() => {
  setCodegen('auto');
  clearPlans();
});

describe('a plan reuses the walk of its last call', () => {
  const cases = corpus();

  it('gives each call the problems of a call on a new walk, whatever was linted before', () => {
    const expected = cases.map(onNewWalk);
    // Rule states, blank-value paths and visitor marks would carry over as problems found or lost.
    expect(expected.some((problems) => problems.length > 3)).toBe(true);
    fc.assert(
      fc.property(fc.array(fc.nat(cases.length - 1), { minLength: 2, maxLength: 30 }), (order) => {
        for (const i of order) expect(lint(cases[i]!)).toEqual(expected[i]);
      }),
      { numRuns: 60, seed: 20261124 },
    );
  });

  it('does so in pages that forbid code generation (states made anew per call)', () => {
    setCodegen(false);
    clearPlans();
    const some = cases.filter((_, i) => i % 5 === 0);
    const expected = some.map(onNewWalk);
    for (const i of [...some.keys()].reverse()) expect(lint(some[i]!)).toEqual(expected[i]);
  });

  it('keeps nothing of the last payload or profile, and no state member its rule did not declare', () => {
    for (const c of cases) {
      lint(c);
      const plan = planOf(c);
      const w = plan.spare!;
      expect(w).toBeDefined();
      // The states as their factories make them: every member back to its first value, none added.
      expect(w.states).toStrictEqual(plan.makeStates());
      expect(w.out).toEqual([]);
      expect(w.profile).toBeUndefined();
      expect(w.blanks).toBeUndefined();
      expect(w.fromVisitors).toBeUndefined();
      expect([w.structural, w.failed]).toEqual([0, false]);
    }
  });

  it('returns a new problem list on every call', () => {
    const invalid = targetedOrders('1.1')[0];
    const first = lintOrder(invalid, { version: '1.1' });
    const before = structuredClone(first);
    const second = lintOrder(invalid, { version: '1.1' });
    expect(second).not.toBe(first);
    second.push(second[0]!);
    expect(first).toEqual(before);
    expect(lintOrder(invalid, { version: '1.1' })).toEqual(before);
  });

  it('gives a lint inside a lint (a getter in the payload) a walk of its own', () => {
    const options = { version: '1.1' as const, profile: FMS_PROFILE };
    const byProblems = targetedOrders('1.1')
      .map((payload) => ({ payload: payload as any, count: lintOrder(payload, options).length }))
      .sort((a, b) => b.count - a.count);
    const inner = byProblems[1]!.payload;
    const innerAlone = lintOrder(inner, options);
    // The outer payload has problems before and after the getter, which sits in its last item.
    const outer = byProblems[0]!.payload;
    const outerAlone = lintOrder(outer, options);
    expect(Math.min(innerAlone.length, outerAlone.length)).toBeGreaterThan(2);
    const items = outer.clientRequest.item;
    const last = items[items.length - 1];
    const taxLevel: unknown = last.taxLevel;
    const nested: Problem[][] = [];
    Object.defineProperty(last, 'taxLevel', {
      enumerable: true,
      get() {
        nested.push(lintOrder(inner, options));
        return taxLevel;
      },
    });
    expect(lintOrder(outer, options)).toEqual(outerAlone);
    expect(nested.length).toBeGreaterThan(0);
    for (const problems of nested) expect(problems).toEqual(innerAlone);
    // And the walk kept afterwards is clean.
    expect(lintOrder(inner, options)).toEqual(innerAlone);
  });
});
