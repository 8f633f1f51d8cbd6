/**
 * fast-check arbitraries for users' own tests (`fulfilkit/arbitraries`): valid
 * orders of every version and profile and valid return requests, generated
 * through the builders so they are valid by construction, and invalid variants
 * that carry the `{ rule, path }` they must trigger.
 *
 * A profile is checked as the matchers and `--profile` check it (so the matchers take every
 * profile an arbitrary takes), then as the builders do: a version, option or profile they
 * would refuse while sampling is refused when the arbitrary is built, with a TypeError or
 * RangeError naming it (`options.profile.clientCode`).
 *
 * fast-check is an optional peer dependency: install it to use this module.
 */
import fc from 'fast-check';
import { addOrderDiscount } from '../builders/addOrderDiscount';
import { addShippingCosts } from '../builders/addShippingCosts';
import { addWeeeFee } from '../builders/addWeeeFee';
import { applyItemDiscount } from '../builders/applyItemDiscount';
import { buildOrder, type CartLine, type OrderInput, type PartyInput } from '../builders/buildOrder';
import type { PaymentInput } from '../builders/buildPayment';
import { buildReturnRequest, type ReturnInput } from '../builders/buildReturnRequest';
import { fail, flag, oneOf, record, requiredText } from '../builders/_lib/errors';
import { shippingSkuOf, skuOf, specialSkus } from '../builders/_lib/payload';
import { profileOf } from '../builders/_lib/profile';
import type { ClientProfile, PayloadKind } from '../lint/types';
import { fromMinorUnits, toMinorUnits } from '../money/index';
import type { OrderRequest } from '../schema/order';
import { checkProfile, type ReturnProfile } from '../schema/profile';
import type { ReturnRequest } from '../schema/return';
import {
  CARD_PAYMENT_METHODS,
  DATE_TIME_UTC,
  DYNAMIC_FIELD,
  LIMITS,
  ORDER_VERSION_FEATURES,
  ORDER_VERSIONS,
  PAYMENT_METHODS,
  SHIP_SERVICE_LEVELS,
  STATE_CODES,
  type OrderVersion,
} from '../schema/tables';

/**
 * A client profile without FMS, used when no profile is given.
 *
 * @example
 * fc.assert(fc.property(validOrderArbitrary('1.1'), (payload) => lintOrder(payload, { version: '1.1', profile: TEST_PROFILE }).length === 0)); // passes
 * TEST_PROFILE.returnReasons; // ['damaged', 'wrong-size', 'not-as-described']
 */
export const TEST_PROFILE: ClientProfile = Object.freeze({
  client: 'ACME',
  clientCode: 'ACME',
  returnReasons: Object.freeze(['damaged', 'wrong-size', 'not-as-described']),
});

/**
 * A profile of a client whose payments and card data the operator handles (FMS), used with `fms: true`.
 *
 * @example
 * fc.assert(fc.property(validOrderArbitrary('1.2', { fms: true }), (payload) => lintOrder(payload, { version: '1.2', profile: FMS_TEST_PROFILE }).length === 0)); // passes
 * FMS_TEST_PROFILE.weeeSku; // 'ACME_WEEE'
 */
export const FMS_TEST_PROFILE: ClientProfile = Object.freeze({
  client: 'ACME',
  clientCode: 'ACME',
  orderDiscountSku: 'ACME_DISCOUNT',
  weeeSku: 'ACME_WEEE',
  fms: true,
  processesCardData: true,
  returnReasons: Object.freeze(['damaged', 'wrong-size', 'not-as-described']),
});

/**
 * Options of the order arbitraries.
 *
 * @example
 * const options: OrderArbitraryOptions = { fms: true };
 * fc.assert(fc.property(validOrderArbitrary('1.2', options), (order) => {
 *   expect(order).toBeValidOrder('1.2', { profile: FMS_TEST_PROFILE });
 * }));
 */
export interface OrderArbitraryOptions {
  /** Use {@link FMS_TEST_PROFILE} instead of {@link TEST_PROFILE} (ignored when `profile` is given). */
  fms?: boolean | undefined;
  /** The client profile to build for (your onboarding profile). */
  profile?: ClientProfile | undefined;
}

/**
 * Options of the return arbitraries.
 *
 * @example
 * const options: ReturnArbitraryOptions = { profile: { client: 'ACME', returnReasons: ['damaged', 'wrong-size'] } };
 * const returns = validReturnArbitrary(options);
 */
export interface ReturnArbitraryOptions {
  /**
   * The client profile (its `returnReasons` are used; an empty list is refused); default
   * {@link TEST_PROFILE}. A returns-only one needs no `clientCode`: the original orders then carry no shipping-cost item.
   */
  profile?: ReturnProfile | undefined;
}

export type { ReturnProfile } from '../schema/profile';

/**
 * An invalid payload and the problem it must trigger.
 *
 * @example
 * fc.assert(fc.property(invalidOrderArbitrary('1.1'), (invalid: InvalidCase) => {
 *   expect(invalid.payload).toHaveProblem(invalid.expected.rule, invalid.expected.path, { version: '1.1', profile: TEST_PROFILE });
 * }));
 */
