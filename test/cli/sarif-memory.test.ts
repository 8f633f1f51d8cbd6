/**
 * The SARIF writer's memory stays flat however many payloads a run has (the bulk RSS target,
 * DESIGN: <= 300 MB whatever the number of problems): it keeps nothing per payload that has a
 * requestReference, and at most 65,536 keys of payloads without one. Measured as the heap the
 * writer still holds after a garbage collection.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/index';
import { sarif } from '../../src/cli/formatters/sarif';
import type { FormatOptions } from '../../src/cli/formatters/types';
import { emptySummary } from '../../src/cli/result';

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** The heap still in use after the writer has written `count` results of one problem each. */
function heldAfter(count: number, options: FormatOptions): number {
  let written = 0;
  for (let i = 0; i < count; i++) {
    const problems = [{ rule: 'enum', severity: 'error' as const, path: '/clientRequest/order/shipServiceLevel', message: 'shipServiceLevel must be one of STD.', line: i + 1, column: 40 }];
    written += sarif.result({ source: `o.ndjson:${i + 1}`, file: 'o.ndjson', line: i + 1, requestReference: `WEB-2026-${String(i).padStart(8, '0')}`, kind: 'order', problems }, i, options).length;
  }
  expect(written).toBeGreaterThan(0);
  gc();
  return process.memoryUsage().heapUsed;
}

describe('sarif: memory', () => {
  it('holds nothing per payload with a requestReference: 200,000 results hold no more than 20,000 (within 8 MB)', () => {
    const options: FormatOptions = { summary: emptySummary(), rules: RULES, toolVersion: '0.0.0' };
    sarif.header(options);
    const small = heldAfter(20_000, options);
    const large = heldAfter(180_000, options);
    // A key per payload held about 150 bytes each: 180,000 more would be about 27 MB.
    expect(large - small).toBeLessThan(8 * 1024 * 1024);
  });

  it('holds at most 65,536 keys of payloads without a reference, each with new pointers (unknown members): fingerprints stay distinct and the same from run to run', () => {
    const run = (count: number, collect: boolean) => {
      const options: FormatOptions = { summary: emptySummary(), rules: RULES, toolVersion: '0.0.0' };
      sarif.header(options);
      const prints: string[] = [];
      for (let i = 0; i < count; i++) {
        // A new pointer for each payload, and one the same in every payload.
        const problems = [
          { rule: 'unknown-field', severity: 'error' as const, path: `/clientRequest/x${i}`, message: 'unknown member', line: i + 1, column: 2 },
          { rule: 'enum', severity: 'error' as const, path: '/clientRequest/order/shipServiceLevel', message: 'shipServiceLevel must be one of STD.', line: i + 1, column: 40 },
        ];
        const text = sarif.result({ source: `o.ndjson:${i + 1}`, file: 'o.ndjson', line: i + 1, kind: 'order', problems }, i, options);
        if (collect) for (const match of text.matchAll(/"fulfilkit\/v1":"([0-9a-f]+)"/g)) prints.push(match[1]!);
        else expect(text).toContain('fulfilkit/v1');
      }
      gc();
      const heap = process.memoryUsage().heapUsed;
      // The run goes on (its state must not be collected before the heap is read).
      expect(sarif.footer(options).length).toBeGreaterThan(0);
      return { prints, heap };
    };
    // A key per payload held some 150 bytes: 130,000 more would be about 19 MB.
    expect(run(200_000, false).heap - run(70_000, false).heap).toBeLessThan(8 * 1024 * 1024);
    const prints = run(100_000, true).prints;
    expect(prints).toHaveLength(200_000);
    expect(new Set(prints).size).toBe(200_000);
    // The same input, the same fingerprints (the first 70,000 payloads of both).
    expect(prints.slice(0, 140_000)).toEqual(run(70_000, true).prints);
  });
});
