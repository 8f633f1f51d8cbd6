/**
 * Every Amount object of a payload, with its JSON Pointer and owner, for the
 * money rules (currency-mixed, currency-precision, negative-price, totals).
 */
import type { RuleContext } from './define-rule';
import { asObject, isObject, member, objectsOf, ptr } from './read';

/** Where an amount sits. */
export type AmountOwner = 'order' | 'payment' | 'item' | 'rma';

/** One Amount object found in a payload. */
export interface FoundAmount {
  /** The amount object (members unchecked). */
  readonly amount: Record<string, unknown>;
  /** JSON Pointer of the amount object. */
  readonly path: string;
  /** The object that holds it. */
  readonly owner: AmountOwner;
  /** Index of the owning item, for item amounts. */
  readonly itemIndex?: number;
}

/**
 * Lists the Amount objects of an order (order, payment, items) or a return (rma, items),
 * in document order.
 */
export function amountsOf(ctx: RuleContext): FoundAmount[] {
  const out: FoundAmount[] = [];
  const { body, base } = ctx;
  const list = (owner: AmountOwner, holder: unknown, path: string, itemIndex?: number) => {
    for (const { index, value } of objectsOf(member(holder, 'amount'))) {
      out.push(itemIndex === undefined ? { amount: value, path: ptr(path, 'amount', index), owner } : { amount: value, path: ptr(path, 'amount', index), owner, itemIndex });
    }
  };
  if (ctx.kind === 'order') {
    list('order', body.order, ptr(base, 'order'));
    list('payment', body.payment, ptr(base, 'payment'));
  } else {
    const rmaAmount = asObject(member(body.rma, 'amount'));
    if (rmaAmount) out.push({ amount: rmaAmount, path: ptr(base, 'rma', 'amount'), owner: 'rma' });
  }
  for (const { index, value } of objectsOf(body.item)) {
    if (isObject(value)) list('item', value, ptr(base, 'item', index), index);
  }
  return out;
}