export interface InvalidCase<P = unknown> {
  /** The payload (a mutated copy of a valid one). */
  payload: P;
  /** The problem the linter must report (among possibly others). */
  expected: { rule: string; path: string };
  /** What was broken, in words. */
  description: string;
}

const VERSIONS: readonly OrderVersion[] = ORDER_VERSIONS;
const CURRENCIES = ['EUR', 'EUR', 'USD', 'GBP', 'CHF', 'SEK', 'JPY', 'BHD'] as const;
const TAX_FACTORS = ['1.00', '1', '1.07', '1.19', '1.2', '1.21', '1.255', '1.0775'] as const;
const COUNTRIES = ['DE', 'FR', 'IT', 'NL', 'AT', 'CH', 'GB', 'US', 'CA', 'MX', 'AU', 'JP', 'NO', 'SE', 'PL', 'ES'] as const;
const LOCALES = ['de-DE', 'fr-FR', 'it-IT', 'en-GB', 'en-US', 'nl-NL', 'es-MX', 'ja-JP'] as const;
const LETTERS = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz', 'é', 'ü', 'ß', 'ø', 'Å', 'ł', 'ñ', 'ç', 'Ž', 'ő'];
const NAME_CHARS = [...LETTERS, "'", '-'];
const WORD_CHARS = [...LETTERS, ...'0123456789', '.', ',', '/', '-', '😀', '中'];

/**
 * A profile given to an arbitrary: checked as the matchers and `--profile` check it (so the
 * matchers take every profile an arbitrary takes), then as the builders check it.
 */
function checkedProfile(profile: unknown, kind: PayloadKind): ClientProfile {
  return profileOf(checkProfile(profile, 'options.profile', kind), 'options.profile');
}

/** The profile of an order arbitrary: `options.profile` checked, else a test profile. */
function orderProfile(options: OrderArbitraryOptions): ClientProfile {
  const given = record(options, 'options');
  knownOnly(options, ['profile', 'fms']);
  if (given.profile !== undefined) return checkedProfile(given.profile, 'order');
  return flag(given.fms, 'options.fms') ? FMS_TEST_PROFILE : TEST_PROFILE;
}

/** The profile of a return arbitrary: `options.profile` checked, else {@link TEST_PROFILE}. */
function returnProfile(options: ReturnArbitraryOptions): ClientProfile {
  const given = record(options, 'options').profile;
  knownOnly(options, ['profile']);
  return given === undefined ? TEST_PROFILE : checkedProfile(given, 'return');
}

/**
 * Refuses options with a member not `known`: a misspelt or misplaced one (`fms` of a return
 * arbitrary, `profle`) is refused rather than ignored, as the matchers and validators do.
 *
 * @throws {RangeError} Naming the first unknown member (shown escaped, at most 64 characters).
 */
function knownOnly(options: unknown, known: readonly string[]): void {
  let keys: string[];
  try {
    keys = Object.keys(options as object);
  } catch {
    return; // A Proxy that cannot list its keys: its members are read (and refused) as the builders read them.
  }
  for (const key of keys) {
    if (!known.includes(key)) fail('options', `has an unknown member ${JSON.stringify(key.length > 64 ? `${key.slice(0, 64)}…` : key)}; known: ${known.join(', ')}`);
  }
}

/**
 * The reasons a return arbitrary picks from: the agreed ones, checked as `buildReturnRequest`
 * checks its `returnReason` (an empty list agrees to none); any reason when none are agreed.
 */
function reasonsOf(profile: ClientProfile): string[] {
  const reasons = profile.returnReasons;
  if (reasons === undefined) return ['damaged'];
  if (reasons.length === 0) fail('options.profile.returnReasons', 'must name at least one reason: buildReturnRequest takes only an agreed one');
  return reasons.map((reason, i) => requiredText(reason, `options.profile.returnReasons[${i}]`, { max: LIMITS.returnReason }));
}

/** Whether the samples' orders may carry a shipping-cost item: a returns-only profile names no SKU for one. */
const namesShippingSku = (profile: ClientProfile) => profile.shippingCostSku !== undefined || profile.clientCode !== undefined;

/**
 * Checks, when an arbitrary is built, the SKUs of the operator items its samples add in
 * `version` as the builders check them (length, v1.2 characters), and that they differ:
 * one SKU for two items makes orders that do not lint clean.
 */
function checkOperatorSkus(profile: ClientProfile, version: OrderVersion): void {
  const skus = namesShippingSku(profile) ? [shippingSkuOf(profile, version, 'options.profile')] : [];
  if (profile.fms === true) {
    if (profile.weeeSku !== undefined) skus.push(skuOf(profile.weeeSku, 'options.profile.weeeSku', version));
    if (profile.orderDiscountSku !== undefined) skus.push(skuOf(profile.orderDiscountSku, 'options.profile.orderDiscountSku', version));
  }
  if (new Set(skus).size < skus.length) fail('options.profile', 'must give each operator item its own SKU (shipping costs, WEEE fee, order discount)');
}

const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });
const rec = <T>(model: { [K in keyof T]: fc.Arbitrary<T[K]> }): fc.Arbitrary<T> => fc.record(model, { noNullPrototype: true }) as fc.Arbitrary<T>;

