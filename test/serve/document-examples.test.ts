/**
 * The examples of both OpenAPI documents (`fulfilkit openapi` and `fulfilkit openapi
 * --control`): every JSON answer of every operation has one and its schema accepts each;
 * and the control document's success examples are the very answers of the control API
 * (and of the proxy) to the requests they describe, its random ids aside.
 */
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { PATHS, ordersPath } from '../../src/http/paths';
import { controlApiDocument } from '../../src/openapi/control';
import { openApiDocument } from '../../src/openapi/document';
import { ECHO_REQUEST_EXAMPLE, EXAMPLE_ID, orderRequestExample, returnRequestExample, tooLongOrderExample } from '../../src/openapi/examples';
import { startProxy } from '../../src/simulator/control/proxy';
import { createSimulator } from '../../src/simulator/create-simulator';
import type { Simulator } from '../../src/simulator/types';
import { AUTH } from './_kit';

type Media = { schema: Record<string, unknown>; examples?: Record<string, { value: unknown }>; example?: unknown };
type Answer = { description: string; content?: Record<string, Media> };
type Parameter = { name: string; example?: string };
type Operation = { operationId: string; parameters?: Parameter[]; requestBody?: { content: Record<string, Media> }; responses: Record<string, Answer | { $ref: string }> };
type Document = { servers?: { url: string }[]; paths: Record<string, Record<string, Operation>>; components: { responses?: Record<string, Answer> } };

const DOCUMENTS = { operator: openApiDocument(), control: controlApiDocument() } as unknown as Record<'operator' | 'control', Document>;

/** Checks values against the schemas of `doc` (their `$ref`s point into its components): true, or ajv's errors. */
function validatorOf(doc: Document): (schema: Record<string, unknown>, value: unknown) => true | string {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  return (schema, value) => ajv.validate(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"doc#/components/')), value) || ajv.errorsText();
}

const resolve = (doc: Document, declared: Answer | { $ref: string }): Answer => ('$ref' in declared ? doc.components.responses![declared.$ref.split('/').pop()!]! : declared);
const isJson = (type: string) => type === 'application/json' || type.endsWith('+json');
const examplesOf = (media: Media): unknown[] => [...Object.values(media.examples ?? {}).map((e) => e.value), ...('example' in media ? [media.example] : [])];

/** Every JSON answer of every operation of both documents. */
const JSON_ANSWERS = Object.entries(DOCUMENTS).flatMap(([document, doc]) => {
  const valid = validatorOf(doc);
  return Object.values(doc.paths).flatMap((methods) =>
    Object.values(methods).flatMap((operation) =>
      Object.entries(operation.responses).flatMap(([status, declared]) =>
        Object.entries(resolve(doc, declared).content ?? {})
          .filter(([type]) => isJson(type))
          .map(([type, media]) => ({ document, operationId: operation.operationId, status, type, media, valid })),
      ),
    ),
  );
});

describe('the examples of both OpenAPI documents', () => {
  it('covers the answers of both documents', () => {
    for (const document of Object.keys(DOCUMENTS)) expect(JSON_ANSWERS.filter((a) => a.document === document).length, document).toBeGreaterThan(20);
  });

  it.each(JSON_ANSWERS)('$document: $operationId $status $type: has an example, and its schema accepts each', ({ media, valid }) => {
    const examples = examplesOf(media);
    expect(examples.length).toBeGreaterThan(0);
    for (const example of examples) expect(valid(media.schema, example)).toBe(true);
  });
});

const control = DOCUMENTS.control;
const SERVER = control.servers![0]!.url;
const operations = Object.entries(control.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method: method.toUpperCase(), operation })));
const operationOf = (id: string) => operations.find((o) => o.operation.operationId === id)!;
/** The values of the examples of an operation's success answer, in the document's order. */
const successExamples = (id: string) => examplesOf(resolve(control, operationOf(id).operation.responses['200']!).content!['application/json']!);
const requestExample = (id: string) => Object.values(operationOf(id).operation.requestBody!.content['application/json']!.examples!)[0]!.value;
/** The path of an operation, its parameters filled in with their examples. */
const pathOf = (id: string) => {
  const { path, operation } = operationOf(id);
  return path.replace(/\{(\w+)\}/g, (_all, name: string) => encodeURIComponent(operation.parameters!.find((p) => p.name === name)!.example!));
};

