/**
 * Every answer of the control APIs against their OpenAPI document (`fulfilkit openapi
 * --control`): `fulfilkit serve` and `fulfilkit proxy`, with and without a token, get a table
 * of control requests, good and bad (each operation's successes and refusals, unknown paths,
 * wrong methods, other origins); each answer has a status the document declares for the
 * request (its operation's, or `x-fulfilkit-unmatched` when it matches none), a declared
 * content type and headers, and a body its schema accepts; every declared status is answered
 * by some request of the table.
 */
import Ajv2020 from 'ajv/dist/2020';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { controlApiDocument } from '../../src/openapi/control';
import { MAX_BODY_BYTES } from '../../src/simulator/answers';
import { orderRequestExample } from '../../src/openapi/examples';
import { createSimulator } from '../../src/simulator/create-simulator';
import { validOrder, validReturn } from '../fixtures';
import { AUTH, deepJson, jsonRequest, proxy, raw, serve, type RawAnswer, type Running } from './_kit';

type Media = { schema: Record<string, unknown>; examples?: Record<string, { value: unknown }> };
type Parameter = { name: string; in: string; example?: string };
type Answer = { description: string; content?: Record<string, Media>; headers?: Record<string, unknown> };
type Declared = Answer | { $ref: string };
type Operation = { operationId: string; tags: string[]; parameters?: Parameter[]; requestBody?: { content: Record<string, Media> }; responses: Record<string, Declared> };

const doc = controlApiDocument() as unknown as {
  paths: Record<string, Record<string, Operation>>;
  components: { responses: Record<string, Answer> };
  'x-fulfilkit-unmatched': Record<string, Declared>;
};

