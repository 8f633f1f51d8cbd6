/**
 * The OpenAPI 3.1 document of the control API that `fulfilkit serve` answers under
 * `/_fulfilkit/` (and of `GET /_fulfilkit/violations` of `fulfilkit proxy`).
 * `fulfilkit openapi --control` prints it.
 */
import { version as PACKAGE_VERSION } from '../../package.json';
import { REDACTED } from '../http/messages';
import { ordersPath, PATHS } from '../http/paths';
import { lintOrder } from '../default-engine';
import { ORDER_VERSIONS, REQUEST_STATUSES, type RequestStatus } from '../schema/tables';
import { MESSAGES } from '../simulator/answers';
import { CONTROL_MESSAGES } from '../simulator/control/guard';
import { DEFAULT_SIMULATOR_DATA } from '../simulator/defaults';
import { OPERATION_TABLE } from '../simulator/operation-table';
import { nextStatuses } from '../simulator/transitions';
import type { OpenApiDocument } from './document';
import { ECHO_REQUEST_EXAMPLE, ECHO_XML_EXAMPLE, EXAMPLE_ID, orderRequestExample, returnRequestExample, tooLongOrderExample, type Examples } from './examples';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
/** A required JSON request body with one named example (the servers accept it). */
const requestBody = (schema: Record<string, unknown>, name: string, summary: string, value: unknown) => ({
  required: true,
  content: { 'application/json': { schema, examples: { [name]: { summary, value } } } },
});
/** An answer without a body, or a JSON one with its examples (the first is the one a mock server answers with). */
const answer = (description: string, schema?: Record<string, unknown>, examples?: Examples) =>
  schema === undefined ? { description } : { description, content: { 'application/json': { schema, ...(examples === undefined ? {} : { examples }) } } };
/** A `{ message }` answer, with the messages the servers send as its examples. */
const error = (description: string, messages: Readonly<Record<string, string>>) => ({
  description,
  content: { 'application/json': { schema: ref('ControlError'), examples: Object.fromEntries(Object.entries(messages).map(([name, message]) => [name, { value: { message } }])) } },
});
const header = (description: string, example: string) => ({ description, schema: { type: 'string' }, example });
const response = (name: string) => ({ $ref: `#/components/responses/${name}` });
const object = (properties: Record<string, unknown>, required: readonly string[] = Object.keys(properties)) => ({ type: 'object', properties, required: [...required] });

const STATUSES = [...new Set(ORDER_VERSIONS.flatMap((version) => REQUEST_STATUSES[version]))];
const OPERATIONS = OPERATION_TABLE.map((info) => info.operation);

/** The answers any control request may get (an operation's, or one that matches none). */
const RESPONSES = {
  ControlUnauthorized: {
    ...error('A token is set (`--control-token`) and the request lacks `Authorization: Bearer <token>` or has another.', { unauthorized: CONTROL_MESSAGES.unauthorized }),
    headers: { 'WWW-Authenticate': header('The scheme to use.', 'Bearer realm="fulfilkit"') },
  },
  ControlForbidden: error(
    'The request comes from a page of another origin (`Origin` or `Sec-Fetch-Site`), or, on a server without a token, its `Host` is not this server\'s (an IP address, `localhost`, a name under `.localhost`, or the host it listens on): a page whose name was rebound to this address (DNS rebinding).',
    { crossOrigin: CONTROL_MESSAGES.crossOrigin, foreignHost: CONTROL_MESSAGES.foreignHost },
  ),
  ControlNotFound: error("No operation of this server at the path (each server answers the operations of its tag: `simulator` or `proxy`).", {
    simulator: CONTROL_MESSAGES.notFound,
    proxy: CONTROL_MESSAGES.proxyNotFound,
  }),
  ControlMethodNotAllowed: {
    ...error('The path has operations, but not for this method.', { methodNotAllowed: CONTROL_MESSAGES.methodNotAllowed }),
    headers: { Allow: header('The methods the path takes (HEAD wherever GET).', 'GET, HEAD, PUT') },
  },
};

