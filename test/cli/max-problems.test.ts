/**
 * --max-problems-per-payload: a payload lists its first N problems and counts the others,
 * in bounded memory (the engine counts past N without building problems), and the
 * summary counts every problem.
 */
import { closeSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { afterAll, describe, expect, it } from 'vitest';
import { configureEngine, lintBatch, lintBounded, lintOrder, lintReturn } from '../../src/lint/engine';
import type { LintOptions, PayloadKind, Problem, RuleLevel } from '../../src/lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { invalidOrderArbitrary, invalidReturnArbitrary, validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { FMS_PROFILE, PROFILE, clone, set, validOrder, validReturn } from '../fixtures';
import { mutate, mutationArb } from '../lint/_corpus';
import { runBinMeasured, useBin } from './_bin';
import { cli, tempFiles } from './_run';

const OVERRIDES: Record<string, RuleLevel> = { 'unknown-field': 'off', totals: 'error', type: 'warn', 'currency-mixed': 'error', required: 'warn', enum: 'off' };
const SETTINGS: readonly LintOptions[] = [{}, { profile: PROFILE }, { profile: FMS_PROFILE }, { profile: FMS_PROFILE, rules: OVERRIDES }, { rules: { type: 'off', required: 'off' } }];

function full(kind: PayloadKind, payload: unknown, options: LintOptions, version: OrderVersion): Problem[] {
  return kind === 'order' ? lintOrder(payload, { ...options, version }) : lintReturn(payload, options);
}

/** A problem of the json report without its position in the file (lintOrder has none). */
function unplaced({ line: _line, column: _column, ...problem }: Problem & { line?: number; column?: number }): Problem {
  return problem;
}

function byRule(problems: readonly Problem[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of problems) out[p.rule] = (out[p.rule] ?? 0) + 1;
  return out;
}

/** The bounded call lists a prefix of what lintOrder lists and counts the rest exactly. */
function expectBoundedAgrees(kind: PayloadKind, payload: unknown, version: OrderVersion, limit: number): void {
  for (const options of SETTINGS) {
    const opts = kind === 'order' ? { ...options, version } : options;
    const all = full(kind, payload, options, version);
    const bounded = lintBounded(kind, payload, opts, { maxProblems: limit, warnings: true });
    expect(bounded.problems).toEqual(all.slice(0, limit));
    const rest = all.slice(limit);
    expect(bounded.omitted?.byRule ?? {}).toEqual(byRule(rest));
    expect(bounded.omitted?.errors ?? 0).toBe(rest.filter((p) => p.severity === 'error').length);
    expect(bounded.quietWarnings).toBe(0);
    const errors = all.filter((p) => p.severity === 'error');
    const quiet = lintBounded(kind, payload, opts, { maxProblems: limit, warnings: false });
    expect(quiet.problems).toEqual(errors.slice(0, limit));
    expect(quiet.omitted?.byRule ?? {}).toEqual(byRule(errors.slice(limit)));
    expect(quiet.quietWarnings).toBe(all.length - errors.length);
  }
}

const mutations = fc.array(mutationArb, { minLength: 1, maxLength: 4 });

describe.each([true, false])('lintBounded agrees with lintOrder and lintReturn (codegen %s)', (codegen) => {
  afterAll(() => configureEngine({ codegen: 'auto' }));

  it.each(ORDER_VERSIONS)('on random valid and invalid v%s orders, mutated, with any limit', (version) => {
    configureEngine({ codegen });
    const base = fc.oneof(
      fc.constant(validOrder(version)),
      validOrderArbitrary(version, { fms: true }),
      invalidOrderArbitrary(version).map((c) => c.payload),
      invalidOrderArbitrary(version, { fms: true }).map((c) => c.payload),
    );
    fc.assert(
      fc.property(base, mutations, fc.oneof(fc.constant(Infinity), fc.nat(6)), (payload, ms, limit) => {
        expectBoundedAgrees('order', ms.reduce<unknown>((p, m) => mutate(p, m), clone(payload)), version, limit);
      }),
      { numRuns: 100 },
    );
  });

  it('on random valid and invalid returns, mutated, with any limit', () => {
    configureEngine({ codegen });
    const base = fc.oneof(fc.constant(validReturn()), validReturnArbitrary(), invalidReturnArbitrary().map((c) => c.payload));
    fc.assert(
      fc.property(base, mutations, fc.oneof(fc.constant(Infinity), fc.nat(6)), (payload, ms, limit) => {
        expectBoundedAgrees('return', ms.reduce<unknown>((p, m) => mutate(p, m), clone(payload)), '1.1', limit);
      }),
      { numRuns: 100 },
    );
  });

  it('counts every blank required string past the limit (each is reported once at its own path)', () => {
    configureEngine({ codegen });
    const order = clone(validOrder('1.1')) as { clientRequest: { requestHeader: Record<string, unknown>; item: Record<string, unknown>[] } };
    order.clientRequest.requestHeader.client = ' ';
    for (const item of order.clientRequest.item) Object.assign(item, { itemId: ' ', sku: '' });
    for (const limit of [0, 1, 2]) expectBoundedAgrees('order', order, '1.1', limit);
  });

  it('on any JSON value and on payload-shaped JSON', () => {
    configureEngine({ codegen });
    const shaped = fc.record(
      {
        clientRequest: fc.dictionary(fc.constantFrom('requestHeader', 'order', 'payment', 'partner', 'item', 'x'), fc.jsonValue({ maxDepth: 3 })),
        rma: fc.jsonValue({ maxDepth: 2 }),
        item: fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue({ maxDepth: 4 }), shaped), fc.nat(4), (payload, limit) => {
        expectBoundedAgrees('order', payload, '1.2', limit);
        expectBoundedAgrees('return', payload, '1.1', limit);
      }),
      { numRuns: 200 },
    );
  });
});

