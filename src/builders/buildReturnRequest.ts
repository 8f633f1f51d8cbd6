import { lintReturn } from '../lint/engine';
import type { ClientProfile } from '../lint/types';
import { alpha2ToAlpha3, englishCountryNames } from '../schema/codes';
import { isAlpha2Text, isAlpha3Text, isHttpUrl, isLocaleText } from '../schema/predicates';
import type { OrderRequest } from '../schema/order';
import type { ReturnRequest } from '../schema/return';
import { DYNAMIC_FIELD, LIMITS, RETURN_PHONE_TYPES, RETURN_STATE_COUNTRIES, STATE_CODES, type OrderVersion } from '../schema/tables';
import { instantOf, offsetOf, writeOffset, type DateInput } from './_lib/dates';
import { EMAIL_TEXT, LOCALE_TEXT, fail, isAbsent, isBlank, isRecord, list, oneOf, optionalText, record, requiredText } from './_lib/errors';
import { assertNoErrors } from './_lib/guard';
import { profileOf } from './_lib/profile';
import { minorOf, quantityOf, textOf, type WholeQuantity } from './_lib/money';
import { amountOf, copyOrder, currencyOfOrder, itemPrices, itemQuantity, specialSkus, totalsOf, type Json } from './_lib/payload';
import { dynamicFieldsOf, type DynamicFieldInput } from './buildOrder';

/**
 * An item to return: the itemId in the original order and how many units.
 *
 * @example const item: ReturnItemInput = { itemId: '1', quantity: 1 }; // one unit of the order's item 1
 */
export interface ReturnItemInput {
  /** The item's itemId in the original order. */
  itemId: string;
  /** Units returned, a positive whole number; default: the ordered quantity. */
  quantity?: WholeQuantity | undefined;
}

/**
 * Everything {@link buildReturnRequest} needs.
 *
 * @example
 * const input: ReturnInput = {
 *   order: payload, orderDate: '2026-03-01T10:00:00Z', profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] },
 *   externalMessageReference: 'RMA-20001', returnReason: 'damaged', clientReturnURL: 'https://shop.example/returns/done',
 * };
 */
export interface ReturnInput {
  /** The original order payload as sent (`{ clientRequest: ... }`, any version). */
  order: OrderRequest<OrderVersion>;
  /** When the original order was created (any order date-time text, a Date or epoch ms). */
  orderDate: DateInput;
  /** The client profile (client name, return reasons, operator SKUs). */
  profile: ClientProfile;
  /** Unique client message reference, max 50. */
  externalMessageReference: string;
  /** Unique request reference, max 50; default: `externalMessageReference`. */
  requestReference?: string | undefined;
  /** The reason the user selected, max 50; one of `profile.returnReasons` when given. */
  returnReason: string;
  /** Absolute http(s) URL the user is redirected to after creation. */
  clientReturnURL: string;
  /** Language shown to the consumer, max 10; default: the language of the BillTo locale. */
  language?: string | undefined;
  /** The user's first and last name, max 50; default: the BillTo person's names. */
  userReference?: string | undefined;
  /** Items to return; default: every item except the operator's (shipping, discount, WEEE), each with its ordered quantity, which must then be a whole number from 1. */
  items?: readonly ReturnItemInput[] | undefined;
  /** RMA dynamic fields. */
  dynamicFields?: readonly DynamicFieldInput[] | undefined;
  /** Offset in minutes east of UTC for dateTimeOrder; default: that of `orderDate` text, else 0. */
  offsetMinutes?: number | undefined;
}

/** The English name of an alpha-2 country (the first name where there are several). */
function countryName(alpha2: string): string | undefined {
  return englishCountryNames(alpha2)?.[0];
}

