/**
 * The playground's work grows with the text, not with problems × text: a payload with
 * thousands of problems froze the tab when each problem's member was searched for from the
 * start of the text. A ratio of two measurements in one run, never a time limit.
 */
import { describe, expect, it } from 'vitest';
import { lintOrder } from 'fulfilkit';
import { lintText } from '../../src/console/playground';
import { validOrder } from '../fixtures';

const SETTINGS = { kind: 'auto', version: '1.1' } as const;

/** An order of `n` items, each with an unknown member holding 300 characters: `n` problems, the text about 700 × `n` characters. */
function orderText(n: number): string {
  const order = validOrder('1.1');
  const item = order.clientRequest.item[0];
  order.clientRequest.item = Array.from({ length: n }, (_, i) => ({ ...item, itemId: String(i + 1), skuu: 'x'.repeat(300) }));
  return JSON.stringify(order);
}

/** The median time of `lintText` on `text`, per problem found. */
function timePerProblem(text: string): number {
  lintText(text, SETTINGS); // warm-up
  const problems = lintOrder(JSON.parse(text), SETTINGS).length;
  const times: number[] = [];
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    lintText(text, SETTINGS);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return times[2]! / problems;
}

describe('lintText scales with the text', () => {
  it('time per problem at 2000 problems (8x the text) is about that at 250, not 8x', () => {
    const small = orderText(250);
    const large = orderText(2000);
    expect(lintOrder(JSON.parse(large), SETTINGS).length).toBeGreaterThanOrEqual(2000);
    const ratio = timePerProblem(large) / timePerProblem(small);
    // One pass: about 1 (the first 1000 located of 2000). Searching per problem: about 8.
    expect(ratio).toBeLessThan(3);
  });
});