/** A name: 1–20 letters (some non-ASCII), never blank. */
const nameArb = fc
  .tuple(fc.constantFrom(...LETTERS), fc.string({ unit: fc.constantFrom(...NAME_CHARS), maxLength: 19 }))
  .map(([first, rest]) => first + rest);
const wordArb = (max: number) => fc.string({ unit: fc.constantFrom(...WORD_CHARS), minLength: 1, maxLength: max });
const wordsArb = (maxWords: number, maxWord: number) => fc.array(wordArb(maxWord), { minLength: 1, maxLength: maxWords }).map((w) => w.join(' '));

/** `fc.stringMatching` of each pattern, built once (a lazily built table of read-only arbitraries). */
const MATCHING = new Map<string, fc.Arbitrary<string>>();

/**
 * The strings a pattern matches, built once per pattern: fast-check works out a string
 * arbitrary's slices when it is built (about 1-10 ms each), and the arbitraries below are
 * built per version and currency.
 */
function matching(pattern: RegExp): fc.Arbitrary<string> {
  const key = `${pattern.source}/${pattern.flags}`;
  let arbitrary = MATCHING.get(key);
  if (arbitrary === undefined) MATCHING.set(key, (arbitrary = fc.stringMatching(pattern)));
  return arbitrary;
}

/** Address text: words of up to 14 characters, now and then one longer than a line. */
const addressArb: fc.Arbitrary<string | string[]> = fc.oneof(
  { weight: 4, arbitrary: wordsArb(12, 14) },
  { weight: 1, arbitrary: fc.array(wordsArb(5, 10), { minLength: 1, maxLength: 3 }) },
  { weight: 1, arbitrary: fc.tuple(wordsArb(3, 8), wordArb(60)).map(([a, b]) => `${a} ${b}`) },
);
const emailArb = fc
  .tuple(matching(/^[a-z0-9][a-z0-9._+-]{0,20}$/), matching(/^[a-z0-9-]{1,20}$/), fc.constantFrom('com', 'de', 'example', 'co.uk'))
  .map(([local, domain, tld]) => `${local}@${domain}.${tld}`);
const phoneArb = fc.oneof(
  matching(/^\+[1-9][0-9]{1,3} [0-9]{4,10}$/),
  rec({ type: fc.constantFrom('home' as const, 'office' as const), value: matching(/^0[0-9]{5,12}$/) }),
);
const referenceArb = (version: OrderVersion, max = 50): fc.Arbitrary<string> =>
  ORDER_VERSION_FEATURES[version].keyCharset
    ? matching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9._-]{0,${max - 1}}$`))
    : matching(new RegExp(`^[A-Za-z0-9][A-Za-z0-9._ #/-]{0,${max - 1}}$`));

function partyArb(version: OrderVersion, needs: { contact: boolean; locale: boolean }): fc.Arbitrary<PartyInput> {
  const where = fc.oneof(
    ...COUNTRIES.map((country) => {
      const states = STATE_CODES[country];
      return states ? fc.constantFrom(...states).map((state) => ({ country, state })) : fc.constant({ country, state: undefined as string | undefined });
    }),
  );
  const company = rec({
    name: wordsArb(4, 14),
    customerNumber: ORDER_VERSION_FEATURES[version].members.customerNumber ? opt(matching(/^[A-Z0-9-]{1,30}$/)) : fc.constant(undefined),
    taxNumber: opt(matching(/^[A-Z]{2}[0-9]{8,12}$/)),
    phone: opt(phoneArb),
  });
  return fc
    .tuple(
      rec({
        firstName: nameArb,
        lastName: nameArb,
        company: opt(company),
        phone: needs.contact ? phoneArb : opt(phoneArb),
        email: needs.contact ? emailArb : opt(emailArb),
        locale: needs.locale ? fc.constantFrom(...LOCALES) : opt(fc.constantFrom(...LOCALES)),
        address: addressArb,
        postalCode: matching(/^[0-9A-Z]{3,10}$/),
        city: wordsArb(3, 12),
      }),
      where,
    )
    .map(([party, place]) => ({ ...party, ...place }) as PartyInput);
}

function lineArb(version: OrderVersion, currency: string, specials: ReadonlySet<string>): fc.Arbitrary<CartLine> {
  return rec({
    sku: referenceArb('1.2', 18).filter((sku) => !specials.has(sku)),
    quantity: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }).map(String), fc.bigInt({ min: 1n, max: 40n })),
    uom: opt(fc.constantFrom('EA', 'BX', 'CS')),
    unitPrice: fc.bigInt({ min: 0n, max: 2_000_000n }).map((units) => fromMinorUnits(units, currency)),
    taxFactor: fc.constantFrom(...TAX_FACTORS),
    taxLevel: opt(fc.constantFrom('HIGH', 'LOW', 'EXEMPT')),
    pricing: opt(fc.constantFrom('netpricing' as const, 'grosspricing' as const)),
    clientItemRef: opt(referenceArb(version, 20)),
    localizedDescription: opt(wordsArb(3, 12)),
    dynamicFields: opt(fc.array(rec({ name: matching(/^[A-Z_]{1,20}$/), value: opt(wordsArb(4, 10)) }), { maxLength: 2 })),
  });
}

