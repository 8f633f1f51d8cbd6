import { describe, expect, it } from 'vitest';
import { decodeEcho } from '../../src/http/decode-echo';
import { decodeOrderOptions } from '../../src/http/decode-order-options';
import { GATEWAY_401, SERVER_500, STATUS_401 } from './fixtures';

describe('decodeOrderOptions', () => {
  it('decodes 204 (no content) as success', () => {
    expect(decodeOrderOptions(204, '')).toStrictEqual({ ok: true, value: null });
    expect(decodeOrderOptions(204, undefined)).toStrictEqual({ ok: true, value: null });
  });

  it('decodes 200 as success too', () => {
    expect(decodeOrderOptions(200, '')).toStrictEqual({ ok: true, value: null });
  });

  it('decodes the fulfilment 401 and 500', () => {
    expect(decodeOrderOptions(401, STATUS_401)).toMatchObject({ ok: false, error: { kind: 'unauthorized', status: 401 } });
    expect(decodeOrderOptions(500, SERVER_500)).toMatchObject({ ok: false, error: { kind: 'server', activityId: SERVER_500.activityId } });
  });

  it('decodes a 405 as unexpected', () => {
    expect(decodeOrderOptions(405, '')).toStrictEqual({ ok: false, error: { kind: 'unexpected', status: 405, raw: '' } });
  });
});

describe('decodeEcho', () => {
  it('passes the 200 body through (not shown by the spec)', () => {
    expect(decodeEcho(200, 'OK')).toStrictEqual({ ok: true, value: 'OK' });
    expect(decodeEcho(200, '<vehicleType>train</vehicleType>')).toStrictEqual({ ok: true, value: '<vehicleType>train</vehicleType>' });
    expect(decodeEcho(200, '{"a":1}')).toStrictEqual({ ok: true, value: { a: 1 } });
  });

  it("decodes the gateway's 401", () => {
    expect(decodeEcho(401, GATEWAY_401)).toStrictEqual({
      ok: false,
      error: { kind: 'unauthorized', status: 401, code: '401', message: GATEWAY_401.message, raw: GATEWAY_401 },
    });
  });

  it('decodes a 500 in the other interfaces’ shape (the simulator’s, the document’s) as server, any other 500 as unexpected', () => {
    expect(decodeEcho(500, SERVER_500)).toMatchObject({ ok: false, error: { kind: 'server', activityId: SERVER_500.activityId } });
    expect(decodeEcho(500, 'boom')).toStrictEqual({ ok: false, error: { kind: 'unexpected', status: 500, raw: 'boom' } });
  });
});
