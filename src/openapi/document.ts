/**
 * The OpenAPI 3.1 document of the five interfaces and the v1.2 OPTIONS call, generated
 * from the valibot schemas of src/schema (through toJsonSchema: no second copy) and the
 * operation table the simulator routes by.
 */
import type * as v from 'valibot';
import { EchoRequestSchema } from '../schema/echo';
import { toJsonSchema, type JsonSchema } from '../schema/json-schema';
import { ORDER_REQUEST_SCHEMAS } from '../schema/order';
import {
  InventoryEntrySchema,
  OrderResultV11Schema,
  OrderResultV12Schema,
  OrderResultV1Schema,
  PaymentMethodEntrySchema,
  PaymentMethodListSchema,
  ProductUnauthorizedBodySchema,
  ReturnTokenResultSchema,
  ServerErrorBodySchema,
  StatusCodeErrorBodySchema,
} from '../schema/responses';
import { ReturnRequestSchema } from '../schema/return';
import type { Interface } from '../simulator/answers';
import { OPERATION_TABLE, type OperationInfo } from '../simulator/operation-table';
import type { SimulatorOperation } from '../simulator/types';

/** An OpenAPI 3.1 document (the members fulfilkit writes). */
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
}

const SCHEMAS: Readonly<Record<string, v.GenericSchema>> = {
  OrderRequestV1: ORDER_REQUEST_SCHEMAS['1'],
  OrderRequestV1_1: ORDER_REQUEST_SCHEMAS['1.1'],
  OrderRequestV1_2: ORDER_REQUEST_SCHEMAS['1.2'],
  ReturnRequest: ReturnRequestSchema,
  EchoRequest: EchoRequestSchema,
  PaymentMethodList: PaymentMethodListSchema,
  PaymentMethodEntry: PaymentMethodEntrySchema,
  InventoryEntry: InventoryEntrySchema,
  ReturnTokenResult: ReturnTokenResultSchema,
  OrderResultV1: OrderResultV1Schema,
  OrderResultV1_1: OrderResultV11Schema,
  OrderResultV1_2: OrderResultV12Schema,
  ProductUnauthorizedBody: ProductUnauthorizedBodySchema,
  StatusCodeErrorBody: StatusCodeErrorBodySchema,
  ServerErrorBody: ServerErrorBodySchema,
};

/** What one operation sends and answers, beyond the operation table. */
interface OperationDoc {
  readonly summary: string;
  readonly description: string;
  readonly parameters?: readonly string[];
  readonly requestBody?: string;
  /** The success status, its description and schema (none: no body shown by the spec). */
  readonly success: readonly [status: string, description: string, schema?: string];
}

const DOCS: Readonly<Record<SimulatorOperation, OperationDoc>> = {
  listPaymentMethods: {
    summary: 'List payment methods',
    description: 'Returns the payment methods configured for the client: all of them, or those of a country and/or a payment method type.',
    parameters: ['country', 'paymentMethodType'],
    success: ['200', 'An array of payment-method entries.', 'PaymentMethodList'],
  },
  getInventory: {
    summary: 'Inventory details',
    description: 'Returns the available quantity per product and stock location, for one product (sku) or for all products of the client.',
    parameters: ['sku'],
    success: ['200', 'The inventory entry; errorCode and errorMessage are empty on success.', 'InventoryEntry'],
  },
  createReturnToken: {
    summary: 'Create return token',
    description:
      'Starts a return in the returns portal from the original order and returns a transaction token (resultCode "0" on success). rma.transactionId is null on creation. A duplicate requestReference is rejected; a duplicate externalMessageReference is not.',
    requestBody: 'ReturnRequest',
    success: ['200', 'The return-token result.', 'ReturnTokenResult'],
  },
  createOrderV1: {
    summary: 'Create order (v1)',
    description: 'Accepts an order for fulfilment (v1). The result is a boolean. A duplicate requestReference is rejected; a duplicate externalMessageReference is not.',
    requestBody: 'OrderRequestV1',
    success: ['200', 'The order result (result is a boolean); errorCode and errorMessage are null on success.', 'OrderResultV1'],
  },
  createOrderV1_1: {
    summary: 'Create order (v1.1)',
    description: 'Accepts an order for fulfilment (v1.1: poNumber, customerNumber, freightCosts). The result is the text "true" or "false".',
    requestBody: 'OrderRequestV1_1',
    success: ['200', 'The order result (result is text); errorCode and errorMessage are null on success.', 'OrderResultV1_1'],
  },
  createOrderV1_2: {
    summary: 'Create order (v1.2)',
    description: 'Accepts an order for fulfilment (v1.2: schema and functional validation, UTC date-times, EXI, key reference fields limited to A-Z a-z 0-9 . _ -). The answer adds a requestId.',
    requestBody: 'OrderRequestV1_2',
    success: ['200', 'The order result with the requestId.', 'OrderResultV1_2'],
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
    description: 'A demonstration: a gateway policy converts the JSON body to XML before it reaches the backend. Needs only the subscription key.',
    requestBody: 'EchoRequest',
    success: ['200', 'OK. The spec does not show the body.'],
  },
};