/** Sends one request to the simulator (JSON when there is a body); its answer, parsed when it is JSON. */
async function call(simulator: Simulator, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<unknown> {
  const init = body === undefined ? { method, headers } : { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) };
  const answer = await simulator.handle(new Request(`${SERVER}${path}`, init));
  const text = await answer.text();
  return answer.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text;
}
/** Calls an operation of the control document: its path (with parameter examples) and method. */
const operate = (simulator: Simulator, id: string, body?: unknown) => call(simulator, operationOf(id).method, pathOf(id), body);

/** The simulator draws requestIds and tokens; the examples show one made-up id instead. */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;
const madeUpIds = (value: unknown) => JSON.parse(JSON.stringify(value).replace(UUID, EXAMPLE_ID)) as unknown;

/** For each simulator operation with a success body: the answers, in the order of its examples, to the requests they describe. */
const REPLAYS: Record<string, (simulator: Simulator) => Promise<unknown[]>> = {
  controlHealth: async (s) => [await operate(s, 'controlHealth')],
  controlGetFaults: async (s) => {
    const none = await operate(s, 'controlGetFaults');
    await operate(s, 'controlSetFaults', requestExample('controlSetFaults'));
    return [none, await operate(s, 'controlGetFaults')];
  },
  controlReceived: async (s) => {
    await call(s, 'POST', PATHS.echo, ECHO_REQUEST_EXAMPLE, { 'Ocp-Apim-Subscription-Key': AUTH['Ocp-Apim-Subscription-Key'] });
    await call(s, 'POST', ordersPath('1.1'), orderRequestExample('1.1'));
    return [await operate(s, 'controlReceived')];
  },
  controlOrders: async (s) => {
    await call(s, 'POST', ordersPath('1.1'), orderRequestExample('1.1'), AUTH);
    return [await operate(s, 'controlOrders')];
  },
  controlAdvanceOrder: async (s) => {
    await call(s, 'POST', ordersPath('1.1'), orderRequestExample('1.1'), AUTH);
    return [await operate(s, 'controlAdvanceOrder', requestExample('controlAdvanceOrder'))];
  },
  controlReturns: async (s) => {
    await call(s, 'POST', PATHS.returnTokens, returnRequestExample(), AUTH);
    return [await operate(s, 'controlReturns')];
  },
  controlLint: async (s) => [await operate(s, 'controlLint', requestExample('controlLint')), await operate(s, 'controlLint', { kind: 'order', version: '1.1', payload: tooLongOrderExample() })],
};

describe('the success examples of the control document are the control API answers', () => {
  it('replays every success answer with a body', () => {
    const withBody = JSON_ANSWERS.filter((a) => a.document === 'control' && a.status.startsWith('2')).map((a) => a.operationId);
    expect([...Object.keys(REPLAYS), 'proxyViolations'].sort()).toEqual(withBody.sort());
  });

  it.each(Object.keys(REPLAYS))('%s: the simulator answers the requests of its examples with the examples', async (id) => {
    const answers = await REPLAYS[id]!(createSimulator({ control: {} }));
    expect(answers.map(madeUpIds)).toEqual(successExamples(id));
  });

  it('proxyViolations: the proxy lists the exchange of its example as the example', async () => {
    const upstream = await createSimulator().listen();
    const proxy = await startProxy({ upstream: upstream.url });
    try {
      const sent = await fetch(`${proxy.url}${ordersPath('1.1')}`, { method: 'POST', headers: { ...AUTH, 'Content-Type': 'application/json' }, body: JSON.stringify(tooLongOrderExample()) });
      await sent.arrayBuffer();
      const { path, method } = operationOf('proxyViolations');
      const listed = await (await fetch(`${proxy.url}${path}`, { method })).json();
      expect([listed]).toEqual(successExamples('proxyViolations'));
    } finally {
      await proxy.close();
      await upstream.close();
    }
  });
});
