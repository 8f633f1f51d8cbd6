/**
 * A report site keeps the message of each detail it has reported (a JSON type name, a
 * length), but not without bound: a stream of payloads with ever new lengths must not grow
 * the engine's memory.
 */
import { describe, expect, it } from 'vitest';
import { ORDER_RULES } from '../../rules/index';
import { newEngineState, planFor, walkPayload } from '../../src/lint/plan';
import { finish, Walk } from '../../src/lint/report';
import { orderTargets } from '../../src/lint/targets';
import { ORDER_VERSION_FEATURES } from '../../src/schema/tables';
import { set, validOrder } from '../fixtures';

describe('report sites', () => {
  it.each([true, false])('keep at most 64 messages each, and every message is right (codegen %s)', (codegen) => {
    const state = newEngineState(codegen);
    const plan = planFor(state, orderTargets(ORDER_RULES)(ORDER_VERSION_FEATURES['1.1']), {});
    const site = plan.ops.byNode.find((op) => op.node.name === 'firstName')!.checks.find((check) => check.failed.rule === 'max-length')!.failed;
    for (let length = 21; length < 521; length++) {
      const w = new Walk(plan, undefined);
      for (const state of plan.factories) w.states.push(state()); // what the engine's call sets up for the rules' visitors
      plan.current = w;
      walkPayload(plan, set(validOrder(), '/clientRequest/partner/0/personData/firstName', 'x'.repeat(length)), w);
      const problems = finish(w).filter((p) => p.rule === 'max-length');
      expect(problems.map((p) => p.message)).toEqual([`firstName is ${length} characters long; the limit is 20.`]);
    }
    expect(site.made.size).toBe(64);
  });
});