function paymentArb(version: OrderVersion): fc.Arbitrary<PaymentInput> {
  // Maestro is written canonically; the builder writes Meastro in v1.
  const methods = PAYMENT_METHODS[version].map((m) => (m === 'Meastro' ? 'Maestro' : m));
  const card = rec({
    holder: wordsArb(3, 15).filter((h) => [...h].length <= 70),
    bin: matching(/^[0-9]{6}$/),
    last4digits: matching(/^[0-9]{4}$/),
    dateCardExpiry: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }),
    dateAuthExpiry: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2040-12-31T00:00:00Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
  });
  const references = rec({
    entityID: opt(referenceArb('1.2', 50)),
    transactionID: opt(referenceArb('1.2', 50)),
    acquireID: opt(referenceArb('1.2', 40)),
  });
  const byMethod = (method: string, cardPayment: boolean): fc.Arbitrary<PaymentInput> =>
    fc
      .tuple(references, cardPayment ? opt(fc.boolean()) : fc.constant(undefined), cardPayment ? card : fc.constant(undefined))
      .map(([refs, captured, cardData]) => ({ method, ...refs, captured, card: cardData }));
  // One arbitrary per method, built once: building arbitraries inside chain() is slow.
  return fc.oneof(...methods.map((method) => byMethod(method, CARD_PAYMENT_METHODS.includes(method))));
}

/**
 * Generates checkout input for `buildOrder` of one version: parties in 16 countries
 * (with states where required), 1–6 cart lines with prices in EUR, USD, GBP, CHF, SEK,
 * JPY or BHD, tax factors, net or gross pricing, optional payment, notes and dynamic
 * fields, FISCAL_CODE where an FMS order has a partner in Italy.
 *
 * @param version The order version.
 * @param options `fms` or your `profile`.
 * @returns An arbitrary of valid builder input.
 * @throws {TypeError|RangeError} When built with a version, option or profile the builders would refuse, naming it.
 * @example
 * fc.assert(fc.property(orderInputArbitrary('1.2', { fms: true }), (input) => {
 *   expect(buildOrder(input)).toBeValidOrder('1.2', { profile: input.profile });
 * }));
 */
export function orderInputArbitrary<V extends OrderVersion>(version: V, options: OrderArbitraryOptions = {}): fc.Arbitrary<OrderInput<V>> {
  return orderInput(version, orderProfile(options), false);
}

function orderInput<V extends OrderVersion>(version: V, profile: ClientProfile, contact: boolean): fc.Arbitrary<OrderInput<V>> {
  oneOf(version, 'version', ORDER_VERSIONS);
  const fms = profile.fms === true;
  const specials = specialSkus(profile);
  // What does not depend on the currency, built once and shared by the seven: building the
  // parties and payments per currency made each call of this function about four times slower.
  const billTo = partyArb(version, { contact, locale: fms });
  const shipTo = opt(partyArb(version, { contact: false, locale: false }));
  const payment = opt(paymentArb(version));
  const byCurrency = (currency: string) =>
    rec({
      version: fc.constant(version),
      profile: fc.constant(profile),
      externalMessageReference: referenceArb(version),
      requestReference: opt(referenceArb(version)),
      currency: fc.constant(currency),
      pricing: opt(fc.constantFrom('netpricing' as const, 'grosspricing' as const)),
      shipServiceLevel: fc.constantFrom(...SHIP_SERVICE_LEVELS[version]),
      shipServiceOption: opt(fc.constantFrom('SIGNATURE', 'EVENING')),
      shipCourier: opt(fc.constantFrom('DHL', 'UPS')),
      incoTerms1: opt(fc.constantFrom('DAP', 'DDP', 'CPT')),
      incoTerms2: opt(wordsArb(2, 10)),
      poNumber: ORDER_VERSION_FEATURES[version].members.poNumber ? opt(referenceArb(version, 30)) : fc.constant(undefined),
      wantedDeliveryDate: opt(fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })),
      offsetMinutes: opt(fc.integer({ min: -720, max: 840 })),
      billTo,
      shipTo,
      lines: fc.array(lineArb(version, currency, specials), { minLength: 1, maxLength: 6 }),
      payment,
      notes: opt(fc.array(rec({ noteType: opt(fc.constantFrom('GIFT', 'DELIVERY')), value: opt(wordsArb(6, 10)) }), { maxLength: 2 })),
      dynamicFields: opt(fc.array(rec({ name: fc.constantFrom('CHANNEL', 'CAMPAIGN'), value: opt(wordsArb(2, 10)) }), { maxLength: 2 })),
      fiscalCode: matching(/^[A-Z]{6}[0-9]{2}[A-Z][0-9]{2}[A-Z][0-9]{3}[A-Z]$/),
      keepFiscalCode: fc.boolean(),
      paymentReview: fms ? opt(fc.boolean()) : fc.constant(undefined),
    }).map(({ keepFiscalCode, fiscalCode, ...input }) => {
      const italian = [input.billTo, input.shipTo].some((p) => p?.country === 'IT');
      // FMS orders with a partner in Italy need FISCAL_CODE; others carry it now and then.
      return (fms && italian) || keepFiscalCode ? { ...input, fiscalCode } : input;
    }) as fc.Arbitrary<OrderInput<V>>;
  // One arbitrary per currency, built once (EUR weighs double).
  return fc.oneof(...CURRENCIES.map(byCurrency));
}

