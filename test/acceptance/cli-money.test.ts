/**
 * Acceptance: CLI exit codes and formats (DESIGN "The CLI"), and the pinned
 * behaviour of splitBundleDiscount (spec rule 11, DESIGN "Public contract").
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main';
import { splitBundleDiscount } from '../../src/index';
import { CR, FMS, edit, fullOrder, fullReturn, minimalReturn } from './_fixtures';
import { scratchDir } from '../_scratch';

async function run(argv: string[], dir: string, stdin: string[] = []) {
  let stdout = '';
  let stderr = '';
  const code = await main(argv, {
    stdin: Readable.from(stdin),
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    cwd: dir,
  });
  return { code, stdout, stderr };
}

function files(entries: Record<string, string>): string {
  const dir = scratchDir('fulfilkit-acceptance-');
  for (const [name, text] of Object.entries(entries)) writeFileSync(join(dir, name), text);
  return dir;
}

const j = (x: unknown) => JSON.stringify(x);

describe('CLI: fulfilkit lint exit codes', () => {
  const dir = files({
    'ok.json': j(fullOrder('1.1')),
    'ok12.json': j(fullOrder('1.2')),
    'bad.json': j(edit(fullOrder('1.1'), `${CR}/order/shipServiceLevel`, 'XXX')),
    'warn.json': j(edit(fullOrder('1.1'), `${CR}/order/foo`, 1)),
    'return.json': j(fullReturn()),
    'return-bad.json': j(edit(fullReturn(), '/item', [])),
    'broken.json': '{"clientRequest": ',
    'lines.ndjson': [j(fullOrder('1.1')), '{not json', j(edit(fullOrder('1.1'), `${CR}/requestHeader/requestReference`, 'REQ-9'))].join('\n') + '\n',
    'dupes.ndjson': [j(fullOrder('1.1')), j(fullOrder('1.1'))].join('\n') + '\n',
    'profile.json': j(FMS),
    'profile-bad.json': '{"client": ',
  });
  it('0 when there are no errors (valid order, valid return, kind detected by shape)', async () => {
    expect((await run(['lint', 'ok.json'], dir)).code).toBe(0);
    expect((await run(['lint', 'return.json'], dir)).code).toBe(0);
    expect((await run(['lint', 'ok.json', 'return.json'], dir)).code).toBe(0);
    expect((await run(['lint', '--api-version', '1.2', 'ok12.json'], dir)).code).toBe(0);
    expect((await run(['lint', '--profile', 'profile.json', 'ok.json'], dir)).code).toBe(0);
  });
  it('0 when there are only warnings', async () => {
    expect((await run(['lint', 'warn.json'], dir)).code).toBe(0);
  });
  it('1 when errors are found', async () => {
    expect((await run(['lint', 'bad.json'], dir)).code).toBe(1);
    expect((await run(['lint', 'return-bad.json'], dir)).code).toBe(1);
    expect((await run(['lint', 'ok.json', 'bad.json'], dir)).code).toBe(1);
    expect((await run(['lint', '--api-version', '1.2', 'ok.json'], dir)).code).toBe(1);
  });
  it('1 with a parse problem for input that is not JSON, and linting goes on', async () => {
    const out = await run(['lint', '--format', 'json', 'broken.json', 'bad.json'], dir);
    expect(out.code).toBe(1);
    const doc = JSON.parse(out.stdout);
    const rules = doc.results.flatMap((r: any) => r.problems.map((x: any) => x.rule));
    expect(rules).toContain('parse');
    expect(rules).toContain('enum');
  });
  it('NDJSON: one payload a line; a bad line is a parse error and the other lines are linted', async () => {
    const out = await run(['lint', '--format', 'json', 'lines.ndjson'], dir);
    expect(out.code).toBe(1);
    const doc = JSON.parse(out.stdout);
    expect(doc.summary.payloads).toBe(3);
    expect(doc.results.flatMap((r: any) => r.problems.map((x: any) => x.rule))).toEqual(['parse']);
  });
  it('duplicate requestReference across lines of one run is an error', async () => {
    const out = await run(['lint', '--format', 'json', 'dupes.ndjson'], dir);
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).results.flatMap((r: any) => r.problems.map((x: any) => x.rule))).toEqual(['duplicate-request-reference']);
  });
  it('stdin is read when no file is given', async () => {
    expect((await run(['lint'], dir, [j(fullOrder('1.1'))])).code).toBe(0);
    expect((await run(['lint', '--kind', 'return'], dir, [j(edit(minimalReturn(), '/item', []))])).code).toBe(1);
  });
  it('--format json prints one JSON document', async () => {
    const out = await run(['lint', '--format', 'json', 'bad.json', 'return.json'], dir);
    expect(() => JSON.parse(out.stdout)).not.toThrow();
    const doc = JSON.parse(out.stdout);
    expect(doc.summary.errors).toBe(1);
    expect(doc.results[0].problems[0]).toMatchObject({ rule: 'enum', path: `${CR}/order/shipServiceLevel`, severity: 'error' });
  });
  it('--format sarif prints a SARIF 2.1.0 log', async () => {
    const out = await run(['lint', '--format', 'sarif', 'bad.json'], dir);
    expect(out.code).toBe(1);
    expect(JSON.parse(out.stdout).version).toBe('2.1.0');
  });
  it('2 on usage or I/O failure: missing file, bad flag, bad flag value, bad profile', async () => {
    expect((await run(['lint', 'missing.json'], dir)).code).toBe(2);
    expect((await run(['lint', '--bogus', 'ok.json'], dir)).code).toBe(2);
    expect((await run(['lint', '--api-version', '2', 'ok.json'], dir)).code).toBe(2);
    expect((await run(['lint', '--kind', 'invoice', 'ok.json'], dir)).code).toBe(2);
    expect((await run(['lint', '--format', 'xml', 'ok.json'], dir)).code).toBe(2);
    expect((await run(['lint', '--profile', 'profile-bad.json', 'ok.json'], dir)).code).toBe(2);
    expect((await run(['lint', '--profile', 'nope.json', 'ok.json'], dir)).code).toBe(2);
    expect((await run(['frobnicate'], dir)).code).toBe(2);
    expect((await run([], dir)).code).toBe(2);
  });
  it('the output never repeats personal data of the payload', async () => {
    const d = files({ 'p.json': j(edit(fullOrder('1.1'), `${CR}/partner/0/personData/firstName`, 'Zebulon-Quixotic-Marchbanks')) });
    for (const format of ['stylish', 'json', 'sarif']) {
      const out = await run(['lint', '--format', format, 'p.json'], d);
      expect(out.code).toBe(1);
      expect(out.stdout + out.stderr).not.toMatch(/zebulon/i);
    }
  });
});

describe('CLI: more', () => {
  const dir = files({
    'broken-private.json': '{"clientRequest": {"partner": [{"personData": {"firstName": "Zebulon Quixotic"',
    'private.ndjson': '{"x": "Zebulon Quixotic" ,,}\n',
    'warn.json': j(edit(fullOrder('1.1'), `${CR}/order/foo`, 1)),
    'bad.json': j(edit(fullOrder('1.1'), `${CR}/order/shipServiceLevel`, 'XXX')),
  });
  it('a parse problem never repeats the input', async () => {
    for (const file of ['broken-private.json', 'private.ndjson']) {
      for (const format of ['stylish', 'json', 'sarif']) {
        const out = await run(['lint', '--format', format, file], dir);
        expect(out.code).toBe(1);
        expect(out.stdout + out.stderr).not.toMatch(/zebulon|quixotic/i);
      }
    }
  });
  it('--rule overrides severities; --max-warnings turns warnings into exit 1', async () => {
    expect((await run(['lint', '--rule', 'enum=off', 'bad.json'], dir)).code).toBe(0);
    expect((await run(['lint', '--rule', 'unknown-field=error', 'warn.json'], dir)).code).toBe(1);
    expect((await run(['lint', '--max-warnings', '0', 'warn.json'], dir)).code).toBe(1);
    expect((await run(['lint', '--max-warnings', '1', 'warn.json'], dir)).code).toBe(0);
    expect((await run(['lint', '--rule', 'no-such-rule=off', 'warn.json'], dir)).code).toBe(2);
  });
  it('--kind order on a return payload lints it as an order', async () => {
    const d = files({ 'r.json': j(fullReturn()) });
    expect((await run(['lint', '--kind', 'order', 'r.json'], d)).code).toBe(1);
  });
});

describe('splitBundleDiscount (rule 11: the bundle discount split in proportion to the prices)', () => {
  it('returns the discounted unit prices in input order, with the currency minor digits', () => {
    expect(splitBundleDiscount(['10.00', '20.00', '30.00'], '6.00', 'EUR')).toEqual(['9.00', '18.00', '27.00']);
    expect(splitBundleDiscount(['10', '20'], '3', 'EUR')).toEqual(['9.00', '18.00']);
    expect(splitBundleDiscount(['100', '300'], '40', 'JPY')).toEqual(['90', '270']);
    expect(splitBundleDiscount(['1.000', '3.000'], '0.400', 'BHD')).toEqual(['0.900', '2.700']);
  });
  it('largest remainder on minor units: leftover units go to the largest remainders, ties to the lower index', () => {
    expect(splitBundleDiscount(['1.00', '1.00', '1.00'], '0.02', 'EUR')).toEqual(['0.99', '0.99', '1.00']);
    expect(splitBundleDiscount(['1.00', '1.00', '1.00'], '0.01', 'EUR')).toEqual(['0.99', '1.00', '1.00']);
    expect(splitBundleDiscount(['100', '200'], '1', 'JPY')).toEqual(['100', '199']);
    // exact shares 10/3=3.33, 20/3=6.67 → floors 3, 6, leftover 1 to the larger remainder (index 1)
    expect(splitBundleDiscount(['0.10', '0.20'], '0.10', 'EUR')).toEqual(['0.07', '0.13']);
  });
  it('shares add up to the discount exactly', () => {
    const prices = ['19.99', '5.01', '0.37', '74.63', '0.00'];
    const out = splitBundleDiscount(prices, '13.37', 'EUR');
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const before = prices.reduce((a, s) => a + cents(s), 0n);
    const after = out.reduce((a, s) => a + cents(s), 0n);
    expect(before - after).toBe(1337n);
    expect(out[4]).toBe('0.00');
  });
  it('a zero discount changes nothing; the whole sum as discount gives zeros', () => {
    expect(splitBundleDiscount(['10.00', '5.00'], '0.00', 'EUR')).toEqual(['10.00', '5.00']);
    expect(splitBundleDiscount(['10.00', '5.00'], '15.00', 'EUR')).toEqual(['0.00', '0.00']);
  });
  it('invalid input throws a RangeError', () => {
    expect(() => splitBundleDiscount(['10.00', 'abc'], '1.00', 'EUR')).toThrow(RangeError);
    expect(() => splitBundleDiscount(['10,00'], '1.00', 'EUR')).toThrow(RangeError);
    expect(() => splitBundleDiscount(['10.00'], '1e0', 'EUR')).toThrow(RangeError);
    expect(() => splitBundleDiscount(['10.00'], '1.00', 'XYZ')).toThrow(RangeError);
    expect(() => splitBundleDiscount(['10.00'], '1.00', 'eur')).toThrow(RangeError);
    expect(() => splitBundleDiscount(['10.00'], '-1.00', 'EUR')).toThrow(RangeError);
    expect(() => splitBundleDiscount(['10.00', '5.00'], '15.01', 'EUR')).toThrow(RangeError);
  });
  it('does not modify the prices array', () => {
    const prices = Object.freeze(['10.00', '20.00']);
    expect(() => splitBundleDiscount(prices, '3.00', 'EUR')).not.toThrow();
    expect(prices).toEqual(['10.00', '20.00']);
  });
});
