/**
 * The real bin's peak memory on one 64 MB line of 10 million problems, on two lines of one
 * 64 MiB string each and on a document of a million elements: at most 300 MB, every problem
 * counted.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBinMeasured, useBin } from './_bin';
import { BYTES, expectedSummary, writeLine } from './_long-line';
import { tempFiles } from './_run';

describe('peak memory of the real bin on one 64 MB line of 10 million problems', () => {
  const bin = useBin();
  const dir = tempFiles({});
  const SHAPES = {
    // 9,999,994 zeros: one problem each, and 6 for the empty order.
    zeros: { element: '0', count: 9_999_994 },
    // Items that lack most of their members: 3 problems each.
    objects: { element: '{"sku":"SKU-1"}', count: 3_333_332 },
  };
  for (const [name, { element, count }] of Object.entries(SHAPES)) writeLine(join(dir, `${name}.ndjson`), element, count, BYTES);

  it.each([
    ['zeros', '1'],
    ['zeros', '2'],
    ['objects', '1'],
    ['objects', '2'],
  ] as const)('%s, --concurrency %s: at most 300 MB, and the summary counts every problem', async (name, concurrency) => {
    const { element, count } = SHAPES[name];
    const { errors, warnings } = expectedSummary(element, count);
    expect(errors + warnings).toBeGreaterThanOrEqual(10_000_000);
    const out = await runBinMeasured(bin(), ['lint', '--concurrency', concurrency, '--format', 'json', `${name}.ndjson`], { cwd: dir });
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.results[0].problems).toHaveLength(1000);
    expect(report.summary).toMatchObject({ payloads: 1, errors, warnings, omitted: errors + warnings - 1000 });
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);

  // Each line is the longest read (--max-line-bytes' default), one string: the worker holds its
  // bytes and the string at once, so the line before it and the line after it must not be.
  it.each(['1', '2'])('two lines of one 64 MiB string each, --concurrency %s: at most 300 MB, each line reported', async (concurrency) => {
    const [head, tail] = ['{"clientRequest":{"requestHeader":{"requestReference":"', '"}}}'];
    const line = head + 'a'.repeat(64 * 1024 * 1024 - head.length - tail.length) + tail + '\n';
    writeFileSync(join(dir, 'strings.ndjson'), line + line);
    const out = await runBinMeasured(bin(), ['lint', '--concurrency', concurrency, '--format', 'json', 'strings.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.summary.payloads).toBe(2);
    // Too long in both, and no duplicate: a reference over its limit is no batch fact.
    expect(report.summary.byRule).toMatchObject({ 'max-length': 2 });
    expect(report.summary.byRule['duplicate-request-reference']).toBeUndefined();
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);

  // A .json document of a million elements, none a payload: each its own result. Linted a
  // slice at a time, a unit's results do not pile up (340 and 480 MB when they did).
  it.each(['1', '2'])('a top-level array of a million zeros, --concurrency %s: at most 300 MB, each element reported', async (concurrency) => {
    writeFileSync(join(dir, 'zeros.json'), `[${Array(1_000_000).fill(0).join(',')}]`);
    const out = await runBinMeasured(bin(), ['lint', '--concurrency', concurrency, '--format', 'json', '-o', '/dev/null', 'zeros.json'], { cwd: dir });
    expect(out.code).toBe(1);
    expect(out.stderr).toContain('1,000,000 problems (1,000,000 errors, 0 warnings) in 1,000,000 payloads');
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 60_000);
});
