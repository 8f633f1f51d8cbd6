/**
 * The OpenAPI 3.1 document: valid for a real OpenAPI validator (@readme/openapi-parser),
 * 0 errors under Spectral's spectral:oas ruleset, complete (every operation, parameter,
 * header, per-version body, documented error), and its schemas accept a valid body of
 * each kind and refuse an invalid one (ajv, JSON Schema 2020-12).
 */
import { validate } from '@readme/openapi-parser';
import { Spectral } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import Ajv2020 from 'ajv/dist/2020';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../src/openapi/index';
import { toJsonSchema } from '../../src/schema/json-schema';
import { ORDER_REQUEST_SCHEMAS } from '../../src/schema/order';
import { change, validOrder, validReturn } from '../fixtures';
import * as bodies from '../http/fixtures';

const doc = openApiDocument();
type Operation = { operationId: string; parameters?: { $ref: string }[]; requestBody?: { content: Record<string, { schema: { $ref: string } }> }; responses: Record<string, { content?: Record<string, { schema: { $ref?: string }; examples?: Record<string, { value: unknown }> }>; headers?: Record<string, unknown> }>; security?: unknown };
const op = (path: string, method: string) => doc.paths[path]![method] as Operation;

describe('openApiDocument()', () => {
  it('is a valid OpenAPI 3.1 document for @readme/openapi-parser', async () => {
    const result = await validate(structuredClone(doc) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid && result.warnings).toEqual([]);
  });

  async function spectralResults(document: unknown) {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    return spectral.run(structuredClone(document) as Record<string, unknown>);
  }

  it("has 0 errors and 0 warnings under Spectral's spectral:oas ruleset", async () => {
    const results = await spectralResults(doc);
    const shown = results.map((r) => `${r.severity} ${r.code} ${r.path.join('.')}: ${r.message}`);
    expect(results.filter((r) => r.severity === 0), shown.join('\n')).toEqual([]);
    expect(results.filter((r) => r.severity === 1), shown.join('\n')).toEqual([]);
  });

  it('the two validators do find faults: a repeated operationId, a missing info.description, an example its schema refuses', async () => {
    const broken = structuredClone(doc);
    (broken.paths['/echo/resource']!.post as Operation).operationId = 'getInventory';
    delete broken.info.description;
    // v1.1's result is text: a boolean is refused by the schema.
    const accepted = (broken.paths['/fulfillmentapi/v1.1/orders']!.post as Operation).responses['200']!.content!['application/json']!.examples!.accepted!;
    accepted.value = { ...(accepted.value as object), result: true };
    const codes = (await spectralResults(broken)).map((r) => r.code);
    expect(codes).toContain('operation-operationId-unique');
    expect(codes).toContain('info-description');
    expect(codes).toContain('oas3-valid-media-example');
    expect((await validate(structuredClone(broken) as never)).valid).toBe(false);
  });

  it('lists every operation at its path, with the simulator\'s operation ids', () => {
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, o]) => `${method.toUpperCase()} ${path} ${(o as Operation).operationId}`),
    );
    expect(operations).toEqual([
      'GET /paymentmethodapi/v1/paymentMethod listPaymentMethods',
      'GET /productapi/v1/inventory getInventory',
      'POST /rmaportalapi/v1/rmaTokens createReturnToken',
      'POST /fulfillmentapi/v1/orders createOrderV1',
      'POST /fulfillmentapi/v1.1/orders createOrderV1_1',
      'POST /fulfillmentapi/v1.2/orders createOrderV1_2',
      'OPTIONS /fulfillmentapi/v1.2/orders orderOptions',
      'POST /echo/resource echo',
    ]);
  });

  it('declares the three headers as apiKey security schemes; echo needs the subscription key only', () => {
    expect(doc.components.securitySchemes).toEqual({
      ClientConfigId: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'ClientConfigId' }),
      ClientAuthKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'ClientAuthKey' }),
      SubscriptionKey: expect.objectContaining({ type: 'apiKey', in: 'header', name: 'Ocp-Apim-Subscription-Key' }),
    });
    expect(doc.security).toEqual([{ ClientConfigId: [], ClientAuthKey: [], SubscriptionKey: [] }]);
    expect(op('/echo/resource', 'post').security).toEqual([{ SubscriptionKey: [] }]);
  });

  it('has every query parameter and the CORS headers of OPTIONS', () => {
    const params = doc.components.parameters as Record<string, { name: string; in: string }>;
    const names = (o: Operation) => (o.parameters ?? []).map((p) => params[p.$ref.split('/').pop()!]!).map((p) => `${p.in}:${p.name}`);
    expect(names(op('/paymentmethodapi/v1/paymentMethod', 'get'))).toEqual(['query:country', 'query:paymentMethod']);
    expect(names(op('/productapi/v1/inventory', 'get'))).toEqual(['query:sku']);
    const options = op('/fulfillmentapi/v1.2/orders', 'options');
    expect(names(options)).toEqual(['header:Origin', 'header:Access-Control-Request-Headers', 'header:Access-Control-Request-Method']);
    expect(Object.keys(options.responses['204']!.headers!)).toEqual([
      'Access-Control-Allow-Origin',
      'Access-Control-Allow-Headers',
      'Access-Control-Allow-Methods',
    ]);
  });

  it('has a request body per order version, and the success and error responses of the Errors table', () => {
    const body = (path: string) => op(path, 'post').requestBody!.content['application/json']!.schema.$ref;
    expect(['1', '1.1', '1.2'].map((v) => body(`/fulfillmentapi/v${v}/orders`))).toEqual([
      '#/components/schemas/OrderRequestV1',
      '#/components/schemas/OrderRequestV1_1',
      '#/components/schemas/OrderRequestV1_2',
    ]);
    const errors = (path: string, method: string) =>
      Object.fromEntries(Object.entries(op(path, method).responses).map(([status, r]) => [status, r.content?.['application/json']?.schema.$ref?.split('/').pop() ?? null]));
    expect(errors('/paymentmethodapi/v1/paymentMethod', 'get')).toEqual({ 200: 'PaymentMethodList', 401: 'PaymentMethodEntry', 404: 'PaymentMethodEntry', 500: 'PaymentMethodEntry' });
    expect(errors('/productapi/v1/inventory', 'get')).toEqual({ 200: 'InventoryEntry', 401: 'ProductUnauthorizedBody', 404: 'StatusCodeErrorBody', 500: 'ServerErrorBody' });
    const refused = { 400: 'StatusCodeErrorBody', 401: 'StatusCodeErrorBody', 413: 'StatusCodeErrorBody', 500: 'ServerErrorBody' };
    expect(errors('/rmaportalapi/v1/rmaTokens', 'post')).toEqual({ 200: 'ReturnTokenResult', ...refused });
    expect(errors('/fulfillmentapi/v1/orders', 'post')).toEqual({ 200: 'OrderResultV1', ...refused, 415: 'StatusCodeErrorBody' });
    expect(errors('/fulfillmentapi/v1.2/orders', 'post')).toEqual({ 200: 'OrderResultV1_2', ...refused, 415: 'StatusCodeErrorBody' });
    expect(errors('/fulfillmentapi/v1.2/orders', 'options')).toEqual({ 204: null, 401: 'StatusCodeErrorBody', 500: 'ServerErrorBody' });
    expect(errors('/echo/resource', 'post')).toEqual({ 200: null, ...refused });
    expect(Object.keys(op('/echo/resource', 'post').responses['200']!.content!)).toEqual(['application/xml']);
  });

  it('uses the very schemas lint uses: the component equals toJsonSchema of the valibot schema', () => {
    const { $schema: _draft, ...v11 } = toJsonSchema(ORDER_REQUEST_SCHEMAS['1.1'], 'OrderRequestV1_1');
    expect(doc.components.schemas.OrderRequestV1_1).toEqual(v11);
  });

  it('returns a fresh document on every call', () => {
    const a = openApiDocument();
    delete a.components.securitySchemes.ClientConfigId;
    a.paths['/echo/resource'] = {};
    expect(openApiDocument()).toEqual(doc);
  });
});

