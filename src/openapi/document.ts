/**
 * The OpenAPI 3.1 document of the five interfaces and the v1.2 OPTIONS call, generated
 * from the valibot schemas of src/schema (through toJsonSchema: no second copy) and the
 * simulator's routes (operations, and the body each reads: what it can refuse).
 */
import type * as v from 'valibot';
import { EchoRequestSchema } from '../schema/echo';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema';
import { ORDER_REQUEST_SCHEMAS } from '../schema/order';
import {
  InventoryEntrySchema,
  ORDER_RESULT_SCHEMAS,
  PaymentMethodEntrySchema,
  PaymentMethodListSchema,
  ProductUnauthorizedBodySchema,
  ReturnTokenResultSchema,
  ServerErrorBodySchema,
  StatusCodeErrorBodySchema,
} from '../schema/responses';
import { ReturnRequestSchema } from '../schema/return';
import { ORDER_VERSION_FEATURES, ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH, MESSAGES, type Interface } from '../simulator/answers';
import type { Route } from '../simulator/context';
import { createOrderOperation } from '../simulator/operation-table';
import { ORDER_METHODS } from '../simulator/operations/order-options';
import { ROUTES } from '../simulator/routes';
import type { CreateOrderOperation, SimulatorOperation } from '../simulator/types';
import {
  ECHO_REQUEST_EXAMPLE,
  ECHO_XML_EXAMPLE,
  errorExamples,
  inventoryExample,
  orderRequestExample,
  orderResultExamples,
  paymentMethodsExample,
  returnRequestExample,
  returnTokenExamples,
  type Examples,
} from './examples';

/**
 * An OpenAPI 3.1 document (the members fulfilkit writes).
 *
 * @example
 * const document: OpenApiDocument = openApiDocument();
 * document.openapi; // '3.1.0'
 */
export interface OpenApiDocument {
  /** The OpenAPI version, `3.1.0`. */
  openapi: string;
  /** Title, version and description of the API. */
  info: Record<string, unknown>;
  /** The servers: `{base_url}` as a variable, and the simulator's default address. */
  servers: Record<string, unknown>[];
  /** One tag per interface. */
  tags: Record<string, unknown>[];
  /** Every operation, by path and method. */
  paths: Record<string, Record<string, unknown>>;
  /** Schemas, parameters and security schemes. */
  components: {
    /** Request and response bodies, by name (OrderRequestV1_1, StatusCodeErrorBody, ...). */
    schemas: Record<string, JsonSchema>;
    /** Query and header parameters, by name. */
    parameters: Record<string, Record<string, unknown>>;
    /** The three apiKey headers. */
    securitySchemes: Record<string, Record<string, unknown>>;
  };
  /** The default security requirement (the three headers). */
  security: Record<string, string[]>[];
  /** The answers to a request that matches no operation (an unknown path, or a method its path does not take), by status. */
  'x-fulfilkit-unmatched'?: Record<string, unknown>;
}

/** The version part of per-version names: `V1_1` (OrderRequestV1_1, createOrderV1_1). */
const suffix = (version: OrderVersion) => createOrderOperation(version).slice('createOrder'.length);

/** One component per version of the feature table. */
/* @__NO_SIDE_EFFECTS__ */
function perVersion(prefix: string, schemas: Readonly<Record<OrderVersion, v.GenericSchema>>): Record<string, v.GenericSchema> {
  return Object.fromEntries(ORDER_VERSIONS.map((version) => [`${prefix}${suffix(version)}`, schemas[version]]));
}

/** The answers of the HTTP server to requests that are no operation's at all (node:http's parser, CONNECT), by status. */
function unmatchedByServer(): Record<string, unknown> {
  const answer = (status: string, description: string, ...messages: string[]) => ({
    description,
    content: content(json('StatusCodeErrorBody', Object.fromEntries(messages.map((message, i) => [`example${i + 1}`, { summary: description, value: { statusCode: status, message } }])))),
  });
  return {
    '400': answer('400', 'A request that is not valid HTTP/1.1 (the parser refuses it), or an HTTP/1.1 request without a Host header.', MESSAGES.notHttp, MESSAGES.noHost),
    '405': answer('405', 'CONNECT: no server of fulfilkit is a tunnel (`Allow` is empty).', MESSAGES.connectRefused),
    '408': answer('408', 'A request whose headers took too long to arrive.', MESSAGES.requestTimeout),
    '431': answer('431', 'Request headers over 16 KiB.', MESSAGES.headersTooLarge),
  };
}

