/**
 * The interface spec's tables as data. Schemas, rules, builders and decoders all
 * read these, so every enumeration, limit and format is written exactly once.
 */

/**
 * An order-create version of the fulfilment interface: a row of `ORDER_VERSION_FEATURES`.
 * A new version is one more row; the compiler then points at each place that must know it
 * (a `Record<OrderVersion, ...>` such as the order schemas).
 *
 * @example const version: OrderVersion = '1.2'; // one of ORDER_VERSIONS: '1', '1.1', '1.2'
 */
export type OrderVersion = keyof typeof VERSION_ROWS;



/**
 * Allowed `amountType` values of the returns portal (all lower case).
 *
 * @example
 * RETURN_AMOUNT_TYPES.includes('totalgross'); // true (orders spell it 'totalGross': ORDER_AMOUNT_TYPES)
 */
export const RETURN_AMOUNT_TYPES: readonly string[] = [
  'totalnet',
  'totaltax',
  'totalgross',
  'authorized',
  'netprice',
  'grossprice',
  'discount',
];

/**
 * Payment amount types named in the v1/v1.1 guidance text but missing from the
 * enumeration: reported as `ambiguous-value` warnings, not `enum` errors.
 *
 * @example
 * AMBIGUOUS_PAYMENT_AMOUNT_TYPES; // ['capture', 'created']
 */
export const AMBIGUOUS_PAYMENT_AMOUNT_TYPES: readonly string[] = ['capture', 'created'];

const PAYMENT_METHODS_COMMON: readonly string[] = [
  'AfterPay', 'AliPay', 'Amazon', 'Amex', 'Bancontact', 'CarteBleue', 'CashOnDelivery', 'Cheque',
  'Consolidated', 'CreditCardPrePaid', 'Dankort', 'Debit', 'Diners', 'DirectDebit', 'Discover',
  'FreeOfCharge', 'GiroPay', 'iDEAL', 'JCB', 'KlarnaInvoice', 'KlarnaSplitIt', 'MasterCard',
  'MasterDebit', 'PayPal', 'POS', 'Przelewy24', 'SepaDirectDebit', 'SofortUeberweisung', 'Splitit',
  'Terms_0', 'Terms_15', 'Terms_30', 'Terms_45', 'Terms_60', 'Terms_61', 'Terms_70', 'Terms_90',
  'Visa', 'VisaDebit', 'VisaElectron', 'WireTransfer',
];


/**
 * Payment methods that are payment cards: their `payment.status` is `authorized`
 * (or `captured` when captured at once); every other method is `paid`.
 *
 * @example
 * CARD_PAYMENT_METHODS.includes('Visa') ? 'authorized' : 'paid'; // 'authorized'
 */
export const CARD_PAYMENT_METHODS: readonly string[] = [
  'Amex', 'CarteBleue', 'CreditCardPrePaid', 'Dankort', 'Diners', 'Discover', 'JCB', 'Maestro',
  'MasterCard', 'MasterDebit', 'Meastro', 'Visa', 'VisaDebit', 'VisaElectron',
];

/**
 * Allowed `payment.status` values.
 *
 * @example
 * PAYMENT_STATUSES; // ['authorized', 'captured', 'paid']
 */
export const PAYMENT_STATUSES: readonly string[] = ['authorized', 'captured', 'paid'];


/**
 * Ship service level named only in the guidance text: an `ambiguous-value` warning.
 *
 * @example
 * AMBIGUOUS_SHIP_SERVICE_LEVELS; // ['PUO']
 */
export const AMBIGUOUS_SHIP_SERVICE_LEVELS: readonly string[] = ['PUO'];

/**
 * Allowed `partnerType` values (orders and returns).
 *
 * @example
 * PARTNER_TYPES; // ['BillTo', 'ShipTo']
 */
export const PARTNER_TYPES: readonly string[] = ['BillTo', 'ShipTo'];

/**
 * Allowed `phoneType` values in orders.
 *
 * @example
 * ORDER_PHONE_TYPES.includes('mobile'); // false (return requests allow it: RETURN_PHONE_TYPES)
 */
export const ORDER_PHONE_TYPES: readonly string[] = ['office', 'home'];

/**
 * Allowed `phoneType` values in return requests.
 *
 * @example
 * RETURN_PHONE_TYPES; // ['office', 'home', 'mobile']
 */
export const RETURN_PHONE_TYPES: readonly string[] = ['office', 'home', 'mobile'];

/**
 * Allowed `emailType` values.
 *
 * @example
 * EMAIL_TYPES; // ['email']
 */
export const EMAIL_TYPES: readonly string[] = ['email'];

