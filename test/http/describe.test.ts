import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeEcho } from '../../src/http/describe-echo';
import { describeInventory } from '../../src/http/describe-inventory';
import { describeListPaymentMethods } from '../../src/http/describe-list-payment-methods';
import { describeOrderOptions } from '../../src/http/describe-order-options';
import { DEFAULT_SIMULATOR_DATA } from '../../src/simulator/defaults';
import { CONNECTION, CREDENTIALS, ECHO_REQUEST } from './fixtures';

const CLIENT_HEADERS = {
  ClientConfigId: CREDENTIALS.clientConfigId,
  ClientAuthKey: CREDENTIALS.clientAuthKey,
  'Ocp-Apim-Subscription-Key': CREDENTIALS.subscriptionKey,
};

describe('request descriptors without a body', () => {
  it.each([
    {
      name: 'list payment methods, no filter',
      request: () => describeListPaymentMethods(CONNECTION),
      method: 'GET',
      url: 'https://api.example.test/paymentmethodapi/v1/paymentMethod',
    },
    {
      name: 'list payment methods, both filters',
      request: () => describeListPaymentMethods({ ...CONNECTION, country: 'DE', paymentMethod: 'CreditCard' }),
      method: 'GET',
      url: 'https://api.example.test/paymentmethodapi/v1/paymentMethod?country=DE&paymentMethod=CreditCard',
    },
    {
      name: 'list payment methods, paymentMethod only',
      request: () => describeListPaymentMethods({ ...CONNECTION, paymentMethod: 'Terms_30' }),
      method: 'GET',
      url: 'https://api.example.test/paymentmethodapi/v1/paymentMethod?paymentMethod=Terms_30',
    },
    {
      name: 'inventory of all products',
      request: () => describeInventory(CONNECTION),
      method: 'GET',
      url: 'https://api.example.test/productapi/v1/inventory',
    },
    {
      name: 'inventory of one sku',
      request: () => describeInventory({ ...CONNECTION, sku: 'SKU-1' }),
      method: 'GET',
      url: 'https://api.example.test/productapi/v1/inventory?sku=SKU-1',
    },
    {
      name: 'options of v1.2 orders',
      request: () => describeOrderOptions(CONNECTION),
      method: 'OPTIONS',
      url: 'https://api.example.test/fulfillmentapi/v1.2/orders',
    },
  ])('$name', ({ request, method, url }) => {
    const req = request();
    expect(req.method).toBe(method);
    expect(req.url).toBe(url);
    expect(Object.fromEntries(req.headers)).toStrictEqual(CLIENT_HEADERS);
    expect('body' in req).toBe(false);
  });

  it('gives the headers, in the spec order and spelling, through the Fetch Headers methods only', () => {
    const req = describeInventory(CONNECTION);
    expect([...req.headers.keys()]).toStrictEqual(['ClientConfigId', 'ClientAuthKey', 'Ocp-Apim-Subscription-Key']);
    // No own member holds a value: printers that list own members find nothing secret.
    expect(Reflect.ownKeys(req.headers)).toStrictEqual([]);
    expect(Reflect.ownKeys(req)).toStrictEqual(['method', 'url', 'headers']);
  });

  it('reads like Fetch Headers: get and has ignore case, iteration gives [name, value] pairs', () => {
    const { headers } = describeInventory(CONNECTION);
    expect(headers.get('clientauthkey')).toBe(CREDENTIALS.clientAuthKey);
    expect(headers.get('CLIENTCONFIGID')).toBe(CREDENTIALS.clientConfigId);
    expect(headers.get('Content-Type')).toBeNull();
    expect(headers.has('ocp-apim-subscription-key')).toBe(true);
    expect([...headers.values()]).toStrictEqual([CREDENTIALS.clientConfigId, CREDENTIALS.clientAuthKey, CREDENTIALS.subscriptionKey]);
    const seen: string[] = [];
    headers.forEach((value, name, self) => {
      expect(self).toBe(headers);
      seen.push(`${name}=${value}`);
    });
    expect(seen).toHaveLength(3);
    expect(headers.getSetCookie()).toStrictEqual([]);
    expect(new Headers(headers).get('ClientAuthKey')).toBe(CREDENTIALS.clientAuthKey);
    expect(() => headers.set('X', 'y')).toThrow(TypeError);
    expect(() => headers.append('X', 'y')).toThrow(/read-only/);
    expect(() => headers.delete('ClientAuthKey')).toThrow(TypeError);
    // A method taken off the object cannot read another object's values.
    expect(() => headers.get.call({}, 'ClientAuthKey')).toThrow(TypeError);
  });

  it('is frozen', () => {
    const req = describeInventory(CONNECTION);
    expect(Object.isFrozen(req)).toBe(true);
    expect(Object.isFrozen(req.headers)).toBe(true);
  });
});

