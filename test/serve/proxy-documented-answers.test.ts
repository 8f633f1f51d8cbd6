/**
 * `fulfilkit proxy` and the answers the OpenAPI document declares: every error answer the
 * document declares for an operation (each example of each status: the spec's 401/404/500
 * and the simulator's own 400, 413 and 415) passes through the proxy with no `decodeError`,
 * as do the simulator's real refusals; an answer of a shape or status the document does not
 * declare still gets one.
 */
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/document';
import { validOrder, validReturn } from '../fixtures';
import { AUTH, jsonRequest, proxy, raw, serve, type Running } from './_kit';

type Media = { examples?: Record<string, { value: unknown }> };
type Operation = { operationId: string; requestBody?: { content: Record<string, Media> }; responses: Record<string, { content?: Record<string, Media> }> };

const doc = openApiDocument();
const OPERATIONS = Object.entries(doc.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation: operation as Operation })),
);

/** One request through the proxy, and what the stub upstream answers it. */
interface Case {
  readonly name: string;
  readonly path: string;
  readonly method: string;
  readonly body?: string;
  readonly status: number;
  readonly answer: unknown;
}

const requestOf = ({ path, method, operation }: (typeof OPERATIONS)[number]) => {
  const example = operation.requestBody?.content['application/json']?.examples;
  return { path, method, ...(example === undefined ? {} : { body: JSON.stringify(Object.values(example)[0]!.value) }) };
};

/** Every example of every error status the document declares, for every operation. */
const DECLARED: Case[] = OPERATIONS.flatMap((entry) =>
  Object.entries(entry.operation.responses)
    .filter(([status]) => !status.startsWith('2'))
    .flatMap(([status, response]) =>
      Object.entries(response.content?.['application/json']?.examples ?? {}).map(([name, example]) => ({
        name: `${entry.operation.operationId} ${status} (${name})`,
        ...requestOf(entry),
        status: Number(status),
        answer: example.value,
      })),
    ),
);

const at = (operationId: string) => requestOf(OPERATIONS.find((o) => o.operation.operationId === operationId)!);

/** Shapes and statuses the document does not declare for the operation. */
const UNDECLARED: Case[] = [
  { name: 'createOrderV1_1 400 without statusCode', ...at('createOrderV1_1'), status: 400, answer: { error: 'bad request' } },
  { name: 'createOrderV1_1 418', ...at('createOrderV1_1'), status: 418, answer: { statusCode: '418', message: 'I am a teapot.' } },
  { name: 'createOrderV1_2 500 without activityId', ...at('createOrderV1_2'), status: 500, answer: { statusCode: '500', message: 'Internal server error.' } },
  { name: 'createReturnToken 415 (returns read any Content-Type)', ...at('createReturnToken'), status: 415, answer: { statusCode: '415', message: 'No.' } },
  { name: 'getInventory 400 (it takes no body)', ...at('getInventory'), status: 400, answer: { statusCode: '400', message: 'No.' } },
  { name: 'listPaymentMethods 500 in the fulfilment shape', ...at('listPaymentMethods'), status: 500, answer: { statusCode: '500', activityId: 'a-1', message: 'Internal server error.' } },
  { name: 'echo 404', ...at('echo'), status: 404, answer: { statusCode: '404', message: 'Resource not found.' } },
  { name: 'createOrderV1 200 that is no order result', ...at('createOrderV1'), status: 200, answer: { ok: true } },
];

