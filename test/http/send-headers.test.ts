/**
 * send() checks a hand-made request's headers before fetch sees them (privacy audit): fetch
 * refuses a value that holds CR, LF or NUL, and a name that is no token, with an error that
 * quotes it whole, and a header value is a credential. Such a request is a RangeError that
 * names the header (when its name is one) and never the value.
 */
import { describe, expect, it } from 'vitest';
import { describeInventory, send, type FetchLike, type HttpRequest } from '../../src/http/index';
import { badRequestHeader } from '../../src/http/messages';
import { printedError, rejection } from './_errors';

const SECRET = 'HEADER-SECRET-4410';
const URL = 'http://127.0.0.1:9/productapi/v1/inventory';

/** A request made by hand (send takes a plain headers record), with these headers. */
const handMade = (headers: Record<string, string>): HttpRequest => ({ method: 'GET', url: URL, headers }) as unknown as HttpRequest;

/** A fetch that records what it was given and answers 200. */
function recording(): { fetch: FetchLike; seen: Record<string, string>[] } {
  const seen: Record<string, string>[] = [];
  const fetch: FetchLike = async (_url, init) => {
    seen.push({ ...(init?.headers as Record<string, string>) });
    return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, seen };
}

const BROKEN = [
  { name: 'a line feed inside', value: `${SECRET}\nnext` },
  { name: 'a carriage return inside', value: `${SECRET}\rnext` },
  { name: 'a NUL inside', value: `${SECRET}\u0000next` },
  { name: 'a line break inside, whitespace around', value: ` \t${SECRET}\r\nX-Forged: 1\n ` },
];

describe('send refuses a header value fetch would quote', () => {
  it.each(BROKEN)('$name, with global fetch: a RangeError naming the header, not the value', async ({ value }) => {
    const error = await rejection(send(handMade({ ClientConfigId: 'cfg', ClientAuthKey: value }), { timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(RangeError);
    expect((error as Error).message).toBe(badRequestHeader('ClientAuthKey'));
    expect(printedError(error)).not.toContain(SECRET);
  });

  it.each(BROKEN)('$name, with a fetch of your own: it is never called', async ({ value }) => {
    const { fetch, seen } = recording();
    const error = await rejection(send(handMade({ ClientAuthKey: value }), fetch));
    expect(error).toBeInstanceOf(RangeError);
    expect(seen).toHaveLength(0);
  });

  it('refuses a name that is no header name without quoting it', async () => {
    for (const name of [`${SECRET} x`, `${SECRET}:`, `${SECRET}\n`, '', 'Ümlaut']) {
      const error = await rejection(send(handMade({ [name]: 'v', ClientAuthKey: 'k' }), { timeoutMs: 5_000 }));
      expect(error).toBeInstanceOf(RangeError);
      expect((error as Error).message).toBe(badRequestHeader(undefined));
      expect(printedError(error)).not.toContain(SECRET);
    }
  });

  it('passes on what fetch takes: whitespace at the ends (fetch trims it), any other character, descriptors', async () => {
    const { fetch, seen } = recording();
    await send(handMade({ ClientAuthKey: ` \t${SECRET}\r\n`, 'X-Odd': 'a\tb "c" ;d=é' }), fetch);
    expect(seen[0]).toEqual({ ClientAuthKey: ` \t${SECRET}\r\n`, 'X-Odd': 'a\tb "c" ;d=é' });
    const request = describeInventory({ baseUrl: 'http://127.0.0.1:9', credentials: { clientConfigId: 'cfg', clientAuthKey: 'key', subscriptionKey: 'sub' } });
    const response = await send(request, fetch);
    expect(response.status).toBe(200);
    expect(Object.keys(seen[1]!)).toEqual(expect.arrayContaining(['ClientAuthKey']));
  });
});