const SCHEMAS: Readonly<Record<string, v.GenericSchema>> = {
  ...perVersion('OrderRequest', ORDER_REQUEST_SCHEMAS),
  ReturnRequest: ReturnRequestSchema,
  EchoRequest: EchoRequestSchema,
  PaymentMethodList: PaymentMethodListSchema,
  PaymentMethodEntry: PaymentMethodEntrySchema,
  InventoryEntry: InventoryEntrySchema,
  ReturnTokenResult: ReturnTokenResultSchema,
  ...perVersion('OrderResult', ORDER_RESULT_SCHEMAS),
  ProductUnauthorizedBody: ProductUnauthorizedBodySchema,
  StatusCodeErrorBody: StatusCodeErrorBodySchema,
  ServerErrorBody: ServerErrorBodySchema,
};

/** A body of one media type: its schema and named examples (the first is a mock server's answer). */
interface Body {
  readonly media: string;
  readonly schema: Record<string, unknown>;
  readonly examples: Examples;
}

/** What one operation sends and answers, beyond the operation table. */
interface OperationDoc {
  readonly summary: string;
  readonly description: string;
  readonly parameters?: readonly string[];
  /** The request body (the operations whose route reads one). */
  readonly requestBody?: Body;
  /** The success status, its description and body (none: no content). */
  readonly success: readonly [status: string, description: string, body?: Body];
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: string, examples: Examples): Body => ({ media: 'application/json', schema: ref(schema), examples });

/** Create order of one version, described from its row of the feature table. */
function createOrderDoc(version: OrderVersion): OperationDoc {
  const name = suffix(version);
  const features = ORDER_VERSION_FEATURES[version];
  const result = features.resultType === 'boolean' ? 'result is a boolean' : 'result is the text "true" or "false"';
  const keys = features.keyCharset ? '; key reference fields limited to A-Z a-z 0-9 . _ -' : '';
  return {
    summary: `Create order (${features.label})`,
    description: `Accepts an order for fulfilment (${features.label}): date-times as ${features.dateTime.name}, shipServiceLevel ${features.shipServiceLevels.join(', ')}${keys}. A duplicate requestReference is rejected; a duplicate externalMessageReference is not.`,
    requestBody: json(`OrderRequest${name}`, { order: { summary: `An order (${features.label}) for the default simulator client.`, value: orderRequestExample(version) } }),
    success: [
      '200',
      `The order result (${result}${features.requestId ? ', with the requestId' : ''}); errorCode and errorMessage are null on success. A refused order (lint errors, a repeated requestReference) is also 200: result false with an errorCode.`,
      json(`OrderResult${name}`, orderResultExamples(version)),
    ],
  };
}

