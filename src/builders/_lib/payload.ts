/**
 * Reading and rewriting order payloads for the special-item functions: every
 * function works on a deep copy, so the caller's payload is never modified.
 */
import { isPlainObject } from '../../lint/json';
import type { ClientProfile } from '../../lint/types';
import { isAmount, toMinorUnits } from '../../money/index';
import { isCurrencyText, isUnsignedDecimalText } from '../../schema/predicates';
import { LIMITS, ORDER_VERSION_FEATURES, ORDER_VERSIONS, type OrderVersion } from '../../schema/tables';
import { fail, isBlank, isRecord, list, oneOf, readSafely, record, requiredText } from './errors';
import { profileOf } from './profile';
import { PRICINGS, roundDiv, taxFactorOf, textOf, type Pricing, type TaxFactor } from './money';

/** A JSON object of a payload being rewritten. */
export type Json = Record<string, any>;

/**
 * What the special-item functions need to know besides the payload.
 *
 * @example
 * const context: OrderContext<'1.1'> = { version: '1.1', profile: { client: 'ACME', clientCode: 'ACME' } };
 * addShippingCosts(payload, { cost: '4.95', taxFactor: '1.19' }, context);
 */
export interface OrderContext<V extends OrderVersion = OrderVersion> {
  /** The order version of the payload. */
  version: V;
  /** The client profile (SKUs, client name, FMS and card-data flags). */
  profile: ClientProfile;
}

/** Members of order payloads that hold the structure; messages name these, and only these, by name. */
const CONTAINERS: ReadonlySet<string> = new Set([
  'clientRequest', 'requestHeader', 'order', 'payment', 'partner', 'item', 'amount', 'quantity', 'dynamicField',
  'note', 'personData', 'addressData', 'companyData', 'phone', 'email', 'address', 'cardData',
]);

/** JSON payloads of the spec nest a few levels deep; deeper data is refused before the stack runs out. */
const MAX_DEPTH = 64;

/** The path of a member in messages: a member name taken from the payload is never repeated (it may be personal data). */
function memberField(field: string, key: string): string {
  return CONTAINERS.has(key) ? `${field}.${key}` : `${field}.<member>`;
}

/**
 * A deep copy of caller JSON data, each value read once. Anything else (bigints,
 * functions, symbols, non-finite numbers, dates, class instances, holes, cycles, data
 * nested deeper than 64 levels, members whose getter or Proxy trap throws) is refused
 * with a TypeError naming its place; `__proto__` members are copied as plain members,
 * never as prototypes.
 */
export function cloneJson<T>(value: T, field = 'payload'): T {
  return copyJson(value, field, new Set()) as T;
}

function copyJson(value: unknown, field: string, ancestors: Set<object>): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) fail(field, 'must be JSON data (a finite number)', TypeError);
    return value;
  }
  if (typeof value !== 'object') return fail(field, 'must be JSON data', TypeError);
  if (ancestors.has(value)) fail(field, 'must be JSON data (it contains itself)', TypeError);
  if (ancestors.size >= MAX_DEPTH) fail(field, `must be JSON data nested at most ${MAX_DEPTH} levels deep`, TypeError);
  ancestors.add(value);
  let copy: unknown;
  if (readSafely(field, () => Array.isArray(value))) {
    copy = list(value, field).map((entry, i) => copyJson(entry, `${field}[${i}]`, ancestors));
  } else {
    // Plain as lint reads it: Object.prototype of this or another realm (an iframe, vm, jsdom), or null.
    if (!readSafely(field, () => isPlainObject(value))) fail(field, 'must be JSON data (a plain object)', TypeError);
    const out: Record<string, unknown> = {};
    for (const key of readSafely(field, () => Object.keys(value))) {
      const at = memberField(field, key);
      const child = readSafely(at, () => (value as Record<string, unknown>)[key]);
      if (child === undefined) continue;
      Object.defineProperty(out, key, { value: copyJson(child, at, ancestors), enumerable: true, writable: true, configurable: true });
    }
    copy = out;
  }
  ancestors.delete(value);
  return copy;
}

/** Checks the context of a special-item function; returns version and a checked copy of the profile. */
export function contextOf(context: unknown): { version: OrderVersion; profile: ClientProfile } {
  const ctx = record(context, 'context');
  const version = oneOf(ctx.version, 'context.version', ORDER_VERSIONS);
  return { version, profile: profileOf(ctx.profile, 'context.profile') };
}

/**
 * Checks that `payload` is an order payload (`{ clientRequest: { order, item: [...] } }`)
 * and returns a deep copy of it with its body. The copy is taken first and checked
 * after, so a getter cannot pass the check and then hand over something else.
 */
