/**
 * Fault injection: deterministic per seed; 500 with activityId in each interface's shape;
 * dropped connections and lost responses; latency that an abort cuts short.
 */
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  decodeCreateOrder,
  decodeInventory,
  decodeListPaymentMethods,
  describeCreateOrder,
  describeCreateReturnToken,
  describeInventory,
  describeListPaymentMethods,
  send,
} from '../../src/http/index';
import { PaymentMethodEntrySchema, ServerErrorBodySchema } from '../../src/schema/responses';
import { createSimulator } from '../../src/simulator/index';
import type { SimulatorFaults } from '../../src/simulator/types';
import { change, validOrder, validReturn } from '../fixtures';
import { BASE_URL, connection, headers, post } from './_kit';

/** The statuses (or 'dropped') of `n` inventory calls. */
async function run(faults: SimulatorFaults, seed: number, n = 40): Promise<(number | 'dropped')[]> {
  const sim = createSimulator({ seed, faults });
  const out: (number | 'dropped')[] = [];
  for (let i = 0; i < n; i++) {
    try {
      out.push((await sim.fetch(`${BASE_URL}/productapi/v1/inventory`, { headers: headers() })).status);
    } catch {
      out.push('dropped');
    }
  }
  return out;
}

describe('fault injection', () => {
  it('is deterministic per seed, and a different seed gives a different sequence', async () => {
    const faults = { serverError: 0.3, drop: 0.2 };
    const a = await run(faults, 7);
    expect(await run(faults, 7)).toEqual(a);
    expect(await run(faults, 8)).not.toEqual(a);
    // Roughly the configured shares (40 draws): some of each outcome.
    expect(a).toContain(500);
    expect(a).toContain('dropped');
    expect(a).toContain(200);
  });

  it('probability 0 never faults, 1 always does', async () => {
    expect(new Set(await run({ serverError: 0 }, 1, 20))).toEqual(new Set([200]));
    expect(new Set(await run({ serverError: 1 }, 1, 20))).toEqual(new Set([500]));
    expect(new Set(await run({ drop: 1 }, 1, 5))).toEqual(new Set(['dropped']));
  });

  it('answers 500 with an activityId in the fulfilment and returns shape, decoded as server', async () => {
    const sim = createSimulator({ faults: { serverError: 1 } });
    const response = await send(describeCreateOrder(validOrder('1.1'), { ...connection(), version: '1.1' }), sim.fetch);
    expect(response.status).toBe(500);
    expect(v.is(ServerErrorBodySchema, response.body)).toBe(true);
    const result = decodeCreateOrder(response.status, response.body);
    expect(result).toMatchObject({ ok: false, error: { kind: 'server', code: '500', activityId: expect.stringMatching(/^[0-9a-f-]{36}$/) } });
    const rma = await send(describeCreateReturnToken(validReturn(), connection()), sim.fetch);
    expect(v.is(ServerErrorBodySchema, rma.body)).toBe(true);
    // Nothing reached the backend.
    expect(sim.orders()).toEqual([]);
    expect(sim.returns()).toEqual([]);
    expect(sim.received().map((r) => r.fault)).toEqual(['server-error', 'server-error']);
  });

  it('answers 500 as a payment-method entry for payment methods, and with activityId for the product interface', async () => {
    const sim = createSimulator({ faults: { serverError: 1 } });
    const methods = await send(describeListPaymentMethods(connection()), sim.fetch);
    expect(v.is(PaymentMethodEntrySchema, methods.body)).toBe(true);
    expect(decodeListPaymentMethods(methods.status, methods.body)).toMatchObject({ ok: false, error: { kind: 'server', code: '500' } });
    const inventory = await send(describeInventory(connection()), sim.fetch);
    expect(decodeInventory(inventory.status, inventory.body)).toMatchObject({ ok: false, error: { kind: 'server', activityId: expect.any(String) } });
  });

  it('a dropped connection rejects like a network failure (TypeError) and stores nothing', async () => {
    const sim = createSimulator({ faults: { drop: 1 } });
    await expect(send(describeCreateOrder(validOrder('1.1'), { ...connection(), version: '1.1' }), sim.fetch)).rejects.toThrow(TypeError);
    expect(sim.orders()).toEqual([]);
    expect(sim.received()).toMatchObject([{ fault: 'drop', status: undefined }]);
  });

  it('a lost response stores the order but drops the answer: the retry is a duplicate', async () => {
    const sim = createSimulator({ faults: { lostResponse: 1, operations: ['createOrderV1_1'] } });
    const request = describeCreateOrder(validOrder('1.1'), { ...connection(), version: '1.1' });
    await expect(send(request, sim.fetch)).rejects.toThrow(TypeError);
    expect(sim.orders()).toHaveLength(1);
    sim.setFaults({});
    const retry = await send(request, sim.fetch);
    expect(retry.body).toMatchObject({ result: 'false', errorCode: 'DUPLICATE_REQUEST_REFERENCE' });
  });

  it('limits faults to the listed operations', async () => {
    const sim = createSimulator({ faults: { serverError: 1, operations: ['createOrderV1_2'] } });
    expect((await send(describeInventory(connection()), sim.fetch)).status).toBe(200);
    expect((await send(describeCreateOrder(validOrder('1.2'), { ...connection(), version: '1.2' }), sim.fetch)).status).toBe(500);
  });

  it('delays the answer by the latency, and an abort during it rejects with the abort reason', async () => {
    const sim = createSimulator({ faults: { latencyMs: 60_000 } });
    const controller = new AbortController();
    const pending = sim.fetch(`${BASE_URL}/productapi/v1/inventory`, { headers: headers(), signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(sim.received()).toMatchObject([{ fault: 'latency', status: undefined }]);
  });

  it('latency delays by about the configured time (ratio to an undelayed call, wide margin)', async () => {
    const quick = createSimulator();
    const slow = createSimulator({ faults: { latencyMs: [120, 120] } });
    const time = async (sim: ReturnType<typeof createSimulator>) => {
      const start = performance.now();
      await sim.fetch(`${BASE_URL}/productapi/v1/inventory`, { headers: headers() });
      return performance.now() - start;
    };
    await time(quick);
    const fast = await time(quick);
    const delayed = await time(slow);
    expect(delayed).toBeGreaterThanOrEqual(110);
    expect(delayed).toBeGreaterThan(fast);
  });
});

describe('fault draws depend on the request, never on timing', () => {
  const FAULTS: SimulatorFaults = { serverError: 0.25, drop: 0.15, lostResponse: 0.15, latencyMs: [0, 15] };
  const SKUS = ['MUG-RED', 'TEA-GREEN', 'KETTLE-1', 'NONE-1'];

  /** 60 requests: 20 orders (distinct references), 20 inventory calls (4 skus, 5 of each: identical requests), 20 echoes. */
  function requests(): { group: string; make: () => Request }[] {
    const orders = Array.from({ length: 20 }, (_, i) => {
      const payload = change(validOrder('1.2'), { '/clientRequest/requestHeader/requestReference': `REQ-C${i}` });
      return { group: `order ${i}`, make: () => new Request(`${BASE_URL}/fulfillmentapi/v1.2/orders`, post(payload)) };
    });
    const stock = Array.from({ length: 20 }, (_, i) => ({
      group: `sku ${SKUS[i % 4]}`,
      make: () => new Request(`${BASE_URL}/productapi/v1/inventory?sku=${SKUS[i % 4]}`, { headers: headers() }),
    }));
    const echoes = Array.from({ length: 20 }, (_, i) => ({ group: `echo ${i}`, make: () => new Request(`${BASE_URL}/echo/resource`, post({ n: i })) }));
    return [...orders, ...stock, ...echoes];
  }

  /** Status and body (ids included), or 'dropped'. */
  async function outcome(sim: ReturnType<typeof createSimulator>, request: Request): Promise<string> {
    try {
      const response = await sim.handle(request);
      return `${response.status} ${await response.text()}`;
    } catch {
      return 'dropped';
    }
  }

  /** Outcomes by group, sorted within a group (identical requests may take turns in any order). */
  function byGroup(list: ReturnType<typeof requests>, outcomes: string[]): Record<string, string[]> {
    const out: Record<string, string[]> = {};
    list.forEach(({ group }, i) => (out[group] ??= []).push(outcomes[i]!));
    for (const group of Object.values(out)) group.sort();
    return out;
  }

  it('60 requests sent one by one and all at once (in reverse order) draw the same faults, tokens and ids', async () => {
    const list = requests();
    const sequential = createSimulator({ seed: 11, faults: FAULTS });
    const one: string[] = [];
    for (const { make } of list) one.push(await outcome(sequential, make()));
    const concurrent = createSimulator({ seed: 11, faults: FAULTS });
    const all: string[] = Array(list.length);
    await Promise.all(list.map((_, i) => list.length - 1 - i).map(async (i) => {
      all[i] = await outcome(concurrent, list[i]!.make());
    }));
    expect(byGroup(list, all)).toEqual(byGroup(list, one));
    const ordersOf = (sim: ReturnType<typeof createSimulator>) => [...sim.orders()].sort((a, b) => a.requestReference.localeCompare(b.requestReference));
    expect(ordersOf(concurrent)).toEqual(ordersOf(sequential));
    // The draws did fault: some 500s, some drops, some successes.
    expect(one.some((o) => o.startsWith('500'))).toBe(true);
    expect(one).toContain('dropped');
    expect(one.some((o) => o.startsWith('200'))).toBe(true);
  });

  it('identical requests draw anew: the n-th repeat of a request draws the same in every run', async () => {
    const statuses = async () => {
      const sim = createSimulator({ seed: 3, faults: { serverError: 0.5 } });
      const out: number[] = [];
      for (let i = 0; i < 12; i++) out.push((await sim.fetch(`${BASE_URL}/productapi/v1/inventory?sku=MUG-RED`, { headers: headers() })).status);
      return out;
    };
    const first = await statuses();
    expect(new Set(first)).toEqual(new Set([200, 500]));
    expect(await statuses()).toEqual(first);
  });
});