function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; url: string }> {
  const server = createServer(handler);
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

/** The violations the proxy listed since `before`. */
async function violationsSince(run: Running, before: number): Promise<{ operation: string; status: number; decodeError?: string }[]> {
  return (await raw(`${run.url}/_fulfilkit/violations`)).json.violations.slice(before);
}

const count = async (run: Running) => (await raw(`${run.url}/_fulfilkit/violations`)).json.violations.length as number;

describe('fulfilkit proxy in front of an upstream that answers what the document declares', () => {
  let next: Pick<Case, 'status' | 'answer'> = { status: 200, answer: null };
  let stub: { server: Server; url: string };
  let run: Running;
  beforeAll(async () => {
    stub = await listen((req, res) => {
      req.resume();
      req.on('end', () => res.writeHead(next.status, { 'Content-Type': 'application/json; charset=utf-8' }).end(JSON.stringify(next.answer)));
    });
    run = await proxy(['--upstream', stub.url, '--log', 'off', '--retain', '100000']);
  });
  afterAll(async () => {
    expect(await run.stop()).toBe(0);
    await new Promise((resolve) => stub.server.close(resolve));
  });

  async function through(c: Case) {
    next = c;
    const before = await count(run);
    const answer = await raw(`${run.url}${c.path}`, c.body === undefined ? { method: c.method, headers: AUTH } : jsonRequest(c.method, c.body, AUTH));
    expect(answer.status).toBe(c.status);
    return violationsSince(run, before);
  }

  it('the table has every declared error status of every operation (400, 413 and 415 where a body is read)', () => {
    const statuses = (id: string) => [...new Set(DECLARED.filter((c) => c.name.startsWith(`${id} `)).map((c) => c.status))].sort();
    expect(statuses('createOrderV1_1')).toEqual([400, 401, 413, 415, 500]);
    expect(statuses('createReturnToken')).toEqual([400, 401, 413, 500]);
    expect(statuses('echo')).toEqual([400, 401, 413, 500]);
    expect(statuses('getInventory')).toEqual([401, 404, 500]);
    const declared = OPERATIONS.flatMap(({ operation }) => Object.keys(operation.responses).filter((s) => !s.startsWith('2')).map((s) => `${operation.operationId} ${s}`));
    expect([...new Set(DECLARED.map((c) => `${c.name.split(' ')[0]} ${c.status}`))].sort()).toEqual(declared.sort());
  });

  it.each(DECLARED)('$name: no decodeError', async (c) => {
    const listed = await through(c);
    expect(listed.filter((v) => v.decodeError !== undefined)).toEqual([]);
  });

  it.each(UNDECLARED)('$name: a decodeError', async (c) => {
    const listed = await through(c);
    expect(listed).toEqual([expect.objectContaining({ status: c.status, decodeError: `The answer (HTTP ${c.status}) matches none of the documented shapes of ${c.name.split(' ')[0]}.` })]);
  });
});

describe('fulfilkit proxy in front of fulfilkit serve: its refusals are documented answers', () => {
  let upstream: Running;
  let run: Running;
  beforeAll(async () => {
    upstream = await serve(['--log', 'off']);
    run = await proxy(['--upstream', upstream.url, '--log', 'off']);
  });
  afterAll(async () => {
    for (const r of [run, upstream]) expect(await r.stop()).toBe(0);
  });

  it.each([
    { name: 'create order v1.1, a body that is not JSON', path: '/fulfillmentapi/v1.1/orders', request: jsonRequest('POST', '{"clientRequest":', AUTH), status: 400 },
    { name: 'create order v1.2, nested deeper than 512 levels', path: '/fulfillmentapi/v1.2/orders', request: jsonRequest('POST', `${'['.repeat(600)}${']'.repeat(600)}`, AUTH), status: 400 },
    { name: 'create order v1, Content-Type text/plain', path: '/fulfillmentapi/v1/orders', request: { method: 'POST', headers: { ...AUTH, 'Content-Type': 'text/plain' }, body: JSON.stringify(validOrder('1')) }, status: 415 },
    { name: 'create return token, a body that is not JSON', path: '/rmaportalapi/v1/rmaTokens', request: jsonRequest('POST', '{', AUTH), status: 400 },
    { name: 'echo, a JSON array', path: '/echo/resource', request: jsonRequest('POST', '[1]', AUTH), status: 400 },
    { name: 'create order v1.1, no credentials', path: '/fulfillmentapi/v1.1/orders', request: jsonRequest('POST', validOrder('1.1')), status: 401 },
    { name: 'inventory, an unknown sku', path: '/productapi/v1/inventory?sku=NOPE', request: { headers: AUTH }, status: 404 },
  ])('$name: $status, and no decodeError', async ({ path, request, status }) => {
    const before = await count(run);
    expect((await raw(`${run.url}${path}`, request)).status).toBe(status);
    expect((await violationsSince(run, before)).filter((v) => v.decodeError !== undefined)).toEqual([]);
  });

  it('a 500 of each operation (a fault), echo included: no decodeError', async () => {
    await raw(`${upstream.url}/_fulfilkit/faults`, jsonRequest('PUT', { serverError: 1 }));
    try {
      const before = await count(run);
      const answers = [
        await raw(`${run.url}/echo/resource`, jsonRequest('POST', { vehicleType: 'car', maxSpeed: 1, avgSpeed: 1, speedUnit: 'kmh' }, AUTH)),
        await raw(`${run.url}/fulfillmentapi/v1.1/orders`, jsonRequest('POST', validOrder('1.1'), AUTH)),
        await raw(`${run.url}/rmaportalapi/v1/rmaTokens`, jsonRequest('POST', validReturn(), AUTH)),
        await raw(`${run.url}/productapi/v1/inventory`, { headers: AUTH }),
        await raw(`${run.url}/paymentmethodapi/v1/paymentMethod`, { headers: AUTH }),
      ];
      expect(answers.map((a) => a.status)).toEqual([500, 500, 500, 500, 500]);
      expect((await violationsSince(run, before)).filter((v) => v.decodeError !== undefined)).toEqual([]);
    } finally {
      await raw(`${upstream.url}/_fulfilkit/faults`, jsonRequest('PUT', {}));
    }
  });
});
