import { describe, expect, it } from 'vitest';
import { batchFactsOf } from '../../src/lint/batch';
import { lintBatch, lintOrder } from '../../src/lint/engine';
import { change, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const ORDER_REF = `${CR}/requestHeader/requestReference`;
const ORDER_MSG = `${CR}/requestHeader/externalMessageReference`;

const order = (requestReference: string, externalMessageReference = `MSG-${requestReference}`) =>
  change(validOrder('1.1'), { [ORDER_REF]: requestReference, [ORDER_MSG]: externalMessageReference });
const ret = (requestReference: string, externalMessageReference = `MSG-${requestReference}`) =>
  change(validReturn(), { '/requestHeader/requestReference': requestReference, '/requestHeader/externalMessageReference': externalMessageReference });

const duplicates = (results: { rule: string; path: string }[][]) =>
  results.map((list) => list.filter((p) => p.rule === 'duplicate-request-reference').map((p) => p.path));

describe('duplicate-request-reference (order batch)', () => {
  it('accepts distinct requestReferences', () => {
    expect(duplicates(lintBatch([order('R-1'), order('R-2'), order('R-3')], { kind: 'order', version: '1.1' }))).toEqual([[], [], []]);
  });

  it('accepts repeated externalMessageReferences (the API does not reject them)', () => {
    const results = lintBatch([order('R-1', 'M-1'), order('R-2', 'M-1'), order('R-3', 'M-1')], { kind: 'order', version: '1.1' });
    expect(duplicates(results)).toEqual([[], [], []]);
  });

  it('reports each later repeat of a requestReference, not the first one', () => {
    const results = lintBatch([order('R-1'), order('R-2'), order('R-1'), order('R-1')], { kind: 'order', version: '1.1' });
    expect(duplicates(results)).toEqual([[], [], [ORDER_REF], [ORDER_REF]]);
    const problem = results[2]!.find((p) => p.rule === 'duplicate-request-reference')!;
    expect(problem.severity).toBe('error');
    expect(problem.message).not.toContain('R-1');
  });

  it('is case-sensitive and exact', () => {
    expect(duplicates(lintBatch([order('R-1'), order('r-1'), order('R-1 ')], { kind: 'order', version: '1.1' }))).toEqual([[], [], []]);
  });

  it.each(['1', '1.2'] as const)('works in v%s', (version) => {
    const p = set(validOrder(version), ORDER_REF, 'SAME');
    expect(duplicates(lintBatch([p, p], { kind: 'order', version }))).toEqual([[], [ORDER_REF]]);
  });

  it('ignores payloads without a readable requestReference', () => {
    const results = lintBatch([null, set(validOrder(), ORDER_REF, undefined), order('R-1'), { clientRequest: 'x' }, order('R-1')], {
      kind: 'order',
      version: '1.1',
    });
    expect(duplicates(results)).toEqual([[], [], [], [], [ORDER_REF]]);
  });

  it('keeps no reference longer than the field allows: a repeat of it is reported once, as too long', () => {
    const long = 'R'.repeat(51);
    const results = lintBatch([order(long), order(long)], { kind: 'order', version: '1.1' });
    expect(duplicates(results)).toEqual([[], []]);
    expect(results[1]!.map((p) => [p.rule, p.path])).toContainEqual(['max-length', ORDER_REF]);
    // The limit counts code points, as max-length does: 50 astral characters are 100 UTF-16 units.
    const astral = '\u{1F600}'.repeat(50);
    expect(duplicates(lintBatch([order(astral), order(astral)], { kind: 'order', version: '1.1' }))).toEqual([[], [ORDER_REF]]);
    expect(batchFactsOf(order(long), 'order')).toEqual({});
    expect(batchFactsOf(order('R'.repeat(50)), 'order')).toEqual({ requestReference: 'R'.repeat(50) });
  });

  it('is not a single-payload rule: lintOrder never reports it', () => {
    expect(lintOrder(order('R-1'), { version: '1.1' }).filter((p) => p.rule === 'duplicate-request-reference')).toEqual([]);
  });

  it('follows a severity override and can be turned off', () => {
    const batch = [order('R-1'), order('R-1')];
    const warn = lintBatch(batch, { kind: 'order', version: '1.1', rules: { 'duplicate-request-reference': 'warn' } });
    expect(warn[1]).toEqual([expect.objectContaining({ rule: 'duplicate-request-reference', severity: 'warn', path: ORDER_REF })]);
    const off = lintBatch(batch, { kind: 'order', version: '1.1', rules: { 'duplicate-request-reference': 'off' } });
    expect(duplicates(off)).toEqual([[], []]);
  });
});

describe('duplicate-request-reference (return batch)', () => {
  it('reports a repeated requestReference at /requestHeader/requestReference', () => {
    const results = lintBatch([ret('RMA-1'), ret('RMA-2'), ret('RMA-1')], { kind: 'return' });
    expect(duplicates(results)).toEqual([[], [], ['/requestHeader/requestReference']]);
  });

  it('accepts repeated externalMessageReferences', () => {
    expect(duplicates(lintBatch([ret('RMA-1', 'M'), ret('RMA-2', 'M')], { kind: 'return' }))).toEqual([[], []]);
  });

  it('reads any iterable, e.g. a generator', () => {
    function* payloads() {
      yield ret('A');
      yield ret('A');
    }
    expect(duplicates(lintBatch(payloads(), { kind: 'return' }))).toEqual([[], ['/requestHeader/requestReference']]);
  });
});
