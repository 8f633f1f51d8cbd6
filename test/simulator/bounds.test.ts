/**
 * Bounded state (issue 21, items 3, 8, 11, 15): received() keeps the newest `retain`
 * requests, no body of a request refused before authentication (never even read), no
 * credential from the query string; a body nested deeper than 512 levels is 400 and
 * received() never throws; an answer that is not a success never uses up a requestReference.
 */
import { describe, expect, it } from 'vitest';
import { describeCreateOrder, describeInventory, send } from '../../src/http/index';
import { createSimulator } from '../../src/simulator/index';
import { change, validOrder, validReturn } from '../fixtures';
import { BASE_URL, CLIENT, connection, headers, post } from './_kit';

const ORDERS = `${BASE_URL}/fulfillmentapi/v1.1/orders`;
const RETURNS = `${BASE_URL}/rmaportalapi/v1/rmaTokens`;
const ECHO = `${BASE_URL}/echo/resource`;
const MiB = 1024 * 1024;

/** A POST whose body stream counts how often it is pulled (0: never read; no chunk is pulled ahead). */
function countedPost(url: string, extra: Record<string, string>, text = JSON.stringify(validOrder('1.1'))) {
  let pulls = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        pulls++;
        controller.enqueue(new TextEncoder().encode(text));
        controller.close();
      },
    },
    { highWaterMark: 0 },
  );
  const request = new Request(url, { method: 'POST', headers: extra, body, duplex: 'half' } as RequestInit);
  return { request, pulls: () => pulls };
}

/** An order whose unknown member `clientRequest.extra` holds `levels` nested arrays: the body nests `levels + 2` deep. */
function deepOrder(levels: number, reference = 'REQ-1001'): string {
  const order = change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': reference });
  return JSON.stringify(order).replace('"clientRequest":{', `"clientRequest":{"extra":${'['.repeat(levels)}${']'.repeat(levels)},`);
}

describe('received() keeps the newest requests', () => {
  const inventory = (sku: string) => `${BASE_URL}/productapi/v1/inventory?sku=${sku}`;

  it('keeps `retain` entries, oldest first; 0 keeps none and still answers', async () => {
    const sim = createSimulator({ retain: 3 });
    const skus = ['MUG-RED', 'TEA-GREEN', 'KETTLE-1', 'NONE-1', 'NONE-2'];
    for (const sku of skus) await sim.fetch(inventory(sku), { headers: headers() });
    expect(sim.received().map((r) => r.url)).toEqual(skus.slice(2).map(inventory));
    const none = createSimulator({ retain: 0 });
    expect((await none.fetch(inventory('MUG-RED'), { headers: headers() })).status).toBe(200);
    expect(none.received()).toEqual([]);
  });

  it('keeps 1000 by default', async () => {
    const sim = createSimulator();
    for (let i = 0; i < 1005; i++) await sim.fetch(`${BASE_URL}/nowhere/${i}`);
    const kept = sim.received();
    expect(kept).toHaveLength(1000);
    expect(kept[0]?.url).toBe(`${BASE_URL}/nowhere/5`);
    expect(kept.at(-1)?.url).toBe(`${BASE_URL}/nowhere/1004`);
  });

  it.each([{ retain: -1 }, { retain: 1.5 }, { retain: '10' }])('refuses retain %o', (options) => {
    expect(() => createSimulator(options as never)).toThrow(/^retain must be a whole number from 0\.$/);
  });
});

