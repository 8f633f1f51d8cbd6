/**
 * Every Amount object of a payload, with its JSON Pointer and owner, for the
 * money rules (currency-mixed, currency-precision, negative-price, totals).
 */
import { LintContext, type AmountIndex } from './context';
import type { RuleContext } from './define-rule';
import { isObject, member, ptr } from './read';

export type { AmountIndex };

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

/** Owner codes of `AmountIndex.places`. */
export const OWNER_ORDER = 0;
/** The amount is in payment.amount. */
export const OWNER_PAYMENT = 1;
/** The amount is in item[].amount. */
export const OWNER_ITEM = 2;
/** The amount is rma.amount. */
export const OWNER_RMA = 3;

const OWNERS: readonly AmountOwner[] = ['order', 'payment', 'item', 'rma'];

/** Appends the amount objects of one holder's amount array (and their places when asked). */
function collect(out: Record<string, unknown>[], places: number[] | undefined, owner: number, list: unknown, itemIndex: number): void {
  if (!Array.isArray(list)) return;
  for (let i = 0; i < list.length; i++) {
    const el: unknown = list[i];
    if (!isObject(el)) continue;
    out.push(el);
    if (places) places.push(owner, itemIndex, i);
  }
}

/** Walks the amounts in document order; returns the position of the first item amount. */
function walkAmounts(ctx: RuleContext, trusted: boolean, out: Record<string, unknown>[], places: number[] | undefined): number {
  const body = ctx.body;
  // Direct reads are the own members when the walk saw only plain objects (see checks/views.ts);
  // one read site per holder keeps each site to one kind of object.
  if (ctx.kind === 'order') {
    const order = trusted ? body.order : member(body, 'order');
    if (isObject(order)) collect(out, places, OWNER_ORDER, trusted ? order.amount : member(order, 'amount'), -1);
    const payment = trusted ? body.payment : member(body, 'payment');
    if (isObject(payment)) collect(out, places, OWNER_PAYMENT, trusted ? payment.amount : member(payment, 'amount'), -1);
  } else {
    const rmaAmount = member(trusted ? body.rma : member(body, 'rma'), 'amount');
    if (isObject(rmaAmount)) {
      out.push(rmaAmount);
      if (places) places.push(OWNER_RMA, -1, -1);
    }
  }
  const itemsFrom = out.length;
  const items = trusted ? body.item : member(body, 'item');
  if (Array.isArray(items)) {
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      if (isObject(item)) collect(out, places, OWNER_ITEM, trusted ? item.amount : member(item, 'amount'), i);
    }
  }
  return itemsFrom;
}

function readAmounts(ctx: RuleContext): AmountIndex {
  const trusted = ctx instanceof LintContext && ctx.trusted;
  const amounts: Record<string, unknown>[] = [];
  const itemsFrom = walkAmounts(ctx, trusted, amounts, undefined);
  return { amounts, trusted, itemsFrom, places: undefined };
}

/**
 * Lists the Amount objects of an order (order, payment, items) or a return (rma, items),
 * in document order, read once per lint call; where each sits is read only when asked
 * (`amountPlaces`), for a report or a rare check.
 *
 * @param ctx The rule context.
 * @returns The amounts.
 * @example const { amounts } = amountIndex(ctx);
 */
export function amountIndex(ctx: RuleContext): AmountIndex {
  if (ctx instanceof LintContext) return (ctx.amounts ??= readAmounts(ctx));
  return readAmounts(ctx);
}

/**
 * Where each amount of an index sits: three numbers per amount (owner code, index of the
 * owning item or -1, index in the holder's amount array or -1 for rma.amount).
 *
 * @param ctx The rule context the index was read for.
 * @param index The amounts of the payload.
 * @returns The places, in the order of `index.amounts`.
 * @example amountPlaces(ctx, index)[3 * k + 1]; // the item of amount k
 */
export function amountPlaces(ctx: RuleContext, index: AmountIndex): readonly number[] {
  if (index.places) return index.places;
  const places: number[] = [];
  walkAmounts(ctx, index.trusted, [], places);
  index.places = places;
  return places;
}

/**
 * Tells whether amount `k` is an item amount.
 *
 * @param index The amounts of the payload.
 * @param k The amount's position.
 * @returns `true` for an amount in item[].amount.
 * @example if (isItemAmount(index, k)) ...
 */
export function isItemAmount(index: AmountIndex, k: number): boolean {
  return k >= index.itemsFrom;
}

/**
 * The JSON Pointer of amount `k` of an index (for a report).
 *
 * @param ctx The rule context.
 * @param index The amounts of the payload.
 * @param k The amount's position in `index.amounts`.
 * @returns E.g. `/clientRequest/item/2/amount/0`.
 * @example ctx.report(amountPath(ctx, index, k) + '/value', '...');
 */
export function amountPath(ctx: RuleContext, index: AmountIndex, k: number): string {
  const places = amountPlaces(ctx, index);
  const owner = places[3 * k]!;
  const itemIndex = places[3 * k + 1]!;
  const at = places[3 * k + 2]!;
  switch (owner) {
    case OWNER_ORDER:
      return ptr(ctx.base, 'order', 'amount', at);
    case OWNER_PAYMENT:
      return ptr(ctx.base, 'payment', 'amount', at);
    case OWNER_ITEM:
      return ptr(ctx.base, 'item', itemIndex, 'amount', at);
    default:
      return ptr(ctx.base, 'rma', 'amount');
  }
}

/**
 * Lists the Amount objects of an order (order, payment, items) or a return (rma, items),
 * in document order, with their pointers.
 */
export function amountsOf(ctx: RuleContext): FoundAmount[] {
  const index = amountIndex(ctx);
  const places = amountPlaces(ctx, index);
  const out: FoundAmount[] = [];
  for (let k = 0; k < index.amounts.length; k++) {
    const owner = OWNERS[places[3 * k]!]!;
    const path = amountPath(ctx, index, k);
    const amount = index.amounts[k]!;
    out.push(owner === 'item' ? { amount, path, owner, itemIndex: places[3 * k + 1]! } : { amount, path, owner });
  }
  return out;
}

/**
 * `currencyISO3` of amount `k` (any value), as `member` reads it.
 *
 * @param index The amounts of the payload.
 * @param k The amount's position.
 * @returns The member's value, undefined when absent.
 * @example amountCurrency(index, 0); // 'EUR'
 */
export function amountCurrency(index: AmountIndex, k: number): unknown {
  const amount = index.amounts[k]!;
  return index.trusted ? amount.currencyISO3 : member(amount, 'currencyISO3');
}

/**
 * `amountType` of amount `k` (any value), as `member` reads it.
 *
 * @param index The amounts of the payload.
 * @param k The amount's position.
 * @returns The member's value, undefined when absent.
 * @example amountType(index, 0); // 'netprice'
 */
export function amountType(index: AmountIndex, k: number): unknown {
  const amount = index.amounts[k]!;
  return index.trusted ? amount.amountType : member(amount, 'amountType');
}

/**
 * `value` of amount `k` (any value), as `member` reads it.
 *
 * @param index The amounts of the payload.
 * @param k The amount's position.
 * @returns The member's value, undefined when absent.
 * @example amountValue(index, 0); // '40.00'
 */
export function amountValue(index: AmountIndex, k: number): unknown {
  const amount = index.amounts[k]!;
  return index.trusted ? amount.value : member(amount, 'value');
}