/**
 * Builds a return-token request (returns portal) from the original order: lower-case
 * amount types (`netprice`, `totaltax`, `totalgross`); on every item the net price of
 * ONE unit (`netprice`), its VAT (`totaltax`) and the dynamic field RMALinePrice with
 * its gross price (unit prices, as in the order); one phone per person and company
 * (only one is mapped); `countryName` in English from `countryISO3`; `dateTimeOrder`
 * as `YYYY-MM-DDThh:mm:ss ±hh.mm`; `transactionId: null` (creation); `rma.amount` the
 * order's totalGross. A person without phone or e-mail (a ShipTo usually) takes the
 * BillTo person's, since the return request requires both. The payload is linted
 * before it is returned.
 *
 * @param input The original order, its date, the return details and the profile.
 * @returns A new return-token request.
 * @throws {TypeError} When a member is missing or of the wrong type (also in the order).
 * @throws {RangeError} When a value breaks a limit or format, the reason is not agreed,
 *   an itemId is unknown or repeated, more units are returned than ordered, or an item
 *   returned with its ordered quantity was ordered in no whole number from 1 (`"0"`, `"2.5"`). Messages
 *   name the field (`order.clientRequest.partner[0].personData.phone`), never its value.
 * @example
 * const rma = buildReturnRequest({
 *   order: payload,                       // as built by buildOrder
 *   orderDate: '2026-03-01T10:00:00Z',
 *   profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] },
 *   externalMessageReference: 'RMA-20001',
 *   returnReason: 'damaged',
 *   clientReturnURL: 'https://shop.example/returns/done',
 *   items: [{ itemId: '1', quantity: 1 }],
 * });
 * rma.item[0]?.dynamicField; // [{ name: 'RMALinePrice', value: '11.90' }]
 * rma.rma.dateTimeOrder; // '2026-03-01T10:00:00 +00.00'
 */
export function buildReturnRequest(input: ReturnInput): ReturnRequest {
  const inp = record(input, 'input');
  const profile = profileOf(inp.profile, 'profile');
  const client = profile.client;
  const { body, items } = copyOrder(inp.order, 'order');
  const currency = currencyOfOrder(body);

  const externalMessageReference = requiredText(inp.externalMessageReference, 'externalMessageReference', { max: LIMITS.externalMessageReference });
  const requestReference = optionalText(inp.requestReference, 'requestReference', { max: LIMITS.requestReference }) ?? externalMessageReference;

  const returnReason = requiredText(inp.returnReason, 'returnReason', { max: LIMITS.returnReason });
  if (profile.returnReasons !== undefined && !profile.returnReasons.includes(returnReason)) {
    fail('returnReason', 'must be one of the reasons agreed with the operator (profile.returnReasons)');
  }
  const clientReturnURL = requiredText(inp.clientReturnURL, 'clientReturnURL');
  if (!isHttpUrl(clientReturnURL)) fail('clientReturnURL', 'must be an absolute http(s) URL');
  const instant = instantOf(inp.orderDate, 'orderDate');
  const offset = isAbsent(inp.offsetMinutes) ? (instant.offsetMinutes ?? 0) : offsetOf(inp.offsetMinutes, 'offsetMinutes');

  const orderPartners = list(body.partner, 'order.clientRequest.partner');
  const billToIndex = orderPartners.findIndex((p) => isRecord(p) && p.partnerType === 'BillTo');
  const billTo = billToIndex >= 0 ? (orderPartners[billToIndex] as Json) : undefined;
  const roles = new Set<unknown>();
  const partner = orderPartners
    .map((p, i) => ({ p, i }))
    .filter(({ p }) => isRecord(p) && (p.partnerType === 'BillTo' || p.partnerType === 'ShipTo'))
    .map(({ p, i }) => {
      const field = `order.clientRequest.partner[${i}]`;
      // The portal rejects a role given twice.
      if (roles.has((p as Json).partnerType)) fail(`${field}.partnerType`, 'repeats a role of an earlier partner');
      roles.add((p as Json).partnerType);
      return partnerOf(p as Json, field, billTo, billToIndex);
    });

  const billToPerson = isRecord(billTo?.personData) ? billTo.personData : undefined;
  const userReference =
    optionalText(inp.userReference, 'userReference', { max: LIMITS.userReference }) ??
    (billToPerson && typeof billToPerson.firstName === 'string' && typeof billToPerson.lastName === 'string'
      ? `${billToPerson.firstName} ${billToPerson.lastName}`.trim()
      : fail('userReference', 'is required when the order has no BillTo person', TypeError));
  requiredText(userReference, 'userReference', { max: LIMITS.userReference });
  // The default language is that of a well-formed BillTo locale (`de` of `de-DE`).
  const locale = typeof billToPerson?.locale === 'string' && isLocaleText(billToPerson.locale) ? billToPerson.locale : undefined;
  const language = optionalText(inp.language, 'language', { max: LIMITS.language }) ?? locale?.slice(0, 2);

  const totalGross = amountOf(body.order, 'totalGross');
  if (totalGross && totalGross.currencyISO3 !== currency) fail('order.clientRequest.order.amount totalGross', `must be in the order's currency ${currency}`);
  const gross = totalGross
    ? minorOf(totalGross.value, 'order.clientRequest.order.amount totalGross', currency, 'any')
    : totalsOf(items, currency).gross;

  const rma: Json = { returnReason, userReference, transactionId: null };
  if (language !== undefined) rma.language = language;
  rma.clientReturnURL = clientReturnURL;
  rma.dateTimeOrder = writeOffset(instant.ms, offset, 'orderDate');
  rma.amount = { currencyISO3: currency, amountType: 'totalgross', value: textOf(gross, currency) };
  const dynamicField = dynamicFieldsOf(inp.dynamicFields, 'dynamicFields');
  if (dynamicField.length > 0) rma.dynamicField = dynamicField;

  const payload: Json = {
    requestHeader: { externalMessageReference, client, requestReference },
    rma,
  };
  if (partner.length > 0) payload.partner = partner;
  payload.item = selectedItems(inp.items, items, profile, currency);
  assertNoErrors(lintReturn(payload, { profile }), 'buildReturnRequest');
  return payload as ReturnRequest;
}

