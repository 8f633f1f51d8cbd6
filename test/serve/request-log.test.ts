/**
 * The request log of `fulfilkit serve` and `fulfilkit proxy` (`--log pretty|json`) shows
 * caller text as the README says: escaped, and cut at 200 characters with the cut marked
 * (`…`), whatever its length; never `-` for a requestReference that is there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestLogLine } from '../../src/simulator/control/log-line';
import { change, validOrder, validReturn } from '../fixtures';
import { AUTH, jsonRequest, proxy, raw, serve, type Running } from './_kit';

const ORDERS = '/fulfillmentapi/v1.1/orders';
const RETURNS = '/rmaportalapi/v1/rmaTokens';
const HOSTILE = 'R\u001b[31m\nforged 200 \u202egnp.exe\u0007\u009b';

/** Each reference, and what a pretty line and a JSON line show of it. */
const REFERENCES = [
  { name: '51 characters', reference: 'a'.repeat(51), pretty: 'a'.repeat(51), json: 'a'.repeat(51) },
  { name: '200 characters', reference: 'b'.repeat(200), pretty: 'b'.repeat(200), json: 'b'.repeat(200) },
  { name: '201 characters', reference: 'c'.repeat(201), pretty: `${'c'.repeat(200)}…`, json: `${'c'.repeat(200)}…` },
  { name: '201 emoji (code points, never half a pair)', reference: '😀'.repeat(201), pretty: `${'😀'.repeat(200)}…`, json: `${'😀'.repeat(200)}…` },
  { name: 'control characters and an ANSI escape', reference: HOSTILE, pretty: '"R\\u{1b}[31m\\u{a}forged 200 \\u{202e}gnp.exe\\u{7}\\u{9b}"', json: HOSTILE },
  { name: 'spaces and quotes (quoted, so the fields stay apart)', reference: 'A "B" 200 1ms C', pretty: '"A \\"B\\" 200 1ms C"', json: 'A "B" 200 1ms C' },
  { name: '300 escapes (cut before escaping)', reference: '\u001b'.repeat(300), pretty: `${'\\u{1b}'.repeat(200)}…`, json: `${'\u001b'.repeat(200)}…` },
] as const;

/** The log lines written since `before`. */
const linesOf = (run: Running, before: number) => run.out().slice(before).trimEnd().split('\n');

/** What follows the status and the milliseconds on a pretty line: the requestReference. */
function prettyReference(line: string, status: number): string {
  const match = new RegExp(`^\\d{4}-\\d\\d-\\d\\dT\\S+Z POST /\\S+ (createOrderV1_1|createReturnToken) ${status} [\\d.]+ms (.*)$`, 's').exec(line);
  expect(match, line).not.toBeNull();
  return match![2]!;
}

/** Checks the one line a request wrote, in both formats. */
function expectLine(lines: string[], format: 'pretty' | 'json', expected: (typeof REFERENCES)[number], status: number): void {
  expect(lines).toHaveLength(1);
  const line = lines[0]!;
  // Nothing a terminal acts on: no C0/C1 control, no DEL, no bidi control, raw.
  expect(line).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
  if (format === 'pretty') expect(prettyReference(line, status)).toBe(expected.pretty);
  else expect(JSON.parse(line)).toMatchObject({ method: 'POST', status, requestReference: expected.json });
}

describe('the request log shows every requestReference, escaped and cut at 200 characters', () => {
  let pretty: Running;
  let json: Running;
  let proxied: Running;
  beforeAll(async () => {
    pretty = await serve(['--log', 'pretty']);
    json = await serve(['--log', 'json']);
    proxied = await proxy(['--upstream', pretty.url, '--log', 'json']);
  });
  afterAll(async () => {
    for (const run of [proxied, pretty, json]) expect(await run.stop()).toBe(0);
  });

  describe.each(REFERENCES)('a requestReference of $name', (expected) => {
    const order = change(validOrder('1.1'), { '/clientRequest/requestHeader/requestReference': expected.reference });
    const ret = change(validReturn(), { '/requestHeader/requestReference': expected.reference });

    it.each(['pretty', 'json'] as const)('fulfilkit serve --log %s: an order and a return', async (format) => {
      const run = format === 'pretty' ? pretty : json;
      for (const [path, body] of [[ORDERS, order], [RETURNS, ret]] as const) {
        const before = run.out().length;
        const answer = await raw(`${run.url}${path}`, jsonRequest('POST', body, AUTH));
        expect(answer.status).toBe(200);
        expectLine(linesOf(run, before), format, expected, 200);
      }
    });

    it('fulfilkit proxy --log json: an order', async () => {
      const before = proxied.out().length;
      expect((await raw(`${proxied.url}${ORDERS}`, jsonRequest('POST', order, AUTH))).status).toBe(200);
      expectLine(linesOf(proxied, before), 'json', expected, 200);
    });
  });
});