export function copyOrder(payload: unknown, name = 'payload'): { copy: Json; body: Json; items: Json[] } {
  const copy = cloneJson(payload, name);
  if (!isRecord(copy)) fail(name, 'must be an object', TypeError);
  const body = copy.clientRequest;
  if (!isRecord(body)) fail(`${name}.clientRequest`, 'must be an object', TypeError);
  if (!isRecord(body.order)) fail(`${name}.clientRequest.order`, 'must be an object', TypeError);
  if (!Array.isArray(body.item)) fail(`${name}.clientRequest.item`, 'must be an array', TypeError);
  body.item.forEach((item: unknown, index: number) => {
    if (!isRecord(item)) fail(`${name}.clientRequest.item[${index}]`, 'must be an object', TypeError);
  });
  return { copy, body, items: body.item };
}

/** The SKU of the shipping-cost item: `shippingCostSku`, else `<clientCode>_SHIPCOSTS` (spec rule 3); messages name `<field>.<member>`. */
export function shippingSkuOf(profile: ClientProfile, version: OrderVersion, field = 'context.profile'): string {
  if (profile.shippingCostSku !== undefined) return skuOf(profile.shippingCostSku, `${field}.shippingCostSku`, version);
  const code = requiredText(profile.clientCode, `${field}.clientCode`);
  return skuOf(`${code}_SHIPCOSTS`, `${field}.clientCode (the shipping-cost SKU <clientCode>_SHIPCOSTS)`, version);
}

/** Checks an order SKU (max 18; v1.2 key characters). */
export function skuOf(value: unknown, field: string, version: OrderVersion): string {
  return requiredText(value, field, { max: LIMITS.orderSku, key: ORDER_VERSION_FEATURES[version].keyCharset });
}

/** SKUs of the operator's special items that a profile names. */
export function specialSkus(profile: ClientProfile | undefined): Set<string> {
  const out = new Set<string>();
  if (!profile) return out;
  if (typeof profile.shippingCostSku === 'string') out.add(profile.shippingCostSku);
  else if (typeof profile.clientCode === 'string') out.add(`${profile.clientCode}_SHIPCOSTS`);
  if (typeof profile.orderDiscountSku === 'string') out.add(profile.orderDiscountSku);
  if (typeof profile.weeeSku === 'string') out.add(profile.weeeSku);
  return out;
}

/** Gives items their sequential itemIds `"1"`, `"2"`, ... (keeping `itemId` first). */
export function renumber(items: Json[]): Json[] {
  return items.map((item, index) => {
    const { itemId: _old, ...rest } = item;
    return { itemId: String(index + 1), ...rest };
  });
}

/** The first amount of `amountType` in an amount array, or `undefined`. */
export function amountOf(holder: Json, amountType: string): Json | undefined {
  const list = Array.isArray(holder.amount) ? holder.amount : [];
  return list.find((a: unknown) => isRecord(a) && a.amountType === amountType);
}

/** The currency of an order: of its order-level amounts, else of its first item amount. */
export function currencyOfOrder(body: Json): string {
  const sources = [body.order, ...body.item];
  for (const holder of sources) {
    for (const a of Array.isArray(holder?.amount) ? holder.amount : []) {
      if (isRecord(a) && typeof a.currencyISO3 === 'string' && isCurrencyText(a.currencyISO3)) return a.currencyISO3;
    }
  }
  return fail('payload', 'has no amount with an ISO 4217 currencyISO3 to take the currency from', TypeError);
}

/** Unit net and gross prices of an item in minor units (gross = net when absent). */
export function itemPrices(item: Json, index: number, currency: string, name = 'payload'): { net: bigint; gross: bigint } {
  const field = `${name}.clientRequest.item[${index}].amount`;
  const net = amountOf(item, 'netprice');
  if (!net) fail(field, 'must hold a netprice amount', TypeError);
  const gross = amountOf(item, 'grossprice');
  return { net: amountValue(net, field, currency), gross: gross ? amountValue(gross, field, currency) : amountValue(net, field, currency) };
}

function amountValue(amount: Json, field: string, currency: string): bigint {
  if (amount.currencyISO3 !== currency) fail(field, `must be in the order's currency ${currency}`);
  // A value that is not text is of the wrong type; text in the wrong format breaks a format.
  if (typeof amount.value !== 'string') fail(`${field} ${amount.amountType}`, 'must be decimal text', TypeError);
  if (!isAmount(amount.value, currency)) fail(`${field} ${amount.amountType}`, `must be decimal text with the minor digits of ${currency}`);
  return toMinorUnits(amount.value, currency);
}

/** Quantity of an item as an exact fraction `units / scale` (the spec allows decimal quantities). */
export function itemQuantity(item: Json, index: number, name = 'payload'): { units: bigint; scale: bigint } {
  const field = `${name}.clientRequest.item[${index}].quantity`;
  if (!isRecord(item.quantity)) fail(field, 'is required: an object with uom and value', TypeError);
  const value = item.quantity.value;
  // A value that is not text is of the wrong type; text that is not a number breaks a format.
  if (typeof value !== 'string') fail(`${field}.value`, 'must be numeric text such as "2"', TypeError);
  if (!isUnsignedDecimalText(value)) fail(`${field}.value`, 'must be numeric text such as "2"');
  const [integer, fraction = ''] = value.split('.') as [string, string?];
  return { units: BigInt(integer + fraction), scale: 10n ** BigInt(fraction.length) };
}

