import Ajv, { type ErrorObject } from 'ajv';
import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import { JSON_SCHEMA_DRAFT, orderJsonSchema, returnJsonSchema, toJsonSchema } from '../../src/schema/json-schema';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { EchoRequestSchema } from '../../src/schema/echo';
import {
  InventoryEntrySchema,
  OrderResultSchema,
  OrderResultV11Schema,
  OrderResultV12Schema,
  OrderResultV1Schema,
  PaymentMethodEntrySchema,
  PaymentMethodListSchema,
  ProductUnauthorizedBodySchema,
  ReturnTokenResultSchema,
  ServerErrorBodySchema,
  StatusCodeErrorBodySchema,
} from '../../src/schema/responses';
import { change, clone, validOrder, validReturn } from '../fixtures';
import * as bodies from '../http/fixtures';

const ajv = new Ajv({ allErrors: true });
const orderValidators = Object.fromEntries(ORDER_VERSIONS.map((version) => [version, ajv.compile(orderJsonSchema(version))]));
const returnValidator = ajv.compile(returnJsonSchema());

/** Where an ajv error points: the member itself for a missing or unknown member. */
function pointerOf(error: ErrorObject): string {
  if (error.keyword === 'required') return `${error.instancePath}/${String(error.params.missingProperty)}`;
  if (error.keyword === 'additionalProperties') return `${error.instancePath}/${String(error.params.additionalProperty)}`;
  return error.instancePath;
}

function orderErrors(payload: unknown, version: OrderVersion): { path: string; keyword: string }[] {
  const validate = orderValidators[version]!;
  validate(payload);
  return (validate.errors ?? []).map((e) => ({ path: pointerOf(e), keyword: e.keyword }));
}

function returnErrors(payload: unknown): { path: string; keyword: string }[] {
  returnValidator(payload);
  return (returnValidator.errors ?? []).map((e) => ({ path: pointerOf(e), keyword: e.keyword }));
}

const CR = '/clientRequest';

interface OrderCase {
  name: string;
  version?: OrderVersion;
  changes: Record<string, unknown>;
  /** Expected ajv errors; empty when the payload must validate. */
  errors: { path: string; keyword: string }[];
}

