/**
 * Audit D item 3: a refused order or return is linted in bounded memory (`lintBounded`,
 * five errors built, the rest counted), with the same answer as before for a few problems.
 */
import { describe, expect, it, vi } from 'vitest';
import * as engine from '../../src/lint/engine';
import { createSimulator } from '../../src/simulator/index';
import { change, PROFILE, validOrder, validReturn } from '../fixtures';
import { BASE_URL, CLIENT, post } from './_kit';

const calls = vi.hoisted(() => ({ bounded: [] as { maxProblems: number; warnings: boolean; listed: number }[], unbounded: 0 }));

vi.mock('../../src/lint/engine', async (original) => {
  const real = await original<typeof import('../../src/lint/engine')>();
  return {
    ...real,
    lintOrder: (...args: Parameters<typeof real.lintOrder>) => {
      calls.unbounded++;
      return real.lintOrder(...args);
    },
    lintReturn: (...args: Parameters<typeof real.lintReturn>) => {
      calls.unbounded++;
      return real.lintReturn(...args);
    },
    lintBounded: (...args: Parameters<typeof real.lintBounded>) => {
      const result = real.lintBounded(...args);
      calls.bounded.push({ ...args[3], listed: result.problems.length });
      return result;
    },
  };
});

/** The summary the simulator gave before: every error built, five shown. */
function expectedSummary(errors: readonly { path: string; rule: string; message: string }[]): string {
  const shown = errors.slice(0, 5).map((p) => `${p.path || '(root)'} (${p.rule}): ${p.message}`);
  const more = errors.length > 5 ? `; and ${errors.length - 5} more` : '';
  return `The payload has ${errors.length} lint error${errors.length === 1 ? '' : 's'}: ${shown.join('; ')}${more}`;
}

describe('a refused payload is linted in bounded memory', () => {
  it('an order with thousands of bad items: five errors built, all counted, nothing linted unbounded', async () => {
    const sim = createSimulator();
    const payload = validOrder('1.1');
    const item = payload.clientRequest.item[0];
    payload.clientRequest.item = Array.from({ length: 3000 }, () => ({ ...item, sku: 42, quantity: 'many' }));
    const all = engine.lintOrder(payload, { version: '1.1', profile: PROFILE }).filter((p) => p.severity === 'error');
    calls.bounded.length = 0;
    calls.unbounded = 0;
    const answer = (await (await sim.fetch(`${BASE_URL}/fulfillmentapi/v1.1/orders`, post(payload))).json()) as { errorMessage: string };
    expect(calls.unbounded).toBe(0);
    expect(calls.bounded).toEqual([{ maxProblems: 5, warnings: false, listed: 5 }]);
    expect(all.length).toBeGreaterThan(3000);
    expect(answer.errorMessage).toBe(expectedSummary(all));
  });

  it.each([
    { name: 'an order with one error', kind: 'order' as const, payload: change(validOrder('1.1'), { '/clientRequest/requestHeader/client': 'OTHER' }) },
    { name: 'a return with two errors', kind: 'return' as const, payload: change(validReturn(), { '/rma/returnReason': 'not-agreed', '/rma/language': 'xx-yy-zz' }) },
  ])('$name: the same message as before', async ({ kind, payload }) => {
    const sim = createSimulator();
    const profile = CLIENT.profile!;
    const errors = (kind === 'order' ? engine.lintOrder(payload, { version: '1.1', profile }) : engine.lintReturn(payload, { profile })).filter((p) => p.severity === 'error');
    expect(errors.length).toBeGreaterThan(0);
    const url = kind === 'order' ? `${BASE_URL}/fulfillmentapi/v1.1/orders` : `${BASE_URL}/rmaportalapi/v1/rmaTokens`;
    const body = (await (await sim.fetch(url, post(payload))).json()) as { errorMessage?: string; resultMessage?: string };
    expect(body.errorMessage ?? body.resultMessage).toBe(expectedSummary(errors));
  });
});
