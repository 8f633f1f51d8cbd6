/**
 * Credentials never leave a request descriptor through a printer (issue 7, item 13):
 * every channel a request or its headers can end up as text is tried, with the three
 * secrets chosen so that no URL, name or message could contain them by chance. The same
 * request still carries them to a real 127.0.0.1 server through fetch and send.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { Console } from 'node:console';
import { format, inspect } from 'node:util';
import { serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  describeCreateOrder,
  describeCreateReturnToken,
  describeEcho,
  describeInventory,
  describeListPaymentMethods,
  describeOrderOptions,
  send,
  type Connection,
  type HttpRequest,
} from '../../src/http/index';
import { ECHO_REQUEST, ORDER, RETURN_REQUEST } from './fixtures';

const CREDENTIALS = { clientConfigId: 'cfg-QXZJ-7731', clientAuthKey: 'auth-QXZJ-9902', subscriptionKey: 'sub-QXZJ-4417' };
const SECRETS = Object.values(CREDENTIALS);
const connection = (baseUrl = 'https://api.example.test'): Connection => ({ baseUrl, credentials: CREDENTIALS });

const DESCRIPTORS: Record<string, (c: Connection) => HttpRequest> = {
  listPaymentMethods: (c) => describeListPaymentMethods({ ...c, country: 'DE' }),
  inventory: (c) => describeInventory({ ...c, sku: 'SKU-1' }),
  createReturnToken: (c) => describeCreateReturnToken(RETURN_REQUEST, c),
  createOrder: (c) => describeCreateOrder(ORDER, { ...c, version: '1.1' }),
  orderOptions: (c) => describeOrderOptions(c),
  echo: (c) => describeEcho(ECHO_REQUEST, c),
};

/** Everything a console writes while `print` runs with it, stdout and stderr. */
function consoleOutput(print: (console: Console) => void): string {
  let text = '';
  const sink = new Writable({
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  print(new Console({ stdout: sink, stderr: sink, colorMode: false }));
  return text;
}

/** Every printer and copier tried on a request, by name. */
function channels(request: HttpRequest): Record<string, () => unknown> {
  const { headers } = request;
  const forIn = (value: object) => {
    const out: Record<string, unknown> = {};
    for (const key in value) out[key] = (value as Record<string, unknown>)[key];
    return out;
  };
  const inspections = [
    {},
    { customInspect: false },
    { showHidden: true },
    { customInspect: false, showHidden: true },
    { depth: Number.POSITIVE_INFINITY },
    { customInspect: false, showHidden: true, depth: Number.POSITIVE_INFINITY, getters: true },
    { showProxy: true, customInspect: false },
  ];
  return {
    'console.log': () => consoleOutput((c) => c.log(request)),
    'console.log(headers)': () => consoleOutput((c) => c.log(headers)),
    'console.info/warn/error/debug': () => consoleOutput((c) => [c.info, c.warn, c.error, c.debug].forEach((f) => f.call(c, request))),
    'console.dir': () => consoleOutput((c) => c.dir(request)),
    'console.dir(headers)': () => consoleOutput((c) => c.dir(headers)),
    'console.dir(showHidden, depth null)': () => consoleOutput((c) => c.dir(request, { showHidden: true, depth: null })),
    'console.table(headers)': () => consoleOutput((c) => c.table(headers)),
    'console.table([request])': () => consoleOutput((c) => c.table([request])),
    'console.table(request)': () => consoleOutput((c) => c.table(request)),
    'console.log(%o %O %j %s)': () => consoleOutput((c) => c.log('%o %O %j %s', request, request, request, headers)),
    'console.error(Error with cause)': () => consoleOutput((c) => c.error(new Error('failed', { cause: request }))),
    ...Object.fromEntries(inspections.flatMap((options) => [
      [`inspect(request, ${JSON.stringify(options)})`, () => inspect(request, options)],
      [`inspect(headers, ${JSON.stringify(options)})`, () => inspect(headers, options)],
      [`inspect({ nested }, ${JSON.stringify(options)})`, () => inspect({ nested: [{ request }] }, options)],
    ])),
    'format %o %O %j %s %d': () => format('%o %O %j %s %d', request, headers, request, headers, request),
    'JSON.stringify(request)': () => JSON.stringify(request),
    'JSON.stringify(headers)': () => JSON.stringify(headers),
    'JSON.stringify({ request }, null, 2)': () => JSON.stringify({ request }, null, 2),
    'String(request)': () => String(request),
    'String(headers)': () => String(headers),
    'template literal': () => `${request} ${headers}`,
    'concatenation': () => `${headers}`.concat(String(request)),
    'toLocaleString': () => headers.toLocaleString(),
    'Object.entries(request)': () => Object.entries(request),
    'Object.entries(headers)': () => Object.entries(headers),
    'Object.keys/values(headers)': () => [Object.keys(headers), Object.values(headers)],
    'Object.getOwnPropertyNames/Symbols(headers)': () => [Object.getOwnPropertyNames(headers), Object.getOwnPropertySymbols(headers)],
    'Object.getOwnPropertyDescriptors(headers)': () => Object.getOwnPropertyDescriptors(headers),
    'Reflect.ownKeys': () => [Reflect.ownKeys(request), Reflect.ownKeys(headers)],
    'spread { ...request }': () => ({ ...request }),
    'spread { ...headers }': () => ({ ...headers }),
    'Object.assign({}, headers)': () => Object.assign({}, headers),
    'structuredClone(request)': () => structuredClone(request),
    'structuredClone(headers)': () => structuredClone(headers),
    'v8.serialize(request)': () => serialize(request).toString('latin1'),
    'for...in request': () => forIn(request),
    'for...in headers': () => forIn(headers),
  };
}

/** Every string inside a value (one level of arrays and objects deep is not enough: recurse). */
function texts(value: unknown, seen = new Set<unknown>()): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return [
    ...Object.keys(value).flatMap((key) => [key, ...texts((value as Record<string, unknown>)[key], seen)]),
    inspect(value, { depth: Number.POSITIVE_INFINITY, customInspect: false, showHidden: true }),
  ];
}

describe('no printer or copier shows a credential', () => {
  it.each(Object.entries(DESCRIPTORS))('%s', (_name, describeRequest) => {
    const request = describeRequest(connection());
    for (const [channel, run] of Object.entries(channels(request))) {
      for (const text of texts(run())) {
        for (const secret of SECRETS) expect(text.includes(secret), `${channel} shows a credential`).toBe(false);
      }
    }
  });

  it('console.log and JSON still show which headers there are, redacted', () => {
    const request = describeInventory(connection());
    const logged = consoleOutput((c) => c.log(request));
    expect(logged).toContain('ClientAuthKey');
    expect(logged).toContain(REDACTED);
    expect(JSON.parse(JSON.stringify(request)).headers).toStrictEqual({ ClientConfigId: REDACTED, ClientAuthKey: REDACTED, 'Ocp-Apim-Subscription-Key': REDACTED });
    expect(consoleOutput((c) => c.dir(request))).toContain('https://api.example.test/productapi/v1/inventory');
  });

  // The README and request.ts warn about these copies; this holds the warning true.
  it('the copies the README warns about do print them: a plain copy and new Request(url, descriptor)', () => {
    const request = describeInventory(connection());
    for (const copy of [Object.fromEntries(request.headers), new Request(request.url, request)]) {
      const logged = consoleOutput((c) => c.log(copy)) + inspect(copy);
      for (const secret of SECRETS) expect(logged).toContain(secret);
    }
  });
});

describe('the secrets still travel', () => {
  it('fetch(request.url, request) and send(request) deliver the three headers to a real server', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end('{"result":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const describeRequest of Object.values(DESCRIPTORS)) {
        const request = describeRequest(connection(origin));
        seen.length = 0;
        const response = await fetch(request.url, request);
        await response.text();
        const sent = await send(request);
        expect(sent.status).toBe(200);
        expect(seen).toHaveLength(2);
        for (const headers of seen) {
          expect(headers['ocp-apim-subscription-key']).toBe(CREDENTIALS.subscriptionKey);
          if (request.headers.has('ClientAuthKey')) {
            expect(headers.clientconfigid).toBe(CREDENTIALS.clientConfigId);
            expect(headers.clientauthkey).toBe(CREDENTIALS.clientAuthKey);
          } else {
            expect(headers.clientauthkey).toBeUndefined();
          }
          if (request.body !== undefined) expect(headers['content-type']).toBe('application/json');
        }
      }
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
