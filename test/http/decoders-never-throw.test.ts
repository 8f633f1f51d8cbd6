import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/http/api-result';
import { decodeCreateOrder } from '../../src/http/decode-create-order';
import { decodeCreateReturnToken } from '../../src/http/decode-create-return-token';
import { decodeEcho } from '../../src/http/decode-echo';
import { decodeInventory } from '../../src/http/decode-inventory';
import { decodeListPaymentMethods } from '../../src/http/decode-list-payment-methods';
import { decodeOrderOptions } from '../../src/http/decode-order-options';

const DECODERS: Record<string, (status: number, body: unknown) => ApiResult<unknown>> = {
  decodeCreateOrder,
  decodeCreateReturnToken,
  decodeEcho,
  decodeInventory,
  decodeListPaymentMethods,
  decodeOrderOptions,
};

const KINDS = ['unauthorized', 'not-found', 'server', 'rejected', 'unexpected'];

/** A decoder result is well-formed: ok with a value, or an error of a known kind carrying the status and raw body. */
function assertWellFormed(result: ApiResult<unknown>, status: number, body: unknown): void {
  expect(typeof result.ok).toBe('boolean');
  if (!result.ok) {
    expect(KINDS).toContain(result.error.kind);
    expect(result.error.status).toBe(status);
    expect(result.error.raw).toBe(body);
  }
}

const status = fc.integer({ min: 100, max: 599 });
const documentedStatus = fc.constantFrom(200, 204, 401, 404, 500);

/** Bodies that look like documented ones, mutated: wrong types, nulls, extra members. */
const nearMiss = fc.record(
  {
    result: fc.oneof(fc.boolean(), fc.constantFrom('true', 'false'), fc.jsonValue()),
    errorCode: fc.oneof(fc.string(), fc.constant(null), fc.jsonValue()),
    errorMessage: fc.oneof(fc.string(), fc.constant(null)),
    statusCode: fc.oneof(fc.string(), fc.integer()),
    statuscode: fc.oneof(fc.string(), fc.integer()),
    activityId: fc.oneof(fc.string(), fc.jsonValue()),
    message: fc.oneof(fc.string(), fc.array(fc.record({ message: fc.jsonValue(), path: fc.string() }, { requiredKeys: [] }))),
    resultCode: fc.oneof(fc.constant('0'), fc.string(), fc.integer()),
    transactionID: fc.oneof(fc.string(), fc.constant(null)),
    inventory: fc.array(fc.record({ productID: fc.jsonValue(), quantity: fc.oneof(fc.integer(), fc.string()) }, { requiredKeys: [] })),
    paymentMethod: fc.oneof(fc.string(), fc.array(fc.dictionary(fc.string(), fc.jsonValue()))),
  },
  { requiredKeys: [] },
);

/** 10 000 levels of nesting, as JSON text and as objects sharing members. */
const DEEP: unknown[] = (() => {
  const depth = 10_000;
  const text = '['.repeat(depth) + ']'.repeat(depth);
  let value: unknown = {};
  for (let i = 0; i < depth; i += 1) value = { statusCode: value, message: [value] };
  return [text, value, `{"a":${text}}`];
})();

describe.each(Object.entries(DECODERS))('%s never throws', (_name, decode) => {
  it('on arbitrary JSON values', () => {
    fc.assert(
      fc.property(status, fc.jsonValue(), (code, body) => assertWellFormed(decode(code, body), code, body)),
      { numRuns: 300 },
    );
  });

  it('on arbitrary JSON texts', () => {
    fc.assert(
      fc.property(status, fc.json(), (code, body) => assertWellFormed(decode(code, body), code, body)),
      { numRuns: 200 },
    );
  });

  it('on anything at all (null prototypes, symbols, functions, typed arrays)', () => {
    fc.assert(
      fc.property(
        status,
        fc.anything({ withNullPrototype: true, withObjectString: true, withMap: true, withSet: true, withBigInt: true, withTypedArray: true, withSparseArray: true, withBoxedValues: true, withDate: true }),
        (code, body) => assertWellFormed(decode(code, body), code, body),
      ),
      { numRuns: 300 },
    );
  });

  it('on near misses of the documented bodies', () => {
    fc.assert(
      fc.property(documentedStatus, fc.oneof(nearMiss, fc.array(nearMiss, { maxLength: 2 })), (code, body) =>
        assertWellFormed(decode(code, body), code, body),
      ),
      { numRuns: 150 },
    );
  });

  it('on hostile objects: throwing getters and proxies', () => {
    const getter = Object.defineProperty({}, 'statusCode', { enumerable: true, get: () => { throw new Error('boom'); } });
    const proxy = new Proxy({}, { get: () => { throw new Error('boom'); }, has: () => { throw new Error('boom'); }, ownKeys: () => { throw new Error('boom'); } });
    for (const body of [getter, proxy, [getter], [proxy]]) {
      for (const code of [200, 204, 401, 404, 500]) assertWellFormed(decode(code, body), code, body);
    }
  });

  it('on deep nesting, as text and as value', () => {
    for (const body of DEEP) {
      for (const code of [200, 401, 404, 500]) assertWellFormed(decode(code, body), code, body);
    }
  });

  it('on __proto__ members, without polluting prototypes', () => {
    const bodies = [
      JSON.parse('{"__proto__":{"statusCode":"401","message":"x","result":true}}'),
      JSON.parse('[{"__proto__":{"errorCode":"E"}}]'),
      JSON.parse('{"inventory":[],"__proto__":{"polluted":true},"constructor":{"prototype":{"polluted":true}}}'),
    ];
    for (const body of bodies) {
      for (const code of [200, 401, 404, 500]) {
        const result = decode(code, body);
        assertWellFormed(result, code, body);
        if (code === 401) expect(result.ok === false && result.error.kind).toBe('unexpected');
      }
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('on a status that is not a number', () => {
    const result = decode('200' as unknown as number, {});
    expect(result.ok).toBe(false);
  });
});
