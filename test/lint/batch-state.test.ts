/**
 * The batch rules' state (src/lint/batch-state.ts) with and without a bound: unbounded
 * (`lintBatch`, the CLI) it finds a repeat however far apart; bounded (the simulator) it
 * remembers the newest `limit` references only, the oldest forgotten first, and a repeat
 * keeps its place.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/index';
import duplicateRequestReference from '../../rules/duplicate-request-reference';
import { batchStateOf } from '../../src/lint/batch-state';
import type { TextSet } from '../../src/lint/define-rule';
import { textSetOf } from '../../src/lint/text-set';

const ORDER_REF = '/clientRequest/requestHeader/requestReference';

/** Whether each reference of `references` is reported as a duplicate, fed in order to one state (`undefined`: a payload without one). */
function reported(references: readonly (string | undefined)[], limit?: number): boolean[] {
  const state = batchStateOf(RULES, { kind: 'order' }, limit);
  return references.map((requestReference) => {
    const problems = state.next(requestReference === undefined ? {} : { requestReference });
    expect(problems.every((p) => p.rule === 'duplicate-request-reference' && p.path === ORDER_REF)).toBe(true);
    return problems.length > 0;
  });
}

/** The law, written plainly: a duplicate is a reference among the newest `limit` distinct ones first seen before it. */
function model(references: readonly string[], limit = Infinity): boolean[] {
  const kept: string[] = [];
  return references.map((reference) => {
    if (kept.includes(reference)) return true;
    kept.push(reference);
    if (kept.length > limit) kept.shift();
    return false;
  });
}

describe('a bounded batch state', () => {
  it.each([
    { limit: 2, references: ['A', 'B', 'A'], duplicates: [false, false, true] },
    { limit: 2, references: ['A', 'B', 'C', 'A'], duplicates: [false, false, false, false] },
    // A repeat keeps its place: C pushes A out although A came again after B.
    { limit: 2, references: ['A', 'B', 'A', 'C', 'A'], duplicates: [false, false, true, false, false] },
    { limit: 2, references: ['A', 'B', 'C', 'B', 'C'], duplicates: [false, false, false, true, true] },
    { limit: 1, references: ['A', 'A', 'B', 'A', 'A'], duplicates: [false, true, false, false, true] },
    { limit: 0, references: ['A', 'A', 'A'], duplicates: [false, false, false] },
    // A payload without a reference neither counts nor pushes one out.
    { limit: 1, references: ['A', undefined, undefined, 'A'], duplicates: [false, false, false, true] },
    { limit: undefined, references: ['A', 'B', 'C', 'D', 'E', 'A'], duplicates: [false, false, false, false, false, true] },
  ])('limit $limit: $references', ({ limit, references, duplicates }) => {
    expect(reported(references, limit)).toEqual(duplicates);
  });

  it('reports a duplicate exactly when the reference is among the newest `limit` remembered; unbounded, whenever it came before', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('A', 'B', 'C', 'D', 'E', 'F'), { maxLength: 40 }), fc.integer({ min: 0, max: 6 }), (references, limit) => {
        expect(reported(references, limit)).toEqual(model(references, limit));
        expect(reported(references)).toEqual(model(references));
        expect(reported(references)).toEqual(references.map((reference, i) => references.indexOf(reference) < i));
      }),
    );
  });

  it('holds at most `limit` references in memory, whatever the run', () => {
    const { create, check } = duplicateRequestReference.batch!;
    const none = () => {};
    const state = create(3, () => textSetOf(3)) as TextSet;
    for (let i = 0; i < 1000; i++) check(state, { requestReference: `R-${i}` }, none);
    expect(state.size).toBe(3);
    // The newest three are held; R-996 was forgotten (adding it again is new, and pushes R-997 out).
    expect([state.add('R-999'), state.add('R-998'), state.add('R-997'), state.add('R-996'), state.add('R-997')]).toEqual([false, false, false, true, true]);
    const unbounded = create(undefined, () => textSetOf(undefined)) as TextSet;
    for (let i = 0; i < 1000; i++) check(unbounded, { requestReference: `R-${i}` }, none);
    expect(unbounded.size).toBe(1000);
  });

  it.each([-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY])('refuses the limit %s', (limit) => {
    expect(() => batchStateOf(RULES, { kind: 'return' }, limit)).toThrow(new RangeError('limit must be a whole number from 0.'));
  });
});