const ajv = new Ajv2020({ allErrors: true, strict: false });
ajv.addSchema({ $id: 'doc', components: doc.components });
/** Validates `value` against a schema of the document (its `$ref`s point into the document's components). */
const valid = (schema: Record<string, unknown>, value: unknown) => {
  const ok = ajv.validate(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')), value);
  if (!ok) console.error(JSON.stringify(ajv.errors));
  return ok;
};
const resolve = (declared: Declared): Answer => ('$ref' in declared ? doc.components.responses[declared.$ref.split('/').pop()!]! : declared);

type Server = 'simulator' | 'proxy';

/** The operation a request is for on a server (operations of its tag), or why there is none: `path` (no operation there) or `method`. */
function operationOf(server: Server, method: string, pathname: string): Operation | 'path' | 'method' {
  let found: 'path' | 'method' = 'path';
  for (const [template, methods] of Object.entries(doc.paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+').replace(/\./g, '\\.')}$`);
    if (!pattern.test(pathname)) continue;
    const mine = Object.entries(methods).filter(([, o]) => o.tags.includes(server));
    if (mine.length === 0) continue;
    const operation = mine.find(([m]) => m.toUpperCase() === method)?.[1];
    if (operation !== undefined) return operation;
    found = 'method';
  }
  return found;
}

/** The answer against the document; returns the key `operationId status` (or `unmatched status`). */
function checkAgainstDocument(server: Server, method: string, path: string, answer: RawAnswer): string {
  const pathname = new URL(path, 'http://x').pathname;
  const operation = operationOf(server, method, pathname);
  let declared: Declared | undefined;
  let key: string;
  if (typeof operation === 'object') {
    declared = operation.responses[String(answer.status)];
    key = `${operation.operationId} ${answer.status}`;
  } else {
    // A request that matches no operation: 404 for the path, 405 for the method (after 401, 403).
    if (answer.status !== 401 && answer.status !== 403) expect(answer.status, `${method} ${path}`).toBe(operation === 'path' ? 404 : 405);
    declared = doc['x-fulfilkit-unmatched'][String(answer.status)];
    key = `unmatched ${answer.status}`;
  }
  expect(declared, `${server}: ${method} ${path} answered ${answer.status}, which the document declares`).toBeDefined();
  const response = resolve(declared!);
  for (const name of Object.keys(response.headers ?? {})) expect(answer.headers[name.toLowerCase()], `header ${name}`).toEqual(expect.any(String));
  if (response.content === undefined) {
    expect(answer.text).toBe('');
    return key;
  }
  const type = String(answer.headers['content-type'] ?? '').split(';')[0]!.trim();
  const media = response.content[type];
  expect(media, `${type} of ${key}`).toBeDefined();
  expect(valid(media!.schema, answer.json), `the body of ${key}`).toBe(true);
  return key;
}

/** One control request and the status it gets. */
interface Case {
  readonly name: string;
  readonly method: string;
  readonly path: string;
  readonly headers?: Record<string, string>;
  readonly body?: string;
  readonly status: number;
}

const JSON_TYPE = { 'Content-Type': 'application/json' };
const EVIL = { Origin: 'http://evil.test' };
/** A page whose name was rebound to 127.0.0.1 (DNS rebinding): same-origin to the browser, its own name in Host. */
const REBOUND = { Host: 'evil.test', Origin: 'http://evil.test', 'Sec-Fetch-Site': 'same-origin' };
const TOO_LARGE = `{"x":"${'x'.repeat(MAX_BODY_BYTES)}"}`;
const c = (name: string, method: string, path: string, status: number, extra: Partial<Case> = {}): Case => ({ name, method, path: `/_fulfilkit/${path}`, status, ...extra });
const json = (body: unknown) => ({ headers: JSON_TYPE, body: typeof body === 'string' ? body : JSON.stringify(body) });

/** Bad bodies of a path that reads JSON. */
const bodyRefusals = (method: string, path: string, notWhatItTakes: unknown): Case[] => [
  c('not JSON', method, path, 400, json('{"status":')),
  c('nested deeper than 512 levels', method, path, 400, json(deepJson(600))),
  c('not what it takes', method, path, 400, json(notWhatItTakes)),
  c('over 10 MiB', method, path, 413, json(TOO_LARGE)),
  c('Content-Type text/plain', method, path, 415, { headers: { 'Content-Type': 'text/plain' }, body: '{}' }),
];

/** What `fulfilkit serve` is asked (an order REQ-1001 accepted first). */
const SIMULATOR: Case[] = [
  c('received', 'GET', 'received', 200),
  c('received, the newest one', 'GET', 'received?newest=1', 200),
  c('received, newest not a whole number', 'GET', 'received?newest=1.5', 400),
  c('orders', 'GET', 'orders', 200),
  c('returns', 'GET', 'returns', 200),
  c('advance', 'POST', 'orders/REQ-1001/advance', 200, json({ status: 'confirmed' })),
  c('advance: no move from confirmed to created', 'POST', 'orders/REQ-1001/advance', 409, json({ status: 'created' })),
  c('advance: not a requestStatus', 'POST', 'orders/REQ-1001/advance', 409, json({ status: 'teleported' })),
  c('advance: an unknown reference', 'POST', 'orders/NOPE/advance', 404, json({ status: 'confirmed' })),
  c('advance: a reference that is no percent-encoding', 'POST', 'orders/%ZZ/advance', 404, json({ status: 'confirmed' })),
  ...bodyRefusals('POST', 'orders/REQ-1001/advance', { state: 'confirmed' }).map((x) => ({ ...x, name: `advance: ${x.name}` })),
  c('faults', 'GET', 'faults', 200),
  c('set faults', 'PUT', 'faults', 204, json({ latencyMs: [0, 1], operations: ['echo'] })),
  ...bodyRefusals('PUT', 'faults', { servererror: 1 }).map((x) => ({ ...x, name: `set faults: ${x.name}` })),
  c('reset', 'POST', 'reset', 204),
  c('health', 'GET', 'health', 200),
  c('lint an order', 'POST', 'lint', 200, json({ kind: 'order', version: '1.2', payload: validOrder('1.1') })),
  c('lint a return with a profile', 'POST', 'lint', 200, json({ kind: 'return', profile: { client: 'ACME', clientCode: 'ACME' }, payload: validReturn() })),
  c('lint: more than 1000 problems', 'POST', 'lint', 200, json({ kind: 'order', payload: { clientRequest: { item: Array.from({ length: 600 }, () => ({})) } } })),
  c('received, from a rebound page', 'GET', 'received', 403, { headers: REBOUND }),
  ...bodyRefusals('POST', 'lint', { kind: 'invoice', payload: {} }).map((x) => ({ ...x, name: `lint: ${x.name}` })),
];

/** Requests that match no operation of `fulfilkit serve`. */
const UNMATCHED: Case[] = [
  c('an unknown path', 'GET', 'nothing', 404),
  c('a path below a known one', 'GET', 'orders/a/b/advance', 404),
  c('an inherited member name', 'GET', 'toString', 404),
  { name: 'the prefix alone', method: 'GET', path: '/_fulfilkit', status: 404 },
  c('DELETE faults', 'DELETE', 'faults', 405),
  c('POST health', 'POST', 'health', 405),
  c('PATCH reset', 'PATCH', 'reset', 405, json({})),
  c('GET advance', 'GET', 'orders/REQ-1001/advance', 405),
  c('the proxy violations list', 'GET', 'violations', 404),
];

/** What `fulfilkit proxy` is asked: its one operation, and paths and methods it does not have. */
const PROXY: Case[] = [
  c('violations', 'GET', 'violations', 200),
  c('violations, from a rebound page', 'GET', 'violations', 403, { headers: REBOUND }),
  c('nothing, from a rebound page', 'GET', 'nothing', 403, { headers: REBOUND }),
  c('DELETE violations', 'DELETE', 'violations', 405),
  c('POST violations', 'POST', 'violations', 405, json({})),
  c('the simulator received list', 'GET', 'received', 404),
  c('POST lint', 'POST', 'lint', 404, json({})),
  c('DELETE faults', 'DELETE', 'faults', 404),
  c('an unknown path', 'GET', 'nothing', 404),
  { name: 'the prefix alone', method: 'GET', path: '/_fulfilkit', status: 404 },
];

/** Every operation of a server without its token (401) and from another origin (403). */
function guarded(server: Server): Case[] {
  return Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([, o]) => o.tags.includes(server))
      .flatMap(([method, o]) => {
        const path = template.replace('{requestReference}', 'REQ-1001');
        const base = { method: method.toUpperCase(), path, ...(method === 'get' ? {} : json({})) };
        return [
          { name: `${o.operationId} without the token`, ...base, status: 401 },
          { name: `${o.operationId} from another origin`, ...base, headers: { ...base.headers, ...EVIL, Authorization: 'Bearer control-token' }, status: 403 },
        ];
      }),
  );
}