type Json = Record<string, any>;

function regularItems(payload: Json, profile: ClientProfile): { item: Json; index: number }[] {
  const specials = specialSkus(profile);
  return (payload.clientRequest.item as Json[]).map((item, index) => ({ item, index })).filter(({ item }) => !specials.has(item.sku));
}

function unitsOf(item: Json, amountType: string, currency: string): bigint {
  const a = (item.amount as Json[]).find((x) => x.amountType === amountType);
  return a ? toMinorUnits(a.value, currency) : 0n;
}

/** Applies random special items to a built order: shipping costs, an item discount, and (FMS) a WEEE fee, an order discount. */
function withSpecials<V extends OrderVersion>(version: V, profile: ClientProfile, inputs: fc.Arbitrary<OrderInput<V>>): fc.Arbitrary<OrderRequest<V>> {
  checkOperatorSkus(profile, version);
  const fms = profile.fms === true;
  const extras = rec({
    shipping: namesShippingSku(profile) ? opt(fc.bigInt({ min: 1n, max: 5_000n })) : fc.constant(undefined),
    itemDiscount: opt(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 100 }))),
    weee: fms && profile.weeeSku ? opt(fc.tuple(fc.nat(), fc.bigInt({ min: 1n, max: 2_000n }))) : fc.constant(undefined),
    orderDiscount: fms && profile.orderDiscountSku ? opt(fc.integer({ min: 1, max: 100 })) : fc.constant(undefined),
  });
  return fc.tuple(inputs, extras).map(([input, extra]) => {
    const currency = input.currency;
    const context = { version, profile };
    let payload = buildOrder(input);
    if (extra.shipping !== undefined) {
      payload = addShippingCosts(payload, { cost: fromMinorUnits(extra.shipping, currency), taxFactor: '1.19', taxLevel: 'HIGH' }, context);
    }
    if (extra.itemDiscount) {
      const regular = regularItems(payload, profile);
      const { item } = regular[extra.itemDiscount[0] % regular.length] as { item: Json };
      const basis = item.pricing === 'grosspricing' ? 'grossprice' : 'netprice';
      const off = (unitsOf(item, basis, currency) * BigInt(extra.itemDiscount[1])) / 100n;
      payload = applyItemDiscount(payload, { itemId: item.itemId, discount: fromMinorUnits(off, currency) }, context);
    }
    if (extra.weee) {
      const regular = regularItems(payload, profile);
      const { item } = regular[extra.weee[0] % regular.length] as { item: Json };
      payload = addWeeeFee(payload, { sku: item.sku, fee: fromMinorUnits(extra.weee[1], currency) }, context);
    }
    if (extra.orderDiscount !== undefined) {
      const gross = unitsOf(payload.clientRequest.order as Json, 'totalGross', currency);
      // At most half the total: its gross (× 1.19) stays below the order's totalGross.
      const off = (gross * BigInt(extra.orderDiscount)) / 200n;
      if (off > 0n) {
        payload = addOrderDiscount(payload, { discount: fromMinorUnits(off, currency), taxFactor: '1.19', taxLevel: 'HIGH', pricing: 'netpricing' }, context);
      }
    }
    return payload;
  });
}

/**
 * Generates valid order payloads of one version, built with `buildOrder` and, at
 * random, `addShippingCosts`, `applyItemDiscount` and (FMS) `addWeeeFee` and
 * `addOrderDiscount`. Every payload lints without errors for that version and profile.
 *
 * @param version The order version.
 * @param options `fms` or your `profile` (lint with the same profile).
 * @returns An arbitrary of order payloads.
 * @throws {TypeError|RangeError} When built with a version, option or profile the builders would refuse, naming it.
 * @example
 * fc.assert(fc.property(validOrderArbitrary('1.1', { fms: true }), (payload) => {
 *   expect(payload).toBeValidOrder('1.1', { profile: FMS_TEST_PROFILE });
 * }));
 */
export function validOrderArbitrary<V extends OrderVersion>(version: V, options: OrderArbitraryOptions = {}): fc.Arbitrary<OrderRequest<V>> {
  const profile = orderProfile(options);
  return withSpecials(version, profile, orderInput(version, profile, false));
}

/**
 * Generates valid return-token requests, built with `buildReturnRequest` from valid
 * orders of any version (a random subset of their items and quantities, a reason
 * from `profile.returnReasons`). Every payload lints without errors with that profile.
 *
 * @param options Your `profile`; default {@link TEST_PROFILE}.
 * @returns An arbitrary of return requests.
 * @throws {TypeError|RangeError} When built with options or a profile the builders would refuse (`returnReasons: []` among them), naming the member.
 * @example
 * fc.assert(fc.property(validReturnArbitrary(), (payload) => {
 *   expect(payload).toBeValidReturn({ profile: TEST_PROFILE });
 * }));
 */
export function validReturnArbitrary(options: ReturnArbitraryOptions = {}): fc.Arbitrary<ReturnRequest> {
  return returnInputArbitrary(options).map((input) => buildReturnRequest(input));
}