/** An order whose item array holds `count` copies of `entry` (each entry wrong). */
function wrongItems(count: number, entry: unknown): unknown {
  const order = validOrder('1.1') as { clientRequest: { item: unknown[] } };
  order.clientRequest.item = Array.from({ length: count }, () => entry);
  return order;
}

describe('--max-problems-per-payload through the CLI', () => {
  // 100k empty items: several required members missing in each, hundreds of thousands of problems.
  const payload = wrongItems(100_000, {});
  const all = lintOrder(payload, { version: '1.1' });
  const clean = set(validOrder('1.1'), '/clientRequest/requestHeader/requestReference', 'ANOTHER-1');
  const dir = tempFiles({ 'big.ndjson': JSON.stringify(payload) + '\n' + JSON.stringify(clean) + '\n' });

  it('lists the first 1000 problems by default, says how many more, and the summary counts every one', async () => {
    expect(all.length).toBeGreaterThan(200_000);
    const out = await cli(['lint', '--format', 'json', 'big.ndjson'], { cwd: dir });
    expect(out.code).toBe(1);
    const doc = JSON.parse(out.stdout);
    expect(doc.results).toHaveLength(1);
    expect(doc.results[0].problems.map(unplaced)).toEqual(all.slice(0, 1000));
    expect(doc.results[0].omitted).toBe(all.length - 1000);
    expect(doc.summary).toEqual({ payloads: 2, errors: all.length, warnings: 0, byRule: byRule(all), omitted: all.length - 1000 });
    expect(out.stderr).toContain(`; ${(all.length - 1000).toLocaleString('en-US')} not listed (--max-problems-per-payload).`);
  });

  it('stylish ends the payload with "... and N more problems"', async () => {
    const out = await cli(['lint', '--max-problems-per-payload', '3', 'big.ndjson'], { cwd: dir });
    const lines = out.stdout.trim().split('\n');
    expect(lines.slice(1, 4).map((l) => l.trim().split(/\s+/)[1])).toEqual(all.slice(0, 3).map((p) => p.path));
    expect(lines[4]).toBe(`  ... and ${(all.length - 3).toLocaleString('en-US')} more problems`);
  });

  it.each([1, 2, 3, 0])('counts a duplicate requestReference within the same N as lintBatch orders it (N = %i; the payload has 2 problems of its own)', async (n) => {
    // Two own problems (a missing client, a missing order) and a duplicate of the line before.
    const broken = set(set(validOrder('1.1'), '/clientRequest/requestHeader/client', undefined), '/clientRequest/order', undefined);
    const payloads = [validOrder('1.1'), broken];
    const expected = lintBatch(payloads, { kind: 'order', version: '1.1' })[1]!;
    expect(expected.map((p) => p.rule)).toEqual(['required', 'required', 'duplicate-request-reference']);
    const out = await cli(['lint', '--format', 'json', '--max-problems-per-payload', String(n), 'dup.ndjson'], { cwd: tempFiles({ 'dup.ndjson': payloads.map((p) => JSON.stringify(p)).join('\n') }) });
    const doc = JSON.parse(out.stdout);
    const listed = n === 0 ? expected.length : Math.min(n, expected.length);
    expect(doc.results[0].problems.map(unplaced)).toEqual(expected.slice(0, listed));
    expect(doc.results[0].omitted).toBe(expected.length - listed || undefined);
    expect(doc.summary).toMatchObject({ errors: 3, byRule: { required: 2, 'duplicate-request-reference': 1 } });
  });

  it('0 lists every problem', async () => {
    const out = await cli(['lint', '--format', 'json', '--max-problems-per-payload', '0', 'big.ndjson'], { cwd: dir });
    const doc = JSON.parse(out.stdout);
    expect(doc.results[0].problems).toHaveLength(all.length);
    expect('omitted' in doc.results[0] || 'omitted' in doc.summary).toBe(false);
  });

  it('with --quiet, lists the first N errors and counts the warnings for --max-warnings only', async () => {
    const warned = validOrder('1.1') as { clientRequest: { order: Record<string, unknown>; item: unknown[] } };
    warned.clientRequest.order.shipServiceLevel = 'PUO';
    warned.clientRequest.item = [1, 2, 3, 4];
    const file = tempFiles({ 'w.ndjson': JSON.stringify(warned) + '\n' });
    const full = lintOrder(warned, { version: '1.1' });
    expect(full.some((p) => p.severity === 'warn')).toBe(true);
    const errors = full.filter((p) => p.severity === 'error');
    const out = await cli(['lint', '--format', 'json', '--quiet', '--max-problems-per-payload', '2', 'w.ndjson'], { cwd: file });
    const doc = JSON.parse(out.stdout);
    expect(doc.results[0].problems.map(unplaced)).toEqual(errors.slice(0, 2));
    expect(doc.results[0].omitted).toBe(errors.length - 2);
    expect(doc.summary).toMatchObject({ errors: errors.length, warnings: 0, byRule: byRule(errors) });
  });

  it('every format says it, and junit stays valid XML', async () => {
    const github = await cli(['lint', '--format', 'github', '--max-problems-per-payload', '2', 'big.ndjson'], { cwd: dir });
    expect(github.stdout.trimEnd().split('\n')).toHaveLength(3);
    expect(github.stdout).toContain(`::notice file=big.ndjson,line=1,title=fulfilkit::${(all.length - 2).toLocaleString('en-US')} more problems`);
    const junit = await cli(['lint', '--format', 'junit', '--max-problems-per-payload', '2', 'big.ndjson'], { cwd: dir });
    expect(XMLValidator.validate(junit.stdout)).toBe(true);
    expect(junit.stdout).toContain('name="(more problems)"');
    const sarif = JSON.parse((await cli(['lint', '--format', 'sarif', '--max-problems-per-payload', '2', 'big.ndjson'], { cwd: dir })).stdout);
    expect(sarif.runs[0].results).toHaveLength(2);
    expect(sarif.runs[0].results[1].properties).toEqual({ omitted: all.length - 2 });
    expect(sarif.runs[0].properties.summary.errors).toBe(all.length);
  });

  it('refuses a value that is not a whole number (exit 2)', async () => {
    for (const bad of ['-1', 'x', '1.5']) {
      const out = await cli(['lint', '--max-problems-per-payload', bad, 'big.ndjson'], { cwd: dir });
      expect(out.code).toBe(2);
      expect(out.stderr).toContain('--max-problems-per-payload');
      expect(out.stdout).toBe('');
    }
  });
});

