import { lintOrder } from '../lint/engine';
import type { ClientProfile } from '../lint/types';
import type { OrderRequest } from '../schema/order';
import { isAlpha2Text } from '../schema/predicates';
import {
  DYNAMIC_FIELD,
  LIMITS,
  ORDER_PHONE_TYPES,
  ORDER_STATE_COUNTRIES,
  ORDER_VERSION_FEATURES,
  ORDER_VERSIONS,
  SHIP_SERVICE_LEVELS,
  STATE_CODES,
  versionAdding,
  type OrderVersion,
  type OrderVersionFeatures,
} from '../schema/tables';
import { instantOf, offsetOf, writeOffset, writeUtc, type DateInput } from './_lib/dates';
import { EMAIL_TEXT, LOCALE_TEXT, fail, flag, isAbsent, list, oneOf, optionalText, record, requiredText } from './_lib/errors';
import { reviewFields } from './_lib/fields';
import { assertNoErrors } from './_lib/guard';
import { profileOf } from './_lib/profile';
import {
  PRICINGS,
  currencyOf,
  minorOf,
  quantityOf,
  taxFactorOf,
  unitPrices,
  type Pricing,
  type WholeQuantity,
} from './_lib/money';
import { amount, amountOf, skuOf, specialSkus, writeTotals, type Json } from './_lib/payload';
import { paymentOf, type PaymentInput } from './buildPayment';
import { addressLinesOf } from './splitAddressLines';

/**
 * A phone number: the number as text (type `home`, which the spec prefers), or with its type.
 *
 * @example const phone: PhoneInput = { type: 'office', value: '+49 30 1234567' }; // or just '+49 30 1234567' (type home)
 */
export type PhoneInput = string | { type?: 'home' | 'office'; value: string };

/**
 * A dynamic field: name (max 60) and value (max 2000).
 *
 * @example const field: DynamicFieldInput = { name: 'GIFT_WRAP', value: 'true' };
 */
export interface DynamicFieldInput {
  /** Field name, max 60. */
  name: string;
  /** Field value, max 2000. */
  value?: string | undefined;
}

/**
 * A note: type (max 20) and text (max 4000).
 *
 * @example const note: NoteInput = { noteType: 'GIFT', value: 'Please wrap as a gift.' };
 */
export interface NoteInput {
  /** Note type, max 20. */
  noteType?: string | undefined;
  /** Note text, max 4000. */
  value?: string | undefined;
}

/**
 * A company partner's company data.
 *
 * @example const company: CompanyInput = { name: 'ACME GmbH', customerNumber: 'C-1001', phone: { type: 'office', value: '+49 30 1234567' } };
 */
export interface CompanyInput {
  /** Company name, max 70. */
  name: string;
  /** External customer number, max 30 (v1.1 and later). */
  customerNumber?: string | undefined;
  /** Company VAT number, max 30. */
  taxNumber?: string | undefined;
  /** Company phone. */
  phone?: PhoneInput | undefined;
}

/**
 * A BillTo or ShipTo party as checkout knows it.
 *
 * @example const billTo: PartyInput = { firstName: 'Jane', lastName: 'Doe', email: 'jane.doe@example.com', address: 'Hauptstrasse 1', postalCode: '10115', city: 'Berlin', country: 'DE' };
 */
export interface PartyInput {
  /** First name, max 20. */
  firstName: string;
  /** Last name, max 20. */
  lastName: string;
  /** Company data, for a company customer. */
  company?: CompanyInput | undefined;
  /** Phone number. */
  phone?: PhoneInput | undefined;
  /** E-mail address `local@domain`, max 200. */
  email?: string | undefined;
  /** `ll-CC` locale such as `de-DE`; on BillTo it selects the e-invoice language (FMS). */
  locale?: string | undefined;
  /** Address text, split into 40-character lines at word boundaries (see `splitAddressLines`). */
  address: string | readonly string[];
  /** Postal code, max 10. */
  postalCode: string;
  /** City, max 40. */
  city: string;
  /** ISO 3166-2 state code without the country prefix; required for US, MX, CA and AU. */
  state?: string | undefined;
  /** Uppercase ISO 3166-1 alpha-2 country code. */
  country: string;
}

