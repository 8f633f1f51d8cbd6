import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FMS_PROFILE, set, validOrder, validReturn } from '../fixtures';
import { cli, report, tempFiles } from './_run';

const order = (ref: string, version: '1' | '1.1' | '1.2' = '1.1') => set(validOrder(version), '/clientRequest/requestHeader/requestReference', ref);
const ret = (ref: string) => set(validReturn(), '/requestHeader/requestReference', ref);
const ndjson = (...lines: unknown[]) => lines.map((l) => (typeof l === 'string' ? l : JSON.stringify(l))).join('\n') + '\n';
const rulesAt = (problems: { rule: string; path: string }[]) => problems.map((p) => `${p.rule} ${p.path}`);

describe('fulfilkit lint: NDJSON', () => {
  it('reports a broken line as parse at its line number and goes on', async () => {
    const bad = set(order('R-3'), '/clientRequest/order/shipServiceLevel', 'EXPRESS');
    const dir = tempFiles({ 'orders.ndjson': ndjson(order('R-1'), '{"clientRequest": {', '', bad) });
    const out = await cli(['lint', '--format', 'json', 'orders.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    const { results, summary } = report(out);
    expect(results.map((r) => r.source)).toEqual(['orders.ndjson:2', 'orders.ndjson:4']);
    expect(rulesAt(results[0]!.problems)).toEqual(['parse ']);
    expect(results[0]!.kind).toBeNull();
    expect(rulesAt(results[1]!.problems)).toEqual(['enum /clientRequest/order/shipServiceLevel']);
    expect(summary).toEqual({ payloads: 3, errors: 2, warnings: 0, byRule: { enum: 1, parse: 1 } });
  });

  it('never echoes the broken line in the parse message', async () => {
    const dir = tempFiles({ 'o.jsonl': '{"name": "Jane Secret", oops}\n' });
    const out = await cli(['lint', 'o.jsonl'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('o.jsonl:1');
    expect(out.stdout).not.toContain('Jane');
  });

  it('handles CRLF line ends, a byte-order mark and a last line without newline', async () => {
    const text = '\ufeff' + JSON.stringify(order('R-1')) + '\r\n\r\n' + JSON.stringify(order('R-2'));
    const dir = tempFiles({ 'o.ndjson': text });
    const out = await cli(['lint', '--format', 'json', 'o.ndjson'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(report(out).summary.payloads).toBe(2);
  });

  it('gives a skipped CRLF line\'s length without its line end', async () => {
    const line = JSON.stringify({ note: 'x'.repeat(2802 - 11) });
    expect(Buffer.byteLength(line)).toBe(2802);
    const dir = tempFiles({ 'o.ndjson': line + '\r\n' });
    const out = await cli(['lint', '--format', 'json', '--max-line-bytes', '1000', 'o.ndjson'], { cwd: dir });
    expect(report(out).results[0]!.problems[0]!.message).toBe('The line is 2802 bytes long, more than --max-line-bytes (1000); it was not read.');
  });

  it('finds duplicate requestReferences across reads of a large file', async () => {
    // ~2,000 lines of ~2.6 KB: many read chunks, so the repeat is in a later chunk.
    const lines = Array.from({ length: 2000 }, (_, i) => order(`R-${i}`));
    lines.push(order('R-5'));
    const dir = tempFiles({ 'big.ndjson': ndjson(...lines) });
    const out = await cli(['lint', '--format', 'json', 'big.ndjson'], { cwd: dir });
    const { results, summary } = report(out);
    expect(summary.payloads).toBe(2001);
    expect(results.map((r) => r.source)).toEqual(['big.ndjson:2001']);
    expect(rulesAt(results[0]!.problems)).toEqual(['duplicate-request-reference /clientRequest/requestHeader/requestReference']);
  });
});

describe('fulfilkit lint: JSON files', () => {
  it('lints each element of a top-level array as a payload', async () => {
    const bad = set(order('R-2'), '/clientRequest/item/0/quantity/value', 2);
    const dir = tempFiles({ 'batch.json': JSON.stringify([order('R-1'), bad]) });
    const out = await cli(['lint', '--format', 'json', 'batch.json'], { cwd: dir });
    expect(out.code).toBe(1);
    const { results, summary } = report(out);
    expect(summary.payloads).toBe(2);
    expect(results).toHaveLength(1);
    expect(results[0]!.source).toBe('batch.json#/1');
    expect(rulesAt(results[0]!.problems)).toEqual(['type /clientRequest/item/0/quantity/value']);
  });

  it('reports a file that is not JSON with its line and column', async () => {
    const dir = tempFiles({ 'broken.json': '{\n  "clientRequest": {\n    oops\n}' });
    const out = await cli(['lint', '--format', 'json', 'broken.json'], { cwd: dir });
    expect(out.code).toBe(1);
    const problem = report(out).results[0]!.problems[0]!;
    expect(problem).toMatchObject({ rule: 'parse', path: '', severity: 'error' });
    expect(problem.message).toMatch(/line 3, column 5/);
  });

  it('finds a requestReference repeated in another file of the same run', async () => {
    const dir = tempFiles({ 'a.json': JSON.stringify(order('R-1')), 'b.ndjson': ndjson(order('R-2'), order('R-1')) });
    const out = await cli(['lint', '--format', 'json', 'a.json', 'b.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    const { results } = report(out);
    expect(results.map((r) => r.source)).toEqual(['b.ndjson:2']);
    expect(rulesAt(results[0]!.problems)).toEqual(['duplicate-request-reference /clientRequest/requestHeader/requestReference']);
  });

  it('keeps orders and returns apart when looking for duplicates', async () => {
    const dir = tempFiles({ 'o.json': JSON.stringify(order('SAME')), 'r.json': JSON.stringify(ret('SAME')) });
    const out = await cli(['lint', 'o.json', 'r.json'], { cwd: dir });
    expect(out.code).toBe(0);
  });

  it('turns duplicate detection off with --rule', async () => {
    const dir = tempFiles({ 'a.json': JSON.stringify(order('R-1')), 'b.json': JSON.stringify(order('R-1')) });
    const out = await cli(['lint', '--rule', 'duplicate-request-reference=off', 'a.json', 'b.json'], { cwd: dir });
    expect(out.code).toBe(0);
  });
});

describe('fulfilkit lint: stdin', () => {
  it('reads one JSON document from stdin when no file is given', async () => {
    const out = await cli(['lint', '--format', 'json'], { stdin: JSON.stringify(validOrder('1.1'), null, 2) });
    expect(out.code).toBe(0);
    expect(report(out).summary.payloads).toBe(1);
  });

  it('reads stdin with "-", and detects NDJSON', async () => {
    const stdin = ndjson(order('R-1'), order('R-2'), '{broken', order('R-1'));
    const out = await cli(['lint', '--format', 'json', '-'], { stdin });
    expect(out.code).toBe(1);
    const { results, summary } = report(out);
    expect(summary.payloads).toBe(4);
    expect(results.map((r) => [r.source, r.problems[0]!.rule])).toEqual([
      ['<stdin>:3', 'parse'],
      ['<stdin>:4', 'duplicate-request-reference'],
    ]);
  });

  it('detects NDJSON when stdin arrives in pieces split inside lines', async () => {
    const text = ndjson(order('R-1'), order('R-2'), order('R-3'));
    const pieces = [text.slice(0, 7), text.slice(7, 3000), text.slice(3000, 3001), text.slice(3001)];
    const out = await cli(['lint', '--format', 'json'], { stdin: pieces });
    expect(out.code).toBe(0);
    expect(report(out).summary.payloads).toBe(3);
  });

  it('decodes UTF-8 split across byte chunks', async () => {
    const bytes = Buffer.from(JSON.stringify(set(validOrder('1.1'), '/clientRequest/partner/0/personData/firstName', 'Zoë 😀')));
    const at = bytes.indexOf(0xf0) + 2; // inside the 4-byte emoji
    const out = await cli(['lint', '--format', 'json'], { stdin: [bytes.subarray(0, at), bytes.subarray(at)] });
    expect(out.code).toBe(0);
  });

  it('reports a broken pretty-printed document once, not line by line', async () => {
    const text = JSON.stringify(validOrder('1.1'), null, 2).replace('"STD"', 'STD');
    const out = await cli(['lint', '--format', 'json'], { stdin: text });
    const { results } = report(out);
    expect(results).toHaveLength(1);
    expect(results[0]!.source).toBe('<stdin>');
    expect(results[0]!.problems[0]!.rule).toBe('parse');
  });

  it('reports empty stdin as a parse problem', async () => {
    const out = await cli(['lint'], { stdin: '' });
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('The input is empty.');
  });

  it('lints a top-level array from stdin', async () => {
    const out = await cli(['lint', '--format', 'json'], { stdin: JSON.stringify([order('A'), order('B'), order('A')]) });
    expect(report(out).results.map((r) => r.source)).toEqual(['<stdin>#/2']);
  });
});

describe('fulfilkit lint: kind, version, profile, severities', () => {
  it('detects returns by shape and orders by clientRequest', async () => {
    const dir = tempFiles({ 'mixed.ndjson': ndjson(validOrder('1.1'), validReturn(), { requestHeader: {} }) });
    const out = await cli(['lint', '--format', 'json', 'mixed.ndjson'], { cwd: dir });
    const { results } = report(out);
    // The third payload has neither member: linted as an order, so it lacks the wrapper.
    expect(results.map((r) => [r.source, r.kind])).toEqual([['mixed.ndjson:3', 'order']]);
    expect(rulesAt(results[0]!.problems)).toEqual(['wrapper ']);
  });

  it('--kind overrides the detection', async () => {
    const dir = tempFiles({ 'r.json': JSON.stringify(validReturn()) });
    const out = await cli(['lint', '--format', 'json', '--kind', 'order', 'r.json'], { cwd: dir });
    expect(out.code).toBe(1);
    const { results } = report(out);
    expect(results[0]!.kind).toBe('order');
    expect(rulesAt(results[0]!.problems)).toEqual(['wrapper ']);
    const asReturn = await cli(['lint', '--kind', 'return', 'r.json'], { cwd: dir });
    expect(asReturn.code).toBe(0);
  });

  it('--api-version selects the order version (default 1.1)', async () => {
    const dir = tempFiles({ 'v12.json': JSON.stringify(validOrder('1.2')), 'v1.json': JSON.stringify(validOrder('1')) });
    expect((await cli(['lint', '--api-version', '1.2', 'v12.json'], { cwd: dir })).code).toBe(0);
    // A v1.2 UTC date-time is not a v1.1 date-time.
    const asDefault = report(await cli(['lint', '--format', 'json', 'v12.json'], { cwd: dir }));
    expect(asDefault.summary.byRule['date-format']).toBeGreaterThan(0);
    expect((await cli(['lint', '--api-version', '1', 'v1.json'], { cwd: dir })).code).toBe(0);
  });

  it('--profile runs the profile rules', async () => {
    const dir = tempFiles({
      'profile.json': JSON.stringify(FMS_PROFILE),
      'other-client.json': JSON.stringify(set(validOrder('1.1'), '/clientRequest/requestHeader/client', 'SOMEONE')),
    });
    expect((await cli(['lint', 'other-client.json'], { cwd: dir })).code).toBe(0);
    const out = await cli(['lint', '--format', 'json', '--profile', 'profile.json', 'other-client.json'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(rulesAt(report(out).results[0]!.problems)).toContain('client-name /clientRequest/requestHeader/client');
  });

  it.each([
    ['{"client": "ACME"', /not valid JSON/],
    ['[]', /must be a JSON object/],
    ['{"client": "ACME"}', /needs a clientCode/],
    ['{"client": "ACME", "clientCode": "ACME", "fms": "yes"}', /fms must be true or false/],
    ['{"client": "ACME", "clientCode": "ACME", "returnReasons": "damaged"}', /returnReasons must be an array/],
    ['{"client": "ACME", "clientCode": "ACME", "fmsOnly": true}', /unknown member "fmsOnly"/],
  ])('exits 2 on a bad profile: %s', async (text, message) => {
    const dir = tempFiles({ 'profile.json': text, 'o.json': JSON.stringify(validOrder('1.1')) });
    const out = await cli(['lint', '--profile', 'profile.json', 'o.json'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stdout).toBe('');
    expect(out.stderr).toMatch(message);
  });

  it('exits 2 on a missing profile', async () => {
    const out = await cli(['lint', '--profile', 'nope.json', 'examples/order-v1.1.json']);
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('Cannot read the profile nope.json');
  });

  it('reads a profile up to 1 MiB: a device that never ends is refused, not read whole', async () => {
    const out = await cli(['lint', '--profile', '/dev/zero', 'examples/order-v1.1.json']);
    expect([out.code, out.stderr]).toEqual([2, 'fulfilkit: The profile /dev/zero is larger than 1 MiB.\n']);
  });

  it('--rule changes severities: an error made a warning exits 0', async () => {
    const dir = tempFiles({ 'o.json': JSON.stringify(set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'EXPRESS')) });
    const out = await cli(['lint', '--format', 'json', '--rule', 'enum=warn', 'o.json'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(report(out).results[0]!.problems[0]).toMatchObject({ rule: 'enum', severity: 'warn' });
    const off = await cli(['lint', '--format', 'json', '--rule', 'enum=warn', '--rule', 'enum=off', 'o.json'], { cwd: dir });
    expect(report(off).results).toEqual([]);
  });

  it('--max-warnings makes too many warnings fail', async () => {
    const dir = tempFiles({ 'o.json': JSON.stringify(set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'PUO')) });
    expect((await cli(['lint', 'o.json'], { cwd: dir })).code).toBe(0);
    expect((await cli(['lint', '--max-warnings', '1', 'o.json'], { cwd: dir })).code).toBe(0);
    const out = await cli(['lint', '--max-warnings', '0', 'o.json'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('--max-warnings 0');
  });

  it('does not modify its input files', async () => {
    const text = JSON.stringify(validOrder('1.1'));
    const dir = tempFiles({ 'o.json': text });
    await cli(['lint', 'o.json'], { cwd: dir });
    const { readFileSync } = await import('node:fs');
    expect(readFileSync(join(dir, 'o.json'), 'utf8')).toBe(text);
  });
});