describe('peak memory of the real bin (bounded whatever the number of problems)', () => {
  const bin = useBin();
  const dir = tempFiles({});
  const line = (items: number) => `{"clientRequest":{"requestHeader":{},"order":{},"partner":[],"item":[${'0,'.repeat(items - 1)}0]}}\n`;
  // One 8 MB line of 4 million problems; 10 MB of 40 lines of 125,000 problems each; 3 MB of lines of 1,100 problems each.
  writeFileSync(join(dir, 'one-line.ndjson'), line(4_000_000));
  writeFileSync(join(dir, 'many-lines.ndjson'), line(125_000).repeat(40));
  writeFileSync(join(dir, 'dense.ndjson'), line(1_100).repeat(1_500));

  /** Lints `file`; the report goes to a pipe, or to a file (`toFile`). */
  async function peakMb(file: string, concurrency: string, toFile = false): Promise<{ mb: number; stderr: string }> {
    const report = toFile ? openSync(join(dir, `${file}.report`), 'w') : undefined;
    try {
      const out = await runBinMeasured(bin(), ['lint', '--concurrency', concurrency, '--format', 'json', file], { cwd: dir, ...(report === undefined ? {} : { stdout: report }) });
      expect(out.code).toBe(1);
      return { mb: out.peakMb, stderr: out.stderr };
    } finally {
      if (report !== undefined) closeSync(report);
    }
  }

  it.each(['1', '2'])('one line of 4 million problems, --concurrency %s: at most 300 MB', async (concurrency) => {
    const { mb, stderr } = await peakMb('one-line.ndjson', concurrency);
    expect(stderr).toContain('4,000,006 problems (4,000,006 errors, 0 warnings) in 1 payload; 3,999,006 not listed');
    expect(mb).toBeLessThanOrEqual(300);
  }, 30_000);

  it.each(['1', '2'])('10 MB of lines of 125,000 problems each, --concurrency %s: at most 300 MB', async (concurrency) => {
    const { mb, stderr } = await peakMb('many-lines.ndjson', concurrency);
    expect(stderr).toContain('5,000,240 problems');
    expect(mb).toBeLessThanOrEqual(300);
  }, 30_000);

  it('1.5 million problems listed (1,000 a line) into a file, --concurrency 2: at most 300 MB', async () => {
    const { mb, stderr } = await peakMb('dense.ndjson', '2', true);
    expect(stderr).toContain('1,659,000 problems');
    expect(mb).toBeLessThanOrEqual(300);
  }, 30_000);
});