/** The answers every control path may give besides its own. */
const COMMON = { '401': response('ControlUnauthorized'), '403': response('ControlForbidden') };

/** The answers of a control path that reads a JSON body. */
const BODY_ERRORS = {
  '400': error('The body is not JSON, nests deeper than 512 levels, or is not what the path takes; the message names the member.', { notJson: MESSAGES.notJson, tooDeep: MESSAGES.tooDeep }),
  '413': error('The body is larger than 10 MiB.', { tooLarge: MESSAGES.tooLarge }),
  '415': error('The Content-Type is not JSON.', { contentType: MESSAGES.contentType }),
};

const SCHEMAS: Record<string, Record<string, unknown>> = {
  ControlError: object({ message: { type: 'string' } }),
  ReceivedRequest: object(
    {
      operation: { enum: [...OPERATIONS, null] },
      method: { type: 'string' },
      url: { type: 'string', description: 'Credential query parameters show as `<redacted>`.' },
      headers: { type: 'object', additionalProperties: { type: 'string' }, description: 'Lower-case names; the three keys show as `<redacted>`.' },
      body: { description: 'Parsed JSON, or its text; absent when refused before the body was read.' },
      xml: { type: 'string' },
      client: { type: 'string' },
      status: { type: ['integer', 'null'] },
      fault: { enum: ['latency', 'server-error', 'drop', 'lost-response'] },
    },
    ['method', 'url', 'headers'],
  ),
  SimulatedOrder: object(
    {
      client: { type: 'string' },
      version: { enum: [...ORDER_VERSIONS] },
      requestReference: { type: 'string' },
      externalMessageReference: { type: 'string' },
      requestId: { type: 'string' },
      requestStatus: { enum: STATUSES },
      history: { type: 'array', items: { enum: STATUSES } },
      payload: {},
      next: { type: 'array', items: { enum: STATUSES }, description: 'The states `advance` accepts now (FMS-only ones for FMS clients only); empty in a final state.' },
    },
    ['client', 'version', 'requestReference', 'requestId', 'requestStatus', 'history', 'payload', 'next'],
  ),
  SimulatedReturn: object({ client: { type: 'string' }, requestReference: { type: 'string' }, transactionID: { type: 'string' }, payload: {} }),
  Faults: {
    type: 'object',
    properties: {
      latencyMs: { oneOf: [{ type: 'integer', minimum: 0, maximum: 600000 }, { type: 'array', items: { type: 'integer', minimum: 0, maximum: 600000 }, minItems: 2, maxItems: 2 }] },
      serverError: { type: 'number', minimum: 0, maximum: 1 },
      drop: { type: 'number', minimum: 0, maximum: 1 },
      lostResponse: { type: 'number', minimum: 0, maximum: 1 },
      operations: { type: 'array', items: { enum: OPERATIONS } },
    },
    additionalProperties: false,
  },
  Problem: {
    ...object({ rule: { type: 'string' }, severity: { enum: ['error', 'warn'] }, path: { type: 'string', description: 'RFC 6901 JSON Pointer into the payload.' }, message: { type: 'string' } }),
    additionalProperties: true,
  },
  ProblemTally: object({ errors: { type: 'integer' }, warnings: { type: 'integer' }, byRule: { type: 'object', additionalProperties: { type: 'integer' } } }),
  LintRequest: object(
    {
      kind: { enum: ['order', 'return'] },
      version: { enum: [...ORDER_VERSIONS], description: 'Order version; default 1.1 (as `fulfilkit lint`).' },
      profile: { type: 'object', description: 'A client profile, checked as `fulfilkit lint --profile` checks it.' },
      payload: { description: 'The order or return payload.' },
    },
    ['kind', 'payload'],
  ),
  Violation: object(
    {
      operation: { enum: OPERATIONS },
      status: { type: 'integer', description: 'The status the proxy answered (422 for a body it refused).' },
      problems: { type: 'array', items: ref('Problem'), description: 'At most 1000; the rest are counted in `omitted`.' },
      omitted: ref('ProblemTally'),
      decodeError: { type: 'string', description: "Its decoder finds none of the spec's shapes in the answer, and the answer is none of the error answers the operator's OpenAPI document (`fulfilkit openapi`) declares for the operation." },
    },
    ['operation', 'status', 'problems'],
  ),
};