/** The operations other than create order (one per version: createOrderDoc). */
function operationDocs(): Readonly<Record<Exclude<SimulatorOperation, CreateOrderOperation>, OperationDoc>> {
  return {
    listPaymentMethods: {
      summary: 'List payment methods',
      description: 'Returns the payment methods configured for the client: all of them, or those of a country and/or a payment method type.',
      parameters: ['country', 'paymentMethodType'],
      success: ['200', 'An array of payment-method entries.', json('PaymentMethodList', paymentMethodsExample())],
    },
    getInventory: {
      summary: 'Inventory details',
      description: 'Returns the available quantity per product and stock location, for one product (sku) or for all products of the client.',
      parameters: ['sku'],
      success: ['200', 'The inventory entry; errorCode and errorMessage are empty on success.', json('InventoryEntry', inventoryExample())],
    },
    createReturnToken: {
      summary: 'Create return token',
      description:
        'Starts a return in the returns portal from the original order and returns a transaction token (resultCode "0" on success). rma.transactionId is null on creation. A duplicate requestReference is rejected; a duplicate externalMessageReference is not.',
      requestBody: json('ReturnRequest', { return: { summary: 'A return of one unit of the first item of the order example.', value: returnRequestExample() } }),
      success: ['200', 'The return-token result; a refused request is also 200, with a resultCode other than "0".', json('ReturnTokenResult', returnTokenExamples())],
    },
    orderOptions: {
      summary: 'Options for orders (v1.2)',
      description:
        'No content. Three optional response headers (the spec does not name them; these are the standard CORS headers): the request origin, the requested headers, the allowed methods.',
      parameters: ['origin', 'accessControlRequestHeaders', 'accessControlRequestMethod'],
      success: ['204', 'No content.'],
    },
    echo: {
      summary: 'Echo: create resource',
      description:
        'A demonstration: a gateway policy converts the JSON body to XML before it reaches the backend. Needs only the subscription key. The spec does not show the 200 body; fulfilkit answers the XML the backend received.',
      requestBody: json('EchoRequest', { car: { summary: 'The four members of the echo request.', value: ECHO_REQUEST_EXAMPLE } }),
      success: [
        '200',
        'The XML document the policy made of the JSON body, under a Document root (the spec does not show the body).',
        { media: 'application/xml', schema: { type: 'string' }, examples: { car: { summary: 'The XML of the request example.', value: ECHO_XML_EXAMPLE } } },
      ],
    },
  };
}

/** Error statuses per interface (spec: Errors), each with its body schema. */
const ERRORS: Readonly<Record<Interface, Readonly<Record<string, readonly [description: string, schema: string]>>>> = {
  'payment-method': {
    '401': ['Unauthorized: a payment-method entry with errorCode and message[].', 'PaymentMethodEntry'],
    '404': ['No data found: a payment-method entry whose errorCode and message[] describe it.', 'PaymentMethodEntry'],
    '500': ['Server error: a payment-method entry.', 'PaymentMethodEntry'],
  },
  product: {
    '401': ['Unauthorized: statuscode (lower case) and message.', 'ProductUnauthorizedBody'],
    '404': ['Resource not found: statusCode and message.', 'StatusCodeErrorBody'],
    '500': ['Server error. The spec does not show the body; fulfilkit declares the returns and fulfilment shape, which its simulator answers.', 'ServerErrorBody'],
  },
  returns: {
    '401': ['Unauthorized: statusCode and message.', 'StatusCodeErrorBody'],
    '500': ['Server error: statusCode, the internal activityId, message.', 'ServerErrorBody'],
  },
  fulfilment: {
    '401': ['Unauthorized: statusCode and message.', 'StatusCodeErrorBody'],
    '500': ['Server error: statusCode, the internal activityId, message.', 'ServerErrorBody'],
  },
  // Authentication rule 3: an invalid subscription key is 401 on every interface.
  echo: {
    '401': ['Unauthorized: access denied because of an invalid subscription key.', 'StatusCodeErrorBody'],
    '500': ['Server error. The spec does not show the body; fulfilkit declares the returns and fulfilment shape, which its simulator answers.', 'ServerErrorBody'],
  },
};

/** Statuses the spec does not show, which fulfilkit (and its simulator) answers `{ statusCode, message }`. */
const NOT_SHOWN = 'The spec does not show this answer; fulfilkit answers statusCode and message.';

/** The error statuses of one operation: its interface's, plus what its body can get wrong (the route's body rule). */
function errorResponses(route: Route): Record<string, readonly [description: string, schema: string]> {
  const out: Record<string, readonly [string, string]> = { ...ERRORS[route.interface] };
  if (route.body === undefined) return out;
  const echo = route.interface === 'echo' ? ', is not a JSON object, has a member name that is no XML element name, or has an array directly inside an array' : '';
  out['400'] = [`Bad request: the body is not JSON${echo}, or nests deeper than ${MAX_BODY_DEPTH} levels. ${NOT_SHOWN}`, 'StatusCodeErrorBody'];
  out['413'] = [`Payload too large: the body is over ${MAX_BODY_BYTES / 1024 / 1024} MiB. ${NOT_SHOWN}`, 'StatusCodeErrorBody'];
  if (route.body.contentType === 'json') {
    out['415'] = [`Unsupported media type: Content-Type is missing or not JSON (required for orders). ${NOT_SHOWN}`, 'StatusCodeErrorBody'];
  }
  return out;
}

