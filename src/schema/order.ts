/**
 * The order request of the fulfilment interface (create order v1, v1.1, v1.2)
 * as valibot schemas, one per version, built by one factory.
 */
import * as v from 'valibot';
import type { components } from './generated/openapi';
import {
  countryAlpha2,
  dateFormat,
  withMeta,
  itemsPresent,
  keyCharset,
  localeFormat,
  maxCodePoints,
  numericText,
} from './actions';
import {
  AddressLineSchema,
  DynamicFieldSchema,
  EmailSchema,
  NoteSchema,
  QuantitySchema,
  amountSchema,
  phoneSchema,
  picklistWithAmbiguous,
  responseOnly,
  text,
} from './shared';
import {
  AMBIGUOUS_PAYMENT_AMOUNT_TYPES,
  AMBIGUOUS_SHIP_SERVICE_LEVELS,
  DATE_ONLY,
  LIMITS,
  ORDER_PHONE_TYPES,
  ORDER_VERSION_FEATURES,
  PARTNER_TYPES,
  PAYMENT_STATUSES,
  UNSIGNED_DECIMAL,
  versionAdding,
  type OrderVersion,
  type OrderVersionFeatures,
} from './tables';

/**
 * Entries present only in some versions. Typed as always present so that one
 * factory serves every version; the runtime schema of a version lacks them.
 */
function only<T extends Record<string, v.GenericSchema>>(when: boolean, entries: T): T {
  return when ? entries : ({} as T);
}

/** The members a version lacks, mapped to the version that adds them (rule `version-field`). */
function laterMembers<K extends keyof OrderVersionFeatures['members']>(
  features: OrderVersionFeatures,
  members: Record<string, K>,
  table: Readonly<Record<string, OrderVersionFeatures>>,
): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, feature] of Object.entries(members)) {
    const since = features.members[feature] ? undefined : versionAdding(feature, table);
    if (since !== undefined) out[name] = since;
  }
  return out;
}

/**
 * Builds the order request schema of one version from its features (the versions differ
 * only by what `ORDER_VERSION_FEATURES` says).
 *
 * @param features The version's features.
 * @param table The whole version table, for `version-field` ("exists from v1.1 on").
 * @returns The valibot schema of `{ clientRequest: ... }`.
 * @example orderRequestSchema(ORDER_VERSION_FEATURES['1.1']);
 */
