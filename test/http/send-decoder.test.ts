/**
 * sendAndDecode checks its decoder before it sends: a create-order POST whose answer cannot
 * be decoded must not reach the operator (the order would be created, its answer lost, and a
 * retry would be a duplicate). A decoder that is not a function rejects with a TypeError
 * naming `decode`, and fetch is never called.
 */
import { describe, expect, it } from 'vitest';
import { decodeCreateOrder, describeCreateOrder, describeInventory, sendAndDecode, type Connection, type FetchLike, type SendInit } from '../../src/http/index';
import { CREDENTIALS, ORDER, ORDER_RESULT_V11_TRUE } from './fixtures';

const connection: Connection = { baseUrl: 'https://api.operator.test/env', credentials: CREDENTIALS };

/** A fetch that records what it was asked to send and answers the order result. */
function recordingFetch(): { fetch: FetchLike; sent: { url: string; method: string }[] } {
  const sent: { url: string; method: string }[] = [];
  const fetch: FetchLike = async (url: string, init: SendInit) => {
    sent.push({ url, method: init.method });
    return new Response(JSON.stringify(ORDER_RESULT_V11_TRUE), { status: 200, headers: { 'content-type': 'application/json' } });
  };
  return { fetch, sent };
}

const NOT_DECODERS: [string, unknown][] = [
  ['undefined', undefined],
  ['null', null],
  ['a string', 'decodeCreateOrder'],
  ['an object', { decode: decodeCreateOrder }],
  ['a number', 42],
];

describe('sendAndDecode with a decoder that is not a function', () => {
  it.each(NOT_DECODERS)('%s: rejects with a TypeError naming decode, and sends no POST', async (_label, decode) => {
    const { fetch, sent } = recordingFetch();
    const request = describeCreateOrder(ORDER, { ...connection, version: '1.1' });
    const promise = sendAndDecode(request, decode as never, { fetch });
    await expect(promise).rejects.toThrow(TypeError);
    await expect(promise).rejects.toThrow(/\bdecode\b/);
    expect(sent).toEqual([]);
  });

  it('sends nothing for a GET either (the options are not even read)', async () => {
    const { fetch, sent } = recordingFetch();
    await expect(sendAndDecode(describeInventory(connection), undefined as never, fetch)).rejects.toThrow(TypeError);
    expect(sent).toEqual([]);
  });

  it('a decoder that is a function: sends once and decodes', async () => {
    const { fetch, sent } = recordingFetch();
    const result = await sendAndDecode(describeCreateOrder(ORDER, { ...connection, version: '1.1' }), decodeCreateOrder, { fetch });
    expect(result).toStrictEqual({ ok: true, value: ORDER_RESULT_V11_TRUE });
    expect(sent.map((s) => s.method)).toEqual(['POST']);
  });
});