/**
 * Generates input for `buildReturnRequest`: a valid original order (any version), its
 * date, a reason from `profile.returnReasons`, and a random choice of its items.
 *
 * @param options Your `profile`; default {@link TEST_PROFILE}.
 * @returns An arbitrary of valid builder input.
 * @throws {TypeError|RangeError} When built with options or a profile the builders would refuse (`returnReasons: []` among them), naming the member.
 * @example
 * fc.assert(fc.property(returnInputArbitrary(), (input) => {
 *   expect(buildReturnRequest(input)).toBeValidReturn({ profile: input.profile });
 * }));
 */
export function returnInputArbitrary(options: ReturnArbitraryOptions = {}): fc.Arbitrary<ReturnInput> {
  const profile = returnProfile(options);
  const reasons = reasonsOf(profile);
  const orders = fc.oneof(...VERSIONS.map((version) => withSpecials(version, profile, orderInput(version, profile, true)) as fc.Arbitrary<Json>));
  const details = rec({
    orderDate: fc.oneof(
      fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true }),
      fc.constantFrom('2026-03-01T10:00:00Z', '2026-02-20T10:15:00 +01.00', '2025-12-31'),
    ),
    externalMessageReference: referenceArb('1.1'),
    requestReference: opt(referenceArb('1.1')),
    returnReason: fc.constantFrom(...reasons),
    clientReturnURL: fc.constantFrom('https://shop.example/returns/done', 'http://localhost:8080/rma?x=1'),
    language: opt(fc.constantFrom('de', 'en', 'fr')),
    userReference: opt(wordsArb(3, 12)),
    selection: opt(fc.array(fc.tuple(fc.nat(), fc.nat()), { minLength: 1, maxLength: 6 })),
  });
  return fc.tuple(orders, details).map(([order, { selection, ...rest }]) => {
    const input: ReturnInput = { order: order as ReturnInput['order'], profile, ...rest };
    if (selection) {
      // Pick distinct regular items and a quantity up to the ordered one.
      const regular = regularItems(order, profile);
      const picked = new Map<string, number>();
      for (const [which, amount] of selection) {
        const { item } = regular[which % regular.length] as { item: Json };
        picked.set(item.itemId, 1 + (amount % Number(item.quantity.value)));
      }
      input.items = [...picked].map(([itemId, quantity]) => ({ itemId, quantity }));
    }
    return input;
  });
}

type Mutation = (payload: Json, pick: number) => Omit<InvalidCase, 'payload'> | undefined;

const base = '/clientRequest';
const nth = <T>(list: readonly T[], pick: number): [T, number] => {
  const index = pick % list.length;
  return [list[index] as T, index];
};

