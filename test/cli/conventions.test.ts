/**
 * ESLint and Spectral conventions: --fix, --quiet, -o, the summary line.
 */
import { readFileSync, statSync, chmodSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { set, validOrder } from '../fixtures';
import { cli, report, tempFiles } from './_run';

const order = (ref: string) => set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', ref);
/** A line with an example-body spelling, written with odd spacing (which --fix must keep). */
const spelledLine = (ref: string) => JSON.stringify(order(ref)).replace('"transactionID":', '"transactionId" :  ');

describe('--fix', () => {
  it('rewrites an NDJSON file in place, changing only the key: BOM, CRLF, blank lines and other lines stay', async () => {
    const original = '\ufeff' + JSON.stringify(order('A')) + '\r\n' + spelledLine('B') + '\r\n\r\n{broken\n' + spelledLine('C');
    const dir = tempFiles({ 'o.ndjson': original });
    chmodSync(join(dir, 'o.ndjson'), 0o640);
    const out = await cli(['lint', '--fix', '--format', 'json', 'o.ndjson'], { cwd: dir });
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(original.replaceAll('"transactionId"', '"transactionID"'));
    expect(statSync(join(dir, 'o.ndjson')).mode & 0o777).toBe(0o640);
    // What remains is reported; the fixed spelling is not.
    const { results, summary } = report(out);
    expect(results.map((r) => `${r.source} ${r.problems[0]!.rule}`)).toEqual(['o.ndjson:4 parse']);
    expect(summary).toMatchObject({ payloads: 4, fixed: 2, warnings: 0 });
    expect(out.stderr).toContain('2 fixes applied');
    expect(readdirSync(dir)).toEqual(['o.ndjson']);
  });

  it('rewrites a pretty-printed JSON file keeping its layout', async () => {
    const payload = validOrder('1.1');
    const text = JSON.stringify(payload, null, 4).replace('"dateTimeWantedDeliveryDate"', '"datetimeWantedDeliveryDate"');
    const dir = tempFiles({ 'o.json': text });
    const out = await cli(['lint', '--fix', 'o.json'], { cwd: dir });
    expect(out.code).toBe(0);
    expect(readFileSync(join(dir, 'o.json'), 'utf8')).toBe(text.replace('"datetimeWantedDeliveryDate"', '"dateTimeWantedDeliveryDate"'));
  });

  it('renames every key of a repeated spelling: the file parses as applyFixes gives, and a second run finds nothing', async () => {
    const line = JSON.stringify(order('A')).replace(/"transactionID":"[^"]*"/, '"transactionId":"A1", "transactionId":"B2"');
    const document = JSON.stringify(order('B'), null, 2).replace(/"transactionID": "[^"]*"/, '"transactionId": "A1",\n      "transactionId": "B2"');
    const dir = tempFiles({ 'o.ndjson': line + '\n', 'o.json': document });
    const out = await cli(['lint', '--fix', '--format', 'json', 'o.ndjson', 'o.json'], { cwd: dir });
    expect(report(out).summary).toMatchObject({ fixed: 2, warnings: 0 });
    for (const [file, text] of [['o.ndjson', line + '\n'], ['o.json', document]] as const) {
      const fixed = readFileSync(join(dir, file), 'utf8');
      expect(fixed).toBe(text.replaceAll('"transactionId"', '"transactionID"'));
      expect(JSON.parse(fixed).clientRequest.payment).toMatchObject({ transactionID: 'B2' });
      expect('transactionId' in JSON.parse(fixed).clientRequest.payment).toBe(false);
    }
    expect(report(await cli(['lint', '--fix', '--format', 'json', 'o.ndjson', 'o.json'], { cwd: dir })).summary).toMatchObject({ fixed: 0, errors: 0, warnings: 0 });
  });

  it('leaves a file untouched when nothing can be fixed (the schema spelling is already there)', async () => {
    const both = JSON.stringify({ ...order('A'), clientRequest: { ...order('A').clientRequest, payment: { ...order('A').clientRequest.payment, transactionId: 'T-9' } } });
    const dir = tempFiles({ 'o.ndjson': both + '\n' });
    const before = statSync(join(dir, 'o.ndjson')).mtimeMs;
    const out = await cli(['lint', '--fix', '--format', 'json', 'o.ndjson'], { cwd: dir });
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(both + '\n');
    expect(statSync(join(dir, 'o.ndjson')).mtimeMs).toBe(before);
    expect(report(out).results[0]!.problems.map((p) => p.rule)).toContain('spelling');
  });

  it('with stdin, writes the fixed payloads to stdout and the report to stderr', async () => {
    const input = spelledLine('A') + '\n' + JSON.stringify(order('B')) + '\n';
    const out = await cli(['lint', '--fix'], { stdin: input });
    expect(out.code).toBe(0);
    expect(out.stdout).toBe(input.replace('"transactionId"', '"transactionID"'));
    expect(out.stderr).toContain('No problems in 2 payloads; 1 fix applied.');
  });

  it('refuses --shard (shards would overwrite each other) and a file given twice', async () => {
    const dir = tempFiles({ 'o.ndjson': spelledLine('A') + '\n' });
    const sharded = await cli(['lint', '--fix', '--shard', '1/2', 'o.ndjson'], { cwd: dir });
    expect(sharded.code).toBe(2);
    expect(sharded.stderr).toContain('--fix cannot be combined with --shard');
    const twice = await cli(['lint', '--fix', 'o.ndjson', './o.ndjson'], { cwd: dir });
    expect(twice.code).toBe(2);
    expect(twice.stderr).toContain('--fix got the same file twice (o.ndjson)');
    expect(readFileSync(join(dir, 'o.ndjson'), 'utf8')).toBe(spelledLine('A') + '\n');
  });

  it('refuses compressed input', async () => {
    const dir = tempFiles({});
    const { writeFileSync } = await import('node:fs');
    writeFileSync(join(dir, 'o.ndjson.gz'), gzipSync(spelledLine('A') + '\n'));
    const out = await cli(['lint', '--fix', 'o.ndjson.gz'], { cwd: dir });
    expect(out.code).toBe(2);
    expect(out.stderr).toContain('--fix cannot rewrite compressed input (o.ndjson.gz)');
  });
});

describe('--quiet, --max-warnings, -o', () => {
  const warned = JSON.stringify(set(order('W'), '/clientRequest/order/shipServiceLevel', 'PUO'));
  const failed = JSON.stringify(set(order('E'), '/clientRequest/order/shipServiceLevel', 'EXPRESS'));

  it('--quiet reports errors only', async () => {
    const dir = tempFiles({ 'o.ndjson': warned + '\n' + failed + '\n' });
    const out = await cli(['lint', '--quiet', '--format', 'json', 'o.ndjson'], { cwd: dir });
    const { results, summary } = report(out);
    expect(results.map((r) => r.source)).toEqual(['o.ndjson:2']);
    expect(summary).toMatchObject({ payloads: 2, errors: 1, warnings: 0, byRule: { enum: 1 } });
  });

  it('--quiet still counts warnings for --max-warnings (as ESLint does)', async () => {
    const dir = tempFiles({ 'o.ndjson': warned + '\n' });
    expect((await cli(['lint', '--quiet', 'o.ndjson'], { cwd: dir })).code).toBe(0);
    const out = await cli(['lint', '--quiet', '--max-warnings', '0', 'o.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('1 warning, more than --max-warnings 0');
  });

  it('-o writes the report to a file; the summary line goes to stderr', async () => {
    const dir = tempFiles({ 'o.ndjson': failed + '\n' });
    const out = await cli(['lint', '-o', 'report.json', '--format', 'json', 'o.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stdout).toBe('');
    expect(JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')).summary.errors).toBe(1);
    expect(out.stderr).toBe('✖ 1 problem (1 error, 0 warnings) in 1 payload.\n');
  });

  it('-o into a folder that does not exist exits 2 before reading', async () => {
    const out = await cli(['lint', '-o', 'no/such/dir/r.json', 'examples/order-v1.1.json']);
    expect(out.code).toBe(2);
    expect(out.stderr).toBe('fulfilkit: Cannot write no/such/dir/r.json: no such file.\n');
  });

  it('prints the summary line on stderr for machine formats, never inside them', async () => {
    const out = await cli(['lint', '--format', 'sarif', 'examples/order-v1.1.json']);
    expect(out.code).toBe(0);
    expect(out.stderr).toBe('✔ No problems in 1 payload.\n');
    expect(JSON.parse(out.stdout).runs[0].results).toEqual([]);
  });
});