describe('the request log never shows a credential in a path parameter (`;name=value`, the matrix form some servers read)', () => {
  const SECRET = 'matrix-secret-1';
  const paths = [
    `/productapi/v1/inventory;subscription-key=${SECRET}`,
    `/productapi;ClientAuthKey=${SECRET}/v1/inventory;a=1`,
    `/nowhere;Subscription%2DKey=${SECRET}`,
    `/_fulfilkit/health;clientconfigid=${SECRET}`,
  ];

  it.each(['serve', 'proxy'] as const)('fulfilkit %s --log json and pretty', async (command) => {
    const upstream = await serve(['--log', 'off']);
    const runs = command === 'serve' ? [await serve(['--log', 'json']), await serve(['--log', 'pretty'])] : [await proxy(['--upstream', upstream.url, '--log', 'json']), await proxy(['--upstream', upstream.url, '--log', 'pretty'])];
    try {
      for (const run of runs) {
        for (const path of paths) await raw(`${run.url}${path}?sku=A`, { headers: AUTH });
        const written = run.out() + run.err();
        expect(written).toContain(';subscription-key=<redacted>');
        expect(written).toContain(';a=1');
        expect(written).not.toContain(SECRET);
      }
    } finally {
      for (const run of [...runs, upstream]) expect(await run.stop()).toBe(0);
    }
  });
});

describe('requestLogLine', () => {
  const prettyOf = (requestReference: string) => requestLogLine({ time: 0, method: 'POST', path: '/p', operation: 'createOrderV1_1', status: 200, ms: 1, requestReference }, 'pretty');

  it.each([
    ['WEB-10001', 'WEB-10001'],
    ['A B', '"A B"'],
    ['A\u00a0B', '"A\u00a0B"'],
    ['A\u3000B', '"A\u3000B"'],
    ['say "hi"', '"say \\"hi\\""'],
    ['a\\u{1b}', '"a\\\\u{1b}"'],
    ['a\u001b', 'a\\u{1b}'],
    ['a\tb', '"a\\u{9}b"'],
    ['-', '"-"'],
    ['', '""'],
  ])('pretty: the requestReference %j is shown as %s', (reference, shown) => {
    expect(prettyOf(reference)).toBe(`1970-01-01T00:00:00.000Z POST /p createOrderV1_1 200 1ms ${shown}\n`);
  });

  it('pretty: a reference with spaces is one field; a reference that spells an escape differs from the escaped control', () => {
    const fields = (line: string) => line.trimEnd().match(/"(?:[^"\\]|\\.)*"|\S+/g)!;
    expect(fields(prettyOf('A B C'))).toHaveLength(7);
    expect(prettyOf('a\\u{1b}')).not.toBe(prettyOf('a\u001b'));
  });

  it('cuts and escapes the method and the path too (caller text), in both formats', () => {
    const event = { time: 0, method: `M\u001b${'X'.repeat(250)}`, path: `/p\u0085${'q'.repeat(250)}`, operation: undefined, status: 404, ms: 0 };
    const line = requestLogLine(event, 'pretty');
    expect(line).toBe(`1970-01-01T00:00:00.000Z M\\u{1b}${'X'.repeat(198)}… /p\\u{85}${'q'.repeat(197)}… - 404 0ms -\n`);
    expect(JSON.parse(requestLogLine(event, 'json'))).toMatchObject({ method: `M\u001b${'X'.repeat(198)}…`, path: `/p\u0085${'q'.repeat(197)}…`, requestReference: null });
  });
});