function orderMutations(version: OrderVersion, profile: ClientProfile): Mutation[] {
  const fms = profile.fms === true;
  const mutations: Mutation[] = [
    (p, pick) => {
      const [partner, k] = nth(p.clientRequest.partner as Json[], pick);
      partner.personData.firstName = 'A'.repeat(21 + (pick % 10));
      return { expected: { rule: 'max-length', path: `${base}/partner/${k}/personData/firstName` }, description: 'firstName longer than 20 characters' };
    },
    (p, pick) => {
      const [item, i] = nth(p.clientRequest.item as Json[], pick);
      item.quantity.value = 2;
      return { expected: { rule: 'type', path: `${base}/item/${i}/quantity/value` }, description: 'quantity value as a number' };
    },
    (p) => {
      p.clientRequest.order.shipServiceLevel = 'XXX';
      return { expected: { rule: 'enum', path: `${base}/order/shipServiceLevel` }, description: 'shipServiceLevel outside the enumeration' };
    },
    (p) => {
      delete p.clientRequest.requestHeader.requestReference;
      return { expected: { rule: 'required', path: `${base}/requestHeader/requestReference` }, description: 'requestReference missing' };
    },
    (p, pick) => {
      const [item, i] = nth(p.clientRequest.item as Json[], pick);
      item.amount = (item.amount as Json[]).filter((a) => a.amountType !== 'netprice');
      return { expected: { rule: 'netprice-required', path: `${base}/item/${i}/amount` }, description: 'item without netprice' };
    },
    (p, pick) => {
      const [partner, k] = nth(p.clientRequest.partner as Json[], pick);
      partner.addressData.countryISO2 = partner.addressData.countryISO2.toLowerCase();
      return { expected: { rule: 'country-code', path: `${base}/partner/${k}/addressData/countryISO2` }, description: 'lower-case country code' };
    },
    (p, pick) => {
      const [item, i] = nth(p.clientRequest.item as Json[], pick);
      item.amount[0].currencyISO3 = item.amount[0].currencyISO3.toLowerCase();
      return { expected: { rule: 'currency-code', path: `${base}/item/${i}/amount/0/currencyISO3` }, description: 'lower-case currency code' };
    },
    (p, pick) => {
      const [item, i] = nth(p.clientRequest.item as Json[], pick);
      item.amount[0].value = item.amount[0].value.replace('.', ',') + ',0';
      return { expected: { rule: 'numeric-text', path: `${base}/item/${i}/amount/0/value` }, description: 'amount value with a decimal comma' };
    },
    (p) => {
      p.clientRequest.item = [];
      return { expected: { rule: 'items-present', path: `${base}/item` }, description: 'empty item list' };
    },
    (p) => {
      p.clientRequest.item[0].itemId = '0';
      return { expected: { rule: 'item-ids', path: `${base}/item/0/itemId` }, description: 'itemIds not numbered from 1' };
    },
    (p) => {
      p.clientRequest.order.dateTimeWantedDeliveryDate = ORDER_VERSION_FEATURES[version].dateTime === DATE_TIME_UTC ? '2026-02-30T00:00:00Z' : '2026-02-30T00:00:00 +00.00';
      return { expected: { rule: 'date-format', path: `${base}/order/dateTimeWantedDeliveryDate` }, description: 'a date that is not in the calendar' };
    },
    (p) => {
      p.clientRequest.requestHeader.client = `${p.clientRequest.requestHeader.client}X`;
      return { expected: { rule: 'client-name', path: `${base}/requestHeader/client` }, description: 'client differs from the profile' };
    },
    (p) => {
      p.clientRequest.partner[1].partnerType = 'BillTo';
      return { expected: { rule: 'partner-roles', path: `${base}/partner/1/partnerType` }, description: 'two BillTo partners' };
    },
    (p, pick) => {
      const [partner, k] = nth(p.clientRequest.partner as Json[], pick);
      partner.addressData.address[0].line = '2';
      return { expected: { rule: 'address-lines', path: `${base}/partner/${k}/addressData/address/0/line` }, description: 'address lines not numbered from 1' };
    },
    (p, pick) => {
      const [partner, k] = nth(p.clientRequest.partner as Json[], pick);
      partner.addressData.countryISO2 = 'US';
      delete partner.addressData.state;
      return { expected: { rule: 'state-required', path: `${base}/partner/${k}/addressData/state` }, description: 'US address without state' };
    },
    (p, pick) => {
      const discountSku = profile.orderDiscountSku;
      const items = (p.clientRequest.item as Json[]).map((item, index) => ({ item, index })).filter(({ item }) => item.sku !== discountSku);
      const [{ item, index }] = nth(items, pick);
      const at = (item.amount as Json[]).findIndex((a) => a.amountType === 'netprice');
      item.amount[at].value = '-1';
      return { expected: { rule: 'negative-price', path: `${base}/item/${index}/amount/${at}/value` }, description: 'negative item price' };
    },
  ];
  if (!ORDER_VERSION_FEATURES[version].members.poNumber) {
    mutations.push((p) => {
      p.clientRequest.order.poNumber = 'PO-1';
      return { expected: { rule: 'version-field', path: `${base}/order/poNumber` }, description: 'poNumber in v1' };
    });
  }
  if (ORDER_VERSION_FEATURES[version].keyCharset) {
    mutations.push((p, pick) => {
      const [item, i] = nth(p.clientRequest.item as Json[], pick);
      item.sku = 'SKU 1';
      return { expected: { rule: 'key-charset', path: `${base}/item/${i}/sku` }, description: 'sku with a space in v1.2' };
    });
  }
  if (fms) {
    mutations.push(
      (p) => {
        const payment = p.clientRequest.payment;
        if (!payment) return undefined;
        payment.status = CARD_PAYMENT_METHODS.includes(payment.paymentMethod) ? 'paid' : 'authorized';
        return { expected: { rule: 'payment-status', path: `${base}/payment/status` }, description: 'payment status that does not fit the method' };
      },
      (p) => {
        p.clientRequest.partner[0].addressData.countryISO2 = 'IT';
        const order = p.clientRequest.order;
        order.dynamicField = ((order.dynamicField ?? []) as Json[]).filter((f) => f.name !== DYNAMIC_FIELD.fiscalCode);
        return { expected: { rule: 'fiscal-code', path: `${base}/order/dynamicField` }, description: 'Italian FMS order without FISCAL_CODE' };
      },
      (p) => {
        const order = p.clientRequest.order;
        const others = ((order.dynamicField ?? []) as Json[]).filter(
          (f) => f.name !== DYNAMIC_FIELD.processAuthStatus && f.name !== DYNAMIC_FIELD.processAuthStatusCode,
        );
        order.dynamicField = [...others, { name: DYNAMIC_FIELD.processAuthStatus, value: 'Review' }];
        return { expected: { rule: 'payment-review', path: `${base}/order/dynamicField` }, description: 'PROCESSAUTHSTATUS without PROCESSAUTHSTATUSCODE' };
      },
    );
  }
  return mutations;
}

