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

  it('reads the requestReference as the walk does: hidden, inherited or inside a non-JSON object, it is no fact', () => {
    const hidden = (requestReference: string) => {
      const payload = order('R-9');
      Object.defineProperty((payload as any).clientRequest.requestHeader, 'requestReference', { value: requestReference, enumerable: false });
      return payload;
    };
    const inherited = (requestReference: string) => {
      const payload = order('R-9');
      const header = (payload as any).clientRequest.requestHeader;
      delete header.requestReference;
      (payload as any).clientRequest.requestHeader = Object.assign(Object.create(Object.assign(Object.create(null), { requestReference })), header);
      return payload;
    };
    class Header {
      constructor(fields: object) {
        Object.assign(this, fields);
      }
    }
    const instance = (requestReference: string) => {
      const payload = order(requestReference);
      (payload as any).clientRequest.requestHeader = new Header((payload as any).clientRequest.requestHeader);
      return payload;
    };
    for (const make of [hidden, inherited, instance]) {
      // Either order: the one without a readable reference is neither counted nor reported.
      const results = [lintBatch([order('R-1'), make('R-1')], { kind: 'order', version: '1.1' }), lintBatch([make('R-1'), order('R-1')], { kind: 'order', version: '1.1' })];
      expect(results.map(duplicates)).toEqual([
        [[], []],
        [[], []],
      ]);
      expect(batchFactsOf(make('R-1'), 'order')).toEqual({});
    }
    // The payload itself, or its wrapper, not a JSON object: no fact either.
    expect(batchFactsOf(new Header(order('R-1')), 'order')).toEqual({});
    expect(batchFactsOf({ clientRequest: new Header((order('R-1') as any).clientRequest) }, 'order')).toEqual({});
    expect(batchFactsOf(new Header(ret('R-1')), 'return')).toEqual({});
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