/**
 * One cart line.
 *
 * @example const line: CartLine = { sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' };
 */
export interface CartLine {
  /** Part number, max 18 (v1.2: only `A-Z a-z 0-9 . _ -`). */
  sku: string;
  /** How many units: a positive whole number. */
  quantity: WholeQuantity;
  /** Unit of measure; default `EA`. */
  uom?: string | undefined;
  /** Price of one unit, decimal text: net, or gross when the line's pricing is `grosspricing`. */
  unitPrice: string;
  /** VAT factor as text: 19 % is `"1.19"`, no VAT `"1.00"`. */
  taxFactor: string;
  /** Tax level such as HIGH, LOW, EXEMPT; max 30. */
  taxLevel?: string | undefined;
  /** Overrides the order's pricing for this line. */
  pricing?: Pricing | undefined;
  /** Client line reference (v1.2: only `A-Z a-z 0-9 . _ -`). */
  clientItemRef?: string | undefined;
  /** Description in the customer's language, max 40. */
  localizedDescription?: string | undefined;
  /** Item dynamic fields. */
  dynamicFields?: readonly DynamicFieldInput[] | undefined;
}

/**
 * Everything {@link buildOrder} needs: the checkout's cart, parties and choices.
 *
 * @example
 * const input: OrderInput<'1.1'> = {
 *   version: '1.1', profile: { client: 'ACME', clientCode: 'ACME' }, externalMessageReference: 'WEB-10001', currency: 'EUR', shipServiceLevel: 'STD',
 *   billTo: { firstName: 'Jane', lastName: 'Doe', address: 'Hauptstrasse 1', postalCode: '10115', city: 'Berlin', country: 'DE' },
 *   lines: [{ sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' }],
 * };
 * const payload = buildOrder(input);
 */
export interface OrderInput<V extends OrderVersion = OrderVersion> {
  /** The order version to build. */
  version: V;
  /** The client profile handed over at onboarding. */
  profile: ClientProfile;
  /** Unique client message reference, max 50 (v1.2: only `A-Z a-z 0-9 . _ -`). */
  externalMessageReference: string;
  /** Unique request reference, max 50; default: `externalMessageReference`. Duplicates are rejected by the API. */
  requestReference?: string | undefined;
  /** Order currency, uppercase ISO 4217. */
  currency: string;
  /** How unit prices are given: `netpricing` (default) or `grosspricing`. */
  pricing?: Pricing | undefined;
  /** Ship service level: STD, EXP, ECO, PUD, and EXI from v1.2. */
  shipServiceLevel: string;
  /** Type of shipping service. */
  shipServiceOption?: string | undefined;
  /** Carrier id (normally chosen by the operator's freight matrix). */
  shipCourier?: string | undefined;
  /** Delivery term such as DAP, DDP, CPT. */
  incoTerms1?: string | undefined;
  /** Pack-slip information such as the destination city. */
  incoTerms2?: string | undefined;
  /** Client reference number (v1.1 and later; v1.2: only `A-Z a-z 0-9 . _ -`). */
  poNumber?: string | undefined;
  /** Wanted delivery date (written in the version's date-time format). */
  wantedDeliveryDate?: DateInput | undefined;
  /** Offset in minutes east of UTC for v1/v1.1 date-times; default 0. */
  offsetMinutes?: number | undefined;
  /** The invoice party. */
  billTo: PartyInput;
  /** The delivery party; default: the BillTo party. */
  shipTo?: PartyInput | undefined;
  /** Cart lines, at least one. */
  lines: readonly CartLine[];
  /** Payment (FMS: the operator handles it). */
  payment?: PaymentInput | undefined;
  /** Order notes. */
  notes?: readonly NoteInput[] | undefined;
  /** Order dynamic fields (FISCAL_CODE and the payment-review fields have their own inputs). */
  dynamicFields?: readonly DynamicFieldInput[] | undefined;
  /** The customer's Italian fiscal code (order dynamic field FISCAL_CODE); required for FMS orders with a partner in Italy. */
  fiscalCode?: string | undefined;
  /** The payment needs review: adds PROCESSAUTHSTATUS=Review and PROCESSAUTHSTATUSCODE=DM_REVIEW (FMS). */
  paymentReview?: boolean | undefined;
}