describe('bodies against the document (ajv, JSON Schema 2020-12)', () => {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  ajv.addSchema({ $id: 'doc', components: doc.components });
  const check = (name: string, body: unknown) => ajv.validate({ $ref: `doc#/components/schemas/${name}` }, body);

  const CASES: { name: string; valid: unknown; invalid: unknown }[] = [
    { name: 'OrderRequestV1', valid: validOrder('1'), invalid: change(validOrder('1'), { '/clientRequest/order/poNumber': 'PO-1' }) },
    { name: 'OrderRequestV1_1', valid: validOrder('1.1'), invalid: change(validOrder('1.1'), { '/clientRequest/item/0/quantity/value': 2 }) },
    { name: 'OrderRequestV1_2', valid: validOrder('1.2'), invalid: change(validOrder('1.2'), { '/clientRequest/requestHeader/requestReference': 'REQ 1' }) },
    { name: 'ReturnRequest', valid: validReturn(), invalid: change(validReturn(), { '/rma/clientReturnURL': 'ftp://x' }) },
    { name: 'EchoRequest', valid: bodies.ECHO_REQUEST, invalid: { ...bodies.ECHO_REQUEST, maxSpeed: 'fast' } },
    { name: 'PaymentMethodList', valid: [bodies.PAYMENT_METHOD_ENTRY], invalid: bodies.PAYMENT_METHOD_ENTRY },
    { name: 'PaymentMethodEntry', valid: bodies.PAYMENT_METHOD_ENTRY, invalid: [] },
    { name: 'InventoryEntry', valid: bodies.INVENTORY_ENTRY, invalid: { inventory: [{ productID: 'A', quantity: 'many' }] } },
    { name: 'ReturnTokenResult', valid: bodies.RETURN_TOKEN_OK, invalid: { transactionID: 'T' } },
    { name: 'OrderResultV1', valid: bodies.ORDER_RESULT_V1_FALSE, invalid: bodies.ORDER_RESULT_V11_FALSE },
    { name: 'OrderResultV1_1', valid: bodies.ORDER_RESULT_V11_TRUE, invalid: bodies.ORDER_RESULT_V1_TRUE },
    { name: 'OrderResultV1_2', valid: { ...bodies.ORDER_RESULT_V11_TRUE, requestId: 'R-1' }, invalid: { result: 'maybe' } },
    { name: 'ProductUnauthorizedBody', valid: bodies.PRODUCT_401, invalid: bodies.STATUS_401 },
    { name: 'StatusCodeErrorBody', valid: bodies.PRODUCT_404, invalid: bodies.PRODUCT_401 },
    { name: 'ServerErrorBody', valid: bodies.SERVER_500, invalid: bodies.STATUS_401 },
  ];

  it('covers every component schema', () => {
    expect(CASES.map((c) => c.name).sort()).toEqual(Object.keys(doc.components.schemas).sort());
  });

  it.each(CASES)('$name: the valid example passes, the invalid one fails', ({ name, valid, invalid }) => {
    expect(check(name, valid), JSON.stringify(ajv.errors)).toBe(true);
    expect(check(name, invalid)).toBe(false);
  });
});
