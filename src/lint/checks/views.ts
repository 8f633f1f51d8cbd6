/**
 * Member readers for the business rules that keep each read site to one kind of object.
 *
 * When the generated walk saw only plain objects (`ctx.trusted`), a schema member read
 * directly (`o.k`) is exactly the own member `member(o, 'k')` gives: an inherited or
 * hidden one would have sent the walk to the closures. A direct read at a fixed key stays
 * monomorphic; `member` (a shared function with a variable key) does not. Every reader
 * here takes the `trusted` flag of `isTrusted(ctx)` and falls back to `member`.
 */
import { LintContext, type PaymentView } from '../context';
import type { RuleContext } from '../define-rule';
import { asArray, asObject, isObject, member } from '../read';

export type { PaymentView };

/**
 * Tells whether members may be read directly in this lint call.
 *
 * @param ctx The rule context.
 * @returns `true` when the generated walk saw only plain objects.
 * @example const t = isTrusted(ctx);
 */
export function isTrusted(ctx: RuleContext): boolean {
  return ctx instanceof LintContext && ctx.trusted;
}

/**
 * The body's own `partner` member.
 *
 * @param ctx The rule context.
 * @param t `isTrusted(ctx)`.
 * @returns The member (any value).
 * @example const partners = asArray(partnerListOf(ctx, t));
 */
export function partnerListOf(ctx: RuleContext, t: boolean): unknown {
  const body = ctx.body;
  return t ? body.partner : member(body, 'partner');
}

/**
 * The body's own `item` member.
 *
 * @param ctx The rule context.
 * @param t `isTrusted(ctx)`.
 * @returns The member (any value).
 * @example const items = itemListOf(ctx, t);
 */
export function itemListOf(ctx: RuleContext, t: boolean): unknown {
  const body = ctx.body;
  return t ? body.item : member(body, 'item');
}

/** A partner's `partnerType` (any value). */
export function partnerTypeOf(partner: Record<string, unknown>, t: boolean): unknown {
  return t ? partner.partnerType : member(partner, 'partnerType');
}

/** A partner's `personData` when it is an object. */
export function personDataOf(partner: Record<string, unknown>, t: boolean): Record<string, unknown> | undefined {
  return asObject(t ? partner.personData : member(partner, 'personData'));
}

/** A partner's `companyData` when it is an object. */
export function companyDataOf(partner: Record<string, unknown>, t: boolean): Record<string, unknown> | undefined {
  return asObject(t ? partner.companyData : member(partner, 'companyData'));
}

/** A partner's `addressData` when it is an object. */
export function addressDataOf(partner: Record<string, unknown>, t: boolean): Record<string, unknown> | undefined {
  return asObject(t ? partner.addressData : member(partner, 'addressData'));
}

/**
 * Calls `visit` with each partner that is an object, in partner order.
 *
 * @param ctx The rule context.
 * @param visit Receives the partner, its index and `isTrusted(ctx)`.
 * @example forEachPartner(ctx, (partner, p, t) => { ... });
 */
export function forEachPartner(ctx: RuleContext, visit: (partner: Record<string, unknown>, partnerIndex: number, t: boolean) => void): void {
  // Direct reads are the own members in a trusted lint call.
  const t = isTrusted(ctx);
  const partners = asArray(partnerListOf(ctx, t));
  for (let p = 0; p < partners.length; p++) {
    const partner: unknown = partners[p];
    if (isObject(partner)) visit(partner, p, t);
  }
}

/**
 * Calls `visit` with the addressData object of each partner that has one, in partner order.
 *
 * @param ctx The rule context.
 * @param visit Receives the addressData, the partner's index and `isTrusted(ctx)`.
 * @example forEachAddressData(ctx, (address, p, t) => { if (stateOf(address, t) === '') ... });
 */
export function forEachAddressData(
  ctx: RuleContext,
  visit: (address: Record<string, unknown>, partnerIndex: number, t: boolean) => void,
): void {
  forEachPartner(ctx, (partner, p, t) => {
    const address = addressDataOf(partner, t);
    if (address) visit(address, p, t);
  });
}

/** An addressData's `state` (any value). */
export function stateOf(address: Record<string, unknown>, t: boolean): unknown {
  return t ? address.state : member(address, 'state');
}

/** An addressData's `countryISO2` (any value). */
export function countryISO2Of(address: Record<string, unknown>, t: boolean): unknown {
  return t ? address.countryISO2 : member(address, 'countryISO2');
}

/** An addressData's `countryISO3` (any value). */
export function countryISO3Of(address: Record<string, unknown>, t: boolean): unknown {
  return t ? address.countryISO3 : member(address, 'countryISO3');
}

/** An addressData's `address` (any value). */
export function addressLinesOf(address: Record<string, unknown>, t: boolean): unknown {
  return t ? address.address : member(address, 'address');
}

/** An item's `itemId` (any value). */
export function itemIdOf(item: Record<string, unknown>, t: boolean): unknown {
  return t ? item.itemId : member(item, 'itemId');
}

/** An item's `sku` (any value). */
export function skuOf(item: Record<string, unknown>, t: boolean): unknown {
  return t ? item.sku : member(item, 'sku');
}

/** An item's `amount` (any value). */
export function itemAmountOf(item: Record<string, unknown>, t: boolean): unknown {
  return t ? item.amount : member(item, 'amount');
}

function readPayment(source: unknown, trusted: boolean): PaymentView {
  const payment = asObject(source);
  if (payment === undefined) return { source, payment, paymentMethod: undefined, status: undefined, cardData: undefined };
  return {
    source,
    payment,
    paymentMethod: trusted ? payment.paymentMethod : member(payment, 'paymentMethod'),
    status: trusted ? payment.status : member(payment, 'status'),
    cardData: trusted ? payment.cardData : member(payment, 'cardData'),
  };
}

/**
 * The body's `payment` (read directly, as the payment rules read it) with paymentMethod,
 * status and cardData; read once per lint call.
 *
 * @param ctx The rule context.
 * @returns The view; its members are undefined when payment is not an object.
 * @example const { paymentMethod, status } = paymentView(ctx);
 */
export function paymentView(ctx: RuleContext): PaymentView {
  const source = isTrusted(ctx) ? ctx.body.payment : member(ctx.body, 'payment');
  if (!(ctx instanceof LintContext)) return readPayment(source, false);
  if (ctx.payment === undefined || ctx.payment.source !== source) ctx.payment = readPayment(source, ctx.trusted);
  return ctx.payment;
}