/**
 * A `requestStatus` value of an order (responses only).
 *
 * @example
 * const status: RequestStatus = 'shipped';
 * REQUEST_STATUS_INFO[status].meaning; // 'Order shipped in full.'
 */
export type RequestStatus =
  | 'created'
  | 'duplicate'
  | 'errored'
  | 'confirmed'
  | 'creditblocked'
  | 'cancelled'
  | 'dplhold'
  | 'released'
  | 'reserved'
  | 'shipped'
  | 'invoiced'
  | 'paid'
  | 'received';

/**
 * What the spec says of one `requestStatus` value.
 *
 * @example const info: RequestStatusInfo = REQUEST_STATUS_INFO.invoiced; // { meaning: 'Invoice created.', fmsOnly: true, specialScenario: false }
 */
export interface RequestStatusInfo {
  /** The meaning, in the spec's words. */
  readonly meaning: string;
  /** Only where the operator handles payments (FMS). */
  readonly fmsOnly: boolean;
  /** Only in special business scenarios. */
  readonly specialScenario: boolean;
}

/**
 * Every documented `requestStatus` with its meaning (spec: States and transitions).
 *
 * @example
 * REQUEST_STATUS_INFO.shipped; // { meaning: 'Order shipped in full.', fmsOnly: false, specialScenario: false }
 */
export const REQUEST_STATUS_INFO: Readonly<Record<RequestStatus, RequestStatusInfo>> = {
  created: { meaning: 'Message technically valid and created in the order management system.', fmsOnly: false, specialScenario: false },
  duplicate: { meaning: 'Duplicate message reference; the request was ignored.', fmsOnly: false, specialScenario: false },
  errored: { meaning: 'Order message on error in the ERP, awaiting resolution (fix or cancel).', fmsOnly: false, specialScenario: false },
  confirmed: { meaning: 'Message received and loaded in the ERP fulfilment system; orderId populated.', fmsOnly: false, specialScenario: false },
  creditblocked: { meaning: 'Order credit-blocked: further inspection, wait for prepayment, or B2B terms customer credit limit exceeded.', fmsOnly: true, specialScenario: false },
  cancelled: { meaning: 'Order fully cancelled.', fmsOnly: false, specialScenario: false },
  dplhold: { meaning: 'Order on denied-party-list hold; inspection ends in approval (false hit) or cancellation (positive hit).', fmsOnly: false, specialScenario: false },
  released: { meaning: 'All order blocks removed; order ready for processing.', fmsOnly: false, specialScenario: true },
  reserved: { meaning: 'Inventory allocated to all lines.', fmsOnly: false, specialScenario: true },
  shipped: { meaning: 'Order shipped in full.', fmsOnly: false, specialScenario: false },
  invoiced: { meaning: 'Invoice created.', fmsOnly: true, specialScenario: false },
  paid: { meaning: 'Invoice payment processed.', fmsOnly: true, specialScenario: false },
  received: { meaning: 'Listed in the v1 schema only; its meaning is not described by the spec.', fmsOnly: false, specialScenario: false },
};

const REQUEST_STATUSES_COMMON: readonly RequestStatus[] = [
  'created', 'duplicate', 'errored', 'confirmed', 'creditblocked', 'cancelled', 'dplhold',
  'released', 'reserved', 'shipped', 'invoiced', 'paid',
];


/**
 * Date and date-time formats (regular expression plus a description for messages).
 *
 * @example
 * const format: DateFormat = DATE_ONLY; // { name: 'YYYY-MM-DD', pattern: /^(\d{4})-(\d{2})-(\d{2})$/ }
 * isDateInFormat('2026-01-31', format); // true
 */
export interface DateFormat {
  /** Format name used in messages, e.g. `YYYY-MM-DDThh:mm:ss ±hh.mm`. */
  readonly name: string;
  /** Shape check; calendar validity is checked separately. */
  readonly pattern: RegExp;
}

/**
 * Order v1/v1.1 and returns date-time: `2026-01-31T00:00:00 +00.00`.
 *
 * @example
 * isDateInFormat('2026-01-31T12:00:00 +01.00', DATE_TIME_OFFSET); // true
 * DATE_TIME_OFFSET.name; // 'YYYY-MM-DDThh:mm:ss ±hh.mm'
 */
export const DATE_TIME_OFFSET: DateFormat = {
  name: 'YYYY-MM-DDThh:mm:ss ±hh.mm',
  pattern: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2}) [+-](\d{2})\.(\d{2})$/,
};

/**
 * Order v1.2 date-time in UTC: `2026-01-31T12:00:00Z`.
 *
 * @example
 * isDateInFormat('2026-01-31T12:00:00Z', DATE_TIME_UTC); // true
 */