/* @__NO_SIDE_EFFECTS__ */
export function orderRequestSchema(
  features: OrderVersionFeatures,
  table: Readonly<Record<string, OrderVersionFeatures>> = ORDER_VERSION_FEATURES,
) {
  const has = features.members;
  const dateTime = v.pipe(v.string(), dateFormat(features.dateTime));
  // Key reference fields may be limited to [A-Za-z0-9._-] (v1.2).
  const key = (max?: number) => {
    const base = max === undefined ? v.string() : v.pipe(v.string(), maxCodePoints(max));
    return features.keyCharset ? v.pipe(base, keyCharset()) : base;
  };
  const amount = amountSchema(features.amountTypes);
  const phone = phoneSchema(ORDER_PHONE_TYPES);

  const requestHeader = withMeta(
    v.strictObject({
      requestType: responseOnly(v.string()),
      requestStatus: responseOnly(v.picklist(features.requestStatuses)),
      externalMessageReference: key(LIMITS.externalMessageReference),
      client: text(LIMITS.client),
      requestReference: key(LIMITS.requestReference),
      dateTimeSent: responseOnly(dateTime),
      dateTimeReceived: responseOnly(dateTime),
      dateTimeConfirmed: responseOnly(dateTime),
      dateTimeShipped: responseOnly(dateTime),
      dynamicField: responseOnly(v.array(DynamicFieldSchema)),
    }),
    { name: 'requestHeader' },
  );

  const order = withMeta(
    v.strictObject({
      orderId: responseOnly(v.string()),
      status: responseOnly(v.string()),
      shipCourier: v.optional(v.string()),
      shipServiceLevel: picklistWithAmbiguous(features.shipServiceLevels, AMBIGUOUS_SHIP_SERVICE_LEVELS),
      shipServiceOption: v.optional(v.string()),
      ...only(has.poNumber, { poNumber: v.optional(key()) }),
      incoTerms1: v.optional(v.string()),
      incoTerms2: v.optional(v.string()),
      timeZone: responseOnly(v.string()),
      dateTimeWantedDeliveryDate: v.optional(dateTime),
      dateTimeConfirmed: responseOnly(dateTime),
      dateTimeShipped: responseOnly(dateTime),
      amount: v.optional(v.array(amount)),
      note: v.optional(v.array(NoteSchema)),
      dynamicField: v.optional(v.array(DynamicFieldSchema)),
    }),
    {
      name: 'order',
      spelling: { datetimeWantedDeliveryDate: 'dateTimeWantedDeliveryDate' },
      laterVersion: laterMembers(features, { poNumber: 'poNumber' }, table),
    },
  );

  const payment = withMeta(
    v.strictObject({
      paymentGatewayId: responseOnly(v.string()),
      paymentMethod: v.pipe(v.picklist(features.paymentMethods), maxCodePoints(LIMITS.paymentMethod)),
      entityID: v.optional(text(LIMITS.entityID)),
      transactionID: v.optional(text(LIMITS.transactionID)),
      acquireID: v.optional(text(LIMITS.acquireID)),
      amount: v.optional(v.array(amountSchema(features.amountTypes, AMBIGUOUS_PAYMENT_AMOUNT_TYPES))),
      // R when the operator handles payments (FMS): required in the FMS lint plans.
      status: v.optional(withMeta(v.picklist(PAYMENT_STATUSES), { requiredWhenFms: true })),
      cardData: v.optional(
        v.strictObject({
          holder: v.optional(text(LIMITS.cardHolder)),
          bin: v.optional(text(LIMITS.cardBin)),
          last4digits: v.optional(text(LIMITS.cardLast4Digits)),
          dateCardExpiry: v.optional(v.pipe(v.string(), dateFormat(DATE_ONLY))),
          dateAuthExpiry: v.optional(v.pipe(v.string(), dateFormat(DATE_ONLY))),
        }),
      ),
    }),
    {
      name: 'payment',
      spelling: { entityId: 'entityID', transactionId: 'transactionID', acquirerId: 'acquireID' },
    },
  );

  const partner = v.strictObject({
    partnerType: v.picklist(PARTNER_TYPES as readonly ['BillTo', 'ShipTo']),
    companyData: v.optional(
      withMeta(
        v.strictObject({
          name: v.optional(text(LIMITS.companyName)),
          ...only(has.customerNumber, { customerNumber: v.optional(text(LIMITS.customerNumber)) }),
          phone: v.optional(v.array(phone)),
          taxNumber: v.optional(text(LIMITS.taxNumber)),
        }),
        { name: 'companyData', laterVersion: laterMembers(features, { customerNumber: 'customerNumber' }, table) },
      ),
    ),
    personData: v.strictObject({
      firstName: text(LIMITS.firstName),
      lastName: text(LIMITS.lastName),
      phone: v.optional(v.array(phone)),
      email: v.optional(v.array(EmailSchema)),
      locale: v.optional(v.pipe(v.string(), maxCodePoints(LIMITS.locale), localeFormat())),
    }),
    addressData: v.strictObject({
      address: v.optional(v.array(AddressLineSchema)),
      postalCode: text(LIMITS.postalCode),
      city: text(LIMITS.city),
      state: v.optional(text(LIMITS.state)),
      countryISO2: v.pipe(v.string(), maxCodePoints(LIMITS.countryISO2), countryAlpha2()),
    }),
  });

  const item = withMeta(
    v.strictObject({
      itemId: v.string(),
      clientItemRef: v.optional(key()),
      sku: key(LIMITS.orderSku),
      quantity: QuantitySchema,
      amount: v.optional(v.array(amount)),
      dateTimeCreated: responseOnly(dateTime),
      dateTimeShipped: responseOnly(dateTime),
      taxLevel: v.optional(text(LIMITS.taxLevel)),
      taxFactor: v.optional(v.pipe(v.string(), maxCodePoints(LIMITS.taxFactor), numericText(UNSIGNED_DECIMAL, '1.20'))),
      pricing: v.optional(v.string()),
      localizedDescription: v.optional(text(LIMITS.localizedDescription)),
      dynamicField: v.optional(v.array(DynamicFieldSchema)),
      // v1.2 accepts a dateTimes object on items; its fields are not shown by the spec.
      ...only(has.itemDateTimes, { dateTimes: v.optional(v.looseObject({})) }),
    }),
    { name: 'item', laterVersion: laterMembers(features, { dateTimes: 'itemDateTimes' }, table) },
  );

  return v.strictObject({
    clientRequest: v.strictObject({
      requestHeader,
      order,
      payment: v.optional(payment),
      partner: v.array(partner),
      item: v.pipe(v.array(item), itemsPresent()),
    }),
  });
}

