/**
 * The document against the simulator and the decoders: every answer the simulator gives to a
 * table of requests (valid, invalid, unauthenticated, wrong content type, too large, too deep,
 * server error, unknown path; each operation and version) has a status the document declares
 * for that operation, a declared content type and a body its schema accepts; every declared
 * status is answered by some request of the table; every example validates against its schema;
 * and the example a mock server (Prism) picks decodes as a success.
 */
import { connect } from 'node:net';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { decodeCreateOrder } from '../../src/http/index';
import { openApiDocument } from '../../src/openapi/index';
import { DECODERS } from '../../src/simulator/control/proxy';
import { createSimulator, DEFAULT_SIMULATOR_DATA } from '../../src/simulator/index';
import type { SimulatorOperation } from '../../src/simulator/types';
import { set } from '../fixtures';

type Media = { schema: Record<string, unknown>; examples?: Record<string, { value: unknown }> };
type Response = { description: string; content?: Record<string, Media>; headers?: Record<string, unknown> };
type Operation = { operationId: SimulatorOperation; requestBody?: { content: Record<string, Media> }; responses: Record<string, Response>; security?: unknown[] };

const doc = openApiDocument();
const OPERATIONS = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation: operation as Operation })),
);

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema({ $id: 'doc', components: doc.components });
/** Validates `value` against a schema of the document (a `$ref` to a component, or inline). */
function valid(schema: Record<string, unknown>, value: unknown): boolean {
  const ok = ajv.validate(typeof schema.$ref === 'string' ? { $ref: `doc${schema.$ref}` } : schema, value);
  if (!ok) console.error(JSON.stringify(ajv.errors));
  return ok;
}

const firstExample = (media: Media) => Object.values(media.examples ?? {})[0]?.value;

const CLIENT = DEFAULT_SIMULATOR_DATA.clients[0]!;
const SUBSCRIPTION = { 'Ocp-Apim-Subscription-Key': CLIENT.subscriptionKey };
const AUTH = { ...SUBSCRIPTION, ClientConfigId: CLIENT.clientConfigId, ClientAuthKey: CLIENT.clientAuthKey };
const JSON_TYPE = { 'Content-Type': 'application/json' };
const TOO_LARGE = 'x'.repeat(10 * 1024 * 1024 + 1);
const TOO_DEEP = `${'{"a":'.repeat(600)}1${'}'.repeat(600)}`;

/** One request of the table and the status the simulator is expected to answer. */
interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly query?: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  /** Send it twice (duplicates); the second answer is checked. */
  readonly twice?: boolean;
  /** Every request ends in a 500 (fault injection). */
  readonly serverError?: boolean;
  readonly status: number;
}

/** The requests of one operation: its example, what can be wrong with it, and its error paths. */
function casesOf({ path, method, operation }: (typeof OPERATIONS)[number]): Case[] {
  const id = operation.operationId;
  const base = { method, path };
  const example = operation.requestBody ? JSON.stringify(firstExample(operation.requestBody.content['application/json']!)) : undefined;
  const clientAuth = operation.security === undefined;
  const auth = clientAuth ? AUTH : SUBSCRIPTION;
  const ok = method === 'OPTIONS' ? 204 : 200;
  const send = (name: string, status: number, extra: Partial<Case> = {}): Case => ({
    ...base,
    name: `${id}: ${name}`,
    headers: { ...auth, ...(example === undefined ? {} : JSON_TYPE) },
    ...(example === undefined ? {} : { body: example }),
    status,
    ...extra,
  });
  const cases: Case[] = [
    send('the example', ok),
    send('no credentials', 401, { headers: JSON_TYPE }),
    send('a wrong subscription key', 401, { headers: { ...auth, 'Ocp-Apim-Subscription-Key': 'nope', ...JSON_TYPE } }),
    send('a server error', 500, { serverError: true }),
  ];
  if (clientAuth) cases.push(send('a wrong client key', 401, { headers: { ...auth, ClientAuthKey: 'nope', ...JSON_TYPE } }));
  if (example !== undefined) {
    cases.push(send('a body over 10 MiB', 413, { body: TOO_LARGE }));
    cases.push(send('a body that is not JSON', 400, { body: example.slice(0, -1) }));
    cases.push(send('a body nested deeper than 512 levels', 400, { body: TOO_DEEP }));
  }
  if (id.startsWith('createOrder')) {
    const tooLong = JSON.stringify(set(JSON.parse(example!), '/clientRequest/partner/0/personData/firstName', 'Maximiliane-Alexandra'));
    cases.push(send('lint errors', 200, { body: tooLong }));
    cases.push(send('a repeated requestReference', 200, { twice: true }));
    cases.push(send('Content-Type text/plain', 415, { headers: { ...auth, 'Content-Type': 'text/plain' } }));
    cases.push(send('no Content-Type', 415, { headers: auth }));
  }
  if (id === 'createReturnToken') {
    cases.push(send('lint errors', 200, { body: JSON.stringify(set(JSON.parse(example!), '/rma/returnReason', 'bored')) }));
    cases.push(send('a repeated requestReference', 200, { twice: true }));
    cases.push(send('Content-Type text/plain (read as JSON)', 200, { headers: { ...auth, 'Content-Type': 'text/plain' } }));
  }
  if (id === 'echo') {
    cases.push(send('a JSON array', 400, { body: '[1]' }));
    cases.push(send('a member name that is no XML name', 400, { body: '{"1a":1}' }));
    cases.push(send('Content-Type text/plain (read as JSON)', 200, { headers: { ...auth, 'Content-Type': 'text/plain' } }));
  }
  if (id === 'getInventory') {
    cases.push(send('a known sku', 200, { query: '?sku=MUG-RED' }));
    cases.push(send('an unknown sku', 404, { query: '?sku=NOPE' }));
  }
  if (id === 'listPaymentMethods') {
    cases.push(send('a country', 200, { query: '?country=NL' }));
    cases.push(send('a type nobody offers', 404, { query: '?paymentMethod=Barter' }));
  }
  if (id === 'orderOptions') {
    cases.push(send('a CORS preflight', 204, { headers: { ...auth, Origin: 'https://shop.example', 'Access-Control-Request-Headers': 'content-type' } }));
    cases.push(send('a body over 10 MiB (never read)', 204, { body: TOO_LARGE }));
  }
  return cases;
}