export const DATE_TIME_UTC: DateFormat = {
  name: 'YYYY-MM-DDThh:mm:ssZ',
  pattern: /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/,
};

/**
 * Calendar date of card data: `2026-01-31`.
 *
 * @example
 * isDateInFormat('2026-01-31', DATE_ONLY); // true
 * isDateInFormat('2026-02-30', DATE_ONLY); // false (no such day)
 */
export const DATE_ONLY: DateFormat = {
  name: 'YYYY-MM-DD',
  pattern: /^(\d{4})-(\d{2})-(\d{2})$/,
};


/**
 * Characters allowed in key reference fields from v1.2 on.
 *
 * @example
 * KEY_CHARSET.test('WEB-10001'); // true
 * KEY_CHARSET.test('WEB 10001'); // false (a space)
 */
export const KEY_CHARSET = /^[A-Za-z0-9._-]*$/;

/**
 * Amount values: optional minus, digits, optional fraction.
 *
 * @example
 * AMOUNT_VALUE.test('-5.95'); // true
 * AMOUNT_VALUE.test('5,95'); // false (a decimal comma)
 */
export const AMOUNT_VALUE = /^-?\d+(\.\d+)?$/;

/**
 * Quantities and tax factors: unsigned decimal text.
 *
 * @example
 * UNSIGNED_DECIMAL.test('1.19'); // true
 * UNSIGNED_DECIMAL.test('-1'); // false
 */
export const UNSIGNED_DECIMAL = /^\d+(\.\d+)?$/;

/**
 * `personData.locale`: language code, hyphen, ISO 3166-1 alpha-2 country (`de-DE`).
 *
 * @example
 * LOCALE.test('de-DE'); // true
 * LOCALE.test('de_DE'); // false
 */
export const LOCALE = /^[a-z]{2}-[A-Z]{2}$/;

/**
 * A plain `local@domain` e-mail address with a dotted domain.
 *
 * @example
 * EMAIL.test('jane.doe@example.com'); // true
 * EMAIL.test('jane@localhost'); // false (no dotted domain)
 */
export const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/**
 * Dynamic-field names the spec gives a meaning to.
 *
 * @example
 * DYNAMIC_FIELD.fiscalCode; // 'FISCAL_CODE'
 */
export const DYNAMIC_FIELD = {
  /** Gross price of a returned item; required on every return item. */
  rmaLinePrice: 'RMALinePrice',
  /** Italian fiscal code (FMS), order level. */
  fiscalCode: 'FISCAL_CODE',
  /** Payment review status (FMS), order level, value `Review`. */
  processAuthStatus: 'PROCESSAUTHSTATUS',
  /** Payment review code (FMS), order level, value `DM_REVIEW`. */
  processAuthStatusCode: 'PROCESSAUTHSTATUSCODE',
} as const;

/**
 * Values of the payment-review dynamic fields.
 *
 * @example
 * PAYMENT_REVIEW_VALUES[DYNAMIC_FIELD.processAuthStatus]; // 'Review'
 */
export const PAYMENT_REVIEW_VALUES = {
  [DYNAMIC_FIELD.processAuthStatus]: 'Review',
  [DYNAMIC_FIELD.processAuthStatusCode]: 'DM_REVIEW',
} as const;

/**
 * Countries whose orders need `addressData.state` (ISO 3166-1 alpha-2).
 *
 * @example
 * ORDER_STATE_COUNTRIES.includes('CA'); // true: an order's Canadian address needs addressData.state
 */
export const ORDER_STATE_COUNTRIES: readonly string[] = ['US', 'MX', 'CA', 'AU'];

/**
 * Countries whose return requests need `addressData.state` (ISO 3166-1 alpha-2).
 *
 * @example
 * RETURN_STATE_COUNTRIES; // ['US', 'CA']
 */
export const RETURN_STATE_COUNTRIES: readonly string[] = ['US', 'CA'];

/**
 * ISO 3166-2 subdivision codes (without the country prefix) of the countries whose states are checked.
 *
 * @example
 * STATE_CODES.US?.includes('NY'); // true
 * STATE_CODES.AU; // ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA']
 */
export const STATE_CODES: Readonly<Record<string, readonly string[]>> = {
  US: [
    'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS',
    'KY', 'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY',
    'NC', 'ND', 'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV',
    'WI', 'WY', 'DC', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI',
  ],
  CA: ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'],
  MX: [
    'AGU', 'BCN', 'BCS', 'CAM', 'CHH', 'CHP', 'CMX', 'COA', 'COL', 'DUR', 'GRO', 'GUA', 'HID',
    'JAL', 'MEX', 'MIC', 'MOR', 'NAY', 'NLE', 'OAX', 'PUE', 'QUE', 'ROO', 'SIN', 'SLP', 'SON',
    'TAB', 'TAM', 'TLA', 'VER', 'YUC', 'ZAC',
  ],
  AU: ['ACT', 'NSW', 'NT', 'QLD', 'SA', 'TAS', 'VIC', 'WA'],
};

