import { describe, expect, it } from 'vitest';
import { decodeInventory } from '../../src/http/decode-inventory';
import { GATEWAY_401, INVENTORY_ENTRY, PRODUCT_401, PRODUCT_404, SERVER_500 } from './fixtures';

describe('decodeInventory', () => {
  it('decodes the 200 inventory entry', () => {
    expect(decodeInventory(200, INVENTORY_ENTRY)).toStrictEqual({ ok: true, value: INVENTORY_ENTRY });
  });

  it('accepts null errorCode and errorMessage and extra members', () => {
    const body = { inventory: [{ productID: 'SKU-1', quantity: 3, stockLocationName: 'Venlo', bin: 'A1' }], errorCode: null, errorMessage: null, requestId: 'r-1' };
    expect(decodeInventory(200, body)).toStrictEqual({ ok: true, value: body });
  });

  it('decodes a 200 with errorCode set as rejected', () => {
    const body = { inventory: [], errorCode: 'SKU_UNKNOWN', errorMessage: 'Product not found' };
    expect(decodeInventory(200, body)).toStrictEqual({
      ok: false,
      error: { kind: 'rejected', status: 200, code: 'SKU_UNKNOWN', message: 'Product not found', raw: body },
    });
  });

  it('decodes the 401 with statuscode in lower case', () => {
    expect(decodeInventory(401, PRODUCT_401)).toStrictEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, code: '401', message: 'Unauthorized', raw: PRODUCT_401 },
    });
  });

  it("decodes the gateway's 401 (statusCode, a number)", () => {
    const result = decodeInventory(401, GATEWAY_401);
    expect(result.ok === false && result.error).toMatchObject({ kind: 'unauthorized', code: '401' });
  });

  it('decodes the 404 with statusCode', () => {
    expect(decodeInventory(404, PRODUCT_404)).toStrictEqual({
      ok: false,
      error: { kind: 'not-found', status: 404, code: '404', message: 'Resource not found', raw: PRODUCT_404 },
    });
  });

  it('decodes the 500 as server whatever its body (not shown by the spec)', () => {
    expect(decodeInventory(500, '')).toStrictEqual({ ok: false, error: { kind: 'server', status: 500, raw: '' } });
    expect(decodeInventory(500, SERVER_500)).toStrictEqual({
      ok: false,
      error: { kind: 'server', status: 500, code: '500', message: SERVER_500.message, activityId: SERVER_500.activityId, raw: SERVER_500 },
    });
  });

  it.each([
    ['a 404 with the lower-case 401 shape', 404, PRODUCT_401],
    ['a 200 with quantity as text', 200, { inventory: [{ productID: 'SKU-1', quantity: '3' }] }],
    ['a 200 without inventory', 200, { errorCode: '', errorMessage: '' }],
    ['a 200 array', 200, [INVENTORY_ENTRY]],
    ['a 401 text', 401, 'Unauthorized'],
  ])('decodes %s as unexpected', (_name, status, body) => {
    const result = decodeInventory(status, body);
    expect(result.ok === false && result.error.kind).toBe('unexpected');
    expect(result.ok === false && result.error.raw).toBe(body);
  });
});
