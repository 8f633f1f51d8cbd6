import type { ClientProfile } from '../lint/types';
import type { OrderPayment } from '../schema/order';
import { isDateInFormat, isDigitsText } from '../schema/predicates';
import { CARD_PAYMENT_METHODS, DATE_ONLY, LIMITS, ORDER_VERSIONS, PAYMENT_METHODS, type OrderVersion } from '../schema/tables';
import { instantOf, writeDate, type DateInput } from './_lib/dates';
import { fail, flag, isAbsent, oneOf, optionalText, record, requiredText } from './_lib/errors';
import { currencyOf, minorOf, textOf } from './_lib/money';
import { profileOf } from './_lib/profile';

/**
 * Card data of a card payment; sent only when the operator processes card data.
 *
 * @example const card: CardInput = { holder: 'Jane Doe', bin: '411111', last4digits: '1111', dateCardExpiry: '2028-12-31', dateAuthExpiry: '2026-03-08' };
 */
export interface CardInput {
  /** Card holder name, max 70. */
  holder: string;
  /** The card's first six digits (BIN). */
  bin: string;
  /** The card's last four digits. */
  last4digits: string;
  /** Card expiry: a `YYYY-MM-DD` date (the last day of the expiry month) or a `Date` (UTC day). */
  dateCardExpiry: DateInput;
  /** Expiry of the authorization: a `YYYY-MM-DD` date or a `Date` (UTC day). */
  dateAuthExpiry: DateInput;
}

/**
 * A payment as checkout knows it.
 *
 * @example const payment: PaymentInput = { method: 'PayPal', transactionID: 'PP-81-2291' };
 */
export interface PaymentInput {
  /**
   * The payment method of the spec's list (`Visa`, `PayPal`, `KlarnaInvoice`, ...).
   * Write `Maestro`: v1 payloads get the v1 spelling `Meastro`.
   */
  method: string;
  /** A card payment captured at once (e.g. download products): status `captured`, not `authorized`. */
  captured?: boolean | undefined;
  /** Payment transaction channel id, max 50. */
  entityID?: string | undefined;
  /** Unique id returned by the payment system, max 50. */
  transactionID?: string | undefined;
  /** Authorization number returned by the payment system, max 40. */
  acquireID?: string | undefined;
  /** Card data; required for card methods when the operator processes card data. */
  card?: CardInput | undefined;
}

/**
 * What {@link buildPayment} needs besides the payment.
 *
 * @example
 * const context: PaymentContext = { version: '1.1', profile: { client: 'ACME', clientCode: 'ACME' }, currency: 'EUR', amount: '119.00' };
 * buildPayment({ method: 'PayPal', transactionID: 'PP-81-2291' }, context);
 */
export interface PaymentContext<V extends OrderVersion = OrderVersion> {
  /** The order version: the payment is of its type (`OrderPayment<V>`). */
  version: V;
  /** The client profile (`processesCardData` decides whether card data is sent). */
  profile: ClientProfile;
  /** The order currency (ISO 4217). */
  currency: string;
  /** The amount authorized: the order's totalGross, decimal text. */
  amount: string;
}

/**
 * Builds the `payment` object of an order (spec: payment, FMS). The status follows
 * the method: card methods `authorized` (`captured` when captured at once), every
 * other method `paid`. The authorized amount is written as an `authorized` Amount.
 * `cardData` is written for card methods when `profile.processesCardData` is true, and
 * never otherwise (card data the operator does not process is not sent).
 *
 * @param payment The method, transaction references and card data.
 * @param context Version, profile, currency and the authorized amount.
 * @returns A new payment object, of the context's version (`OrderPayment<'1.1'>` for `version: '1.1'`).
 * @throws {TypeError} When a member has a wrong type, or card data is missing where the
 *   operator processes cards. Messages name the field (`payment.card.bin`), never its value.
 * @throws {RangeError} When the method is not allowed in the version, a reference is
 *   too long, the card digits are malformed, or a date is not a real date.
 * @example
 * buildPayment(
 *   { method: 'PayPal', transactionID: 'PP-81-2291' },
 *   { version: '1.1', profile, currency: 'EUR', amount: '119.00' },
 * );
 * // {
 * //   paymentMethod: 'PayPal', transactionID: 'PP-81-2291',
 * //   amount: [{ currencyISO3: 'EUR', amountType: 'authorized', value: '119.00' }],
 * //   status: 'paid',
 * // }
 */
