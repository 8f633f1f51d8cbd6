import { inspect, format } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  PayloadRejectedError,
  REDACTED,
  describeCreateOrder,
  describeCreateReturnToken,
  describeEcho,
  describeInventory,
  describeListPaymentMethods,
  describeOrderOptions,
  type Connection,
  type HttpRequest,
} from '../../src/http/index';
import { CONNECTION, CREDENTIALS, ECHO_REQUEST, ORDER, RETURN_REQUEST } from './fixtures';

/** Every descriptor, built with the given connection. */
const DESCRIPTORS: Record<string, (connection: Connection) => HttpRequest> = {
  listPaymentMethods: (c) => describeListPaymentMethods({ ...c, country: 'DE', paymentMethod: 'Visa' }),
  inventory: (c) => describeInventory({ ...c, sku: 'SKU-1' }),
  createReturnToken: (c) => describeCreateReturnToken(RETURN_REQUEST, c),
  createOrderV1: (c) => describeCreateOrder(ORDER, { ...c, version: '1' }),
  createOrderV11: (c) => describeCreateOrder(ORDER, { ...c, version: '1.1' }),
  createOrderV12: (c) => describeCreateOrder(ORDER, { ...c, version: '1.2' }),
  orderOptions: (c) => describeOrderOptions(c),
  echo: (c) => describeEcho(ECHO_REQUEST, c),
};

/** Every way a request commonly ends up as text: logs, error reports, debuggers. */
function printed(request: HttpRequest): string[] {
  return [
    String(request),
    `${request}`,
    JSON.stringify(request),
    JSON.stringify(request, null, 2),
    JSON.stringify({ request }),
    JSON.stringify([request]),
    JSON.stringify({ ...request }),
    JSON.stringify(request.headers),
    JSON.stringify({ headers: request.headers }),
    inspect(request),
    inspect(request, { depth: Number.POSITIVE_INFINITY, showHidden: true }),
    inspect({ nested: [{ request }] }, { depth: Number.POSITIVE_INFINITY }),
    inspect({ ...request }),
    inspect(request.headers),
    inspect(request.headers, { showHidden: true }),
    format('%s %o %O %j', request, request, request, request),
    format('%s %o %j', request.headers, request.headers, request.headers),
    String(request.headers),
  ];
}

/** Runs `call` and returns every text form of what it threw ('' when it did not throw). */
function errorTexts(call: () => unknown): string[] {
  try {
    call();
    return [];
  } catch (error) {
    return [String(error), (error as Error).message, (error as Error).stack ?? '', inspect(error), JSON.stringify(error)];
  }
}

const SECRETS = Object.values(CREDENTIALS);

describe('credentials never print', () => {
  it.each(Object.entries(DESCRIPTORS))('%s: every printed form is redacted', (name, describeRequest) => {
    const request = describeRequest(CONNECTION);
    for (const text of printed(request)) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
    }
    expect(JSON.stringify(request)).toContain(REDACTED);
    expect(inspect(request)).toContain(REDACTED);
    expect(String(request)).toBe(`${request.method} ${request.url}`);
    if (name === 'echo') expect(JSON.parse(JSON.stringify(request)).headers).toStrictEqual({ 'Ocp-Apim-Subscription-Key': REDACTED, 'Content-Type': 'application/json' });
  });

  it('keeps the non-secret parts readable', () => {
    const view = JSON.parse(JSON.stringify(describeCreateOrder(ORDER, { ...CONNECTION, version: '1.1' })));
    expect(view).toStrictEqual({
      method: 'POST',
      url: 'https://api.example.test/fulfillmentapi/v1.1/orders',
      headers: { ClientConfigId: REDACTED, ClientAuthKey: REDACTED, 'Ocp-Apim-Subscription-Key': REDACTED, 'Content-Type': 'application/json' },
      body: JSON.stringify(ORDER),
    });
  });

  it('still gives the real values for sending, through the Fetch Headers methods', () => {
    const request = describeInventory(CONNECTION);
    expect(request.headers.get('ClientConfigId')).toBe(CREDENTIALS.clientConfigId);
    expect(request.headers.get('ClientAuthKey')).toBe(CREDENTIALS.clientAuthKey);
    expect(request.headers.get('Ocp-Apim-Subscription-Key')).toBe(CREDENTIALS.subscriptionKey);
    // What fetch does with an iterable HeadersInit: read its [name, value] pairs.
    const headers = new Headers(request.headers);
    expect(headers.get('clientauthkey')).toBe(CREDENTIALS.clientAuthKey);
    const names: string[] = [];
    headers.forEach((_value, name) => names.push(name));
    expect(names).toStrictEqual(['clientauthkey', 'clientconfigid', 'ocp-apim-subscription-key']);
  });
});

