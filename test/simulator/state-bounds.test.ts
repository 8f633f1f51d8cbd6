/**
 * Audit D (items 1, 2, 4, 6, 9): the simulator's state is bounded by count and by bytes,
 * a reset() cuts off requests in flight, and received() keeps no generic credential header
 * and no URL fragment.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { Call, SimulatorState } from '../../src/simulator/context';
import { createSimulator } from '../../src/simulator/index';
import { BODY_BUDGET_BYTES, heapBytes } from '../../src/simulator/kept';
import { REFERENCE_LIMIT, usedBefore } from '../../src/simulator/operations/duplicates';
import { change, validOrder, validReturn } from '../fixtures';
import { BASE_URL, headers, post } from './_kit';

const ORDERS = `${BASE_URL}/fulfillmentapi/v1.1/orders`;
const RETURNS = `${BASE_URL}/rmaportalapi/v1/rmaTokens`;
const MiB = 1024 * 1024;

const order = (reference: string) => change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': reference });
const isTruncated = (body: unknown) => typeof body === 'object' && body !== null && (body as { truncated?: unknown }).truncated === true;
const resultOf = async (response: Response) => ((await response.json()) as { result: string; errorCode: string | null });

describe('orders and returns are bounded by retainOrders', () => {
  it('keeps the newest orders; duplicates of forgotten orders are still refused; lookups find only kept ones', async () => {
    const sim = createSimulator({ retainOrders: 3 });
    for (let i = 1; i <= 5; i++) expect(await resultOf(await sim.fetch(ORDERS, post(order(`R-${i}`))))).toMatchObject({ result: 'true' });
    expect(sim.orders().map((o) => o.requestReference)).toEqual(['R-3', 'R-4', 'R-5']);
    // The used references are bounded apart (100,000 at least): are still duplicates.
    for (const reference of ['R-1', 'R-5']) {
      expect(await resultOf(await sim.fetch(ORDERS, post(order(reference))))).toMatchObject({ result: 'false', errorCode: 'DUPLICATE_REQUEST_REFERENCE' });
    }
    expect(() => sim.advance('R-1', 'confirmed')).toThrow(/no accepted order/);
    sim.advance('R-3', 'confirmed');
    expect(sim.orders()[0]).toMatchObject({ requestReference: 'R-3', requestStatus: 'confirmed' });
  });

  it('keeps an order\'s first state and its newest 99 moves, however often it moves back and forth', async () => {
    const sim = createSimulator();
    expect(await resultOf(await sim.fetch(ORDERS, post(order('R-1'))))).toMatchObject({ result: 'true' });
    for (let i = 0; i < 500; i++) sim.advance('R-1', i % 2 === 0 ? 'errored' : 'created');
    const { history, requestStatus } = sim.orders()[0]!;
    expect(history).toHaveLength(100);
    expect(history[0]).toBe('created');
    expect(history.slice(1)).toEqual(Array.from({ length: 99 }, (_, k) => ((500 - 99 + k) % 2 === 0 ? 'errored' : 'created')));
    expect(history.at(-1)).toBe(requestStatus);
  });

  it('keeps the newest return tokens; an update of a forgotten token names no return', async () => {
    const sim = createSimulator({ retainOrders: 2 });
    const tokens: string[] = [];
    for (let i = 1; i <= 3; i++) {
      const response = await sim.fetch(RETURNS, post(change(validReturn(), { '/requestHeader/requestReference': `RMA-${i}` })));
      tokens.push(((await response.json()) as { transactionID: string }).transactionID);
    }
    expect(sim.returns().map((r) => r.requestReference)).toEqual(['RMA-2', 'RMA-3']);
    const update = (token: string, reference: string) => change(validReturn(), { '/rma/transactionId': token, '/requestHeader/requestReference': reference });
    expect(await (await sim.fetch(RETURNS, post(update(tokens[0]!, 'RMA-4')))).json()).toMatchObject({ resultCode: '3' });
    expect(await (await sim.fetch(RETURNS, post(update(tokens[1]!, 'RMA-5')))).json()).toMatchObject({ resultCode: '0', transactionID: tokens[1] });
    expect(sim.returns().map((r) => r.requestReference)).toEqual(['RMA-5', 'RMA-3']);
  });

  it('retainOrders 0 keeps none and still refuses a duplicate', async () => {
    const sim = createSimulator({ retainOrders: 0 });
    expect(await resultOf(await sim.fetch(ORDERS, post(order('Z-1'))))).toMatchObject({ result: 'true' });
    expect(sim.orders()).toEqual([]);
    expect(await resultOf(await sim.fetch(ORDERS, post(order('Z-1'))))).toMatchObject({ errorCode: 'DUPLICATE_REQUEST_REFERENCE' });
  });

  it.each([{ retainOrders: -1 }, { retainOrders: 2.5 }, { retainOrders: '10' }])('refuses %o', (options) => {
    expect(() => createSimulator(options as never)).toThrow(/^retainOrders must be a whole number from 0\.$/);
  });
});

describe('used requestReferences are bounded per client and kind (duplicate-request-reference\'s own state)', () => {
  // The decision itself, without HTTP: 100,000 orders through fetch would take a minute.
  const stateOf = (retainOrders: number) => ({ options: { retainOrders }, references: new Map() }) as unknown as SimulatorState;
  const callOf = (state: SimulatorState, clientConfigId: string) => ({ state, client: { clientConfigId } }) as unknown as Call;
  const anOrder = (reference: string) => ({ clientRequest: { requestHeader: { requestReference: reference } } });
  const aReturn = (reference: string) => ({ requestHeader: { requestReference: reference } });

  it('refuses a reference while it is among the client\'s newest REFERENCE_LIMIT, accepts it again after that many newer ones', () => {
    const state = stateOf(3);
    const [a, b] = [callOf(state, 'A'), callOf(state, 'B')];
    expect(usedBefore(a, 'order', anOrder('FIRST'))).toBe(false);
    expect(usedBefore(b, 'order', anOrder('FIRST'))).toBe(false);
    expect(usedBefore(a, 'return', aReturn('FIRST'))).toBe(false);
    let accepted = 0;
    for (let i = 1; i < REFERENCE_LIMIT; i++) if (!usedBefore(a, 'order', anOrder(`N-${i}`))) accepted++;
    expect(accepted).toBe(REFERENCE_LIMIT - 1);
    // The other client's and the other kind's references take none of A's order places.
    expect(usedBefore(a, 'order', anOrder('FIRST'))).toBe(true);
    expect(usedBefore(a, 'order', anOrder('LAST'))).toBe(false);
    expect(usedBefore(a, 'order', anOrder('FIRST'))).toBe(false);
    expect(usedBefore(a, 'order', anOrder('FIRST'))).toBe(true);
    expect(usedBefore(b, 'order', anOrder('FIRST'))).toBe(true);
    expect(usedBefore(a, 'return', aReturn('FIRST'))).toBe(true);
    // One state per client and kind: the configured clients bound the memory.
    expect([...state.references.keys()]).toEqual(['order\u0000A', 'order\u0000B', 'return\u0000A']);
  });

  it('remembers retainOrders references when that is more', () => {
    const a = callOf(stateOf(REFERENCE_LIMIT + 2), 'A');
    expect(usedBefore(a, 'return', aReturn('FIRST'))).toBe(false);
    // REFERENCE_LIMIT + 1 newer ones: at REFERENCE_LIMIT places FIRST would be forgotten.
    for (let i = 1; i <= REFERENCE_LIMIT + 1; i++) usedBefore(a, 'return', aReturn(`N-${i}`));
    expect(usedBefore(a, 'return', aReturn('FIRST'))).toBe(true);
    expect(usedBefore(a, 'return', aReturn('LAST'))).toBe(false);
    expect(usedBefore(a, 'return', aReturn('FIRST'))).toBe(false);
  });
});

describe('kept bodies and payloads are bounded by the memory they take (64 MiB each)', () => {
  // An unknown member (a warning: the order is accepted) of 4.5 million characters: about
  // 9 MiB in memory, so 8 of them pass 64 MiB.
  const large = (reference: string) => change(order(reference), { '/clientRequest/order/giftNote': 'n'.repeat(4.5 * MiB) });

  it('truncates the oldest bodies of received() and payloads of orders(); the control API still answers', async () => {
    const sim = createSimulator({ control: {} });
    const sizes: number[] = [];
    for (let i = 1; i <= 8; i++) {
      const text = JSON.stringify(large(`B-${i}`));
      sizes.push(Buffer.byteLength(text));
      expect(await resultOf(await sim.fetch(ORDERS, post(text)))).toMatchObject({ result: 'true' });
    }
    const received = sim.received();
    expect(received[0]?.body).toEqual({ truncated: true, bytes: sizes[0] });
    expect(received.slice(1).map((r) => (r.body as { clientRequest: { requestHeader: { requestReference: string } } }).clientRequest.requestHeader.requestReference)).toEqual(
      ['B-2', 'B-3', 'B-4', 'B-5', 'B-6', 'B-7', 'B-8'],
    );
    const orders = sim.orders();
    expect(orders).toHaveLength(8);
    expect(orders[0]?.payload).toEqual({ truncated: true, bytes: sizes[0] });
    expect(orders[7]?.payload).toEqual(large('B-8'));
    const listed = await sim.fetch(`${BASE_URL}/_fulfilkit/received`);
    expect(listed.status).toBe(200);
    expect(((await listed.json()) as { requests: unknown[] }).requests).toHaveLength(8);
  });

  it('counts what a body takes parsed, not its text: whitespace is free, 3-byte objects are not', async () => {
    // 60 MiB of whitespace around a small order takes no memory once parsed: kept whole.
    const sim = createSimulator();
    for (let i = 1; i <= 8; i++) await sim.fetch(ORDERS, post(JSON.stringify(order(`W-${i}`)) + ' '.repeat(7 * MiB)));
    expect(sim.received().every((r) => !isTruncated(r.body))).toBe(true);
    // Echo bodies of a million empty objects (3 bytes each as text, about 70 in memory).
    const objects = `{"list":[${'{},'.repeat(1_000_000)}{}]}`;
    const echo = createSimulator();
    const answer = await echo.fetch(`${BASE_URL}/echo/resource`, post(objects));
    expect(answer.status).toBe(200);
    const [kept] = echo.received();
    expect(kept?.body).toEqual({ truncated: true, bytes: objects.length });
    // Its XML goes with it.
    expect(kept?.xml).toBeUndefined();
  });

  it('counts the echo XML with its body, and drops it with the body', async () => {
    const sim = createSimulator();
    // Text of 3 MiB: about 6 MiB as the body's string, as much again as XML.
    const body = { vehicleType: 'v'.repeat(3 * MiB) };
    for (let i = 0; i < 6; i++) expect((await sim.fetch(`${BASE_URL}/echo/resource`, post(body))).status).toBe(200);
    const kept = sim.received();
    // 12 MiB and more each: the newest 5 fit in 64 MiB, the oldest is truncated, XML and all.
    expect(kept.map((r) => isTruncated(r.body))).toEqual([true, false, false, false, false, false]);
    expect(kept.map((r) => r.xml === undefined)).toEqual([true, false, false, false, false, false]);
    expect(kept[5]?.xml).toContain('<vehicleType>vvv');
  });

  it('holds the heap flat however large and however many the bodies (measured)', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const sim = createSimulator();
    const objects = `{"list":[${'{"a":1},'.repeat(300_000)}{}]}`;
    gc();
    const before = process.memoryUsage().heapUsed;
    // Each body is about 30 MiB in memory, 2 MiB as text: counted as text, all 8 were kept (240 MiB).
    for (let i = 0; i < 8; i++) expect((await sim.fetch(`${BASE_URL}/echo/resource`, post(objects))).status).toBe(200);
    gc();
    const grown = process.memoryUsage().heapUsed - before;
    expect(grown).toBeLessThan(2 * BODY_BUDGET_BYTES);
    expect(sim.received()).toHaveLength(8);
  }, 60_000);
});

describe('heapBytes estimates a parsed value from above', () => {
  it('is linear in the value and counts objects, arrays, strings and numbers', () => {
    expect(heapBytes('abc')).toBe(30);
    expect(heapBytes(7)).toBe(16);
    expect(heapBytes(null)).toBe(0);
    expect(heapBytes([1, 'a'])).toBe(32 + 16 + 16 + 26);
    expect(heapBytes({ ab: true })).toBe(64 + 44);
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000)) as unknown;
    expect(heapBytes(deep)).toBe(100_000 * 40 - 8);
  });

  it('is at least what V8 takes for payloads and for many small objects (measured)', () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (const text of [JSON.stringify(Array.from({ length: 2000 }, (_, i) => order(`H-${i}`))), `[${'{},'.repeat(200_000)}{}]`, `[${'1.5,'.repeat(200_000)}2.5]`]) {
      gc();
      const before = process.memoryUsage().heapUsed;
      const value = JSON.parse(text) as unknown;
      gc();
      const taken = process.memoryUsage().heapUsed - before;
      expect(heapBytes(value)).toBeGreaterThan(taken);
      expect(value).toBeDefined();
    }
  });
});

describe('reset() cuts off requests in flight', () => {
  it('an order sent before a reset, answered after it, lands in the old state only', async () => {
    const sim = createSimulator({ faults: { latencyMs: 40 } });
    const late = sim.fetch(ORDERS, post(order('LATE-1')));
    await new Promise((resolve) => setTimeout(resolve, 5));
    sim.reset();
    expect(await resultOf(await late)).toMatchObject({ result: 'true' });
    expect(sim.orders()).toEqual([]);
    expect(sim.received()).toEqual([]);
    expect(await resultOf(await sim.fetch(ORDERS, post(order('LATE-1'))))).toMatchObject({ result: 'true' });
    expect(sim.orders().map((o) => o.requestReference)).toEqual(['LATE-1']);
  });
});

describe('received() keeps no credential of any kind', () => {
  it.each(['Authorization', 'Proxy-Authorization', 'Cookie'])('redacts %s', async (name) => {
    const sim = createSimulator();
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory`, { headers: headers({ [name]: 'Bearer ctl-secret-token' }) });
    const kept = sim.received()[0]!;
    expect(kept.headers[name.toLowerCase()]).toBe('<redacted>');
    expect(JSON.stringify(kept)).not.toContain('ctl-secret-token');
  });

  it('drops the URL fragment (never sent over HTTP), whatever it holds', async () => {
    const sim = createSimulator();
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory?sku=MUG-RED#subscription-key=frag-secret`, { headers: headers() });
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory#?subscription-key=frag-secret`, { headers: headers() });
    expect(sim.received().map((r) => r.url)).toEqual([`${BASE_URL}/productapi/v1/inventory?sku=MUG-RED`, `${BASE_URL}/productapi/v1/inventory`]);
  });
});