const RESERVED_FIELDS: readonly string[] = [DYNAMIC_FIELD.fiscalCode, DYNAMIC_FIELD.processAuthStatus, DYNAMIC_FIELD.processAuthStatusCode];

/** Why a member of a later version is refused: `does not exist in v1 (added in v1.1)`. */
function laterMember(features: OrderVersionFeatures, member: keyof OrderVersionFeatures['members']): string {
  return `does not exist in ${features.label} (added in v${versionAdding(member)})`;
}

/**
 * Builds a create-order payload (`{ clientRequest: ... }`) of the chosen version from
 * checkout data, applying the spec's rules for order content:
 * - items get sequential itemIds `"1"`, `"2"`, ... in cart order;
 * - every item carries a `netprice` and a `grossprice` Amount, both the price of ONE
 *   unit (the spec: "the net price of the item"), with the currency's minor digits;
 *   gross = net × taxFactor (or net = gross ÷ taxFactor under `grosspricing`), rounded
 *   half away from zero to the minor unit, on bigint minor units;
 * - order amounts totalNet = Σ net × quantity, totalTax = Σ (gross − net) × quantity,
 *   totalGross = totalNet + totalTax, exactly;
 * - date-times in the version's format (v1/v1.1 `… +hh.mm`, v1.2 UTC `…Z`);
 * - address text split into 40-character lines at word boundaries;
 * - v1.2 key fields (references, poNumber, sku, clientItemRef) checked against
 *   `[A-Za-z0-9._-]` (refused, never rewritten);
 * - payment status from the method, card data when the operator processes cards;
 * - FISCAL_CODE (Italian FMS orders) and the payment-review fields.
 * Shipping costs, discounts and WEEE fees are added afterwards by `addShippingCosts`,
 * `addOrderDiscount`, `applyItemDiscount` and `addWeeeFee`.
 * The payload is linted before it is returned: the builder never returns a payload
 * with lint errors.
 *
 * @param input The cart, the parties, the version and the client profile.
 * @returns A new order payload of that version.
 * @throws {TypeError} When a member is missing or of the wrong type.
 * @throws {RangeError} When a value breaks a limit, an enumeration or a format.
 *   Messages name the field (`lines[2].unitPrice`, `billTo.firstName`), never its value.
 * @example
 * const payload = buildOrder({
 *   version: '1.1',
 *   profile: { client: 'ACME', clientCode: 'ACME' },
 *   externalMessageReference: 'WEB-10001',
 *   currency: 'EUR',
 *   shipServiceLevel: 'STD',
 *   billTo: {
 *     firstName: 'Jane', lastName: 'Doe', phone: '+49 30 1234567', email: 'jane.doe@example.com',
 *     locale: 'de-DE', address: 'Hauptstrasse 1', postalCode: '10115', city: 'Berlin', country: 'DE',
 *   },
 *   lines: [
 *     { sku: 'MUG-RED', quantity: 2, unitPrice: '10.00', taxFactor: '1.19' },
 *     { sku: 'TEA-GREEN', quantity: 1, unitPrice: '4.20', taxFactor: '1.07' },
 *   ],
 * });
 * payload.clientRequest.order.amount;
 * // [ { currencyISO3: 'EUR', amountType: 'totalNet', value: '24.20' },
 * //   { currencyISO3: 'EUR', amountType: 'totalTax', value: '4.09' },
 * //   { currencyISO3: 'EUR', amountType: 'totalGross', value: '28.29' } ]
 */