/**
 * The error answers the document declares for one operation, each with the valibot schema
 * its body component is made of: what `fulfilkit proxy` accepts beyond its decoders.
 *
 * @param route The operation.
 * @returns The body schema by status (`'400'`, `'401'`, ...).
 * @example v.is(declaredErrorBodies(findRoute('POST', '/fulfillmentapi/v1.1/orders')!)['400']!, { statusCode: '400', message: 'x' }); // true
 */
export function declaredErrorBodies(route: Route): Record<string, v.GenericSchema> {
  return Object.fromEntries(Object.entries(errorResponses(route)).map(([status, [, schema]]) => [status, SCHEMAS[schema]!]));
}

const TAGS: Readonly<Record<Interface, string>> = {
  'payment-method': 'Payment-method interface: the payment methods configured for the client.',
  product: 'Product interface: inventory per product and stock location.',
  returns: 'Returns-portal interface: return tokens.',
  fulfilment: 'Fulfilment interface: orders (v1, v1.1, v1.2).',
  echo: 'Echo interface: a demonstration of a JSON-to-XML policy.',
};

/** An optional string parameter. */
/* @__NO_SIDE_EFFECTS__ */
function parameter(name: string, where: 'query' | 'header', description: string, example: string): Record<string, unknown> {
  return { name, in: where, required: false, description, schema: { type: 'string' }, example };
}

const PARAMETERS: Readonly<Record<string, Record<string, unknown>>> = {
  country: parameter('country', 'query', 'ISO 3166-1 alpha-2 country code.', 'NL'),
  paymentMethodType: parameter('paymentMethod', 'query', 'Payment method type.', 'CreditCard'),
  sku: parameter('sku', 'query', 'The product; without it, the inventory of all products of the client.', 'MUG-RED'),
  origin: parameter('Origin', 'header', 'The origin of a browser request (CORS).', 'https://shop.example'),
  accessControlRequestHeaders: parameter('Access-Control-Request-Headers', 'header', 'The headers a browser means to send (CORS preflight).', 'content-type'),
  accessControlRequestMethod: parameter('Access-Control-Request-Method', 'header', 'The method a browser means to use (CORS preflight).', 'POST'),
};

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': { description: 'Echoes the request origin.', schema: { type: 'string' }, example: 'https://shop.example' },
  'Access-Control-Allow-Headers': { description: 'Echoes the requested headers.', schema: { type: 'string' }, example: 'content-type' },
  'Access-Control-Allow-Methods': { description: 'Lists the allowed methods.', schema: { type: 'string' }, example: ORDER_METHODS },
};

const SECURITY_SCHEMES = {
  ClientConfigId: { type: 'apiKey', in: 'header', name: 'ClientConfigId', description: 'Client-specific ID, supplied at onboarding.' },
  ClientAuthKey: { type: 'apiKey', in: 'header', name: 'ClientAuthKey', description: 'Client-specific authentication key, supplied at onboarding.' },
  SubscriptionKey: {
    type: 'apiKey',
    in: 'header',
    name: 'Ocp-Apim-Subscription-Key',
    description: "Subscription key that grants access to the API, found in the caller's profile.",
  },
};

const CLIENT_SECURITY = [{ ClientConfigId: [], ClientAuthKey: [], SubscriptionKey: [] }];

/** A schema for the document: toJsonSchema's output without the draft-07 `$schema` (OpenAPI 3.1 uses 2020-12). */
function componentSchema(schema: v.GenericSchema, name: string): JsonSchema {
  const { $schema: _draft, ...body } = toJsonSchema(schema, name);
  return body;
}

const content = (body: Body) => ({ [body.media]: { schema: body.schema, examples: body.examples } });

