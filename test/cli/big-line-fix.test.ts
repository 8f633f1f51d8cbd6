/**
 * The real bin's `--fix` on one 64 MB line of 8 million items: the members renamed in the
 * file's bytes, the report of the fixed line, at most 300 MB.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBinMeasured, useBin } from './_bin';
import { BYTES, expectedSummary, writeLine } from './_long-line';
import { tempFiles } from './_run';

describe('peak memory of the real bin fixing one 64 MB line', () => {
  const bin = useBin();
  const dir = tempFiles({});

  // Three members spelt as in the spec's examples: two renames keep the length, one shortens the text.
  const SPELT_HEAD = '{"clientRequest":{"order":{"datetimeWantedDeliveryDate":"2026-01-01"},"payment":{"transactionId":"T-1","acquirerId":"A"},"item":[';
  const FIXED_HEAD = SPELT_HEAD.replace('datetimeW', 'dateTimeW').replace('transactionId', 'transactionID').replace('acquirerId', 'acquireID');
  const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

  // One thread count only (45 s each): a worker holds the line, its fix and the report at once,
  // and the in-process executor shares their code (big-line.test.ts's properties hold the two equal).
  it.each(['2'])('--fix of a line of 8 million items, --concurrency %s: at most 300 MB, the members renamed, the report of the fixed line', async (concurrency) => {
    const [element, count] = ['{"a":1}', 7_990_000];
    writeLine(join(dir, 'spelt.ndjson'), element, count, BYTES, SPELT_HEAD);
    // The same spacing: the renamed line is shorter by what its head is.
    writeLine(join(dir, 'fixed.ndjson'), element, count, BYTES - SPELT_HEAD.length + FIXED_HEAD.length, FIXED_HEAD);
    const { errors, warnings } = expectedSummary(element, count, FIXED_HEAD);
    const out = await runBinMeasured(bin(), ['lint', '--fix', '--concurrency', concurrency, '--format', 'json', 'spelt.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    const report = JSON.parse(out.stdout);
    expect(report.summary).toMatchObject({ payloads: 1, errors, warnings, fixed: 3 });
    expect(report.results[0].problems.filter((p: { rule: string }) => p.rule === 'spelling')).toEqual([]);
    expect(sha256(join(dir, 'spelt.ndjson'))).toBe(sha256(join(dir, 'fixed.ndjson')));
    expect(out.peakMb).toBeLessThanOrEqual(300);
  }, 300_000);
});