export function buildOrder<V extends OrderVersion>(input: OrderInput<V>): OrderRequest<V> {
  const inp = record(input, 'input');
  const version = oneOf(inp.version, 'version', ORDER_VERSIONS) as V;
  const profile = profileOf(inp.profile, 'profile');
  const features = ORDER_VERSION_FEATURES[version];
  const key = features.keyCharset;
  const currency = currencyOf(inp.currency, 'currency');
  const pricing: Pricing = isAbsent(inp.pricing) ? 'netpricing' : oneOf(inp.pricing, 'pricing', PRICINGS);
  const offset = offsetOf(inp.offsetMinutes, 'offsetMinutes');

  const externalMessageReference = requiredText(inp.externalMessageReference, 'externalMessageReference', { max: LIMITS.externalMessageReference, key });
  const requestReference =
    optionalText(inp.requestReference, 'requestReference', { max: LIMITS.requestReference, key }) ?? externalMessageReference;

  const order: Json = {};
  const shipCourier = optionalText(inp.shipCourier, 'shipCourier');
  if (shipCourier !== undefined) order.shipCourier = shipCourier;
  order.shipServiceLevel = oneOf(inp.shipServiceLevel, 'shipServiceLevel', SHIP_SERVICE_LEVELS[version]);
  const shipServiceOption = optionalText(inp.shipServiceOption, 'shipServiceOption');
  if (shipServiceOption !== undefined) order.shipServiceOption = shipServiceOption;
  const poNumber = optionalText(inp.poNumber, 'poNumber', { key });
  if (poNumber !== undefined) {
    if (!features.members.poNumber) fail('poNumber', laterMember(features, 'poNumber'));
    order.poNumber = poNumber;
  }
  const incoTerms1 = optionalText(inp.incoTerms1, 'incoTerms1');
  if (incoTerms1 !== undefined) order.incoTerms1 = incoTerms1;
  const incoTerms2 = optionalText(inp.incoTerms2, 'incoTerms2');
  if (incoTerms2 !== undefined) order.incoTerms2 = incoTerms2;
  if (!isAbsent(inp.wantedDeliveryDate)) {
    const { ms } = instantOf(inp.wantedDeliveryDate, 'wantedDeliveryDate');
    order.dateTimeWantedDeliveryDate = key ? writeUtc(ms, 'wantedDeliveryDate') : writeOffset(ms, offset, 'wantedDeliveryDate');
  }
  order.amount = [];
  if (!isAbsent(inp.notes)) order.note = list(inp.notes, 'notes').map((n, i) => noteOf(n, `notes[${i}]`));
  const dynamicField = dynamicFieldsOf(inp.dynamicFields, 'dynamicFields');
  for (const [i, f] of dynamicField.entries()) {
    if (RESERVED_FIELDS.includes(f.name)) fail(`dynamicFields[${i}].name`, 'is set through fiscalCode or paymentReview, not as a dynamic field');
  }
  const fiscalCode = optionalText(inp.fiscalCode, 'fiscalCode', { max: LIMITS.dynamicFieldValue });
  if (fiscalCode !== undefined) dynamicField.push({ name: DYNAMIC_FIELD.fiscalCode, value: fiscalCode });
  if (flag(inp.paymentReview, 'paymentReview')) dynamicField.push(...reviewFields());
  if (dynamicField.length > 0) order.dynamicField = dynamicField;

  // Without a ShipTo the BillTo party is read once and written twice (a copy: a getter is read once).
  const billTo = partnerOf(record(inp.billTo, 'billTo'), 'billTo', 'BillTo', version);
  const shipTo = isAbsent(inp.shipTo) ? { ...structuredClone(billTo), partnerType: 'ShipTo' } : partnerOf(record(inp.shipTo, 'shipTo'), 'shipTo', 'ShipTo', version);
  if (profile.fms === true && fiscalCode === undefined && [billTo, shipTo].some((p) => p.addressData.countryISO2 === 'IT')) {
    fail('fiscalCode', 'is required: orders of FMS clients with a partner in Italy carry the FISCAL_CODE dynamic field', TypeError);
  }

  const specials = specialSkus(profile);
  const lines = list(inp.lines, 'lines');
  if (lines.length === 0) fail('lines', 'must hold at least one cart line');
  const item = lines.map((line, i) => itemOf(line, `lines[${i}]`, i, version, currency, pricing, specials));

  const body: Json = { requestHeader: { externalMessageReference, client: profile.client, requestReference }, order, partner: [billTo, shipTo], item };
  writeTotals(body, currency);
  const payload: Json = { clientRequest: body };
  if (!isAbsent(inp.payment)) {
    const totalGross = amountOf(order, 'totalGross') as Json;
    const payment = paymentOf(inp.payment, 'payment', version, profile, currency, minorOf(totalGross.value, 'totalGross', currency));
    payload.clientRequest = { requestHeader: body.requestHeader, order, payment, partner: body.partner, item };
  }
  assertNoErrors(lintOrder(payload, { version, profile }), 'buildOrder');
  return payload as OrderRequest<V>;
}

