/**
 * Standard Schema V1 validators backed by the lint engine: issues are exactly the
 * error-severity problems; warnings pass; paths are keys with numeric array indexes;
 * no message repeats a payload value; vitest's expect.schemaMatching accepts them; the
 * types fit @standard-schema/spec's.
 */
import type { StandardSchemaV1 as SpecSchema } from '@standard-schema/spec';
import fc from 'fast-check';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { OrderRequest, OrderRequestV1_2 } from '../../src/schema/order';
import type { ReturnRequest } from '../../src/schema/return';
import { ORDER_VERSIONS } from '../../src/schema/tables';
import { orderValidator, returnValidator, type StandardSchemaV1 } from '../../src/testing/standard-schema';
import { change, FMS_PROFILE, PROFILE, validOrder, validReturn } from '../fixtures';

function validate<T>(schema: StandardSchemaV1<unknown, T>, value: unknown) {
  const result = schema['~standard'].validate(value);
  if (result instanceof Promise) throw new Error('fulfilkit validators are synchronous');
  return result;
}

describe('orderValidator', () => {
  it('declares vendor fulfilkit, version 1', () => {
    const props = orderValidator({ version: '1.1' })['~standard'];
    expect(props.vendor).toBe('fulfilkit');
    expect(props.version).toBe(1);
  });

  it.each(ORDER_VERSIONS)('passes a valid v%s order through unchanged (the same object)', (version) => {
    const payload = validOrder(version);
    const result = validate(orderValidator({ version, profile: PROFILE }), payload);
    expect(result.issues).toBeUndefined();
    expect((result as { value: unknown }).value).toBe(payload);
  });

  it('reports exactly the lint errors, as { message, path } with numeric array indexes', () => {
    const payload = change(validOrder('1.1'), {
      '/clientRequest/partner/0/personData/firstName': 'Maximiliane-Alexandra',
      '/clientRequest/item/1/quantity/value': 3,
    });
    const result = validate(orderValidator({ version: '1.1' }), payload);
    expect(result.issues).toEqual([
      { message: expect.stringContaining('limit is 20'), path: ['clientRequest', 'partner', 0, 'personData', 'firstName'] },
      { message: expect.any(String), path: ['clientRequest', 'item', 1, 'quantity', 'value'] },
    ]);
    expect(JSON.stringify(result.issues)).not.toContain('Maximiliane');
  });

  it('does not fail on warnings: an ambiguous PUO and an unknown member pass', () => {
    const payload = change(validOrder('1.1'), { '/clientRequest/order/shipServiceLevel': 'PUO', '/clientRequest/order/giftWrap': 'yes' });
    expect(lintOrder(payload, { version: '1.1' }).map((p) => p.severity)).toEqual(['warn', 'warn']);
    expect(validate(orderValidator({ version: '1.1' }), payload).issues).toBeUndefined();
  });

  it('catches a business rule the raw schema misses (netprice-required) and profile rules (FMS)', () => {
    const noNet = change(validOrder('1.1'), { '/clientRequest/item/0/amount': [{ currencyISO3: 'EUR', amountType: 'grossprice', value: '47.60' }] });
    expect(validate(orderValidator({ version: '1.1' }), noNet).issues).toEqual([{ message: expect.any(String), path: ['clientRequest', 'item', 0, 'amount'] }]);
    const paid = change(validOrder('1.1'), { '/clientRequest/payment/status': 'paid' });
    expect(validate(orderValidator({ version: '1.1' }), paid).issues).toBeUndefined();
    expect(validate(orderValidator({ version: '1.1', profile: FMS_PROFILE }), paid).issues?.[0]?.path).toEqual(['clientRequest', 'payment', 'status']);
  });

  it('follows rule levels: a rule set to off no longer fails, a warning set to error does', () => {
    const payload = change(validOrder('1.1'), { '/clientRequest/order/giftWrap': 'yes' });
    expect(validate(orderValidator({ version: '1.1', rules: { 'unknown-field': 'error' } }), payload).issues).toHaveLength(1);
    const long = change(validOrder('1.1'), { '/clientRequest/partner/0/personData/firstName': 'J'.repeat(30) });
    expect(validate(orderValidator({ version: '1.1', rules: { 'max-length': 'off' } }), long).issues).toBeUndefined();
  });

  it('reports the root as path [] and keeps member names that look like numbers as strings', () => {
    expect(validate(orderValidator({ version: '1.1' }), 42).issues).toEqual([{ message: expect.any(String), path: [] }]);
    const numbered = change(validOrder('1.1'), { '/clientRequest/order/0': 'x' });
    const strict = validate(orderValidator({ version: '1.1', rules: { 'unknown-field': 'error' } }), numbered);
    expect(strict.issues).toEqual([{ message: expect.any(String), path: ['clientRequest', 'order', '0'] }]);
  });

  it('refuses options without a known version', () => {
    expect(() => orderValidator({ version: '2' as never })).toThrow(new RangeError('orderValidator: options.version must be one of "1", "1.1", "1.2".'));
    expect(() => orderValidator(undefined as never)).toThrow(TypeError);
  });

  it('agrees with lintOrder on every changed leaf (property)', () => {
    const schema = orderValidator({ version: '1.2' });
    const leaves = ['/clientRequest/requestHeader/requestReference', '/clientRequest/order/shipServiceLevel', '/clientRequest/item/0/sku', '/clientRequest/partner/1/addressData/countryISO2'];
    fc.assert(
      fc.property(fc.constantFrom(...leaves), fc.oneof(fc.string({ maxLength: 30 }), fc.integer(), fc.constant(null)), (pointer, value) => {
        const payload = change(validOrder('1.2'), { [pointer]: value });
        const errors = lintOrder(payload, { version: '1.2' }).filter((p) => p.severity === 'error');
        const result = validate(schema, payload);
        expect(result.issues?.map((i) => i.message) ?? []).toEqual(errors.map((p) => p.message));
      }),
      { numRuns: 200 },
    );
  });
});