/** Error statuses per interface (spec: Errors), each with its body schema (none: not shown). */
const ERRORS: Readonly<Record<Interface, Readonly<Record<string, readonly [description: string, schema?: string]>>>> = {
  'payment-method': {
    '401': ['Unauthorized: a payment-method entry with errorCode and message[].', 'PaymentMethodEntry'],
    '404': ['No data found: a payment-method entry whose errorCode and message[] describe it.', 'PaymentMethodEntry'],
    '500': ['Server error: a payment-method entry.', 'PaymentMethodEntry'],
  },
  product: {
    '401': ['Unauthorized: statuscode (lower case) and message.', 'ProductUnauthorizedBody'],
    '404': ['Resource not found: statusCode and message.', 'StatusCodeErrorBody'],
    '500': ['Server error. The spec does not show the body.'],
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
  echo: { '401': ['Unauthorized: access denied because of an invalid subscription key.', 'StatusCodeErrorBody'] },
};

const TAGS: Readonly<Record<Interface, string>> = {
  'payment-method': 'Payment-method interface: the payment methods configured for the client.',
  product: 'Product interface: inventory per product and stock location.',
  returns: 'Returns-portal interface: return tokens.',
  fulfilment: 'Fulfilment interface: orders (v1, v1.1, v1.2).',
  echo: 'Echo interface: a demonstration of a JSON-to-XML policy.',
};

/** An optional string parameter. */
function parameter(name: string, where: 'query' | 'header', description: string): Record<string, unknown> {
  return { name, in: where, required: false, description, schema: { type: 'string' } };
}

const PARAMETERS: Readonly<Record<string, Record<string, unknown>>> = {
  country: parameter('country', 'query', 'ISO 3166-1 alpha-2 country code.'),
  paymentMethodType: parameter('paymentMethod', 'query', 'Payment method type.'),
  sku: parameter('sku', 'query', 'The product; without it, the inventory of all products of the client.'),
  origin: parameter('Origin', 'header', 'The origin of a browser request (CORS).'),
  accessControlRequestHeaders: parameter('Access-Control-Request-Headers', 'header', 'The headers a browser means to send (CORS preflight).'),
  accessControlRequestMethod: parameter('Access-Control-Request-Method', 'header', 'The method a browser means to use (CORS preflight).'),
};

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': { description: 'Echoes the request origin.', schema: { type: 'string' } },
  'Access-Control-Allow-Headers': { description: 'Echoes the requested headers.', schema: { type: 'string' } },
  'Access-Control-Allow-Methods': { description: 'Lists the allowed methods.', schema: { type: 'string' } },
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

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const json = (name: string) => ({ 'application/json': { schema: ref(name) } });

function response(description: string, schema?: string): Record<string, unknown> {
  // A body the spec does not show: say there may be one, of any type.
  return { description, content: schema === undefined ? { '*/*': { schema: {} } } : json(schema) };
}

function operationObject(info: OperationInfo): Record<string, unknown> {
  const doc = DOCS[info.operation];
  const [status, description, schema] = doc.success;
  const responses: Record<string, unknown> = {
    [status]: status === '204' ? { description, headers: CORS_HEADERS } : response(description, schema),
  };
  for (const [code, [text, body]] of Object.entries(ERRORS[info.interface])) responses[code] = response(text, body);
  return {
    operationId: info.operation,
    summary: doc.summary,
    description: doc.description,
    tags: [info.interface],
    ...(doc.parameters ? { parameters: doc.parameters.map((name) => ({ $ref: `#/components/parameters/${name}` })) } : {}),
    ...(doc.requestBody ? { requestBody: { required: true, content: json(doc.requestBody) } } : {}),
    responses,
    ...(info.auth === 'subscription' ? { security: [{ SubscriptionKey: [] }] } : {}),
  };
}

/**
 * The OpenAPI 3.1 document of the operator's API: the five interfaces and the v1.2
 * OPTIONS call, every parameter, request bodies per version, success and error responses
 * per the spec's Errors table, and `apiKey` security schemes for the three headers. The
 * schemas come from the same valibot schemas that lint uses. Use it with Postman, Prism,
 * openapi-typescript or any OpenAPI tool; `fulfilkit openapi` writes it as JSON.
 *
 * @returns A fresh document; the caller may change it.
 * @example
 * import { writeFileSync } from 'node:fs';
 * writeFileSync('operator.openapi.json', JSON.stringify(openApiDocument(), null, 2));
 */
export function openApiDocument(): OpenApiDocument {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const info of OPERATION_TABLE) (paths[info.path] ??= {})[info.method.toLowerCase()] = operationObject(info);
  // A deep copy: the module's tables stay as they are whatever the caller does with it.
  return structuredClone({
    openapi: '3.1.0',
    info: {
      title: 'Fulfilment, returns, inventory and payment-method interfaces',
      version: '1.2',
      summary: "The fulfilment operator's HTTP API, as fulfilkit reads its interface spec.",
      description:
        "Generated by fulfilkit from the same schemas its linter uses. Lint rules beyond JSON Schema (calendar dates, business rules, the client's profile) are in `lintOrder` / `lintReturn`. Versions are part of the path: orders v1, v1.1 and v1.2; the other interfaces v1.",
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
  });
}