const ORDER_CASES: OrderCase[] = [
  {
    name: 'a first name over 20 code points',
    changes: { [`${CR}/partner/0/personData/firstName`]: 'J'.repeat(21) },
    errors: [{ path: `${CR}/partner/0/personData/firstName`, keyword: 'maxLength' }],
  },
  {
    name: 'a first name of 20 emoji (40 UTF-16 units, 20 code points) passes',
    changes: { [`${CR}/partner/0/personData/firstName`]: '😀'.repeat(20) },
    errors: [],
  },
  {
    name: 'a ship service level outside the enumeration',
    changes: { [`${CR}/order/shipServiceLevel`]: 'FAST' },
    errors: [{ path: `${CR}/order/shipServiceLevel`, keyword: 'enum' }],
  },
  {
    name: 'the ambiguous ship service level PUO passes (a lint warning only)',
    changes: { [`${CR}/order/shipServiceLevel`]: 'PUO' },
    errors: [],
  },
  {
    name: 'EXI before v1.2',
    changes: { [`${CR}/order/shipServiceLevel`]: 'EXI' },
    errors: [{ path: `${CR}/order/shipServiceLevel`, keyword: 'enum' }],
  },
  { name: 'EXI in v1.2', version: '1.2', changes: { [`${CR}/order/shipServiceLevel`]: 'EXI' }, errors: [] },
  {
    name: 'a quantity value given as a number',
    changes: { [`${CR}/item/0/quantity/value`]: 2 },
    errors: [{ path: `${CR}/item/0/quantity/value`, keyword: 'type' }],
  },
  {
    name: 'a negative quantity',
    changes: { [`${CR}/item/1/quantity/value`]: '-1' },
    errors: [{ path: `${CR}/item/1/quantity/value`, keyword: 'pattern' }],
  },
  {
    name: 'an amount value with a decimal comma',
    changes: { [`${CR}/item/0/amount/0/value`]: '40,00' },
    errors: [{ path: `${CR}/item/0/amount/0/value`, keyword: 'pattern' }],
  },
  {
    name: 'a lower-case currency code',
    changes: { [`${CR}/order/amount/0/currencyISO3`]: 'eur' },
    errors: [{ path: `${CR}/order/amount/0/currencyISO3`, keyword: 'enum' }],
  },
  {
    name: 'a lower-case country code',
    changes: { [`${CR}/partner/1/addressData/countryISO2`]: 'de' },
    errors: [{ path: `${CR}/partner/1/addressData/countryISO2`, keyword: 'enum' }],
  },
  {
    name: 'a missing city',
    changes: { [`${CR}/partner/0/addressData/city`]: undefined },
    errors: [{ path: `${CR}/partner/0/addressData/city`, keyword: 'required' }],
  },
  {
    name: 'a member the version does not define',
    changes: { [`${CR}/order/giftWrap`]: 'yes' },
    errors: [{ path: `${CR}/order/giftWrap`, keyword: 'additionalProperties' }],
  },
  {
    name: 'poNumber in v1',
    version: '1',
    changes: { [`${CR}/order/poNumber`]: 'PO-1' },
    errors: [{ path: `${CR}/order/poNumber`, keyword: 'additionalProperties' }],
  },
  {
    name: 'the example-body spelling entityId passes (a lint warning only)',
    changes: { [`${CR}/payment/entityID`]: undefined, [`${CR}/payment/entityId`]: 'ENT-1' },
    errors: [],
  },
  {
    name: 'a response-only member passes (readOnly)',
    changes: { [`${CR}/requestHeader/requestStatus`]: 'created' },
    errors: [],
  },
  {
    name: 'a response-only member with a value outside its enumeration',
    changes: { [`${CR}/requestHeader/requestStatus`]: 'received' },
    errors: [{ path: `${CR}/requestHeader/requestStatus`, keyword: 'enum' }],
  },
  {
    name: 'a UTC date-time in v1.1',
    changes: { [`${CR}/order/dateTimeWantedDeliveryDate`]: '2026-03-01T00:00:00Z' },
    errors: [{ path: `${CR}/order/dateTimeWantedDeliveryDate`, keyword: 'pattern' }],
  },
  {
    name: 'an offset date-time in v1.2',
    version: '1.2',
    changes: { [`${CR}/order/dateTimeWantedDeliveryDate`]: '2026-03-01T00:00:00 +01.00' },
    errors: [{ path: `${CR}/order/dateTimeWantedDeliveryDate`, keyword: 'pattern' }],
  },
  {
    name: 'a key reference with a space in v1.2',
    version: '1.2',
    changes: { [`${CR}/requestHeader/requestReference`]: 'REQ 1001' },
    errors: [{ path: `${CR}/requestHeader/requestReference`, keyword: 'pattern' }],
  },
  {
    name: 'a key reference with a space before v1.2',
    changes: { [`${CR}/requestHeader/requestReference`]: 'REQ 1001' },
    errors: [],
  },
  {
    name: 'an empty item list',
    changes: { [`${CR}/item`]: [] },
    errors: [{ path: `${CR}/item`, keyword: 'minItems' }],
  },
  {
    name: 'a locale with an underscore',
    changes: { [`${CR}/partner/0/personData/locale`]: 'de_DE' },
    errors: [{ path: `${CR}/partner/0/personData/locale`, keyword: 'pattern' }],
  },
  {
    name: 'a locale whose country part is no ISO 3166-1 code',
    changes: { [`${CR}/partner/0/personData/locale`]: 'de-ZZ' },
    errors: [{ path: `${CR}/partner/0/personData/locale`, keyword: 'pattern' }],
  },
  {
    name: 'an e-mail address without a domain',
    changes: { [`${CR}/partner/0/personData/email/0/value`]: 'jane.doe' },
    errors: [{ path: `${CR}/partner/0/personData/email/0/value`, keyword: 'pattern' }],
  },
  {
    name: 'null for an optional member',
    changes: { [`${CR}/order/poNumber`]: null },
    errors: [{ path: `${CR}/order/poNumber`, keyword: 'type' }],
  },
  {
    name: 'a payment method outside the version (Maestro in v1)',
    version: '1',
    changes: { [`${CR}/payment/paymentMethod`]: 'Maestro' },
    errors: [{ path: `${CR}/payment/paymentMethod`, keyword: 'enum' }],
  },
  {
    name: 'the ambiguous payment amount type capture passes (a lint warning only)',
    changes: { [`${CR}/payment/amount/0/amountType`]: 'capture' },
    errors: [],
  },
  {
    name: 'three problems at once, all reported (allErrors)',
    changes: {
      [`${CR}/partner/1/personData/lastName`]: 'D'.repeat(25),
      [`${CR}/order/shipServiceLevel`]: 'NEXTDAY',
      [`${CR}/item/2/quantity/value`]: 1,
    },
    errors: [
      { path: `${CR}/order/shipServiceLevel`, keyword: 'enum' },
      { path: `${CR}/partner/1/personData/lastName`, keyword: 'maxLength' },
      { path: `${CR}/item/2/quantity/value`, keyword: 'type' },
    ],
  },
];

