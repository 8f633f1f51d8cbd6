/**
 * Orders of another version than the one linted (a v1.2 file linted as the default v1.1):
 * lint follows the version it was given, and the run ends with one note on stderr naming the
 * first such order found, its errors as linted and as the version where it has the fewest.
 */
import { describe, expect, it } from 'vitest';
import { createUnitLinter, type UnitSettings } from '../../src/cli/lint-unit';
import { LAZY_JSON_LIMITS } from '../../src/cli/lazy-json';
import { validOrder, validReturn } from '../fixtures';
import { cli, report, tempFiles } from './_run';

const NOTE = /^fulfilkit: note: some orders may be of another version than the one linted: (.+) has (\d+) errors? as v([\d.]+) and (none|\d+) as v([\d.]+)\. Check --api-version or the config's "version"\.$/m;
// Each payload its own requestReference: no duplicate (a batch problem) adds to a payload's errors.
const ndjson = (...payloads: any[]) => payloads.map((p, i) => JSON.stringify(withReference(p, `REQ-${i}`))).join('\n') + '\n';
const withReference = (payload: any, reference: string) => {
  const copy = structuredClone(payload);
  (copy.clientRequest?.requestHeader ?? copy.requestHeader).requestReference = reference;
  return copy;
};
const noteOf = (stderr: string) => {
  const m = NOTE.exec(stderr);
  return m && { source: m[1], errors: Number(m[2]), linted: m[3], fewer: m[4], version: m[5] };
};

/** A v1.1 order with two errors that no version forgives (a name over 20 characters, an unknown country). */
function wrongInEveryVersion(version: '1' | '1.1' | '1.2' = '1.1') {
  const order = validOrder(version);
  order.clientRequest.partner[0].personData.firstName = 'A'.repeat(21);
  order.clientRequest.partner[0].addressData.countryISO2 = 'QQ';
  return order;
}

