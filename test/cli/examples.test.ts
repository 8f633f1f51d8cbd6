import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validateProfile } from '../../src/cli/profile';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { OrderVersion } from '../../src/schema/tables';
import { ROOT, cli, report } from './_run';

const read = (name: string): unknown => JSON.parse(readFileSync(join(ROOT, 'examples', name), 'utf8'));
const profile = validateProfile(read('profile.json'));
const brief = (problems: { rule: string; path: string }[]) => problems.map((p) => `${p.rule} ${p.path}`);

describe('examples', () => {
  it('profile.json is a valid FMS client profile', () => {
    expect(profile.fms).toBe(true);
    expect(profile.processesCardData).toBe(true);
  });

  it.each([
    ['order-v1.json', '1'],
    ['order-v1.1.json', '1.1'],
    ['order-v1.2.json', '1.2'],
  ] as const)('%s lints clean for v%s, with and without the profile', (file, version: OrderVersion) => {
    const payload = read(file);
    expect(brief(lintOrder(payload, { version }))).toEqual([]);
    expect(brief(lintOrder(payload, { version, profile }))).toEqual([]);
  });

  it('return.json lints clean, with and without the profile', () => {
    expect(brief(lintReturn(read('return.json')))).toEqual([]);
    expect(brief(lintReturn(read('return.json'), { profile }))).toEqual([]);
  });

  it('order-v1.1-invalid.json shows the typical mistakes', () => {
    const found = brief(lintOrder(read('order-v1.1-invalid.json'), { version: '1.1', profile }));
    expect(found).toEqual(
      expect.arrayContaining([
        'max-length /clientRequest/partner/0/personData/firstName',
        'spelling /clientRequest/payment/transactionId',
        'netprice-required /clientRequest/item/1/amount',
        'enum /clientRequest/order/shipServiceLevel',
        'type /clientRequest/item/0/quantity/value',
      ]),
    );
  });

  it('return-invalid.json has errors', () => {
    const found = lintReturn(read('return-invalid.json'), { profile });
    expect(found.some((p) => p.severity === 'error')).toBe(true);
    expect(brief(found)).toEqual(expect.arrayContaining(['rma-line-price /item/0/dynamicField', 'url-format /rma/clientReturnURL']));
  });

  it('orders.ndjson has one broken line, and the CLI goes on after it', async () => {
    const out = await cli(['lint', '--format', 'json', '--profile', 'examples/profile.json', 'examples/orders.ndjson']);
    expect(out.code).toBe(1);
    const { results, summary } = report(out);
    expect(summary.payloads).toBe(5);
    expect(results.filter((r) => r.problems.some((p) => p.rule === 'parse')).map((r) => r.source)).toEqual(['examples/orders.ndjson:4']);
    expect(results.map((r) => r.source)).toContain('examples/orders.ndjson:3');
  });

  it('the CLI passes every valid example with the profile', async () => {
    const profileArgs = ['--profile', 'examples/profile.json'];
    expect((await cli(['lint', ...profileArgs, '--api-version', '1', 'examples/order-v1.json'])).code).toBe(0);
    expect((await cli(['lint', ...profileArgs, 'examples/order-v1.1.json', 'examples/return.json'])).code).toBe(0);
    expect((await cli(['lint', ...profileArgs, '--api-version', '1.2', 'examples/order-v1.2.json'])).code).toBe(0);
  });
});