describe('lintBounded on a payload that cannot be read to the end (a throwing getter: never parsed JSON)', () => {
  const unreadable = () =>
    Object.defineProperty({}, 'sku', {
      enumerable: true,
      get() {
        throw new Error('no');
      },
    });
  const counts = (b: ReturnType<typeof lintBounded>) => {
    const all = byRule(b.problems);
    for (const [rule, n] of Object.entries(b.omitted?.byRule ?? {})) all[rule] = (all[rule] ?? 0) + n;
    return all;
  };

  it('lists the structural problems found before the failure, then the one at the root, as lintOrder', () => {
    const payload = set(validOrder('1.1'), '/clientRequest/item', [1, 2, 3, unreadable()]);
    const all = lintOrder(payload, { version: '1.1' });
    expect(all.map((p) => p.path)).toEqual(['/clientRequest/item/0', '/clientRequest/item/1', '/clientRequest/item/2', '']);
    for (const limit of [1, 2, 3, Infinity]) {
      const bounded = lintBounded('order', payload, { version: '1.1' }, { maxProblems: limit, warnings: true });
      expect(bounded.problems).toEqual(all.slice(0, limit));
      expect(counts(bounded)).toEqual(byRule(all));
    }
  });

  it('counts exactly what lintOrder lists when problems before the failure are dropped', () => {
    const payload = set(set(validOrder('1.1'), '/clientRequest/order/shipServiceLevel', 'PUO'), '/clientRequest/item', [1, 2, 3, unreadable()]);
    const all = lintOrder(payload, { version: '1.1' });
    for (const limit of [1, 2, Infinity]) expect(counts(lintBounded('order', payload, { version: '1.1' }, { maxProblems: limit, warnings: true }))).toEqual(byRule(all));
  });
});