/**
 * Maximum lengths (Unicode code points) from the spec's Limits table and resource tables.
 *
 * @example
 * LIMITS.firstName; // 20
 * codePointLength('Zoë') <= LIMITS.firstName; // true (lengths count code points)
 */
export const LIMITS = {
  externalMessageReference: 50,
  requestReference: 50,
  client: 40,
  dynamicFieldName: 60,
  dynamicFieldValue: 2000,
  noteType: 20,
  noteValue: 4000,
  currencyISO3: 3,
  companyName: 70,
  customerNumber: 30,
  taxNumber: 30,
  firstName: 20,
  lastName: 20,
  emailValue: 200,
  locale: 6,
  addressLineValue: 40,
  postalCode: 10,
  city: 40,
  state: 3,
  countryISO2: 2,
  paymentMethod: 30,
  entityID: 50,
  transactionID: 50,
  acquireID: 40,
  cardHolder: 70,
  cardBin: 6,
  cardLast4Digits: 4,
  orderSku: 18,
  taxLevel: 30,
  taxFactor: 30,
  localizedDescription: 40,
  productID: 18,
  returnReason: 50,
  userReference: 50,
  rmaTransactionId: 50,
  language: 10,
  returnSku: 25,
  itemDescription: 200,
  fiscalid: 30,
} as const;

/**
 * What one order-create version of the fulfilment interface is: every way the versions
 * differ, in one record. The order schema, the rules and the builders read these; nothing
 * else compares version strings. A rule's `meta.appliesTo` and `RuleContext.features` are one.
 *
 * @example
 * // A rule of the versions that limit key fields to [A-Za-z0-9._-] (v1.2):
 * const appliesTo = (features: OrderVersionFeatures): boolean => features.keyCharset;
 * defineRule({ meta: { id: 'my-key-rule', severity: 'warn', kinds: ['order'], messages: {}, appliesTo } });
 */
export interface OrderVersionFeatures {
  /** The version as written in paths and options (`'1.1'`). */
  readonly version: string;
  /** The version in messages (`'v1.1'`). */
  readonly label: string;
  /** Allowed `amountType` values (spec: Amount). */
  readonly amountTypes: readonly string[];
  /** Allowed `payment.paymentMethod` values. */
  readonly paymentMethods: readonly string[];
  /** `requestStatus` values (responses only). */
  readonly requestStatuses: readonly RequestStatus[];
  /** Allowed `order.shipServiceLevel` values. */
  readonly shipServiceLevels: readonly string[];
  /** The format of order date-times. */
  readonly dateTime: DateFormat;
  /** Key reference fields are limited to `[A-Za-z0-9._-]`. */
  readonly keyCharset: boolean;
  /** The order result: `result` as a JSON boolean (v1) or as the text "true"/"false". */
  readonly resultType: 'boolean' | 'text';
  /** The order result carries a `requestId`. */
  readonly requestId: boolean;
  /** Members that not every version has, by where they sit: present in this version or not. */
  readonly members: {
    /** `order.poNumber`. */
    readonly poNumber: boolean;
    /** `partner.companyData.customerNumber`. */
    readonly customerNumber: boolean;
    /** `item.dateTimes` (its fields are not shown by the spec). */
    readonly itemDateTimes: boolean;
  };
}

const V1_STATUSES: readonly RequestStatus[] = [...REQUEST_STATUSES_COMMON, 'received'];
const V1_1: OrderVersionFeatures = {
  version: '1.1',
  label: 'v1.1',
  amountTypes: ['totalNet', 'totalTax', 'totalGross', 'authorized', 'netprice', 'grossprice', 'freightCosts'],
  paymentMethods: [...PAYMENT_METHODS_COMMON, 'Maestro'].sort(),
  requestStatuses: REQUEST_STATUSES_COMMON,
  shipServiceLevels: ['STD', 'EXP', 'ECO', 'PUD'],
  dateTime: DATE_TIME_OFFSET,
  keyCharset: false,
  resultType: 'text',
  requestId: false,
  members: { poNumber: true, customerNumber: true, itemDateTimes: false },
};