function selectedItems(selection: unknown, items: readonly Json[], profile: ClientProfile, currency: string): Json[] {
  const picks: { index: number; quantity?: bigint }[] = [];
  if (isAbsent(selection)) {
    const specials = specialSkus(profile);
    items.forEach((item, index) => {
      if (!specials.has(item.sku)) picks.push({ index });
    });
  } else {
    const seen = new Set<string>();
    list(selection, 'items').forEach((entry, i) => {
      const pick = record(entry, `items[${i}]`);
      const itemId = requiredText(pick.itemId, `items[${i}].itemId`);
      if (seen.has(itemId)) fail(`items[${i}].itemId`, 'repeats an itemId returned already');
      seen.add(itemId);
      const index = items.findIndex((item) => item.itemId === itemId);
      if (index < 0) fail(`items[${i}].itemId`, 'names no item of the order');
      picks.push(isAbsent(pick.quantity) ? { index } : { index, quantity: quantityOf(pick.quantity, `items[${i}].quantity`) });
    });
  }
  if (picks.length === 0) fail('items', 'must name at least one item to return');
  return picks.map(({ index, quantity }, i) => {
    const item = items[index] as Json;
    const field = `order.clientRequest.item[${index}]`;
    const ordered = itemQuantity(item, index, 'order');
    if (quantity !== undefined && quantity * ordered.scale > ordered.units) fail(`items[${i}].quantity`, 'must not exceed the ordered quantity');
    // Without a quantity the ordered one is returned: it meets the check an explicit one meets
    // (a whole number from 1), so "0" or "2.5" is refused and "02" is written as "2".
    const units = quantity ?? quantityOf((item.quantity as Json).value, `${field}.quantity.value`);
    const { net: unitNet, gross: unitGross } = itemPrices(item, index, currency, 'order');
    // A zero-gross item was free of charge (its netprice is a customs value): nothing to refund.
    const net = unitGross === 0n ? 0n : unitNet;
    const out: Json = { sku: requiredText(item.sku, `${field}.sku`, { max: LIMITS.returnSku }) };
    const description = optionalText(item.localizedDescription, `${field}.localizedDescription`, { max: LIMITS.itemDescription });
    if (description !== undefined) out.itemDescription = description;
    const uom = requiredText(isRecord(item.quantity) ? item.quantity.uom : undefined, `${field}.quantity.uom`);
    out.quantity = { uom, value: units.toString() };
    out.amount = [
      { currencyISO3: currency, amountType: 'netprice', value: textOf(net, currency) },
      { currencyISO3: currency, amountType: 'totaltax', value: textOf(unitGross - net, currency) },
    ];
    out.dynamicField = [{ name: DYNAMIC_FIELD.rmaLinePrice, value: textOf(unitGross, currency) }];
    return out;
  });
}