/** Credentials of 8+ characters from an alphabet no fixture, URL or message uses in a run of 8. */
const secret = fc.string({ unit: fc.constantFrom(...'QXZJqxzj~^|'), minLength: 8, maxLength: 24 });
const credentials = fc.record({ clientConfigId: secret, clientAuthKey: secret, subscriptionKey: secret });

describe('credentials never print, whatever they are (property)', () => {
  it('in any printed form of any descriptor', () => {
    fc.assert(
      fc.property(credentials, fc.constantFrom(...Object.values(DESCRIPTORS)), (creds, describeRequest) => {
        const request = describeRequest({ baseUrl: CONNECTION.baseUrl, credentials: creds });
        const secrets = Object.values(creds);
        for (const text of printed(request)) {
          for (const value of secrets) expect(text).not.toContain(value);
        }
        expect(request.headers.get('ClientAuthKey') ?? creds.clientAuthKey).toBe(creds.clientAuthKey);
        expect(request.headers.get('Ocp-Apim-Subscription-Key')).toBe(creds.subscriptionKey);
      }),
      { numRuns: 150 },
    );
  });

  it('in error messages when another credential, the baseUrl or the payload is bad', () => {
    const bad = fc.oneof(fc.constant(''), fc.constant(undefined), fc.string().map((s) => ` ${s}\n`), fc.integer());
    fc.assert(
      fc.property(
        credentials,
        fc.constantFrom('clientConfigId', 'clientAuthKey', 'subscriptionKey', 'baseUrl', 'payload', 'filter'),
        bad,
        (creds, broken, badValue) => {
          const connection = { baseUrl: broken === 'baseUrl' ? `ftp://${creds.clientAuthKey}` : CONNECTION.baseUrl, credentials: { ...creds } as Record<string, unknown> };
          if (broken in creds) connection.credentials[broken] = badValue;
          const c = connection as unknown as Connection;
          const calls = [
            () => describeCreateOrder(broken === 'payload' ? { clientRequest: { requestHeader: { client: creds.clientAuthKey } } } : ORDER, { ...c, version: '1.1' }),
            () => describeCreateReturnToken(broken === 'payload' ? {} : RETURN_REQUEST, c),
            () => describeInventory({ ...c, sku: broken === 'filter' ? '' : 'SKU-1' }),
            () => describeEcho(broken === 'payload' ? { vehicleType: creds.clientAuthKey } : ECHO_REQUEST, c),
            () => describeOrderOptions(c),
          ];
          for (const call of calls) {
            for (const text of errorTexts(call)) {
              for (const value of Object.values(creds)) expect(text).not.toContain(value);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it('in error messages about the bad credential itself', () => {
    const marked = fc.string({ maxLength: 20 }).map((s) => `QXZJQXZJ${s}\r\n`);
    fc.assert(
      fc.property(marked, fc.constantFrom('clientConfigId', 'clientAuthKey', 'subscriptionKey'), (value, field) => {
        const texts = errorTexts(() => describeInventory({ ...CONNECTION, credentials: { ...CREDENTIALS, [field]: value } }));
        expect(texts.length).toBeGreaterThan(0);
        for (const text of texts) expect(text).not.toContain('QXZJQXZJ');
        expect(texts[1]).toContain(`credentials.${field}`);
      }),
      { numRuns: 100 },
    );
  });

  it('in a PayloadRejectedError', () => {
    const error = errorTexts(() => describeCreateOrder({}, { ...CONNECTION, version: '1.1' }));
    expect(error[0]).toMatch(/^PayloadRejectedError: order payload refused/);
    for (const text of error) for (const value of SECRETS) expect(text).not.toContain(value);
    expect(PayloadRejectedError.name).toBe('PayloadRejectedError');
  });
});
