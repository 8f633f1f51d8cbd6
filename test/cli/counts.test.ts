/**
 * Counts in the CLI's lines: grouped by thousands as `toLocaleString('en-US')` groups them,
 * without loading ICU's number formats at the end of a run.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress';
import { grouped, plural, summaryLine } from '../../src/cli/result';

describe('grouped', () => {
  it('writes any count as toLocaleString("en-US") does', () => {
    fc.assert(fc.property(fc.maxSafeNat(), (n) => grouped(n) === n.toLocaleString('en-US')));
    for (const n of [0, 1, 999, 1000, 12_345, 100_000, 1_000_000, Number.MAX_SAFE_INTEGER]) expect(grouped(n)).toBe(n.toLocaleString('en-US'));
  });

  it('groups every count of the summary, the progress line and plural', () => {
    expect(plural(1, 'payload')).toBe('1 payload');
    expect(plural(1234, 'fix', 'fixes')).toBe('1,234 fixes');
    expect(summaryLine({ payloads: 1_234_567, errors: 1000, warnings: 2345, byRule: {}, omitted: 10_000 })).toBe(
      '✖ 3,345 problems (1,000 errors, 2,345 warnings) in 1,234,567 payloads; 10,000 not listed (--max-problems-per-payload).',
    );
    expect(progressLine({ payloads: 25_000, problems: 1, bytesDone: 0, totalBytes: undefined }, 2000)).toBe('fulfilkit: 25,000 payloads, 12,500/s, 1 problem');
  });
});