/** `fulfilkit serve` with its defaults: the document's server, and the host of the received examples. */
const SERVER = 'http://127.0.0.1:4010';

/** The `PUT faults` example: what `GET faults` answers once it is set. */
const FLAKY = { latencyMs: [20, 200], serverError: 0.1, operations: ['createOrderV1_1'] };

/**
 * The examples of the success answers: what the simulator with its default data answers
 * after the document's request examples (its random ids made up), so a test can replay them.
 */
function successExamples(): Readonly<Record<string, Examples>> {
  const client = DEFAULT_SIMULATOR_DATA.clients[0]!;
  const payload = orderRequestExample('1.1');
  const { requestReference, externalMessageReference } = payload.clientRequest.requestHeader;
  /** The order example as the control API lists it after the statuses of `history`. */
  const order = (...history: RequestStatus[]) => ({
    client: client.name,
    version: '1.1',
    requestReference,
    externalMessageReference,
    requestId: EXAMPLE_ID,
    requestStatus: history.at(-1)!,
    history,
    payload,
    next: nextStatuses(history.at(-1)!, '1.1', client.profile?.fms === true),
  });
  const returned = returnRequestExample();
  // The one problem of the order example with a too long firstName, as lint finds it.
  const problems = lintOrder(tooLongOrderExample(), { version: '1.1' });
  const tooLong = 'The order example with a billTo firstName of 21 characters (the limit is 20)';
  return {
    received: {
      two: {
        summary: 'An echo request, then an order sent without credentials (refused before its body was read, so kept without it).',
        value: {
          requests: [
            { operation: 'echo', method: 'POST', url: `${SERVER}${PATHS.echo}`, headers: { 'content-type': 'application/json', 'ocp-apim-subscription-key': REDACTED }, body: ECHO_REQUEST_EXAMPLE, status: 200, client: client.name, xml: ECHO_XML_EXAMPLE },
            { operation: 'createOrderV1_1', method: 'POST', url: `${SERVER}${ordersPath('1.1')}`, headers: { 'content-type': 'application/json' }, status: 401 },
          ],
        },
      },
    },
    orders: { accepted: { summary: 'The v1.1 order example, accepted.', value: { orders: [order('created')] } } },
    returns: {
      issued: { summary: 'A token for the return example.', value: { returns: [{ client: client.name, requestReference: returned.requestHeader.requestReference, transactionID: EXAMPLE_ID, payload: returned }] } },
    },
    advance: { confirmed: { summary: 'The order example, confirmed by the request example.', value: { order: order('created', 'confirmed') } } },
    faults: { none: { summary: 'No faults (the default).', value: {} }, flaky: { summary: 'After the `PUT faults` example.', value: FLAKY } },
    health: { up: { summary: 'Up.', value: { ok: true, version: PACKAGE_VERSION } } },
    lint: { clean: { summary: 'The request example: no problems.', value: { problems: [] } }, problems: { summary: `${tooLong}.`, value: { problems } } },
    violations: {
      lintErrors: { summary: `${tooLong}, sent through the proxy (the operator answers 200, result false).`, value: { violations: [{ operation: 'createOrderV1_1', status: 200, problems }] } },
    },
  };
}