describe('a request refused before authentication', () => {
  it.each([
    { name: '401 (wrong key)', url: ORDERS, extra: headers({ ClientAuthKey: 'wrong', 'Content-Type': 'application/json' }), status: 401 },
    { name: '401 (no keys at all)', url: ECHO, extra: {}, status: 401 },
    { name: '404 (unknown path)', url: `${BASE_URL}/fulfillmentapi/v9/orders`, extra: headers({ 'Content-Type': 'application/json' }), status: 404 },
    { name: '415 (an order without a JSON Content-Type)', url: ORDERS, extra: headers({ 'Content-Type': 'text/plain' }), status: 415 },
    { name: '413 (a declared length over 10 MiB)', url: ORDERS, extra: headers({ 'Content-Type': 'application/json', 'Content-Length': String(10 * MiB + 1) }), status: 413 },
  ])('$name: its body is never read and not kept', async ({ url, extra, status }) => {
    const sim = createSimulator();
    const { request, pulls } = countedPost(url, extra);
    expect((await sim.handle(request)).status).toBe(status);
    expect(pulls()).toBe(0);
    expect(request.bodyUsed).toBe(false);
    expect(sim.received()).toEqual([expect.objectContaining({ status, body: undefined })]);
  });

  it('an authenticated order is read (the counter above sees reads)', async () => {
    const sim = createSimulator();
    const { request, pulls } = countedPost(ORDERS, headers({ 'Content-Type': 'application/json' }));
    expect((await sim.handle(request)).status).toBe(200);
    expect(pulls()).toBe(1);
    expect(sim.received()[0]?.body).toEqual(validOrder('1.1'));
  });

  it('a body over 10 MiB without a declared length is read no further than the limit, and not kept', async () => {
    const sim = createSimulator();
    const chunk = new Uint8Array(MiB).fill(0x20);
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 64) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request(ORDERS, { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body, duplex: 'half' } as RequestInit);
    expect((await sim.handle(request)).status).toBe(413);
    expect(sent).toBeLessThan(16);
    expect(sim.received()[0]).toMatchObject({ status: 413, body: undefined, client: 'ACME' });
  });

  it('over HTTP: 20 unauthenticated 9.9 MB POSTs keep nothing, and the connection keeps serving', async () => {
    const sim = createSimulator();
    const server = await sim.listen();
    try {
      const big = `{"x":"${'a'.repeat(9_900_000)}"}`;
      for (let i = 0; i < 20; i++) {
        const response = await fetch(`${server.url}/fulfillmentapi/v1.1/orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: big });
        expect(response.status).toBe(401);
        await response.arrayBuffer();
      }
      const after = await fetch(`${server.url}/productapi/v1/inventory?sku=MUG-RED`, { headers: headers() });
      expect(after.status).toBe(200);
      const kept = sim.received();
      expect(kept.slice(0, 20).every((r) => r.status === 401 && r.body === undefined)).toBe(true);
      expect(JSON.stringify(kept).length).toBeLessThan(100_000);
      // An authenticated body over the limit, sent without a declared length (chunked), is 413.
      const chunked = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(`"${'b'.repeat(10 * MiB)}"`));
          controller.close();
        },
      });
      const tooLarge = await fetch(`${server.url}/fulfillmentapi/v1.1/orders`, { method: 'POST', headers: headers({ 'Content-Type': 'application/json' }), body: chunked, duplex: 'half' } as RequestInit);
      expect(tooLarge.status).toBe(413);
    } finally {
      await server.close();
    }
  });
});

describe('query-string credentials', () => {
  it('are redacted in received().url, names compared without case and after decoding', async () => {
    const sim = createSimulator();
    const query = 'sku=MUG-RED&ClientAuthKey=s1&subscription-key=s2&clientconfigid=s3&OCP-APIM-SUBSCRIPTION-KEY=s4&Client%41uthKey=s5&Subscription-Key=s6';
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory?${query}`, { headers: headers() });
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory?${query}`);
    await sim.fetch(`${BASE_URL}/nowhere?${query}`);
    const urls = sim.received().map((r) => r.url);
    expect(urls.map((u) => u.slice(u.indexOf('?')))).toEqual(Array(3).fill(
      '?sku=MUG-RED&ClientAuthKey=<redacted>&subscription-key=<redacted>&clientconfigid=<redacted>&OCP-APIM-SUBSCRIPTION-KEY=<redacted>&Client%41uthKey=<redacted>&Subscription-Key=<redacted>',
    ));
    expect(sim.received().map((r) => r.status)).toEqual([200, 401, 404]);
    for (const secret of ['s1', 's2', 's3', 's4', 's5', 's6']) expect(JSON.stringify(sim.received())).not.toContain(`=${secret}`);
  });

  it('are redacted after a `;`, which some servers read as a separator like `&`', async () => {
    const sim = createSimulator();
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory?sku=MUG;subscription-key=s1&a=1;ClientAuthKey=s2;b=2`);
    const url = sim.received()[0]!.url;
    expect(url.slice(url.indexOf('?'))).toBe('?sku=MUG;subscription-key=<redacted>&a=1;ClientAuthKey=<redacted>;b=2');
  });

  it('are redacted in the parameters of path segments (`;name=value`), in received().url and the onRequest event', async () => {
    const events: string[] = [];
    const sim = createSimulator({ onRequest: (event) => events.push(event.path) });
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory;subscription-key=s1;v=2?sku=MUG`, { headers: headers() });
    await sim.fetch(`${BASE_URL}/productapi;ClientAuthKey=s2/v1/inventory`);
    await sim.fetch(`${BASE_URL}/nowhere;Client%41uthKey=s3;subscription-key[]=s4`);
    expect(sim.received().map((r) => new URL(r.url).pathname)).toEqual([
      '/productapi/v1/inventory;subscription-key=%3Credacted%3E;v=2',
      '/productapi;ClientAuthKey=%3Credacted%3E/v1/inventory',
      '/nowhere;Client%41uthKey=%3Credacted%3E;subscription-key[]=%3Credacted%3E',
    ]);
    expect(events).toEqual([
      '/productapi/v1/inventory;subscription-key=<redacted>;v=2',
      '/productapi;ClientAuthKey=<redacted>/v1/inventory',
      '/nowhere;Client%41uthKey=<redacted>;subscription-key[]=<redacted>',
    ]);
    for (const secret of ['s1', 's2', 's3', 's4']) expect(JSON.stringify([sim.received(), events])).not.toContain(`=${secret}`);
  });

  it('are redacted in their array and object forms, which many servers read as the name before the brackets', async () => {
    const sim = createSimulator();
    const query = 'subscription-key[]=s1&ClientAuthKey[0]=s2&clientConfigId[a][b]=s3&subscription-key%5B%5D=s4&[subscription-key]=kept&sku[]=MUG';
    await sim.fetch(`${BASE_URL}/productapi/v1/inventory?${query}`);
    const url = sim.received()[0]!.url;
    expect(url.slice(url.indexOf('?'))).toBe(
      '?subscription-key[]=<redacted>&ClientAuthKey[0]=<redacted>&clientConfigId[a][b]=<redacted>&subscription-key%5B%5D=<redacted>&[subscription-key]=kept&sku[]=MUG',
    );
  });
});

describe('bodies nested deeper than 512 levels', () => {
  const statusCodeShape = { statusCode: '400', message: expect.stringContaining('512 levels') };

  it.each([10_000, 100_000])('an order, a return and an echo nested %i deep are 400 in the interface shape; received() still works', async (depth) => {
    const sim = createSimulator();
    const bodies: [string, string][] = [
      [ORDERS, deepOrder(depth)],
      [RETURNS, JSON.stringify(validReturn()).replace('{', `{"extra":${'['.repeat(depth)}${']'.repeat(depth)},`)],
      [ECHO, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`],
    ];
    for (const [url, text] of bodies) {
      const response = await sim.fetch(url, post(text));
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual(statusCodeShape);
    }
    const received = sim.received();
    expect(received.map((r) => r.status)).toEqual([400, 400, 400]);
    // Kept as the text that was sent: a copy of it cannot overflow the stack.
    expect(received.map((r) => r.body)).toEqual(bodies.map(([, text]) => text));
    expect(sim.orders()).toEqual([]);
    expect(sim.returns()).toEqual([]);
  });

  it('an echo body is converted up to the limit: 100 to 512 levels are 200 (the XML builder stopped at 100 with a 500)', async () => {
    const sim = createSimulator();
    for (const depth of [99, 100, 101, 512]) {
      const response = await sim.fetch(ECHO, post(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`));
      expect(response.status).toBe(200);
      expect(await response.text()).toBe(`<Document>${'<a>'.repeat(depth)}1${'</a>'.repeat(depth)}</Document>`);
    }
    expect((await sim.fetch(ECHO, post(`${'{"a":'.repeat(513)}1${'}'.repeat(513)}`))).status).toBe(400);
  });

  it('512 levels are read, 513 are refused', async () => {
    const sim = createSimulator();
    expect((await (await sim.fetch(ORDERS, post(deepOrder(511, 'REQ-DEEP')))).json())).toEqual(statusCodeShape);
    expect((await (await sim.fetch(ORDERS, post(deepOrder(510, 'REQ-DEEP')))).json())).toMatchObject({ result: 'true' });
    expect(sim.orders()).toMatchObject([{ requestReference: 'REQ-DEEP' }]);
    expect(sim.received()[1]?.body).toEqual(JSON.parse(deepOrder(510, 'REQ-DEEP')));
  });
});

describe('an answer that is not a success never uses up a requestReference', () => {
  it('a deep order is refused and its retry, fixed, is accepted', async () => {
    const sim = createSimulator();
    expect((await sim.fetch(ORDERS, post(deepOrder(10_000)))).status).toBe(400);
    const retry = await send(describeCreateOrder(validOrder('1.1'), { ...connection(), version: '1.1' }), sim.fetch);
    expect(retry.body).toMatchObject({ result: 'true' });
  });

  it('a 500 (serverError fault) leaves the order retryable, and a 415 and a 401 too', async () => {
    const sim = createSimulator({ faults: { serverError: 1 } });
    const request = describeCreateOrder(validOrder('1.1'), { ...connection(), version: '1.1' });
    expect((await send(request, sim.fetch)).status).toBe(500);
    sim.setFaults({});
    expect((await sim.fetch(ORDERS, post(validOrder('1.1'), { 'Content-Type': 'text/plain' }))).status).toBe(415);
    expect((await sim.fetch(ORDERS, { ...post(validOrder('1.1')), headers: headers({ ClientAuthKey: 'wrong', 'Content-Type': 'application/json' }) })).status).toBe(401);
    expect((await send(request, sim.fetch)).body).toMatchObject({ result: 'true' });
    expect(sim.orders()).toHaveLength(1);
  });
});

describe('inventory reads no body', () => {
  it('a GET is answered without touching a body', async () => {
    const sim = createSimulator();
    const response = await send(describeInventory({ ...connection(), sku: 'MUG-RED' }), sim.fetch);
    expect(response.status).toBe(200);
    expect(sim.received()[0]).toMatchObject({ client: CLIENT.name, body: undefined });
  });
});
