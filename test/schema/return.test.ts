import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ReturnRequestSchema } from '../../src/schema/return';
import { change, set, validReturn } from '../fixtures';

const issuePaths = (result: v.SafeParseResult<v.GenericSchema>) =>
  (result.issues ?? []).map((issue) => '/' + (issue.path ?? []).map((p) => String(p.key)).join('/'));

describe('return request schema (valibot)', () => {
  it('accepts the valid fixture and returns it unchanged', () => {
    const result = v.safeParse(ReturnRequestSchema, validReturn());
    expect(result.issues).toBeUndefined();
    expect(result.output).toEqual(validReturn());
  });

  it('is a Standard Schema V1 schema', () => {
    const standard = ReturnRequestSchema['~standard'];
    expect(standard.version).toBe(1);
    const result = standard.validate(validReturn()) as { value?: unknown; issues?: unknown };
    expect(result.issues).toBeUndefined();
    expect(result.value).toEqual(validReturn());
  });

  it('accepts a return without partner, with transactionId null, and a mobile phone', () => {
    expect(v.safeParse(ReturnRequestSchema, set(validReturn(), '/partner', undefined)).success).toBe(true);
    expect(v.safeParse(ReturnRequestSchema, set(validReturn(), '/rma/transactionId', null)).success).toBe(true);
    expect(v.safeParse(ReturnRequestSchema, set(validReturn(), '/rma/transactionId', 'T-1')).success).toBe(true);
    expect(v.safeParse(ReturnRequestSchema, set(validReturn(), '/partner/0/personData/phone/0/phoneType', 'mobile')).success).toBe(true);
  });

  it('counts max lengths in code points', () => {
    expect(v.safeParse(ReturnRequestSchema, set(validReturn(), '/item/0/sku', 'a'.repeat(24) + '😀')).success).toBe(true);
    expect(issuePaths(v.safeParse(ReturnRequestSchema, set(validReturn(), '/item/0/sku', 'a'.repeat(26))))).toEqual(['/item/0/sku']);
  });

  const BROKEN: [string, unknown, string][] = [
    ['without rma', set(validReturn(), '/rma', undefined), '/rma'],
    ['with the order amount types (upper case)', set(validReturn(), '/rma/amount/amountType', 'totalGross'), '/rma/amount/amountType'],
    ['with rma.amount as an array', set(validReturn(), '/rma/amount', [validReturn().rma.amount]), '/rma/amount'],
    ['with an alpha-2 country', set(validReturn(), '/partner/0/addressData/countryISO3', 'DE'), '/partner/0/addressData/countryISO3'],
    ['with a UTC dateTimeOrder', set(validReturn(), '/rma/dateTimeOrder', '2026-02-20T00:00:00Z'), '/rma/dateTimeOrder'],
    ['with a relative clientReturnURL', set(validReturn(), '/rma/clientReturnURL', '/returns'), '/rma/clientReturnURL'],
    ['without personData.email', set(validReturn(), '/partner/0/personData/email', undefined), '/partner/0/personData/email'],
    ['with an empty item list', set(validReturn(), '/item', []), '/item'],
    ['with a 31-character fiscalid', set(validReturn(), '/partner/0/personData/fiscalid', 'F'.repeat(31)), '/partner/0/personData/fiscalid'],
    ['with an order item member', set(validReturn(), '/item/0/itemId', '1'), '/item/0/itemId'],
  ];

  it.each(BROKEN)('rejects a return %s', (_name, payload, path) => {
    const result = v.safeParse(ReturnRequestSchema, payload);
    expect(result.success).toBe(false);
    // valibot reads an array as an object with missing members, so match by prefix.
    expect(issuePaths(result).some((p) => p === path || p.startsWith(`${path}/`))).toBe(true);
  });

  it('rejects several problems at once', () => {
    const payload = change(validReturn(), { '/item/0/quantity/value': 'one', '/requestHeader/client': undefined });
    expect(issuePaths(v.safeParse(ReturnRequestSchema, payload)).sort()).toEqual(['/item/0/quantity/value', '/requestHeader/client']);
  });
});
