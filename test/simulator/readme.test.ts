/**
 * The README's integration-test examples, executed: the code between the `readme:<name>`
 * markers below is what the README shows between `<!-- <name>:start -->` and
 * `<!-- <name>:end -->` (imports first, then the body, dedented). A test keeps them equal;
 * `UPDATE_README=1 npx vitest run test/simulator/readme.test.ts` rewrites the README.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { expectSection } from '../_readme';
// readme:simulator-example:imports:start
import { buildOrder, createSimulator, DEFAULT_SIMULATOR_DATA, decodeCreateOrder, describeCreateOrder, send } from 'fulfilkit';
// readme:simulator-example:imports:end
// readme:msw-example:imports:start
import { setupServer } from 'msw/node';
import { simulatorHandlers } from 'fulfilkit/msw';
import { decodeInventory, describeInventory } from 'fulfilkit';
// readme:msw-example:imports:end

const SELF = fileURLToPath(import.meta.url);

/** The README's code block of an example, rebuilt from this file's markers. */
function exampleFromThisFile(name: string): string {
  const text = readFileSync(SELF, 'utf8');
  const region = (part: string) => {
    const start = text.indexOf(`// readme:${name}:${part}:start\n`);
    const end = text.indexOf(`// readme:${name}:${part}:end`);
    const lines = text.slice(start, end).split('\n').slice(1, -1);
    const indent = Math.min(...lines.filter((l) => l.trim() !== '').map((l) => /^ */.exec(l)![0].length));
    return lines.map((l) => l.slice(indent)).join('\n');
  };
  return `\`\`\`ts\n${region('imports')}\n\n${region('body')}\n\`\`\``;
}

describe('README: an offline integration test against the simulator', () => {
  it('runs end to end: start, send an order, assert on received()', async () => {
    // readme:simulator-example:body:start
    const simulator = createSimulator();          // one test client, ACME (DEFAULT_SIMULATOR_DATA)
    const server = await simulator.listen();      // http://127.0.0.1:<a free port>
    const { clientConfigId, clientAuthKey, subscriptionKey } = DEFAULT_SIMULATOR_DATA.clients[0]!;
    const connection = { baseUrl: server.url, credentials: { clientConfigId, clientAuthKey, subscriptionKey } };

    const order = buildOrder({
      version: '1.1', profile: { client: 'ACME', clientCode: 'ACME' },
      externalMessageReference: 'WEB-10001', currency: 'EUR', shipServiceLevel: 'STD',
      billTo: { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com', address: 'Hauptstrasse 1',
                postalCode: '10115', city: 'Berlin', country: 'DE' },
      lines: [{ sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' }],
    });
    const response = await send(describeCreateOrder(order, { ...connection, version: '1.1' }));
    expect(decodeCreateOrder(response.status, response.body).ok).toBe(true);

    // What the operator received: the order, as sent; credentials never kept.
    expect(simulator.received()).toMatchObject([
      { operation: 'createOrderV1_1', status: 200, client: 'ACME', body: order,
        headers: { clientauthkey: '<redacted>', 'content-type': 'application/json' } },
    ]);
    expect(simulator.orders()[0]?.requestStatus).toBe('created');
    simulator.advance(order.clientRequest.requestHeader.requestReference, 'confirmed');

    // Sending it again is a duplicate requestReference: refused like the operator does.
    const again = await send(describeCreateOrder(order, { ...connection, version: '1.1' }));
    expect(decodeCreateOrder(again.status, again.body)).toMatchObject({
      ok: false, error: { kind: 'rejected', code: 'DUPLICATE_REQUEST_REFERENCE' },
    });
    await server.close();
    // readme:simulator-example:body:end
  });

  it('shows the code it runs', () => {
    expectSection('simulator-example', exampleFromThisFile('simulator-example'));
  });
});

describe('README: the simulator as MSW handlers', () => {
  it('runs', async () => {
    // readme:msw-example:body:start
    const simulator = createSimulator({ seed: 42 });
    const server = setupServer(...simulatorHandlers(simulator, { baseUrl: 'https://api.operator.test' }));
    server.listen({ onUnhandledRequest: 'error' });  // usually in beforeAll; simulator.reset() in afterEach
    const { clientConfigId, clientAuthKey, subscriptionKey } = DEFAULT_SIMULATOR_DATA.clients[0]!;
    const connection = { baseUrl: 'https://api.operator.test', credentials: { clientConfigId, clientAuthKey, subscriptionKey } };

    // Your code calls the operator with global fetch; MSW hands the calls to the simulator.
    const stock = await send(describeInventory({ ...connection, sku: 'MUG-RED' }));
    expect(decodeInventory(stock.status, stock.body)).toMatchObject({ ok: true, value: { inventory: [{ quantity: 25 }] } });

    simulator.setFaults({ serverError: 1, operations: ['getInventory'] });  // from now on: 500 with an activityId
    const failed = await send(describeInventory(connection));
    expect(decodeInventory(failed.status, failed.body)).toMatchObject({ ok: false, error: { kind: 'server', activityId: expect.any(String) } });
    server.close();
    // readme:msw-example:body:end
  });

  it('shows the code it runs', () => {
    expectSection('msw-example', exampleFromThisFile('msw-example'));
  });
});