function phoneOf(value: unknown, field: string): { phoneType: string; value: string } {
  if (typeof value === 'string') return { phoneType: 'home', value: requiredText(value, field) };
  const p = record(value, field);
  return {
    phoneType: isAbsent(p.type) ? 'home' : oneOf(p.type, `${field}.type`, ORDER_PHONE_TYPES),
    value: requiredText(p.value, `${field}.value`),
  };
}

function partnerOf(p: Record<string, unknown>, field: string, partnerType: 'BillTo' | 'ShipTo', version: OrderVersion): Json {
  const partner: Json = { partnerType };
  if (!isAbsent(p.company)) {
    const c = record(p.company, `${field}.company`);
    const company: Json = { name: requiredText(c.name, `${field}.company.name`, { max: LIMITS.companyName }) };
    const customerNumber = optionalText(c.customerNumber, `${field}.company.customerNumber`, { max: LIMITS.customerNumber });
    if (customerNumber !== undefined) {
      if (!ORDER_VERSION_FEATURES[version].members.customerNumber) fail(`${field}.company.customerNumber`, laterMember(ORDER_VERSION_FEATURES[version], 'customerNumber'));
      company.customerNumber = customerNumber;
    }
    if (!isAbsent(c.phone)) company.phone = [phoneOf(c.phone, `${field}.company.phone`)];
    const taxNumber = optionalText(c.taxNumber, `${field}.company.taxNumber`, { max: LIMITS.taxNumber });
    if (taxNumber !== undefined) company.taxNumber = taxNumber;
    partner.companyData = company;
  }
  const person: Json = {
    firstName: requiredText(p.firstName, `${field}.firstName`, { max: LIMITS.firstName }),
    lastName: requiredText(p.lastName, `${field}.lastName`, { max: LIMITS.lastName }),
  };
  if (!isAbsent(p.phone)) person.phone = [phoneOf(p.phone, `${field}.phone`)];
  const email = optionalText(p.email, `${field}.email`, EMAIL_TEXT);
  if (email !== undefined) person.email = [{ emailType: 'email', value: email }];
  const locale = optionalText(p.locale, `${field}.locale`, LOCALE_TEXT);
  if (locale !== undefined) person.locale = locale;
  partner.personData = person;
  partner.addressData = addressOf(p, field);
  return partner;
}