async function send(url: string, { method, path, headers, body }: Case): Promise<RawAnswer> {
  return raw(`${url}${path}`, { method, headers: headers ?? {}, ...(body === undefined ? {} : { body }) });
}

describe('every control answer validates against the control document', () => {
  let simulator: Running;
  let simulatorWithToken: Running;
  let proxied: Running;
  let proxiedWithToken: Running;
  const answered: Record<Server, Set<string>> = { simulator: new Set(), proxy: new Set() };
  beforeAll(async () => {
    simulator = await serve(['--log', 'off']);
    simulatorWithToken = await serve(['--log', 'off', '--control-token', 'control-token']);
    proxied = await proxy(['--upstream', simulator.url, '--log', 'off']);
    proxiedWithToken = await proxy(['--upstream', simulator.url, '--log', 'off', '--control-token', 'control-token']);
    await raw(`${simulator.url}/fulfillmentapi/v1.1/orders`, jsonRequest('POST', validOrder('1.1'), AUTH));
    // One violation, so that the list has an entry of each member.
    await raw(`${proxied.url}/fulfillmentapi/v1.1/orders`, jsonRequest('POST', { clientRequest: {} }, AUTH));
  });
  afterAll(async () => {
    for (const run of [proxied, proxiedWithToken, simulator, simulatorWithToken]) expect(await run.stop()).toBe(0);
  });

  const check = async (server: Server, url: string, request: Case) => {
    const answer = await send(url, request);
    expect(answer.status, request.name).toBe(request.status);
    answered[server].add(checkAgainstDocument(server, request.method, request.path, answer));
  };

  it.each(SIMULATOR)('fulfilkit serve: $name: $status', async (request) => check('simulator', simulator.url, request));
  it.each(UNMATCHED)('fulfilkit serve: $name: $status', async (request) => check('simulator', simulator.url, request));
  it.each(guarded('simulator'))('fulfilkit serve --control-token: $name: $status', async (request) => check('simulator', simulatorWithToken.url, request));
  it.each([c('nothing, without the token', 'GET', 'nothing', 401), c('nothing, from another origin', 'GET', 'nothing', 403, { headers: { ...EVIL, Authorization: 'Bearer control-token' } })])(
    'fulfilkit serve --control-token: $name: $status',
    async (request) => check('simulator', simulatorWithToken.url, request),
  );

  it.each(PROXY)('fulfilkit proxy: $name: $status', async (request) => check('proxy', proxied.url, request));
  it.each([...guarded('proxy'), c('nothing, without the token', 'GET', 'nothing', 401), c('nothing, from another origin', 'GET', 'nothing', 403, { headers: { ...EVIL, Authorization: 'Bearer control-token' } })])('fulfilkit proxy --control-token: $name: $status', async (request) => check('proxy', proxiedWithToken.url, request));

  it('the violations list has an entry, which the document describes', async () => {
    expect((await raw(`${proxied.url}/_fulfilkit/violations`)).json.violations).toEqual([expect.objectContaining({ operation: 'createOrderV1_1', problems: expect.any(Array) })]);
  });

  it('every status the document declares is answered by some request of the table, on the server of its tag', () => {
    for (const server of ['simulator', 'proxy'] as const) {
      const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods).filter((o) => o.tags.includes(server)));
      const declared = [
        ...operations.flatMap((o) => Object.keys(o.responses).map((status) => `${o.operationId} ${status}`)),
        ...Object.keys(doc['x-fulfilkit-unmatched']).map((status) => `unmatched ${status}`),
      ];
      expect([...answered[server]].sort(), server).toEqual(declared.sort());
    }
  });
});