describe('query parameters', () => {
  it.each([
    ['a space as %20, never +', 'Terms 30', 'Terms%2030'],
    ['reserved characters', 'a&b=c/d?e#f+g', 'a%26b%3Dc%2Fd%3Fe%23f%2Bg'],
    ['non-ASCII as UTF-8', 'Überweisung', '%C3%9Cberweisung'],
    ['an emoji', '😀', '%F0%9F%98%80'],
  ])('encodes %s', (_name, value, encoded) => {
    expect(describeListPaymentMethods({ ...CONNECTION, paymentMethod: value }).url).toBe(
      `https://api.example.test/paymentmethodapi/v1/paymentMethod?paymentMethod=${encoded}`,
    );
    expect(describeInventory({ ...CONNECTION, sku: value }).url).toBe(
      `https://api.example.test/productapi/v1/inventory?sku=${encoded}`,
    );
  });

  it("documents the paymentMethod filter with a method type, which the simulator matches against `type`", () => {
    const source = readFileSync(new URL('../../src/http/describe-list-payment-methods.ts', import.meta.url), 'utf8');
    const examples = [...source.matchAll(/^\s*\/\*\*(.*)\*\/\s*\n\s*readonly paymentMethod\?/gm)].map((m) => /e\.g\. `([^`]+)`/.exec(m[1]!)?.[1]);
    const types = DEFAULT_SIMULATOR_DATA.paymentMethods.map((method) => method.type);
    expect(examples).toHaveLength(1);
    expect(types).toContain(examples[0]);
  });

  it('leaves out undefined and null filters', () => {
    const options = { ...CONNECTION, country: undefined, paymentMethod: null as unknown as string };
    expect(describeListPaymentMethods(options).url).toBe('https://api.example.test/paymentmethodapi/v1/paymentMethod');
  });

  it.each([
    ['an empty country', { country: '' }, RangeError, 'country'],
    ['a numeric sku', { sku: 42 }, TypeError, 'sku'],
    ['a lone surrogate', { sku: '\ud800' }, RangeError, 'sku'],
  ])('refuses %s, naming the field', (_name, extra, errorClass, field) => {
    const call = () =>
      'sku' in extra
        ? describeInventory({ ...CONNECTION, ...(extra as { sku: string }) })
        : describeListPaymentMethods({ ...CONNECTION, ...(extra as { country: string }) });
    expect(call).toThrow(errorClass);
    expect(call).toThrow(field);
  });

  it('says why a filter with a lone surrogate cannot be sent (it is not empty)', () => {
    expect(() => describeInventory({ ...CONNECTION, sku: 'MUG\udc00' })).toThrow(new RangeError('sku must be well-formed Unicode text (it holds a lone surrogate, which no URL can carry).'));
  });
});

describe('baseUrl', () => {
  it.each([
    ['https://api.example.test', 'https://api.example.test/productapi/v1/inventory'],
    ['https://api.example.test/', 'https://api.example.test/productapi/v1/inventory'],
    ['https://api.example.test///', 'https://api.example.test/productapi/v1/inventory'],
    ['https://API.example.test:443/', 'https://api.example.test/productapi/v1/inventory'],
    ['https://api.example.test/test-env/', 'https://api.example.test/test-env/productapi/v1/inventory'],
    ['http://127.0.0.1:8080//', 'http://127.0.0.1:8080/productapi/v1/inventory'],
  ])('normalises %s', (baseUrl, url) => {
    expect(describeInventory({ ...CONNECTION, baseUrl }).url).toBe(url);
  });

  it.each([
    ['not a URL', 'api.example.test', RangeError],
    ['another scheme', 'ftp://api.example.test', RangeError],
    ['user info', 'https://user:secret@api.example.test', RangeError],
    ['a query', 'https://api.example.test/?env=test', RangeError],
    ['a fragment', 'https://api.example.test/#x', RangeError],
    ['a number', 42, TypeError],
  ])('refuses %s without echoing it', (_name, baseUrl, errorClass) => {
    const call = () => describeInventory({ ...CONNECTION, baseUrl: baseUrl as string });
    expect(call).toThrow(errorClass);
    expect(call).toThrow(/^baseUrl must be/);
  });
});

describe('credentials', () => {
  it.each([
    ['clientConfigId', undefined, TypeError],
    ['clientAuthKey', undefined, TypeError],
    ['subscriptionKey', undefined, TypeError],
    ['clientConfigId', '', RangeError],
    ['clientAuthKey', '', RangeError],
    ['subscriptionKey', '', RangeError],
    ['clientAuthKey', 42, TypeError],
    ['clientAuthKey', ' padded-key', RangeError],
    ['clientAuthKey', 'line\r\nbreak', RangeError],
    ['subscriptionKey', 'ключ-ключ', RangeError],
  ])('refuses %s = %j with an error naming the field', (field, value, errorClass) => {
    const credentials = { ...CREDENTIALS, [field]: value };
    const call = () => describeInventory({ ...CONNECTION, credentials });
    expect(call).toThrow(errorClass);
    expect(call).toThrow(`credentials.${field}`);
  });

  it('refuses a missing credentials object', () => {
    expect(() => describeOrderOptions({ baseUrl: CONNECTION.baseUrl } as never)).toThrow(TypeError);
    expect(() => describeOrderOptions(undefined as never)).toThrow(/^credentials is required/);
  });

  it('keeps inner spaces and any printable ASCII', () => {
    const credentials = { ...CREDENTIALS, clientAuthKey: 'a b~!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}' };
    expect(describeInventory({ ...CONNECTION, credentials }).headers.get('ClientAuthKey')).toBe(credentials.clientAuthKey);
  });
});

describe('echo', () => {
  it('sends only the subscription key and Content-Type, with the JSON text as body', () => {
    const req = describeEcho(ECHO_REQUEST, { baseUrl: 'https://api.example.test', credentials: { subscriptionKey: 'sub-key-1' } });
    expect(req.method).toBe('POST');
    expect(req.url).toBe('https://api.example.test/echo/resource');
    expect(Object.fromEntries(req.headers)).toStrictEqual({
      'Ocp-Apim-Subscription-Key': 'sub-key-1',
      'Content-Type': 'application/json',
    });
    expect(req.body).toBe('{"vehicleType":"train","maxSpeed":125,"avgSpeed":90,"speedUnit":"mph"}');
  });

  it('accepts a full connection and ignores the client keys', () => {
    expect([...describeEcho(ECHO_REQUEST, CONNECTION).headers.keys()]).toStrictEqual([
      'Ocp-Apim-Subscription-Key',
      'Content-Type',
    ]);
  });
});
