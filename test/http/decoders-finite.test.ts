/**
 * Decoders take finite numbers only (audit B, item 7): JSON.parse reads `1e400` as Infinity,
 * which no answer of the spec means. Every number member of every documented shape of every
 * decoder: finite, it decodes as documented; not finite (as JSON text, or a parsed value),
 * the shape does not match, so the answer is `unexpected` and nothing decoded holds it.
 */
import { describe, expect, it } from 'vitest';
import type { ApiResult } from '../../src/http/api-result';
import { decodeCreateOrder } from '../../src/http/decode-create-order';
import { decodeCreateReturnToken } from '../../src/http/decode-create-return-token';
import { decodeEcho } from '../../src/http/decode-echo';
import { decodeInventory } from '../../src/http/decode-inventory';
import { decodeListPaymentMethods } from '../../src/http/decode-list-payment-methods';
import { decodeOrderOptions } from '../../src/http/decode-order-options';

type Decoder = (status: number, body: unknown) => ApiResult<unknown>;

/** `N` stands for the number under test. */
const STATUS_CODE = '{"statusCode":N,"message":"Access denied."}';
const SERVER_ERROR = '{"statusCode":N,"activityId":"act-1","message":"Internal error."}';

const ROWS: { decoder: string; decode: Decoder; status: number; body: string; kind: 'ok' | 'unauthorized' | 'not-found' | 'server' }[] = [
  { decoder: 'decodeInventory', decode: decodeInventory, status: 200, body: '{"inventory":[{"productID":"SKU-1","quantity":N,"stockLocationName":"Venlo"}],"errorCode":"","errorMessage":""}', kind: 'ok' },
  { decoder: 'decodeInventory', decode: decodeInventory, status: 401, body: '{"statuscode":N,"message":"Access denied."}', kind: 'unauthorized' },
  { decoder: 'decodeInventory', decode: decodeInventory, status: 401, body: STATUS_CODE, kind: 'unauthorized' },
  { decoder: 'decodeInventory', decode: decodeInventory, status: 404, body: '{"statusCode":N,"message":"Resource not found."}', kind: 'not-found' },
  { decoder: 'decodeListPaymentMethods', decode: decodeListPaymentMethods, status: 401, body: STATUS_CODE, kind: 'unauthorized' },
  { decoder: 'decodeCreateOrder', decode: decodeCreateOrder, status: 401, body: STATUS_CODE, kind: 'unauthorized' },
  { decoder: 'decodeCreateOrder', decode: decodeCreateOrder, status: 500, body: SERVER_ERROR, kind: 'server' },
  { decoder: 'decodeCreateReturnToken', decode: decodeCreateReturnToken, status: 401, body: STATUS_CODE, kind: 'unauthorized' },
  { decoder: 'decodeCreateReturnToken', decode: decodeCreateReturnToken, status: 500, body: SERVER_ERROR, kind: 'server' },
  { decoder: 'decodeOrderOptions', decode: decodeOrderOptions, status: 401, body: STATUS_CODE, kind: 'unauthorized' },
  { decoder: 'decodeOrderOptions', decode: decodeOrderOptions, status: 500, body: SERVER_ERROR, kind: 'server' },
  { decoder: 'decodeEcho', decode: decodeEcho, status: 401, body: STATUS_CODE, kind: 'unauthorized' },
];

/** Whether a value holds a number that is not finite anywhere. */
function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value !== 'object' || value === null) return false;
  return Object.values(value).some(holdsNonFinite);
}

/** The result without `raw` (the body as received, which holds whatever came). */
function decoded(result: ApiResult<unknown>): unknown {
  if (result.ok) return result.value;
  const { raw: _raw, ...error } = result.error;
  return error;
}

describe.each(ROWS)('$decoder, HTTP $status, $body', ({ decode, status, body, kind }) => {
  it('decodes a finite number as documented', () => {
    const result = decode(status, body.replace('N', '7'));
    expect(result.ok ? 'ok' : result.error.kind).toBe(kind);
  });

  it.each(['1e400', '-1e400'])('takes %s (JSON text) for no documented shape', (number) => {
    const text = body.replace('N', number);
    for (const input of [text, JSON.parse(text)]) {
      const result = decode(status, input);
      expect(result).toMatchObject({ ok: false, error: { kind: 'unexpected', status } });
      expect(holdsNonFinite(decoded(result))).toBe(false);
    }
  });

  it('takes NaN (a parsed body) for no documented shape', () => {
    const result = decode(status, JSON.parse(body.replace('N', '0'), (_key, value) => (value === 0 ? Number.NaN : value)));
    expect(result).toMatchObject({ ok: false, error: { kind: 'unexpected', status } });
  });
});
