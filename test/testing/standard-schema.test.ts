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
    expect(() => orderValidator({ version: '2' as never })).toThrow(TypeError);
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