const CASES = OPERATIONS.flatMap(casesOf);

async function answer(c: Case): Promise<globalThis.Response> {
  const simulator = createSimulator(c.serverError ? { faults: { serverError: 1 } } : {});
  const request = () => new Request(`http://operator.test${c.path}${c.query ?? ''}`, { method: c.method, headers: c.headers, body: c.body });
  if (c.twice) await simulator.handle(request());
  return simulator.handle(request());
}

/** The answer against the document: declared status, content type and body. Returns the parsed body. */
async function checkAgainstDocument(operation: Operation, response: globalThis.Response): Promise<unknown> {
  const declared = operation.responses[String(response.status)];
  expect(declared, `status ${response.status} of ${operation.operationId} is declared`).toBeDefined();
  const text = await response.text();
  if (declared!.content === undefined) {
    expect(text).toBe('');
    const headers = Object.keys(declared!.headers ?? {}).map((h) => h.toLowerCase());
    response.headers.forEach((_value, name) => {
      if (name.startsWith('access-control-')) expect(headers).toContain(name);
    });
    return null;
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
  const media = declared!.content[type];
  expect(media, `${type} of ${response.status} of ${operation.operationId} is declared`).toBeDefined();
  const body: unknown = type === 'application/json' ? JSON.parse(text) : text;
  expect(valid(media!.schema, body), `${response.status} body of ${operation.operationId}`).toBe(true);
  return body;
}

describe('every simulator answer validates against the document', () => {
  const answered = new Set<string>();

  it.each(CASES)('$name: $status', async (c) => {
    const { operation } = OPERATIONS.find((o) => o.path === c.path && o.method === c.method)!;
    const response = await answer(c);
    expect(response.status).toBe(c.status);
    const body = await checkAgainstDocument(operation, response);
    answered.add(`${operation.operationId} ${response.status}`);
    if ([400, 413, 415].includes(response.status)) {
      // The refusals the spec does not show: the document's examples are the simulator's very answers.
      const examples = Object.values(operation.responses[String(response.status)]!.content!['application/json']!.examples!);
      expect(examples.map((e) => e.value)).toContainEqual(body);
    }
    if (c.name.endsWith(': the example')) {
      // The request example is accepted, and the answer decodes as a success.
      expect(DECODERS[operation.operationId](c.status, body)).toMatchObject({ ok: true });
    }
  });

  it('every declared status of every operation is answered by some request of the table', () => {
    const declared = OPERATIONS.flatMap(({ operation }) => Object.keys(operation.responses).map((status) => `${operation.operationId} ${status}`));
    expect([...answered].sort()).toEqual(declared.sort());
  });

  const unmatched = doc['x-fulfilkit-unmatched'] as Record<string, Response>;
  const answeredUnmatched = new Set<string>();

  it.each([
    ['GET', '/nope'],
    ['DELETE', '/fulfillmentapi/v1.1/orders'],
    ['OPTIONS', '/fulfillmentapi/v1.1/orders'],
    ['GET', '/fulfillmentapi/v1.3/orders'],
    ['GET', '/_fulfilkit/health'],
  ])('%s %s: the document has no such operation, and the 404 validates against its x-fulfilkit-unmatched', async (method, path) => {
    const response = await createSimulator().handle(new Request(`http://operator.test${path}`, { method, headers: AUTH }));
    expect(OPERATIONS.some((o) => o.path === path && o.method === method)).toBe(false);
    const declared = unmatched[String(response.status)];
    expect(declared, `status ${response.status} is declared for a request that matches no operation`).toBeDefined();
    const media = declared!.content!['application/json']!;
    const body = await response.json();
    expect(valid(media.schema, body)).toBe(true);
    expect(Object.values(media.examples!).map((e) => e.value)).toContainEqual(body);
    answeredUnmatched.add(String(response.status));
  });

  // Below any operation: what the HTTP server itself answers (node:http's parser, CONNECT), over a raw socket.
  it.each([
    ['not HTTP at all', 'hello\r\n\r\n'],
    ['HTTP/1.1 without Host', 'GET /_fulfilkit/health HTTP/1.1\r\n\r\n'],
    ['CONNECT', 'CONNECT other.host:443 HTTP/1.1\r\nHost: other.host:443\r\n\r\n'],
    ['headers over 16 KiB', `GET / HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`],
  ])('%s: the server answer validates against x-fulfilkit-unmatched', async (_name, bytes) => {
    const server = await createSimulator().listen();
    try {
      const text = await new Promise<string>((resolve, reject) => {
        let got = '';
        const socket = connect(Number(new URL(server.url).port), '127.0.0.1', () => socket.write(bytes));
        socket.on('data', (chunk) => (got += chunk.toString('latin1')));
        socket.on('close', () => resolve(got));
        socket.on('error', reject);
      });
      const status = text.slice(9, 12);
      const declared = unmatched[status];
      expect(declared, `status ${status} is declared for a request that matches no operation`).toBeDefined();
      const body = JSON.parse(text.slice(text.indexOf('\r\n\r\n') + 4));
      const media = declared!.content!['application/json']!;
      expect(valid(media.schema, body)).toBe(true);
      expect(Object.values(media.examples!).map((e) => e.value)).toContainEqual(body);
      answeredUnmatched.add(status);
    } finally {
      await server.close();
    }
  });

  it('every status x-fulfilkit-unmatched declares is answered by some request that matches no operation', () => {
    // 408 comes after node:http's headersTimeout (60 s) of a request whose headers never end: declared, not waited for here.
    expect([...answeredUnmatched, '408'].sort()).toEqual(Object.keys(unmatched).sort());
  });
});

describe('the examples of the document', () => {
  const media = OPERATIONS.flatMap(({ operation }) => [
    ...Object.entries(operation.requestBody?.content ?? {}).map(([type, m]) => ({ where: `${operation.operationId} request ${type}`, media: m })),
    ...Object.entries(operation.responses).flatMap(([status, r]) =>
      Object.entries(r.content ?? {}).map(([type, m]) => ({ where: `${operation.operationId} ${status} ${type}`, media: m })),
    ),
  ]);

  it('every operation has a request example (when it takes a body) and an example of every response with content', () => {
    const missing = media.filter((m) => Object.keys(m.media.examples ?? {}).length === 0).map((m) => m.where);
    expect(missing).toEqual([]);
    expect(OPERATIONS.filter((o) => o.method === 'POST' && o.operation.requestBody === undefined)).toEqual([]);
  });

  it.each(media)('$where: every example validates against its schema', ({ media: m }) => {
    for (const example of Object.values(m.examples!)) expect(valid(m.schema, example.value)).toBe(true);
  });

  it.each(OPERATIONS.filter((o) => o.operation.operationId.startsWith('createOrder')))(
    '$operation.operationId: the example a mock server answers with (first 200 example) is an accepted order',
    ({ operation }) => {
      const picked = firstExample(operation.responses['200']!.content!['application/json']!) as { result: unknown; errorCode: unknown };
      expect(decodeCreateOrder(200, picked)).toMatchObject({ ok: true });
      expect([true, 'true']).toContain(picked.result);
      expect(picked.errorCode).toBeNull();
    },
  );

  it.each(OPERATIONS)('$operation.operationId: the first example of its success decodes as a success', ({ operation }) => {
    const [status, response] = Object.entries(operation.responses).find(([s]) => s.startsWith('2'))!;
    const body = response.content === undefined ? null : firstExample(Object.values(response.content)[0]!);
    expect(DECODERS[operation.operationId](Number(status), body)).toMatchObject({ ok: true });
  });

  it('the success examples of payment methods, inventory and echo are what the simulator answers to the examples', async () => {
    for (const { path, method, operation } of OPERATIONS.filter((o) => ['listPaymentMethods', 'getInventory', 'echo'].includes(o.operation.operationId))) {
      const c = casesOf({ path, method, operation })[0]!;
      const media = operation.responses['200']!.content!;
      const [type, m] = Object.entries(media)[0]!;
      const response = await answer(c);
      const text = await response.text();
      expect(type === 'application/json' ? JSON.parse(text) : text).toEqual(firstExample(m));
    }
  });
});