describe('returnValidator', () => {
  it('passes a valid return request; reports a return-reason error with the profile only', () => {
    expect(validate(returnValidator(), validReturn()).issues).toBeUndefined();
    const other = change(validReturn(), { '/rma/returnReason': 'changed-mind' });
    expect(validate(returnValidator(), other).issues).toBeUndefined();
    expect(validate(returnValidator({ profile: PROFILE }), other).issues).toEqual([{ message: expect.any(String), path: ['rma', 'returnReason'] }]);
  });

  it('issues equal lintReturn errors, warnings do not fail', () => {
    const payload = change(validReturn(), { '/item/0/sku': 'S'.repeat(30), '/partner/0/personData/phone/1': { phoneType: 'home', value: '1' } });
    const problems = lintReturn(payload);
    expect(problems.some((p) => p.severity === 'warn')).toBe(true);
    const issues = validate(returnValidator(), payload).issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(problems.filter((p) => p.severity === 'error').map((p) => p.message));
    expect(issues[0]?.path).toEqual(['item', 0, 'sku']);
  });
});

/**
 * The validators check their options when created, with the matchers' checks: a misspelt
 * rule id, an unknown level or option, or a profile `--profile` refuses was ignored, and the
 * validator linted with something else than its caller meant.
 */
describe('options', () => {
  type Case = [string, () => unknown, typeof TypeError | typeof RangeError, string];
  it.each<Case>([
    ['a misspelt rule id', () => orderValidator({ version: '1.1', rules: { 'max-lenght': 'off' } }), RangeError, 'orderValidator: options.rules names an unknown rule "max-lenght".'],
    ['an unknown level', () => orderValidator({ version: '1.1', rules: { 'max-length': 'fatal' as never } }), RangeError, 'orderValidator: options.rules.max-length must be one of "off", "warn", "error".'],
    ['a level in capitals', () => returnValidator({ rules: { 'max-length': 'Off' as never } }), RangeError, 'returnValidator: options.rules.max-length must be one of'],
    ['rules that are not an object', () => orderValidator({ version: '1.1', rules: null as never }), TypeError, 'orderValidator: options.rules must be an object of rule ids and levels.'],
    ['strict (a matcher option)', () => orderValidator({ version: '1.1', strict: true } as never), RangeError, 'orderValidator: options has an unknown member "strict"; known: version, profile, rules.'],
    ['a version for returns', () => returnValidator({ version: '1.1' } as never), RangeError, 'returnValidator: options has an unknown member "version"'],
    ['a profile client that is a number', () => orderValidator({ version: '1.1', profile: { client: 5 } as never }), TypeError, 'orderValidator: options.profile.client must be a non-empty string.'],
    ['a profile fms that is text', () => orderValidator({ version: '1.1', profile: { client: 'ACME', clientCode: 'ACME', fms: 'yes' } as never }), TypeError, 'orderValidator: options.profile.fms must be true or false.'],
    ['a null profile', () => orderValidator({ version: '1.1', profile: null as never }), TypeError, 'orderValidator: options.profile must be a JSON object'],
    ['an order profile without clientCode', () => orderValidator({ version: '1.1', profile: { client: 'ACME' } as never }), TypeError, 'orderValidator: options.profile needs a clientCode'],
    ['returnReasons that are text', () => returnValidator({ profile: { client: 'ACME', returnReasons: 'x' } as never }), TypeError, 'returnValidator: options.profile.returnReasons must be an array of non-empty strings.'],
    ['options null', () => returnValidator(null as never), TypeError, 'returnValidator: options must be an object.'],
    ['options text', () => returnValidator('x' as never), TypeError, 'returnValidator: options must be an object.'],
    ['no options', () => orderValidator(undefined as never), TypeError, 'orderValidator: options must be an object.'],
    ['no version', () => orderValidator({} as never), TypeError, 'orderValidator: options.version must be one of "1", "1.1", "1.2".'],
  ])('refuses %s when created, naming it', (_what, create, error, message) => {
    expect(create).toThrow(error);
    expect(create).toThrow(message);
  });

  it('takes a returns-only profile for returns (nothing in a return reads clientCode)', () => {
    const schema = returnValidator({ profile: { client: 'ACME', returnReasons: ['damaged'] } });
    expect(validate(schema, validReturn()).issues).toBeUndefined();
    expect(validate(schema, change(validReturn(), { '/rma/returnReason': 'changed-mind' })).issues).toEqual([{ message: expect.any(String), path: ['rma', 'returnReason'] }]);
  });

  it('keeps a deep copy of the options it was created with: changing them later changes nothing', () => {
    const profile = { ...PROFILE, returnReasons: [...PROFILE.returnReasons!] };
    const rules: Record<string, 'off' | 'warn' | 'error'> = {};
    const options = { version: '1.1' as '1' | '1.1', profile, rules };
    const order = orderValidator(options);
    const rma = returnValidator({ profile, rules });
    options.version = '1';
    profile.client = 'OTHER';
    profile.returnReasons[0] = 'changed-mind';
    rules.required = 'off';
    expect(validate(order, validOrder('1.1')).issues).toBeUndefined();
    expect(validate(order, change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': undefined })).issues).toHaveLength(1);
    expect(validate(rma, validReturn()).issues).toBeUndefined();
    expect(validate(rma, change(validReturn(), { '/rma/returnReason': 'changed-mind' })).issues).toHaveLength(1);
  });
});

describe('with vitest', () => {
  it('expect.schemaMatching accepts the validators (vitest 4)', () => {
    expect(typeof expect.schemaMatching).toBe('function');
    expect(validOrder('1.1')).toEqual(expect.schemaMatching(orderValidator({ version: '1.1' })));
    expect(change(validOrder('1.1'), { '/clientRequest/item': [] })).not.toEqual(expect.schemaMatching(orderValidator({ version: '1.1' })));
    expect({ rma: validReturn() }).toEqual({ rma: expect.schemaMatching(returnValidator({ profile: PROFILE })) });
  });

  it('fits the @standard-schema/spec types, input and output typed as the payload type of the version', () => {
    const order: SpecSchema<OrderRequestV1_2, OrderRequestV1_2> = orderValidator({ version: '1.2' });
    const rma: SpecSchema<ReturnRequest, ReturnRequest> = returnValidator();
    expectTypeOf<SpecSchema.InferInput<typeof order>>().toEqualTypeOf<OrderRequestV1_2>();
    expectTypeOf<SpecSchema.InferOutput<ReturnType<typeof orderValidator<'1'>>>>().toEqualTypeOf<OrderRequest<'1'>>();
    expectTypeOf<StandardSchemaV1.InferOutput<ReturnType<typeof returnValidator>>>().toEqualTypeOf<ReturnRequest>();
    expect(order['~standard'].vendor).toBe(rma['~standard'].vendor);
  });
});