export function buildPayment<V extends OrderVersion>(payment: PaymentInput, context: PaymentContext<V>): OrderPayment<V> {
  const ctx = record(context, 'context');
  const version = oneOf(ctx.version, 'context.version', ORDER_VERSIONS);
  const profile = profileOf(ctx.profile, 'context.profile');
  const currency = currencyOf(ctx.currency, 'context.currency');
  const authorized = minorOf(ctx.amount, 'context.amount', currency);
  return paymentOf(payment, 'payment', version, profile, currency, authorized) as OrderPayment<V>;
}

/** {@link buildPayment} with checked context; `field` names the payment input in messages. */
export function paymentOf(
  input: unknown,
  field: string,
  version: OrderVersion,
  profile: ClientProfile,
  currency: string,
  authorized: bigint,
): OrderPayment {
  const p = record(input, field);
  const method = methodOf(p.method, `${field}.method`, version);
  const card = CARD_PAYMENT_METHODS.includes(method);
  const captured = flag(p.captured, `${field}.captured`);
  if (captured && !card) fail(`${field}.captured`, 'applies to card payments only (other methods are paid)');
  const out: Record<string, unknown> = { paymentMethod: method };
  const entityID = optionalText(p.entityID, `${field}.entityID`, { max: LIMITS.entityID });
  const transactionID = optionalText(p.transactionID, `${field}.transactionID`, { max: LIMITS.transactionID });
  const acquireID = optionalText(p.acquireID, `${field}.acquireID`, { max: LIMITS.acquireID });
  if (entityID !== undefined) out.entityID = entityID;
  if (transactionID !== undefined) out.transactionID = transactionID;
  if (acquireID !== undefined) out.acquireID = acquireID;
  out.amount = [{ currencyISO3: currency, amountType: 'authorized', value: textOf(authorized, currency) }];
  out.status = card ? (captured ? 'captured' : 'authorized') : 'paid';
  if (card && profile.processesCardData === true) {
    if (isAbsent(p.card)) {
      fail(`${field}.card`, 'is required for card payments when the operator processes card data (profile.processesCardData)', TypeError);
    }
    out.cardData = cardOf(p.card, `${field}.card`);
  }
  return out as OrderPayment;
}

/** The two spellings of one method across versions (Maestro is Meastro in v1). */
const METHOD_SPELLINGS: Readonly<Record<string, string>> = { Maestro: 'Meastro', Meastro: 'Maestro' };

/** The method in the version's spelling. */
function methodOf(value: unknown, field: string, version: OrderVersion): string {
  const methods = PAYMENT_METHODS[version];
  const other = typeof value === 'string' && Object.prototype.hasOwnProperty.call(METHOD_SPELLINGS, value) ? METHOD_SPELLINGS[value]! : undefined;
  const spelled = other !== undefined && !methods.includes(value as string) && methods.includes(other) ? other : value;
  return oneOf(spelled, field, methods);
}

function cardOf(input: unknown, field: string): Record<string, string> {
  const c = record(input, field);
  return {
    holder: requiredText(c.holder, `${field}.holder`, { max: LIMITS.cardHolder }),
    bin: requiredText(c.bin, `${field}.bin`, { test: (s) => isDigitsText(s, LIMITS.cardBin), expected: 'six digits' }),
    last4digits: requiredText(c.last4digits, `${field}.last4digits`, { test: (s) => isDigitsText(s, LIMITS.cardLast4Digits), expected: 'four digits' }),
    dateCardExpiry: cardDate(c.dateCardExpiry, `${field}.dateCardExpiry`),
    dateAuthExpiry: cardDate(c.dateAuthExpiry, `${field}.dateAuthExpiry`),
  };
}

function cardDate(value: unknown, field: string): string {
  if (typeof value === 'string') {
    // The spec's shape picks the message; the shared predicate (the date-format rule's) decides.
    if (!DATE_ONLY.pattern.test(value)) fail(field, 'must be a YYYY-MM-DD date');
    if (!isDateInFormat(value, DATE_ONLY)) fail(field, 'must be a real date');
  }
  return writeDate(instantOf(value, field).ms, field);
}