describe('toJsonSchema', () => {
  it('emits draft-07 documents that a default strict Ajv compiles', () => {
    const strict = new Ajv();
    for (const version of ORDER_VERSIONS) {
      const schema = orderJsonSchema(version);
      expect(schema.$schema).toBe(JSON_SCHEMA_DRAFT);
      expect(() => strict.compile(schema)).not.toThrow();
    }
    expect(() => strict.compile(returnJsonSchema())).not.toThrow();
  });

  it('declares the wrapper, required members and strict objects', () => {
    const schema = orderJsonSchema('1.1');
    expect(schema.required).toEqual(['clientRequest']);
    expect(schema.additionalProperties).toBe(false);
    const body = schema.properties!.clientRequest!;
    expect(body.required).toEqual(['requestHeader', 'order', 'partner', 'item']);
    expect(body.properties!.item!.minItems).toBe(1);
    expect(body.properties!.requestHeader!.properties!.client!.maxLength).toBe(40);
  });

  it('keeps both checks of a nested pipe (v1.2 key fields: length and charset)', () => {
    const header = orderJsonSchema('1.2').properties!.clientRequest!.properties!.requestHeader!;
    expect(header.properties!.requestReference).toMatchObject({ type: 'string', maxLength: 50, pattern: '^[A-Za-z0-9._-]*$' });
  });

  it('marks response-only members readOnly and example-body spellings deprecated', () => {
    const body = orderJsonSchema('1.1').properties!.clientRequest!;
    expect(body.properties!.order!.properties!.orderId!.readOnly).toBe(true);
    expect(body.properties!.payment!.properties!.entityId!.deprecated).toBe(true);
  });

  it('writes nullable members as a type union with null', () => {
    const rma = returnJsonSchema().properties!.rma!;
    expect(rma.properties!.transactionId!.type).toEqual(['string', 'null']);
  });

  it('returns a fresh document on every call', () => {
    const a = orderJsonSchema('1.1');
    a.properties!.clientRequest!.required!.length = 0;
    expect(orderJsonSchema('1.1').properties!.clientRequest!.required).toHaveLength(4);
  });

  it('converts unions, literals and nullish members', () => {
    const schema = toJsonSchema(v.object({ a: v.union([v.string(), v.number()]), b: v.nullish(v.literal('x')) }));
    expect(schema).toMatchObject({
      type: 'object',
      required: ['a'],
      properties: { a: { anyOf: [{ type: 'string' }, { type: 'number' }] }, b: { const: 'x' } },
    });
    expect(schema.additionalProperties).toBeUndefined();
  });

  it('throws a TypeError for a valibot type it cannot express', () => {
    expect(() => toJsonSchema(v.date())).toThrow(TypeError);
    expect(() => orderJsonSchema('2' as OrderVersion)).toThrow(TypeError);
  });

  it("throws a TypeError for a check of the caller's it would drop (a weaker schema, silently), naming it", () => {
    expect(() => toJsonSchema(v.pipe(v.string(), v.maxLength(5)))).toThrow('toJsonSchema: the validation "max_length" has no JSON Schema form here.');
    expect(() => toJsonSchema(v.object({ mail: v.pipe(v.string(), v.email()) }))).toThrow(/"email"/);
    expect(() => toJsonSchema(v.pipe(v.string(), v.trim()))).toThrow(/the transformation "trim"/);
    // Metadata is no check; a JSON number is always finite.
    expect(toJsonSchema(v.pipe(v.number(), v.finite(), v.description('n')))).toMatchObject({ type: 'number' });
  });
});

describe('the exported order schemas with ajv', () => {
  it.each(ORDER_VERSIONS)('accept the valid v%s fixture', (version) => {
    expect(orderErrors(validOrder(version), version)).toEqual([]);
  });

  it('reject a payload without the clientRequest wrapper', () => {
    expect(orderErrors(validOrder('1.1').clientRequest, '1.1')).toContainEqual({ path: '/clientRequest', keyword: 'required' });
  });

  it.each(ORDER_CASES)('$name', ({ version = '1.1', changes, errors }) => {
    const payload = change(validOrder(version), changes);
    expect(orderErrors(payload, version)).toEqual(errors);
  });

  // Some of these are lint warnings (unknown-field, email-format): ajv has no severities.
  it.each(ORDER_CASES.filter((c) => c.errors.length > 0))('lint reports a problem where ajv does: $name', ({ version = '1.1', changes, errors }) => {
    const payload = change(validOrder(version), changes);
    const lintPaths = lintOrder(payload, { version }).map((p) => p.path);
    for (const error of errors) expect(lintPaths).toContain(error.path);
  });

  it('do not modify the validated payload', () => {
    const payload = validOrder('1.2');
    const before = clone(payload);
    orderErrors(payload, '1.2');
    expect(payload).toEqual(before);
  });
});