describe('an order of another version', () => {
  it.each([['in-process', '1'], ['on worker threads', '2']])('is named in one note, %s', async (_where, concurrency) => {
    const dir = tempFiles({ 'o.ndjson': ndjson(validOrder(), wrongInEveryVersion(), validOrder('1.2'), validOrder('1.2')) });
    const out = await cli(['lint', '--concurrency', concurrency, 'o.ndjson'], { cwd: dir });
    expect(out.stderr.match(new RegExp(NOTE.source, 'gm'))).toHaveLength(1);
    const note = noteOf(out.stderr)!;
    // The first order of the other version: line 3 (line 2's errors are the same in every version).
    expect(note).toMatchObject({ source: 'o.ndjson:3', linted: '1.1', fewer: 'none', version: '1.2' });
    const asLinted = (await cli(['lint', '--concurrency', concurrency, '-f', 'json', 'o.ndjson'], { cwd: dir })).stdout;
    const line3 = JSON.parse(asLinted).results.find((r: { source: string }) => r.source === 'o.ndjson:3');
    expect(note.errors).toBe(line3.problems.filter((p: { severity: string }) => p.severity === 'error').length);
  });

  it('names a document, an array element, and the version with the fewest errors', async () => {
    const dir = tempFiles({ 'a.json': JSON.stringify(validOrder('1.2')), 'b.json': JSON.stringify([validOrder('1.2'), withReference(validOrder('1'), 'REQ-2')]) });
    expect(noteOf((await cli(['lint', 'a.json'], { cwd: dir })).stderr)).toMatchObject({ source: 'a.json', version: '1.2' });
    // A v1 order has errors as v1.2 and none as v1 or v1.1: the newer of the two is named.
    const b = await cli(['lint', '--api-version', '1.2', 'b.json'], { cwd: dir });
    expect(noteOf(b.stderr), b.stderr).toMatchObject({ source: 'b.json#/1', linted: '1.2', fewer: 'none', version: '1.1' });
  });

  it('names the first in input order whichever worker finds it first', async () => {
    const files: Record<string, string> = {};
    // Many units: a.ndjson is large enough to be linted on both workers.
    files['a.ndjson'] = ndjson(...Array.from({ length: 3000 }, () => validOrder()), validOrder('1.2'));
    files['b.json'] = JSON.stringify(validOrder('1.2'));
    const dir = tempFiles(files);
    const out = await cli(['lint', '--concurrency', '2', 'a.ndjson', 'b.json'], { cwd: dir });
    expect(noteOf(out.stderr)?.source).toBe('a.ndjson:3001');
  });

  it('tries the first order with errors of each input, however many genuine errors came before', async () => {
    // One lint thread meets 5 orders with errors in a.ndjson (it tries the 1st, 2nd and 4th),
    // then b.ndjson's: the 6th, tried as the first of its input.
    const dir = tempFiles({ 'a.ndjson': ndjson(...Array.from({ length: 5 }, () => wrongInEveryVersion())), 'b.ndjson': ndjson(validOrder('1.2')) });
    expect(noteOf((await cli(['lint', '--concurrency', '1', 'a.ndjson', 'b.ndjson'], { cwd: dir })).stderr)?.source).toBe('b.ndjson:1');
  });

  it('is not noted for errors that every version has, for returns, or when each file has its version', async () => {
    const dir = tempFiles({
      'o.ndjson': ndjson(wrongInEveryVersion(), validOrder(), wrongInEveryVersion()),
      'r.ndjson': ndjson(validReturn(), { ...validReturn(), rma: { ...validReturn().rma, returnReason: 'x'.repeat(300) } }),
      'v12.json': JSON.stringify(validOrder('1.2')),
      'fulfilkit.config.json': JSON.stringify({ overrides: [{ files: ['v12.json'], version: '1.2' }] }),
    });
    const out = await cli(['lint', 'o.ndjson', 'r.ndjson', 'v12.json'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).not.toMatch(NOTE);
  });

  it('is noted for an order of another version that has errors of its own', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(wrongInEveryVersion('1.2')) });
    expect(noteOf((await cli(['lint', 'o.ndjson'], { cwd: dir })).stderr)).toMatchObject({ source: 'o.ndjson:1', linted: '1.1', fewer: '2', version: '1.2' });
  });

  it('leaves the report as it is', async () => {
    const dir = tempFiles({ 'o.ndjson': ndjson(validOrder('1.2')) });
    const out = await cli(['lint', '-f', 'json', 'o.ndjson'], { cwd: dir });
    expect(noteOf(out.stderr)).not.toBeNull();
    expect(report(out).summary.errors).toBeGreaterThan(0);
    expect(out.stdout).not.toContain('another version');
  });

  it('escapes the file name it prints', async () => {
    const dir = tempFiles({ 'a\u001b[2Jb.json': JSON.stringify(validOrder('1.2')) });
    const out = await cli(['lint', dir], { cwd: dir });
    expect(out.stderr).toMatch(NOTE);
    expect(out.stderr).not.toContain('\u001b');
    expect(out.stderr).toContain('a\\u{1b}[2Jb.json');
  });

  it('is not looked for in a long payload (read lazily: linted again as two versions, a 64 MB line would take three times as long)', () => {
    const settings: UnitSettings = { version: '1.1', rules: {}, fix: false, quiet: false, batch: false };
    const line = Buffer.from(JSON.stringify(validOrder('1.2')));
    const lint = (lazyJson = LAZY_JSON_LIMITS) => createUnitLinter({ ...settings, lazyJson })({ type: 'lines', bytes: line, first: true });
    expect(lint().otherVersion).toMatchObject({ at: 0, version: '1.2', versionErrors: 0 });
    // The same line as a long one (over `textBytes`): its errors are the same, nothing is tried.
    const long = lint({ ...LAZY_JSON_LIMITS, textBytes: 64 });
    expect(long.found.length).toBe(1);
    expect(long.otherVersion).toBeUndefined();
  });
});