/** The item's tax factor, pricing and tax level, for items the special functions derive from. */
export function itemTax(item: Json, index: number): { factor: TaxFactor; pricing: Pricing; taxLevel: string | undefined } {
  const field = `payload.clientRequest.item[${index}]`;
  const factor = taxFactorOf(item.taxFactor, `${field}.taxFactor`);
  const pricing: Pricing = (PRICINGS as readonly unknown[]).includes(item.pricing) ? (item.pricing as Pricing) : 'netpricing';
  return { factor, pricing, taxLevel: typeof item.taxLevel === 'string' && !isBlank(item.taxLevel) ? item.taxLevel : undefined };
}

/** Order totals in minor units. */
export interface Totals {
  /** Σ net × quantity. */
  readonly net: bigint;
  /** Σ (gross − net) × quantity. */
  readonly tax: bigint;
  /** `net + tax`, which is Σ gross × quantity. */
  readonly gross: bigint;
}

/**
 * Order totals from the items: each line counts `net × quantity` and
 * `(gross − net) × quantity` (rounded half away from zero for a decimal quantity);
 * a line whose gross price is zero is free of charge (export rule 10: its netprice is
 * a customs value only) and counts nothing.
 */
export function totalsOf(items: readonly Json[], currency: string): Totals {
  let net = 0n;
  let tax = 0n;
  items.forEach((item, index) => {
    const prices = itemPrices(item, index, currency);
    if (prices.gross === 0n) return;
    const { units, scale } = itemQuantity(item, index);
    const lineNet = roundDiv(prices.net * units, scale);
    const lineGross = roundDiv(prices.gross * units, scale);
    net += lineNet;
    tax += lineGross - lineNet;
  });
  return { net, tax, gross: net + tax };
}

const TOTAL_TYPES = ['totalNet', 'totalTax', 'totalGross'] as const;

/**
 * Writes totalNet, totalTax and totalGross into `body.order.amount` (replacing the
 * old values in place, appending missing ones). A payment `authorized` amount equal
 * to the old totalGross follows the new totalGross: it was the order total.
 */
export function writeTotals(body: Json, currency: string): void {
  const totals = totalsOf(body.item, currency);
  const order = body.order;
  const amounts: Json[] = Array.isArray(order.amount) ? order.amount : [];
  const oldGross = amountOf(order, 'totalGross');
  const values = { totalNet: totals.net, totalTax: totals.tax, totalGross: totals.gross };
  for (const type of TOTAL_TYPES) {
    const entry = { currencyISO3: currency, amountType: type, value: textOf(values[type], currency) };
    const at = amounts.findIndex((a) => isRecord(a) && a.amountType === type);
    if (at >= 0) amounts[at] = entry;
    else amounts.push(entry);
  }
  order.amount = amounts;
  const payment = body.payment;
  if (!isRecord(payment) || !oldGross || !isAmount(oldGross.value, currency)) return;
  const authorized = amountOf(payment as Json, 'authorized');
  if (authorized && isAmount(authorized.value, currency) && toMinorUnits(authorized.value, currency) === toMinorUnits(oldGross.value, currency)) {
    authorized.value = textOf(totals.gross, currency);
  }
}

/** An Amount object of an order. */
export function amount(amountType: string, units: bigint, currency: string): { currencyISO3: string; amountType: string; value: string } {
  return { currencyISO3: currency, amountType, value: textOf(units, currency) };
}

/**
 * The taxes of the regular items (not special items) that carry a tax factor, for items
 * that follow the order's rate by default (shipping costs, order discount).
 */
export function regularTaxes(items: readonly Json[], specials: Set<string>): ReturnType<typeof itemTax>[] {
  const out: ReturnType<typeof itemTax>[] = [];
  items.forEach((item, index) => {
    if (!specials.has(item.sku) && typeof item.taxFactor === 'string') out.push(itemTax(item, index));
  });
  return out;
}

/** Whether two tax factors are one rate ("1.19" and "1.190" are). */
export function sameRate(a: TaxFactor, b: TaxFactor): boolean {
  return a.numerator * b.scale === b.numerator * a.scale;
}

/** The tax factor (when the regular items share one) and the pricing of the first regular item. */
export function commonTax(taxes: readonly ReturnType<typeof itemTax>[]): { factor?: TaxFactor; pricing: Pricing } {
  const first = taxes[0];
  const out: { factor?: TaxFactor; pricing: Pricing } = { pricing: first?.pricing ?? 'netpricing' };
  if (first && taxes.every((tax) => sameRate(tax.factor, first.factor))) out.factor = first.factor;
  return out;
}