describe('the exported return schema with ajv', () => {
  const cases: { name: string; changes: Record<string, unknown>; errors: { path: string; keyword: string }[] }[] = [
    { name: 'a null transactionId passes', changes: { '/rma/transactionId': null }, errors: [] },
    {
      name: 'a non-http return URL',
      changes: { '/rma/clientReturnURL': 'ftp://shop.example/returns' },
      errors: [{ path: '/rma/clientReturnURL', keyword: 'pattern' }],
    },
    {
      name: 'a return URL without a host',
      changes: { '/rma/clientReturnURL': 'https:///returns' },
      errors: [{ path: '/rma/clientReturnURL', keyword: 'pattern' }],
    },
    {
      name: 'an alpha-2 code where alpha-3 belongs',
      changes: { '/partner/0/addressData/countryISO3': 'DE' },
      errors: [{ path: '/partner/0/addressData/countryISO3', keyword: 'enum' }],
    },
    {
      name: 'rma.amount given as an array',
      changes: { '/rma/amount': [{ currencyISO3: 'EUR', amountType: 'totalgross', value: '1.00' }] },
      errors: [{ path: '/rma/amount', keyword: 'type' }],
    },
    {
      name: 'a person without phone',
      changes: { '/partner/0/personData/phone': undefined },
      errors: [{ path: '/partner/0/personData/phone', keyword: 'required' }],
    },
    {
      name: 'an order amount type (camel case) in a return',
      changes: { '/item/0/amount/0/amountType': 'totalNet' },
      errors: [{ path: '/item/0/amount/0/amountType', keyword: 'enum' }],
    },
    {
      name: 'a return sku over 25 code points',
      changes: { '/item/0/sku': 'S'.repeat(26) },
      errors: [{ path: '/item/0/sku', keyword: 'maxLength' }],
    },
  ];

  it('accepts the valid fixture', () => {
    expect(returnErrors(validReturn())).toEqual([]);
  });

  it.each(cases)('$name', ({ changes, errors }) => {
    const payload = change(validReturn(), changes);
    expect(returnErrors(payload)).toEqual(errors);
    const lintPaths = lintReturn(payload).map((p) => p.path);
    for (const error of errors) expect(lintPaths).toContain(error.path);
  });
});

/** Pointers of every string leaf of a JSON value. */
function leafPointers(value: unknown, base = ''): string[] {
  if (typeof value === 'string') return [base];
  if (Array.isArray(value)) return value.flatMap((el, i) => leafPointers(el, `${base}/${i}`));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, el]) => leafPointers(el, `${base}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`));
  }
  return [];
}

// Error rules whose verdict the JSON Schema mirrors (date-format is shape-only there).
const SCHEMA_RULES = new Set([
  'required', 'type', 'max-length', 'enum', 'numeric-text', 'currency-code', 'country-code',
  'key-charset', 'locale-format', 'items-present', 'version-field',
]);

