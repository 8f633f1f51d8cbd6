/**
 * The state a test drives: received() with redacted credentials, orders(), advance()
 * along the simulator's requestStatus transitions, reset(), and the options check.
 */
import { describe, expect, it } from 'vitest';
import { describeCreateOrder, describeInventory, send } from '../../src/http/index';
import { REQUEST_STATUSES, type RequestStatus } from '../../src/schema/tables';
import { createSimulator, SIMULATED_TRANSITIONS } from '../../src/simulator/index';
import { change, validOrder } from '../fixtures';
import { BASE_URL, CLIENT, connection, forClient, OTHER, post, SECRETS } from './_kit';

async function placeOrder(sim: ReturnType<typeof createSimulator>, version: '1' | '1.1' | '1.2' = '1.1', reference = 'REQ-1001', client = CLIENT) {
  const payload = change(forClient(validOrder(version), client.name), { '/clientRequest/requestHeader/requestReference': reference });
  return send(describeCreateOrder(payload, { ...connection(BASE_URL, client), version, lint: false }), sim.fetch);
}

describe('received()', () => {
  it('lists every request, oldest first, with operation, body, client and status', async () => {
    const sim = createSimulator();
    await send(describeInventory({ ...connection(), sku: 'MUG-RED' }), sim.fetch);
    await placeOrder(sim);
    await sim.fetch(`${BASE_URL}/nowhere`);
    expect(sim.received()).toMatchObject([
      { operation: 'getInventory', method: 'GET', url: `${BASE_URL}/productapi/v1/inventory?sku=MUG-RED`, client: 'ACME', status: 200 },
      { operation: 'createOrderV1_1', method: 'POST', body: validOrder('1.1'), client: 'ACME', status: 200 },
      { operation: undefined, method: 'GET', status: 404 },
    ]);
  });

  it('never holds a credential: the three headers show as <redacted>, even for a failed login', async () => {
    const sim = createSimulator({ clients: [CLIENT, OTHER] });
    await placeOrder(sim);
    await placeOrder(sim, '1.1', 'REQ-2', OTHER);
    await send(describeInventory(connection(BASE_URL, { ...OTHER, clientAuthKey: CLIENT.clientAuthKey })), sim.fetch);
    const text = JSON.stringify(sim.received());
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    expect(sim.received()[0]?.headers).toMatchObject({
      clientconfigid: '<redacted>',
      clientauthkey: '<redacted>',
      'ocp-apim-subscription-key': '<redacted>',
      'content-type': 'application/json',
    });
    expect(sim.received()[2]).toMatchObject({ status: 401 });
    expect(sim.received()[2]).not.toHaveProperty('client');
  });

  it('keeps a body that is not JSON as text', async () => {
    const sim = createSimulator();
    await sim.fetch(`${BASE_URL}/fulfillmentapi/v1/orders`, post('<order/>'));
    expect(sim.received()[0]).toMatchObject({ body: '<order/>', status: 400 });
  });

  it('hands out copies: changing them changes nothing inside', async () => {
    const sim = createSimulator();
    await placeOrder(sim);
    (sim.received()[0] as { status: number }).status = 999;
    (sim.orders()[0]!.payload as { clientRequest: unknown }).clientRequest = null;
    expect(sim.received()[0]?.status).toBe(200);
    expect(sim.orders()[0]?.payload).toEqual(validOrder('1.1'));
  });
});