function partnerOf(p: Json, field: string, billTo: Json | undefined, billToIndex: number): Json {
  const source = record(p.personData, `${field}.personData`);
  const fallback = isRecord(billTo?.personData) ? billTo.personData : undefined;
  const fallbackField = `order.clientRequest.partner[${billToIndex}].personData`;
  const person: Json = {
    firstName: requiredText(source.firstName, `${field}.personData.firstName`, { max: LIMITS.firstName }),
    lastName: requiredText(source.lastName, `${field}.personData.lastName`, { max: LIMITS.lastName }),
  };
  const company = isRecord(p.companyData) ? p.companyData : undefined;
  const fiscalid = optionalText(company?.taxNumber, `${field}.companyData.taxNumber`, { max: LIMITS.fiscalid });
  if (fiscalid !== undefined) person.fiscalid = fiscalid;
  const phone =
    firstPhone(source.phone, `${field}.personData.phone`) ??
    firstPhone(company?.phone, `${field}.companyData.phone`) ??
    firstPhone(fallback?.phone, `${fallbackField}.phone`);
  // A ShipTo takes the BillTo person's phone and e-mail; the BillTo person has only its own.
  const takeOver = (what: string) =>
    billToIndex < 0 ? ` (and the order has no BillTo whose ${what} it could take over)` : `${field}.personData` === fallbackField ? '' : ` (and the BillTo person, ${fallbackField}, has no ${what} to take over)`;
  if (!phone) fail(`${field}.personData.phone`, `is required in a return request${takeOver('phone')}`, TypeError);
  person.phone = [phone];
  const emails = emailsOf(source.email, `${field}.personData.email`);
  const email = emails.length > 0 ? emails : emailsOf(fallback?.email, `${fallbackField}.email`);
  if (email.length === 0) fail(`${field}.personData.email`, `is required in a return request${takeOver('e-mail')}`, TypeError);
  person.email = email;
  const locale = optionalText(source.locale, `${field}.personData.locale`, LOCALE_TEXT);
  if (locale !== undefined) person.locale = locale;

  const partner: Json = { partnerType: p.partnerType };
  if (company && typeof company.name === 'string' && company.name !== '') {
    const companyData: Json = { name: requiredText(company.name, `${field}.companyData.name`, { max: LIMITS.companyName }) };
    const companyPhone = firstPhone(company.phone, `${field}.companyData.phone`);
    if (companyPhone) companyData.phone = [companyPhone];
    partner.companyData = companyData;
  }
  partner.personData = person;
  partner.addressData = addressOf(p.addressData, `${field}.addressData`);
  return partner;
}

/** The first phone with a number (only one is mapped in returns). */
function firstPhone(value: unknown, field: string): Json | undefined {
  if (!Array.isArray(value)) return undefined;
  const index = value.findIndex((ph) => isRecord(ph) && typeof ph.value === 'string' && !isBlank(ph.value));
  if (index < 0) return undefined;
  const phone = value[index] as Json;
  if (phone.phoneType === undefined || phone.phoneType === null) return { value: phone.value };
  return { phoneType: oneOf(phone.phoneType, `${field}[${index}].phoneType`, RETURN_PHONE_TYPES), value: phone.value };
}

function emailsOf(value: unknown, field: string): Json[] {
  if (!Array.isArray(value)) return [];
  const out: Json[] = [];
  value.forEach((e, i) => {
    if (!isRecord(e) || e.value === undefined || e.value === '') return;
    const text = requiredText(e.value, `${field}[${i}].value`, EMAIL_TEXT);
    out.push({ emailType: 'email', value: text });
  });
  return out;
}

function addressOf(value: unknown, field: string): Json {
  const a = record(value, field);
  const alpha2 = requiredText(a.countryISO2, `${field}.countryISO2`);
  const alpha3 = isAlpha2Text(alpha2) ? alpha2ToAlpha3(alpha2) : undefined;
  const name = countryName(alpha2);
  // Both codes pass the shared predicates, so the country-code rule agrees.
  if (alpha3 === undefined || !isAlpha3Text(alpha3) || name === undefined) {
    fail(`${field}.countryISO2`, 'must be an uppercase ISO 3166-1 alpha-2 country code');
  }
  // Blank lines are dropped: messages keep the order's index, the output is numbered anew.
  const lines = list(a.address, `${field}.address`)
    .flatMap((l, i) => (isRecord(l) && typeof l.value === 'string' && !isBlank(l.value) ? [requiredText(l.value, `${field}.address[${i}].value`, { max: LIMITS.addressLineValue })] : []))
    .map((value, n) => ({ line: String(n + 1), value }));
  if (lines.length === 0) fail(`${field}.address`, 'must hold at least one address line', TypeError);
  const out: Json = { address: lines };
  const postalCode = optionalText(a.postalCode, `${field}.postalCode`, { max: LIMITS.postalCode });
  if (postalCode !== undefined) out.postalCode = postalCode;
  out.city = requiredText(a.city, `${field}.city`, { max: LIMITS.city });
  const state = optionalText(a.state, `${field}.state`, { max: LIMITS.state });
  const states = STATE_CODES[alpha2];
  if (state !== undefined) out.state = states ? oneOf(state, `${field}.state`, states) : state;
  else if (RETURN_STATE_COUNTRIES.includes(alpha2)) fail(`${field}.state`, 'is required for US and CA addresses', TypeError);
  out.countryName = name;
  out.countryISO3 = alpha3;
  return out;
}