describe('the control document', () => {
  it('declares 401, 403, 404 and 405 with the ControlError body, the headers they carry, and examples the servers send', () => {
    const unmatched = doc['x-fulfilkit-unmatched'];
    expect(Object.keys(unmatched).sort()).toEqual(['401', '403', '404', '405']);
    const notFound = resolve(unmatched['404']!);
    expect(notFound.content!['application/json']!.schema).toEqual({ $ref: '#/components/schemas/ControlError' });
    expect(Object.values(notFound.content!['application/json']!.examples!).map((e) => e.value)).toEqual([
      { message: 'No such control path; see `fulfilkit openapi --control`.' },
      { message: 'No such control path; the proxy answers GET /_fulfilkit/violations.' },
    ]);
    expect(Object.keys(resolve(unmatched['405']!).headers!)).toEqual(['Allow']);
    expect(Object.keys(resolve(unmatched['401']!).headers!)).toEqual(['WWW-Authenticate']);
  });

  it('has an example of every error answer, which its schema accepts', () => {
    const answers = [
      ...Object.values(doc.paths).flatMap((methods) => Object.values(methods).flatMap((o) => Object.entries(o.responses).filter(([s]) => Number(s) >= 400).map(([, r]) => resolve(r)))),
      ...Object.values(doc.components.responses),
    ];
    for (const answer of answers) {
      const media = answer.content!['application/json']!;
      expect(Object.keys(media.examples ?? {}).length, answer.description).toBeGreaterThan(0);
      for (const example of Object.values(media.examples!)) expect(valid(media.schema, example.value)).toBe(true);
    }
  });
});

describe('the request examples of the control document', () => {
  const withBody = Object.entries(doc.paths).flatMap(([template, methods]) =>
    Object.entries(methods)
      .filter(([, o]) => o.requestBody !== undefined)
      .map(([method, operation]) => ({ template, method: method.toUpperCase(), operation })),
  );

  it('covers every operation that takes a body', () => {
    expect(withBody.map((o) => o.operation.operationId).sort()).toEqual(['controlAdvanceOrder', 'controlLint', 'controlSetFaults']);
  });

  it.each(withBody)('$operation.operationId: has a request example, its schema accepts it, and the simulator answers it with the success', async ({ template, method, operation }) => {
    const media = operation.requestBody!.content['application/json']!;
    const examples = Object.values(media.examples ?? {});
    expect(examples.length).toBeGreaterThan(0);
    const simulator = createSimulator({ control: {} });
    // The order the advance example moves: the operator document's example (WEB-10001).
    await simulator.handle(new Request('http://127.0.0.1/fulfillmentapi/v1.1/orders', { method: 'POST', headers: { ...AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify(orderRequestExample('1.1')) }));
    const path = template.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(operation.parameters!.find((p) => p.name === name)!.example!));
    const success = Object.keys(operation.responses).find((status) => status.startsWith('2'))!;
    for (const { value } of examples) {
      expect(valid(media.schema, value)).toBe(true);
      const answer = await simulator.handle(new Request(`http://127.0.0.1${path}`, { method, headers: JSON_TYPE, body: JSON.stringify(value) }));
      expect(answer.status, await answer.clone().text()).toBe(Number(success));
      if (operation.operationId === 'controlLint') expect(await answer.json()).toEqual({ problems: [] });
    }
  });
});