describe('advance()', () => {
  it('moves an order along the transitions and keeps its history', async () => {
    const sim = createSimulator();
    await placeOrder(sim);
    for (const status of ['confirmed', 'released', 'reserved', 'shipped']) sim.advance('REQ-1001', status);
    expect(sim.orders()[0]).toMatchObject({ requestStatus: 'shipped', history: ['created', 'confirmed', 'released', 'reserved', 'shipped'] });
  });

  it('refuses a transition the table does not have, naming the allowed ones', async () => {
    const sim = createSimulator();
    await placeOrder(sim);
    expect(() => sim.advance('REQ-1001', 'shipped')).toThrow(
      new RangeError('advance: an order in created cannot move to shipped; allowed: confirmed, errored, cancelled, dplhold.'),
    );
    sim.advance('REQ-1001', 'cancelled');
    expect(() => sim.advance('REQ-1001', 'created')).toThrow(/allowed: none \(a final state\)/);
  });

  it('opens FMS-only states to FMS clients only', async () => {
    const sim = createSimulator({ clients: [CLIENT, OTHER] });
    await placeOrder(sim, '1.1', 'REQ-A');
    await placeOrder(sim, '1.1', 'REQ-B', OTHER);
    expect(() => sim.advance('REQ-A', 'creditblocked')).toThrow(RangeError);
    sim.advance('REQ-B', 'creditblocked');
    for (const status of ['confirmed', 'shipped', 'invoiced', 'paid']) sim.advance('REQ-B', status);
    sim.advance('REQ-A', 'confirmed');
    sim.advance('REQ-A', 'shipped');
    expect(() => sim.advance('REQ-A', 'invoiced')).toThrow(/none \(a final state\)/);
  });

  it('advance(ref, "received") throws a RangeError naming the allowed next states, in every version', async () => {
    const sim = createSimulator();
    await placeOrder(sim, '1', 'REQ-V1');
    await placeOrder(sim, '1.1', 'REQ-V11');
    const allowed = 'confirmed, errored, cancelled, dplhold';
    expect(() => sim.advance('REQ-V1', 'received')).toThrow(new RangeError(`advance: an order in created cannot move to received; allowed: ${allowed}.`));
    expect(() => sim.advance('REQ-V11', 'received')).toThrow(
      new RangeError(`advance: the status is not a requestStatus of create-order v1.1; allowed from created: ${allowed}.`),
    );
    expect(() => sim.advance('REQ-V11', 'teleported')).toThrow(/allowed from created: confirmed/);
  });

  it('knows received in v1 only, and refuses values that are no requestStatus', async () => {
    const sim = createSimulator();
    await placeOrder(sim, '1.1');
    expect(() => sim.advance('REQ-1001', 'received')).toThrow(/not a requestStatus of create-order v1.1/);
    expect(() => sim.advance('REQ-1001', 'teleported')).toThrow(RangeError);
  });

  it('throws for an unknown reference, and for one two clients share', async () => {
    const sim = createSimulator({ clients: [CLIENT, OTHER] });
    expect(() => sim.advance('REQ-1001', 'confirmed')).toThrow(/no accepted order/);
    await placeOrder(sim);
    await placeOrder(sim, '1.1', 'REQ-1001', OTHER);
    expect(() => sim.advance('REQ-1001', 'confirmed')).toThrow(/more than one client have this requestReference; name the client/);
  });

  it('advances the order of the client named when orders of two clients share the reference', async () => {
    const sim = createSimulator({ clients: [CLIENT, OTHER] });
    await placeOrder(sim);
    await placeOrder(sim, '1.1', 'REQ-1001', OTHER);
    sim.advance('REQ-1001', 'confirmed', OTHER.name);
    const status = (client: string) => sim.orders().find((o) => o.client === client)!.requestStatus;
    expect([status(CLIENT.name), status(OTHER.name)]).toEqual(['created', 'confirmed']);
    sim.advance('REQ-1001', 'confirmed', CLIENT.name);
    expect(status(CLIENT.name)).toBe('confirmed');
    expect(() => sim.advance('REQ-1001', 'released', 'NOBODY')).toThrow(/no accepted order of this client/);
    expect(() => sim.advance('REQ-1001', 'released', 42 as never)).toThrow(TypeError);
  });

  it('advances the order of one ClientConfigId when one client has several (one per location) and both used the reference', async () => {
    const site = { ...CLIENT, clientConfigId: `${CLIENT.clientConfigId}-SOUTH`, clientAuthKey: `${CLIENT.clientAuthKey}-SOUTH` };
    const sim = createSimulator({ clients: [CLIENT, site] });
    await placeOrder(sim);
    await placeOrder(sim, '1.1', 'REQ-1001', site);
    expect(sim.orders()).toHaveLength(2);
    expect(() => sim.advance('REQ-1001', 'confirmed', CLIENT.name)).toThrow(/more than one ClientConfigId of this client have this requestReference; name the ClientConfigId/);
    sim.advance('REQ-1001', 'confirmed', site.clientConfigId);
    expect(sim.orders().map((o) => o.requestStatus)).toEqual(['created', 'confirmed']);
    sim.advance('REQ-1001', 'confirmed', CLIENT.clientConfigId);
    expect(sim.orders().map((o) => o.requestStatus)).toEqual(['confirmed', 'confirmed']);
  });

  it('the transition table: every state is listed, targets are states, final states are cancelled, paid and duplicate', () => {
    const states = REQUEST_STATUSES['1'];
    expect(Object.keys(SIMULATED_TRANSITIONS).sort()).toEqual([...states].sort());
    for (const targets of Object.values(SIMULATED_TRANSITIONS)) for (const to of targets) expect(states).toContain(to);
    const finals = (Object.entries(SIMULATED_TRANSITIONS) as [RequestStatus, readonly RequestStatus[]][]).filter(([, t]) => t.length === 0).map(([s]) => s);
    expect(finals.sort()).toEqual(['cancelled', 'duplicate', 'paid']);
    // No transition leads into duplicate or received: they are never reached by advancing.
    expect(Object.values(SIMULATED_TRANSITIONS).flat()).not.toContain('duplicate');
    expect(Object.values(SIMULATED_TRANSITIONS).flat()).not.toContain('received');
  });
});

