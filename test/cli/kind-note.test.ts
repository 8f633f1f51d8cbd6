/**
 * A kind given (--kind, the config's "kind") that the payloads' shape contradicts: lint
 * follows it, and the run ends with one note on stderr saying how many payloads look like
 * the other kind, so a run that only reports `required` and `unknown-field` says why.
 */
import { describe, expect, it } from 'vitest';
import { validOrder, validReturn } from '../fixtures';
import { cli, tempFiles } from './_run';

const NOTE = /^fulfilkit: note: (\d+) payloads? ha(?:s|ve) the shape of the other kind than the one linted \(an order's clientRequest linted as a return, or a return's rma as an order\): check --kind or the config's "kind"\.$/m;
const ndjson = (...payloads: unknown[]) => payloads.map((p) => JSON.stringify(p)).join('\n') + '\n';
const noted = (stderr: string) => Number(NOTE.exec(stderr)?.[1] ?? 0);

describe('a kind the shape contradicts', () => {
  it.each([['in-process', '1'], ['on worker threads', '2']])('is noted once, with the count, %s', async (_where, concurrency) => {
    const dir = tempFiles({ 'o.ndjson': ndjson(validOrder(), validOrder(), validReturn(), { neither: true }) });
    const asReturns = await cli(['lint', '--concurrency', concurrency, '--kind', 'return', 'o.ndjson'], { cwd: dir });
    expect(noted(asReturns.stderr)).toBe(2);
    expect(asReturns.stderr.match(new RegExp(NOTE.source, 'gm'))).toHaveLength(1);
    const asOrders = await cli(['lint', '--concurrency', concurrency, '--kind', 'order', 'o.ndjson'], { cwd: dir });
    expect(noted(asOrders.stderr)).toBe(1);
  });

  it('is not noted when the kind is found by shape, or agrees with it', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(validOrder(), validReturn()), 'r.ndjson': ndjson(validReturn()) });
    expect((await cli(['lint', 'o.ndjson'], { cwd: dir })).stderr).not.toMatch(NOTE);
    expect((await cli(['lint', '--kind', 'return', 'r.ndjson'], { cwd: dir })).stderr).not.toMatch(NOTE);
  });

  it("is noted for the config's kind too", async () => {
    const dir = tempFiles({ 'fulfilkit.config.json': JSON.stringify({ kind: 'return' }), 'o.ndjson': ndjson(validOrder()) });
    expect(noted((await cli(['lint', 'o.ndjson'], { cwd: dir })).stderr)).toBe(1);
  });
});
