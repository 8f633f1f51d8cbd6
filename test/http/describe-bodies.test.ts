import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { describeCreateOrder, describeCreateReturnToken } from '../../src/http/index';
import { CONNECTION, CREDENTIALS, ORDER, RETURN_REQUEST } from './fixtures';

const JSON_HEADERS = {
  ClientConfigId: CREDENTIALS.clientConfigId,
  ClientAuthKey: CREDENTIALS.clientAuthKey,
  'Ocp-Apim-Subscription-Key': CREDENTIALS.subscriptionKey,
  'Content-Type': 'application/json',
};

describe('request descriptors with a JSON body', () => {
  it.each([
    ['1', 'https://api.example.test/fulfillmentapi/v1/orders'],
    ['1.1', 'https://api.example.test/fulfillmentapi/v1.1/orders'],
    ['1.2', 'https://api.example.test/fulfillmentapi/v1.2/orders'],
  ] as const)('create order v%s posts to %s', (version, url) => {
    const req = describeCreateOrder(ORDER, { ...CONNECTION, version });
    expect(req.method).toBe('POST');
    expect(req.url).toBe(url);
    expect(Object.fromEntries(req.headers)).toStrictEqual(JSON_HEADERS);
    expect(req.body).toBe(JSON.stringify(ORDER));
    expect(JSON.parse(req.body as string)).toStrictEqual(ORDER);
  });

  it('create return token posts to /rmaportalapi/v1/rmaTokens with Content-Type', () => {
    const req = describeCreateReturnToken(RETURN_REQUEST, CONNECTION);
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.example.test/rmaportalapi/v1/rmaTokens');
    expect(Object.fromEntries(req.headers)).toStrictEqual(JSON_HEADERS);
    expect(req.body).toBe(JSON.stringify(RETURN_REQUEST));
  });

  it('does not modify the payload', () => {
    const payload = structuredClone(ORDER);
    describeCreateOrder(payload, { ...CONNECTION, version: '1.1' });
    expect(payload).toStrictEqual(ORDER);
  });

  it('refuses an unknown version, naming the field', () => {
    expect(() => describeCreateOrder(ORDER, { ...CONNECTION, version: '2' as never })).toThrow(RangeError);
    expect(() => describeCreateOrder(ORDER, { ...CONNECTION, version: '2' as never })).toThrow(/^version must be/);
  });

  it.each([
    ['a BigInt', { value: 1n }],
    ['a cycle', (() => { const o: Record<string, unknown> = {}; o.self = o; return o; })()],
    ['undefined', undefined],
  ])('refuses a payload with %s that JSON cannot carry (lint off)', (_name, payload) => {
    expect(() => describeCreateOrder(payload, { ...CONNECTION, version: '1.1', lint: false })).toThrow(TypeError);
    expect(() => describeCreateOrder(payload, { ...CONNECTION, version: '1.1', lint: false })).toThrow(/^payload cannot be serialised/);
  });

  it('names no member along a cycle, not even in the cause (V8 names them there)', () => {
    const payload: Record<string, unknown> = { clientRequest: { 'jane.doe@example.com': {} } };
    (payload.clientRequest as Record<string, Record<string, unknown>>)['jane.doe@example.com']!.back = payload;
    let error: unknown;
    try {
      describeCreateOrder(payload, { ...CONNECTION, version: '1.1', lint: false });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(/^payload cannot be serialised as JSON: it holds an object inside itself/);
    expect(inspect(error, { showHidden: true, depth: 10 })).not.toContain('jane.doe');
    // A BigInt's cause names no member: kept, for debugging.
    try {
      describeCreateOrder({ value: 1n }, { ...CONNECTION, version: '1.1', lint: false });
    } catch (caught) {
      expect((caught as Error).cause).toBeInstanceOf(TypeError);
    }
  });

  it('checks credentials before linting', () => {
    const credentials = { ...CREDENTIALS, clientAuthKey: '' };
    expect(() => describeCreateOrder({}, { ...CONNECTION, credentials, version: '1.1' })).toThrow(RangeError);
  });
});
