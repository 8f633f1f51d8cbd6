/**
 * Every rule is linear in the payload: the time per item of a 100,000-item order is about
 * the time per item of a 10,000-item order (a ratio measured in one run, with a wide
 * margin: a quadratic rule gives about 10). Valid orders, orders with a mistake in every
 * item, and WEEE-heavy orders (every other item a WEEE fee naming its product).
 */
import { describe, expect, it } from 'vitest';
import { lintOrder } from '../../src/lint/engine';
import { FMS_PROFILE, clone, validOrder } from '../fixtures';

type Shape = 'valid' | 'every item wrong' | 'WEEE-heavy';

const amount = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });

function bigOrder(items: number, shape: Shape): unknown {
  const order = validOrder('1.1');
  const list: unknown[] = [];
  for (let i = 0; i < items; i++) {
    const weee = shape === 'WEEE-heavy' && i % 2 === 1;
    const item: Record<string, unknown> = {
      itemId: String(i + 1),
      sku: weee ? 'ACME_WEEE' : `SKU-${i}`,
      quantity: { uom: 'EA', value: '1' },
      amount: [amount('netprice', '10.00'), amount('grossprice', '11.90')],
      localizedDescription: weee ? `WEEE SKU-${i - 1}` : `Item ${i}`,
    };
    if (shape === 'every item wrong') (item.quantity as Record<string, unknown>).value = i % 2 ? 1 : '1,5';
    list.push(item);
  }
  order.clientRequest.item = list;
  return order;
}

/** The best of a few runs, in ms per item. */
function msPerItem(payload: unknown, items: number): number {
  let best = Infinity;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    lintOrder(payload, { version: '1.1', profile: FMS_PROFILE });
    best = Math.min(best, performance.now() - started);
  }
  return best / items;
}

describe('lint is linear in the payload', () => {
  it.each<Shape>(['valid', 'every item wrong', 'WEEE-heavy'])('%s: the time per item at 100,000 items is about that at 10,000', (shape) => {
    const small = bigOrder(10_000, shape);
    const large = bigOrder(100_000, shape);
    // Warm the engine on this shape first.
    lintOrder(clone(small), { version: '1.1', profile: FMS_PROFILE });
    const problems = lintOrder(large, { version: '1.1', profile: FMS_PROFILE });
    if (shape === 'every item wrong') expect(problems).toHaveLength(100_000);
    else expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    const ratio = msPerItem(large, 100_000) / msPerItem(small, 10_000);
    expect(ratio).toBeLessThan(4);
  });
});