function addressOf(p: Record<string, unknown>, field: string): Json {
  const country = requiredText(p.country, `${field}.country`);
  if (!isAlpha2Text(country)) fail(`${field}.country`, 'must be an uppercase ISO 3166-1 alpha-2 country code such as DE');
  const address: Json = {
    address: addressLinesOf(p.address, `${field}.address`),
    postalCode: requiredText(p.postalCode, `${field}.postalCode`, { max: LIMITS.postalCode }),
    city: requiredText(p.city, `${field}.city`, { max: LIMITS.city }),
  };
  if (ORDER_STATE_COUNTRIES.includes(country)) {
    address.state = oneOf(p.state, `${field}.state`, STATE_CODES[country] ?? []);
  } else {
    const state = optionalText(p.state, `${field}.state`, { max: LIMITS.state });
    if (state !== undefined) address.state = state;
  }
  address.countryISO2 = country;
  return address;
}

function noteOf(value: unknown, field: string): Json {
  const n = record(value, field);
  const note: Json = {};
  const noteType = optionalText(n.noteType, `${field}.noteType`, { max: LIMITS.noteType });
  const text = optionalText(n.value, `${field}.value`, { max: LIMITS.noteValue });
  if (noteType !== undefined) note.noteType = noteType;
  if (text !== undefined) note.value = text;
  return note;
}

/** Checks dynamic-field input; returns the entries (names max 60, values max 2000). */
export function dynamicFieldsOf(value: unknown, field: string): { name: string; value?: string }[] {
  if (isAbsent(value)) return [];
  return list(value, field).map((entry, i) => {
    const f = record(entry, `${field}[${i}]`);
    const out: { name: string; value?: string } = { name: requiredText(f.name, `${field}[${i}].name`, { max: LIMITS.dynamicFieldName }) };
    const text = optionalText(f.value, `${field}[${i}].value`, { max: LIMITS.dynamicFieldValue });
    if (text !== undefined) out.value = text;
    return out;
  });
}

function itemOf(
  value: unknown,
  field: string,
  index: number,
  version: OrderVersion,
  currency: string,
  orderPricing: Pricing,
  specials: Set<string>,
): Json {
  const line = record(value, field);
  const sku = skuOf(line.sku, `${field}.sku`, version);
  if (specials.has(sku)) fail(`${field}.sku`, "is one of the operator's special SKUs (shipping costs, order discount, WEEE): add those with addShippingCosts, addOrderDiscount or addWeeeFee");
  const quantity = quantityOf(line.quantity, `${field}.quantity`);
  const pricing: Pricing = isAbsent(line.pricing) ? orderPricing : oneOf(line.pricing, `${field}.pricing`, PRICINGS);
  const factor = taxFactorOf(line.taxFactor, `${field}.taxFactor`);
  const price = minorOf(line.unitPrice, `${field}.unitPrice`, currency);
  const { net, gross } = unitPrices(price, factor, pricing);
  const item: Json = { itemId: String(index + 1) };
  const clientItemRef = optionalText(line.clientItemRef, `${field}.clientItemRef`, { key: ORDER_VERSION_FEATURES[version].keyCharset });
  if (clientItemRef !== undefined) item.clientItemRef = clientItemRef;
  item.sku = sku;
  item.quantity = { uom: optionalText(line.uom, `${field}.uom`) ?? 'EA', value: quantity.toString() };
  item.amount = [amount('netprice', net, currency), amount('grossprice', gross, currency)];
  const taxLevel = optionalText(line.taxLevel, `${field}.taxLevel`, { max: LIMITS.taxLevel });
  if (taxLevel !== undefined) item.taxLevel = taxLevel;
  item.taxFactor = factor.text;
  item.pricing = pricing;
  const description = optionalText(line.localizedDescription, `${field}.localizedDescription`, { max: LIMITS.localizedDescription });
  if (description !== undefined) item.localizedDescription = description;
  const dynamicField = dynamicFieldsOf(line.dynamicFields, `${field}.dynamicFields`);
  if (dynamicField.length > 0) item.dynamicField = dynamicField;
  return item;
}