function operationObject(info: Route, doc: OperationDoc): Record<string, unknown> {
  const [status, description, body] = doc.success;
  const responses: Record<string, unknown> = {
    [status]: body === undefined ? { description, headers: CORS_HEADERS } : { description, content: content(body) },
  };
  const errors = Object.entries(errorResponses(info)).sort(([a], [b]) => a.localeCompare(b));
  for (const [code, [text, schema]] of errors) responses[code] = { description: text, content: content(json(schema, errorExamples(info.interface, code))) };
  return {
    operationId: info.operation,
    summary: doc.summary,
    description: doc.description,
    tags: [info.interface],
    ...(doc.parameters ? { parameters: doc.parameters.map((name) => ({ $ref: `#/components/parameters/${name}` })) } : {}),
    ...(doc.requestBody ? { requestBody: { required: true, content: content(doc.requestBody) } } : {}),
    responses,
    ...(info.auth === 'subscription' ? { security: [{ SubscriptionKey: [] }] } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of the operator's API: the five interfaces and the v1.2
 * OPTIONS call, every parameter, request bodies per version, every status the simulator
 * can answer (the spec's Errors table, plus 400, 413 and 415 where a body can be refused),
 * request and response examples (the first example of a success is a success, so a mock
 * server answers orders with `result` true), and `apiKey` security schemes for the three
 * headers. The schemas come from the same valibot schemas that lint uses, and the exported
 * payload types are generated from this document. Use it with Postman, Prism,
 * openapi-typescript or any OpenAPI tool; `fulfilkit openapi` writes it as JSON.
 *
 * @returns A fresh document; the caller may change it.
 * @example
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('operator.openapi.json', JSON.stringify(openApiDocument(), null, 2));
 */
export function openApiDocument(): OpenApiDocument {
  const docs = operationDocs();
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of ROUTES) {
    const doc = route.version === undefined ? docs[route.operation as keyof typeof docs] : createOrderDoc(route.version);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operationObject(route, doc);
  }
  // A deep copy: the module's tables stay as they are whatever the caller does with it.
  return structuredClone({
    openapi: '3.1.0',
    info: {
      title: 'Fulfilment, returns, inventory and payment-method interfaces',
      version: '1.2',
      summary: "The fulfilment operator's HTTP API, as fulfilkit reads its interface spec.",
      description:
        "Generated by fulfilkit from the same schemas its linter uses. Lint rules beyond JSON Schema (calendar dates, business rules, the client's profile) are in `lintOrder` / `lintReturn`. Versions are part of the path: orders v1, v1.1 and v1.2; the other interfaces v1. A request that matches no operation (an unknown path, or a method its path does not take) is answered as `x-fulfilkit-unmatched` says: the gateway's 404.",
      contact: { name: 'fulfilkit', url: 'https://www.npmjs.com/package/fulfilkit' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{base_url}',
        description: "The operator's environment (`{base_url}` of the spec).",
        variables: { base_url: { default: 'http://127.0.0.1:4010', description: 'The base URL; the default is `fulfilkit serve`.' } },
      },
    ],
    tags: Object.entries(TAGS).map(([name, description]) => ({ name, description })),
    paths,
    components: {
      schemas: Object.fromEntries(Object.entries(SCHEMAS).map(([name, schema]) => [name, componentSchema(schema, name)])),
      parameters: PARAMETERS,
      securitySchemes: SECURITY_SCHEMES,
    },
    security: CLIENT_SECURITY,
    // As the control document declares its own: the gateway's 404 has no operation to sit under.
    'x-fulfilkit-unmatched': {
      '404': {
        description: "A path or method that is no operation's: the gateway's 404 (before authentication), statusCode and message.",
        content: content(json('StatusCodeErrorBody', { notFound: { summary: 'No operation at this path and method.', value: { statusCode: '404', message: MESSAGES.notFound } } })),
      },
      // What the HTTP server (`fulfilkit serve`, `listen()`, the proxy) answers below any
      // operation, for requests that never become one; each closes the connection.
      ...unmatchedByServer(),
    },
  });
}