function returnMutations(profile: ClientProfile): Mutation[] {
  const mutations: Mutation[] = [
    (p) => {
      p.rma.clientReturnURL = 'ftp://shop.example/returns';
      return { expected: { rule: 'url-format', path: '/rma/clientReturnURL' }, description: 'clientReturnURL not http(s)' };
    },
    (p, pick) => {
      const [item, i] = nth(p.item as Json[], pick);
      delete item.dynamicField;
      return { expected: { rule: 'rma-line-price', path: `/item/${i}/dynamicField` }, description: 'item without RMALinePrice' };
    },
    (p, pick) => {
      if (!p.partner) return undefined;
      const [partner, k] = nth(p.partner as Json[], pick);
      partner.personData.lastName = 'B'.repeat(21 + (pick % 10));
      return { expected: { rule: 'max-length', path: `/partner/${k}/personData/lastName` }, description: 'lastName longer than 20 characters' };
    },
    (p, pick) => {
      if (!p.partner) return undefined;
      const [partner, k] = nth(p.partner as Json[], pick);
      partner.addressData.countryISO3 = partner.addressData.countryISO3.toLowerCase();
      return { expected: { rule: 'country-code', path: `/partner/${k}/addressData/countryISO3` }, description: 'lower-case alpha-3 country code' };
    },
    (p) => {
      p.rma.dateTimeOrder = '2026-03-01T00:00:00Z';
      return { expected: { rule: 'date-format', path: '/rma/dateTimeOrder' }, description: 'dateTimeOrder in the v1.2 order format' };
    },
    (p) => {
      delete p.rma.userReference;
      return { expected: { rule: 'required', path: '/rma/userReference' }, description: 'userReference missing' };
    },
    (p, pick) => {
      const [item, i] = nth(p.item as Json[], pick);
      item.quantity.value = '-1';
      return { expected: { rule: 'numeric-text', path: `/item/${i}/quantity/value` }, description: 'negative quantity' };
    },
    (p, pick) => {
      const [item, i] = nth(p.item as Json[], pick);
      item.quantity.value = 1;
      return { expected: { rule: 'type', path: `/item/${i}/quantity/value` }, description: 'quantity value as a number' };
    },
    (p, pick) => {
      const [item, i] = nth(p.item as Json[], pick);
      item.amount[0].amountType = 'totalNet';
      return { expected: { rule: 'enum', path: `/item/${i}/amount/0/amountType` }, description: 'order spelling of an amount type' };
    },
    (p) => {
      p.item = [];
      return { expected: { rule: 'items-present', path: '/item' }, description: 'empty item list' };
    },
  ];
  const agreed = profile.returnReasons;
  if (agreed && agreed.length > 0) {
    // The first of not-agreed, not-agreed-2, ... that is not an agreed reason.
    let outside = 'not-agreed';
    for (let n = 2; agreed.includes(outside); n++) outside = `not-agreed-${n}`;
    mutations.push((p) => {
      p.rma.returnReason = outside;
      return { expected: { rule: 'return-reason', path: '/rma/returnReason' }, description: 'reason not agreed with the operator' };
    });
  }
  return mutations;
}

function mutate<P>(valid: fc.Arbitrary<P>, mutations: Mutation[]): fc.Arbitrary<InvalidCase> {
  return fc
    .tuple(valid, fc.nat({ max: mutations.length - 1 }), fc.nat())
    .map(([payload, which, pick]) => {
      const copy = JSON.parse(JSON.stringify(payload)) as Json;
      const result = (mutations[which] as Mutation)(copy, pick);
      return result ? { payload: copy, ...result } : undefined;
    })
    .filter((c) => c !== undefined) as fc.Arbitrary<InvalidCase>;
}

/**
 * Generates invalid order payloads: a valid payload with one defect, and the
 * `{ rule, path }` the linter must report for it (it may report more). Defects:
 * too-long names, a number where text belongs, enum values, missing members,
 * missing netprice, bad country/currency codes, bad numerals, empty item lists,
 * wrong itemIds, impossible dates, client mismatch, duplicate roles, address line
 * numbering, missing states, negative prices; per version poNumber in v1 and key
 * characters in v1.2; with FMS payment status, FISCAL_CODE and payment review.
 *
 * @param version The order version.
 * @param options `fms` or your `profile` (lint with the same profile).
 * @returns An arbitrary of `{ payload, expected, description }`.
 * @throws {TypeError|RangeError} When built with a version, option or profile the builders would refuse, naming it.
 * @example
 * fc.assert(fc.property(invalidOrderArbitrary('1.2'), ({ payload, expected }) => {
 *   expect(lintOrder(payload, { version: '1.2', profile: TEST_PROFILE })).toHaveProblem(expected.rule, expected.path);
 * }));
 */
export function invalidOrderArbitrary(version: OrderVersion, options: OrderArbitraryOptions = {}): fc.Arbitrary<InvalidCase> {
  const profile = orderProfile(options);
  return mutate(validOrderArbitrary(version, { profile }), orderMutations(version, profile));
}

/**
 * Generates invalid return requests with the `{ rule, path }` each must trigger.
 *
 * @param options Your `profile`; default {@link TEST_PROFILE} (lint with the same profile).
 * @returns An arbitrary of `{ payload, expected, description }`.
 * @throws {TypeError|RangeError} When built with options or a profile the builders would refuse (`returnReasons: []` among them), naming the member.
 * @example
 * fc.assert(fc.property(invalidReturnArbitrary(), ({ payload, expected }) => {
 *   expect(lintReturn(payload, { profile: TEST_PROFILE })).toHaveProblem(expected.rule, expected.path);
 * }));
 */
export function invalidReturnArbitrary(options: ReturnArbitraryOptions = {}): fc.Arbitrary<InvalidCase> {
  const profile = returnProfile(options);
  return mutate(validReturnArbitrary({ profile }), returnMutations(profile));
}