describe('the exported schemas agree with lint on changed leaves', () => {
  const leafValue = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.constantFrom('', 'eur', 'EUR', 'USD', 'de', 'DE', 'XX', 'DEU', 'de-DE', 'de-ZZ', 'a@b.cd', '-1', '1.5', '1,5', 'PUO', 'EXI', 'REQ 1'),
    fc.integer(),
    fc.constant(null),
    fc.constant(undefined),
  );

  it.each(ORDER_VERSIONS)('v%s: ajv valid means no structural lint error; ajv errors are lint problems', (version) => {
    const pointers = leafPointers(validOrder(version));
    fc.assert(
      fc.property(fc.constantFrom(...pointers), leafValue, (pointer, value) => {
        const payload = change(validOrder(version), { [pointer]: value });
        const errors = orderErrors(payload, version);
        const problems = lintOrder(payload, { version });
        if (errors.length === 0) {
          expect(problems.filter((p) => p.severity === 'error' && SCHEMA_RULES.has(p.rule))).toEqual([]);
        } else {
          const paths = problems.map((p) => p.path);
          for (const error of errors) expect(paths).toContain(error.path);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('the return request: the same', () => {
    const pointers = leafPointers(validReturn());
    fc.assert(
      fc.property(fc.constantFrom(...pointers), leafValue, (pointer, value) => {
        const payload = change(validReturn(), { [pointer]: value });
        const errors = returnErrors(payload);
        const problems = lintReturn(payload);
        if (errors.length === 0) {
          expect(problems.filter((p) => p.severity === 'error' && SCHEMA_RULES.has(p.rule))).toEqual([]);
        } else {
          const paths = problems.map((p) => p.path);
          for (const error of errors) expect(paths).toContain(error.path);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('response schemas convert too', () => {
  const strict = new Ajv({ allErrors: true });
  // Each schema with bodies it must accept (documented shapes) and bodies it must refuse.
  const CASES: { name: string; schema: v.GenericSchema; valid: unknown[]; invalid: unknown[] }[] = [
    { name: 'PaymentMethodList', schema: PaymentMethodListSchema, valid: [[bodies.PAYMENT_METHOD_ENTRY], []], invalid: [bodies.PAYMENT_METHOD_ENTRY, [[]], [{ paymentMethod: 'Visa' }]] },
    { name: 'PaymentMethodEntry', schema: PaymentMethodEntrySchema, valid: [bodies.PAYMENT_METHOD_ENTRY, { errorCode: '404', message: [{ message: 'No data', path: 'country', errorType: 'NotFound' }] }], invalid: [[], { message: 'x' }, { result: 1 }] },
    { name: 'InventoryEntry', schema: InventoryEntrySchema, valid: [bodies.INVENTORY_ENTRY], invalid: [{ inventory: [{ productID: 'A', quantity: '1' }] }, { errorCode: '' }] },
    { name: 'OrderResultV1', schema: OrderResultV1Schema, valid: [bodies.ORDER_RESULT_V1_TRUE, bodies.ORDER_RESULT_V1_FALSE], invalid: [bodies.ORDER_RESULT_V11_TRUE] },
    { name: 'OrderResultV11', schema: OrderResultV11Schema, valid: [bodies.ORDER_RESULT_V11_TRUE, bodies.ORDER_RESULT_V11_FALSE], invalid: [bodies.ORDER_RESULT_V1_TRUE, { result: 'yes' }] },
    { name: 'OrderResultV12', schema: OrderResultV12Schema, valid: [{ ...bodies.ORDER_RESULT_V11_TRUE, requestId: 'R-1' }], invalid: [{ result: 'true', requestId: 7 }] },
    { name: 'OrderResult', schema: OrderResultSchema, valid: [bodies.ORDER_RESULT_V1_TRUE, bodies.ORDER_RESULT_V11_FALSE], invalid: [{ result: null }] },
    { name: 'ReturnTokenResult', schema: ReturnTokenResultSchema, valid: [bodies.RETURN_TOKEN_OK, bodies.RETURN_TOKEN_REJECTED], invalid: [{ transactionID: 'T' }, { resultCode: 0 }] },
    { name: 'ProductUnauthorizedBody', schema: ProductUnauthorizedBodySchema, valid: [bodies.PRODUCT_401], invalid: [bodies.STATUS_401] },
    { name: 'StatusCodeErrorBody', schema: StatusCodeErrorBodySchema, valid: [bodies.STATUS_401, bodies.PRODUCT_404, bodies.GATEWAY_401], invalid: [bodies.PRODUCT_401, { statusCode: true }] },
    { name: 'ServerErrorBody', schema: ServerErrorBodySchema, valid: [bodies.SERVER_500], invalid: [bodies.STATUS_401] },
    { name: 'EchoRequest', schema: EchoRequestSchema, valid: [bodies.ECHO_REQUEST], invalid: [{ ...bodies.ECHO_REQUEST, maxSpeed: '125' }] },
  ];

  it.each(CASES)('$name: a default strict Ajv compiles it; ajv and valibot agree on valid and invalid bodies', ({ schema, valid, invalid }) => {
    const json = toJsonSchema(schema);
    expect(() => new Ajv().compile(json)).not.toThrow();
    const validate = strict.compile(json);
    for (const body of valid) {
      expect(v.is(schema, body)).toBe(true);
      expect(validate(body), JSON.stringify(validate.errors)).toBe(true);
    }
    for (const body of invalid) {
      expect(v.is(schema, body)).toBe(false);
      expect(validate(body)).toBe(false);
    }
  });

  it('a response body is a loose object: members beyond the documented ones pass', () => {
    const json = toJsonSchema(InventoryEntrySchema);
    expect(json.type).toBe('object');
    expect(json.additionalProperties).toBeUndefined();
    expect(json.required).toEqual(['inventory']);
  });

  it('a custom schema with nothing piped into it still has no JSON Schema form', () => {
    expect(() => toJsonSchema(v.custom(() => true))).toThrow(TypeError);
  });
});