/** The order request schema of v1 (wrapped in `clientRequest`). */
export const OrderRequestV1Schema = orderRequestSchema(ORDER_VERSION_FEATURES['1']);
/** The order request schema of v1.1 (adds poNumber, customerNumber, freightCosts, Maestro). */
export const OrderRequestV11Schema = orderRequestSchema(ORDER_VERSION_FEATURES['1.1']);
/** The order request schema of v1.2 (adds EXI, UTC date-times, key charset, item dateTimes). */
export const OrderRequestV12Schema = orderRequestSchema(ORDER_VERSION_FEATURES['1.2']);

/** The order request schema per version. */
export const ORDER_REQUEST_SCHEMAS = {
  '1': OrderRequestV1Schema,
  '1.1': OrderRequestV11Schema,
  '1.2': OrderRequestV12Schema,
} as const satisfies Record<OrderVersion, v.GenericSchema>;

/**
 * The create-order payload of v1 (no poNumber, customerNumber or item dateTimes; `received` is a requestStatus).
 *
 * @example
 * declare const input: OrderInput<'1'>; // the order's lines, parties and profile, as in buildOrder's example
 * const payload: OrderRequestV1 = buildOrder(input);
 */
export type OrderRequestV1 = components['schemas']['OrderRequestV1'];
/**
 * The create-order payload of v1.1 (adds poNumber, customerNumber, freightCosts, Maestro).
 *
 * @example
 * declare const input: OrderInput<'1.1'>; // the order's lines, parties and profile, as in buildOrder's example
 * const payload: OrderRequestV1_1 = buildOrder(input);
 */
export type OrderRequestV1_1 = components['schemas']['OrderRequestV1_1'];
/**
 * The create-order payload of v1.2 (adds EXI and the item dateTimes object). The item
 * `dateTimes` object takes any members, as the OpenAPI document says (its schema lists no
 * properties and does not forbid others; openapi-typescript writes such an object as
 * `Record<string, never>`, which takes none): `{ created: '2026-01-01T00:00:00Z' }` compiles.
 *
 * @example
 * import { useForm } from '@tanstack/react-form'; // TanStack Form's React hook: it takes Standard Schema validators
 * import { orderValidator, type OrderRequestV1_2 } from 'fulfilkit';
 *
 * // A form for a v1.2 order: typed by OrderRequestV1_2, validated by fulfilkit's rules.
 * function useOrderForm(draft: OrderRequestV1_2) {
 *   return useForm({ defaultValues: draft, validators: { onChange: orderValidator({ version: '1.2' }) } });
 * }
 */
export type OrderRequestV1_2 = {
  [K in keyof components['schemas']['OrderRequestV1_2']]: K extends 'clientRequest'
    ? {
        [B in keyof components['schemas']['OrderRequestV1_2']['clientRequest']]: B extends 'item'
          ? {
              [I in keyof components['schemas']['OrderRequestV1_2']['clientRequest']['item'][number]]: I extends 'dateTimes'
                ? { [member: string]: unknown }
                : components['schemas']['OrderRequestV1_2']['clientRequest']['item'][number][I];
            }[]
          : components['schemas']['OrderRequestV1_2']['clientRequest'][B];
      }
    : components['schemas']['OrderRequestV1_2'][K];
};