/** The operations, built when the document is (the lint example runs the builders: importing this module runs nothing). */
function paths(): Record<string, Record<string, unknown>> {
  const examples = successExamples();
  return {
    '/_fulfilkit/received': {
      get: {
        operationId: 'controlReceived',
        tags: ['simulator'],
        summary: 'The newest requests the operator received (`retain`), oldest first; keys redacted.',
        parameters: [
          {
            name: 'newest',
            in: 'query',
            required: false,
            schema: { type: 'integer', minimum: 0, maximum: 999999999 },
            description: 'Only the newest N of them (still oldest first), with `total`: how many are kept. A live view asks for a page this way, not for the whole list.',
            example: 200,
          },
        ],
        responses: {
          '200': answer(
            'The requests.',
            object({ requests: { type: 'array', items: ref('ReceivedRequest') }, total: { type: 'integer', minimum: 0, description: 'With `newest` only: how many requests are kept.' } }, ['requests']),
            examples.received,
          ),
          '400': error('`newest` is not a whole number from 0 to 999999999.', { newest: CONTROL_MESSAGES.newest }),
          ...COMMON,
        },
      },
    },
    '/_fulfilkit/orders': {
      get: { operationId: 'controlOrders', tags: ['simulator'], summary: 'Every accepted order, oldest first.', responses: { '200': answer('The orders.', object({ orders: { type: 'array', items: ref('SimulatedOrder') } }), examples.orders), ...COMMON } },
    },
    '/_fulfilkit/returns': {
      get: { operationId: 'controlReturns', tags: ['simulator'], summary: 'Every issued return token, oldest first.', responses: { '200': answer('The returns.', object({ returns: { type: 'array', items: ref('SimulatedReturn') } }), examples.returns), ...COMMON } },
    },
    '/_fulfilkit/orders/{requestReference}/advance': {
      post: {
        operationId: 'controlAdvanceOrder',
        tags: ['simulator'],
        summary: "Moves an order to a new requestStatus along the simulator's transitions.",
        parameters: [{ name: 'requestReference', in: 'path', required: true, schema: { type: 'string' }, description: 'Percent-encoded; `%2F` stays part of the reference.', example: 'WEB-10001' }],
        requestBody: requestBody(
          object({ status: { type: 'string' }, client: { type: 'string', description: 'The order\'s client name, or its ClientConfigId when one client has several (one per location): needed only when orders of several clients share the reference (duplicates are per client).' } }, ['status']),
          'confirm',
          'Confirms a created order.',
          { status: 'confirmed' },
        ),
        responses: {
          '200': answer('The order, moved.', object({ order: ref('SimulatedOrder') }), examples.advance),
          '404': error('No accepted order has this requestReference.', { unknown: 'No accepted order has this requestReference.' }),
          '409': {
            description: 'The order cannot move to this status (or the reference is ambiguous); `allowed` lists the next states.',
            content: {
              'application/json': {
                schema: object({ message: { type: 'string' }, allowed: { type: 'array', items: { enum: STATUSES } } }),
                examples: { refused: { value: { message: 'An order in confirmed cannot move to created; allowed: released, reserved, shipped, cancelled, dplhold.', allowed: ['released', 'reserved', 'shipped', 'cancelled', 'dplhold'] } } },
              },
            },
          },
          ...BODY_ERRORS,
          ...COMMON,
        },
      },
    },
    '/_fulfilkit/faults': {
      get: { operationId: 'controlGetFaults', tags: ['simulator'], summary: 'The fault settings in force.', responses: { '200': answer('The settings.', ref('Faults'), examples.faults), ...COMMON } },
      put: {
        operationId: 'controlSetFaults',
        tags: ['simulator'],
        summary: 'Replaces the fault settings (`{}` turns faults off), as `simulator.setFaults`.',
        requestBody: requestBody(ref('Faults'), 'flaky', 'Orders v1.1 take 20 to 200 ms and fail (500) one time in ten.', FLAKY),
        responses: { '204': answer('Set.'), ...BODY_ERRORS, ...COMMON },
      },
    },
    '/_fulfilkit/reset': {
      post: { operationId: 'controlReset', tags: ['simulator'], summary: 'Forgets requests, orders, returns and used references; restores the starting faults.', responses: { '204': answer('Reset.'), ...COMMON } },
    },
    '/_fulfilkit/health': {
      get: { operationId: 'controlHealth', tags: ['simulator'], summary: 'Whether the simulator is up, and the fulfilkit version.', responses: { '200': answer('Up.', object({ ok: { const: true }, version: { type: 'string' } }), examples.health), ...COMMON } },
    },
    '/_fulfilkit/lint': {
      post: {
        operationId: 'controlLint',
        tags: ['simulator'],
        summary: 'Lints a payload with the rules the simulator and `fulfilkit lint` use (at most 1000 problems listed, the rest counted in `omitted`).',
        requestBody: requestBody(ref('LintRequest'), 'order', 'An order (v1.1) for the default simulator client: no problems.', { kind: 'order', version: '1.1', payload: orderRequestExample('1.1') }),
        responses: { '200': answer('The problems.', object({ problems: { type: 'array', items: ref('Problem') }, omitted: ref('ProblemTally') }, ['problems']), examples.lint), ...BODY_ERRORS, ...COMMON },
      },
    },
    '/_fulfilkit/violations': {
      get: {
        operationId: 'proxyViolations',
        tags: ['proxy'],
        summary: '`fulfilkit proxy` only: the newest exchanges (`--retain`) whose request had lint problems or whose answer did not decode, oldest first.',
        responses: { '200': answer('The violations.', object({ violations: { type: 'array', items: ref('Violation') } }), examples.violations), ...COMMON },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document of the control API of `fulfilkit serve` (JSON under
 * `/_fulfilkit/` on the simulator's port) and of `fulfilkit proxy`'s violations list.
 *
 * @returns A fresh document.
 * @example
 * const document = controlApiDocument();
 * Object.keys(document.paths); // ['/_fulfilkit/received', '/_fulfilkit/orders', ...]
 */
export function controlApiDocument(): OpenApiDocument {
  // Without a token no scheme is needed; with one, the bearer scheme.
  const security: Record<string, string[]>[] = [{}, { controlToken: [] }];
  return structuredClone({
    openapi: '3.1.0',
    info: {
      title: 'fulfilkit control API',
      version: '1',
      summary: 'Read and drive the fulfilkit operator simulator from any language.',
      description:
        'Answered by `fulfilkit serve` on the same port as the operator (and by `createSimulator({ control })`), each operation tagged `simulator`, and by `fulfilkit proxy`, its operation tagged `proxy`. With `--control-token T`, every request needs `Authorization: Bearer T`. Requests from pages of another origin are refused (403), and so, without a token, are requests whose `Host` names another host (DNS rebinding). A request under `/_fulfilkit` that matches no operation of the server is answered as `x-fulfilkit-unmatched` says: 404 `ControlNotFound` for a path the server has no operation at, 405 `ControlMethodNotAllowed` (with `Allow`) for a method its path does not take, after the token and origin checks (401, 403). HEAD is answered wherever GET is, without the body. The console (`GET /`, `GET /_fulfilkit/console/<file>`) is a web page, not part of this API.',
    },
    servers: [{ url: SERVER, description: '`fulfilkit serve` with its defaults.' }],
    tags: [
      { name: 'simulator', description: '`fulfilkit serve`.' },
      { name: 'proxy', description: '`fulfilkit proxy`.' },
    ],
    paths: paths(),
    'x-fulfilkit-unmatched': { ...COMMON, '404': response('ControlNotFound'), '405': response('ControlMethodNotAllowed') },
    components: { schemas: SCHEMAS, responses: RESPONSES, parameters: {}, securitySchemes: { controlToken: { type: 'http', scheme: 'bearer', description: 'The `--control-token`; needed only when one is set.' } } },
    security,
  });
}