/**
 * The order-create versions and how they differ (spec: Versioning). v1.1 adds poNumber,
 * customerNumber and freightCosts (in place of discount), spells Maestro (not Meastro),
 * drops the `received` status and answers `result` as text; v1.2 adds EXI, UTC date-times,
 * the key-field charset, the item dateTimes object and a `requestId` in the result.
 */
const VERSION_ROWS = {
  '1': {
    ...V1_1,
    version: '1',
    label: 'v1',
    amountTypes: ['totalNet', 'totalTax', 'totalGross', 'authorized', 'netprice', 'grossprice', 'discount'],
    paymentMethods: [...PAYMENT_METHODS_COMMON, 'Meastro'].sort(),
    requestStatuses: V1_STATUSES,
    resultType: 'boolean',
    members: { poNumber: false, customerNumber: false, itemDateTimes: false },
  },
  '1.1': V1_1,
  '1.2': {
    ...V1_1,
    version: '1.2',
    label: 'v1.2',
    shipServiceLevels: [...V1_1.shipServiceLevels, 'EXI'],
    dateTime: DATE_TIME_UTC,
    keyCharset: true,
    requestId: true,
    members: { poNumber: true, customerNumber: true, itemDateTimes: true },
  },
} satisfies Record<string, OrderVersionFeatures>;

/** The order-create versions and how they differ, by version (see `VERSION_ROWS`). */
export const ORDER_VERSION_FEATURES: Readonly<Record<OrderVersion, OrderVersionFeatures>> = VERSION_ROWS;

/**
 * Every order-create version, oldest first.
 *
 * @example
 * ORDER_VERSIONS; // ['1', '1.1', '1.2']
 */
export const ORDER_VERSIONS = Object.keys(ORDER_VERSION_FEATURES) as readonly OrderVersion[];

/** One feature of every version, as a record by version. */
/* @__NO_SIDE_EFFECTS__ */
function byVersion<T>(pick: (features: OrderVersionFeatures) => T): Readonly<Record<OrderVersion, T>> {
  return Object.fromEntries(ORDER_VERSIONS.map((version) => [version, pick(ORDER_VERSION_FEATURES[version])])) as Record<OrderVersion, T>;
}

/**
 * The first version, in table order, in which a member exists (for `version-field` messages).
 *
 * @param member A member of `OrderVersionFeatures.members`.
 * @param table The version table (the spec's by default).
 * @returns The version, e.g. `'1.1'` for `poNumber`.
 * @example versionAdding('itemDateTimes'); // '1.2'
 */
export function versionAdding(
  member: keyof OrderVersionFeatures['members'],
  table: Readonly<Record<string, OrderVersionFeatures>> = ORDER_VERSION_FEATURES,
): string | undefined {
  return Object.values(table).find((features) => features.members[member])?.version;
}

/**
 * Allowed `amountType` values per order version (spec: Amount).
 *
 * @example
 * ORDER_AMOUNT_TYPES['1.1'].includes('freightCosts'); // true
 * ORDER_AMOUNT_TYPES['1'].includes('freightCosts'); // false (v1 has 'discount')
 */
export const ORDER_AMOUNT_TYPES = byVersion((f) => f.amountTypes);
/**
 * Allowed `payment.paymentMethod` values per order version (Meastro in v1, Maestro later).
 *
 * @example
 * PAYMENT_METHODS['1'].includes('Meastro'); // true
 * PAYMENT_METHODS['1.1'].includes('Meastro'); // false ('Maestro' from v1.1 on)
 */
export const PAYMENT_METHODS = byVersion((f) => f.paymentMethods);
/**
 * Allowed `order.shipServiceLevel` values per version (EXI added in v1.2).
 *
 * @example
 * SHIP_SERVICE_LEVELS['1.2']; // ['STD', 'EXP', 'ECO', 'PUD', 'EXI']
 */
export const SHIP_SERVICE_LEVELS = byVersion((f) => f.shipServiceLevels);
/**
 * `requestStatus` values per version: `received` exists in v1 only.
 *
 * @example
 * REQUEST_STATUSES['1'].includes('received'); // true
 * REQUEST_STATUSES['1.1'].includes('received'); // false
 */
export const REQUEST_STATUSES = byVersion((f) => f.requestStatuses);
/**
 * The date-time format of order date-times per version.
 *
 * @example
 * ORDER_DATE_TIME_FORMAT['1.2'].name; // 'YYYY-MM-DDThh:mm:ssZ'
 * isDateInFormat('2026-01-31T12:00:00Z', ORDER_DATE_TIME_FORMAT['1.1']); // false (v1.1: '2026-01-31T12:00:00 +00.00')
 */
export const ORDER_DATE_TIME_FORMAT = byVersion((f) => f.dateTime);