/** Version-specific order payload types. */
interface OrderRequestByVersion {
  '1': OrderRequestV1;
  '1.1': OrderRequestV1_1;
  '1.2': OrderRequestV1_2;
}

/**
 * A create-order payload (the wrapped form `{ clientRequest: ... }`) of one version: the type
 * openapi-typescript generates from `openApiDocument()` (enumerations, required members and
 * version differences as the schemas say). `OrderRequest<OrderVersion>` is any of them.
 *
 * @example
 * declare const input: OrderInput<'1.1'>; // the order's lines, parties and profile, as in buildOrder's example
 * const payload: OrderRequest<'1.1'> = buildOrder(input);
 */
export type OrderRequest<V extends OrderVersion = '1.1'> = OrderRequestByVersion[V];
/**
 * The `clientRequest` body of an order request.
 *
 * @example const body: OrderBody<'1.1'> = payload.clientRequest; // payload: an OrderRequest<'1.1'>, as buildOrder returns it
 */
export type OrderBody<V extends OrderVersion = '1.1'> = OrderRequest<V>['clientRequest'];
/**
 * The requestHeader of an order request (of any version by default).
 *
 * @example const header: OrderRequestHeader<'1.1'> = { externalMessageReference: 'WEB-10001', client: 'ACME', requestReference: 'WEB-10001' };
 */
export type OrderRequestHeader<V extends OrderVersion = OrderVersion> = OrderBody<V>['requestHeader'];
/**
 * The order object of an order request (of any version by default).
 *
 * @example const order: OrderObject<'1.1'> = { shipServiceLevel: 'STD', poNumber: 'PO-4711' };
 */
export type OrderObject<V extends OrderVersion = OrderVersion> = OrderBody<V>['order'];
/**
 * A partner (BillTo/ShipTo) of an order request (of any version by default).
 *
 * @example
 * const billTo: OrderPartner<'1.1'> = {
 *   partnerType: 'BillTo',
 *   personData: { firstName: 'Jane', lastName: 'Doe', email: [{ emailType: 'email', value: 'jane.doe@example.com' }] },
 *   addressData: { address: [{ line: '1', value: 'Hauptstrasse 1' }], postalCode: '10115', city: 'Berlin', countryISO2: 'DE' },
 * };
 */
export type OrderPartner<V extends OrderVersion = OrderVersion> = OrderBody<V>['partner'][number];
/**
 * An item of an order request (of any version by default).
 *
 * @example
 * const item: OrderItem<'1.1'> = {
 *   itemId: '1', sku: 'MUG-RED', quantity: { uom: 'EA', value: '2' },
 *   amount: [{ currencyISO3: 'EUR', amountType: 'netprice', value: '10.00' }], taxFactor: '1.19', pricing: 'netpricing',
 * };
 */
export type OrderItem<V extends OrderVersion = OrderVersion> = OrderBody<V>['item'][number];
/**
 * The payment object of an order request (of any version by default).
 *
 * @example const payment: OrderPayment<'1.1'> = { paymentMethod: 'PayPal', transactionID: 'PP-81-2291', amount: [{ currencyISO3: 'EUR', amountType: 'authorized', value: '119.00' }], status: 'paid' };
 */
export type OrderPayment<V extends OrderVersion = OrderVersion> = NonNullable<OrderBody<V>['payment']>;
/**
 * An Amount object of an order item (of any version by default).
 *
 * @example const price: OrderAmount<'1.1'> = { currencyISO3: 'EUR', amountType: 'grossprice', value: '11.90' };
 */
export type OrderAmount<V extends OrderVersion = OrderVersion> = NonNullable<OrderItem<V>['amount']>[number];