describe('reset()', () => {
  it('forgets requests, orders and duplicate references, and restarts the random source', async () => {
    const sim = createSimulator();
    const first = await placeOrder(sim, '1.2');
    sim.reset();
    expect(sim.received()).toEqual([]);
    expect(sim.orders()).toEqual([]);
    const again = await placeOrder(sim, '1.2');
    expect(again.body).toMatchObject({ result: 'true' });
    expect((again.body as { requestId: string }).requestId).toBe((first.body as { requestId: string }).requestId);
  });
});

describe('createSimulator options', () => {
  it.each([
    { options: { clients: [] }, error: new RangeError('clients must list at least one client.') },
    { options: { clients: [{ ...CLIENT, clientAuthKey: '' }] }, error: new TypeError('clients[0].clientAuthKey must be a non-empty string.') },
    { options: { clients: [{ ...CLIENT, subscriptionKey: ' key' }] }, error: /clients\[0\]\.subscriptionKey must be printable ASCII/ },
    { options: { clients: [CLIENT, { ...OTHER, clientConfigId: CLIENT.clientConfigId }] }, error: /clients\[1\]\.clientConfigId repeats/ },
    { options: { clients: [{ ...CLIENT, profile: { client: 'Other', clientCode: 'X' } }] }, error: /clients\[0\]\.profile\.client must equal clients\[0\]\.name/ },
    { options: { inventory: [{ productID: 'A', quantity: '1', stockLocationName: 'NL' }] }, error: /inventory\[0\]\.quantity must be a finite number/ },
    { options: { paymentMethods: [{ paymentMethod: 'Visa' }] }, error: /paymentMethods\[0\]\.type/ },
    { options: { seed: 1.5 }, error: /seed must be a whole number/ },
    { options: { faults: { drop: 2 } }, error: /faults\.drop must be a number from 0 to 1/ },
    { options: { faults: { latencyMs: [50, 10] } }, error: /faults\.latencyMs/ },
    { options: { faults: { operations: ['teleport'] } }, error: /faults\.operations\[0\] must be one of/ },
    // A misspelt member would set nothing and say so nowhere.
    { options: { client: [CLIENT] }, error: new RangeError('options has an unknown member "client"; it takes clients, inventory, paymentMethods, seed, faults, retain, retainOrders, control, onRequest.') },
    { options: { sede: 3 }, error: /^options has an unknown member "sede"/ },
    { options: { ['k'.repeat(10_000)]: 1 }, error: new RangeError(`options has an unknown member "${'k'.repeat(40)}…"; it takes clients, inventory, paymentMethods, seed, faults, retain, retainOrders, control, onRequest.`) },
    { options: { clients: [{ ...CLIENT, profil: { client: CLIENT.name } }] }, error: /^clients\[0\] has an unknown member "profil"; it takes clientConfigId, clientAuthKey, subscriptionKey, name, profile\.$/ },
    { options: { inventory: [{ productID: 'A', quantity: 1, stockLocationName: 'NL', qty: 2 }] }, error: /^inventory\[0\] has an unknown member "qty"/ },
    { options: { paymentMethods: [{ type: 'card', paymentMethod: 'Visa', countries: 'DE' }] }, error: /^paymentMethods\[0\] has an unknown member "countries"/ },
    { options: { control: { tokn: 'x' } }, error: /^control has an unknown member "tokn"/ },
  ])('refuses $error', ({ options, error }) => {
    expect(() => createSimulator(options as never)).toThrow(error as never);
  });

  it('never repeats a key in a message', () => {
    try {
      createSimulator({ clients: [{ ...CLIENT, clientAuthKey: 'secret value with a\nnewline' }] });
      expect.unreachable();
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('lints with { client: name, clientCode: name } when a client has no profile', async () => {
    const { profile: _profile, ...bare } = CLIENT;
    const sim = createSimulator({ clients: [bare] });
    expect((await placeOrder(sim)).body).toMatchObject({ result: 'true' });
    expect((await placeOrder(sim, '1.1', 'REQ-2', { ...bare, name: 'Other' })).body).toMatchObject({ result: 'false' });
  });
});
