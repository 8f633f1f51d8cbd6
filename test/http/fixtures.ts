/**
 * Shared fixtures of the http tests, taken from the spec: its credential
 * placeholders, and one body per documented status and shape (spec: Errors,
 * Payment-method entry, Inventory entry, Order result, Return-token result).
 */
import type { Connection } from '../../src/http/connection';

/** The spec's placeholders (Authentication rule 4) as credential values. */
export const CREDENTIALS = {
  clientConfigId: '<CLIENT_CONFIG_ID>',
  clientAuthKey: '<CLIENT_AUTH_KEY>',
  subscriptionKey: '<SUBSCRIPTION_KEY>',
} as const;

/** `{base_url}` of the test environment, with a trailing slash to be normalised. */
export const BASE_URL = 'https://api.example.test/';

/** A connection for every interface. */
export const CONNECTION: Connection = { baseUrl: BASE_URL, credentials: CREDENTIALS };

/** Payment-method entry, 200 element. */
export const PAYMENT_METHOD_ENTRY = {
  result: 'true',
  paymentMethod: [
    { type: 'card', paymentValue: 'Visa', payTerm: 'Terms_0', paymentMethod: 'Visa', ccType: 'VI' },
    { type: 'invoice', paymentValue: 'KlarnaInvoice', payTerm: 'Terms_30', paymentMethod: 'KlarnaInvoice', ccType: '' },
  ],
  errorCode: '',
  message: [],
};

/** Payment-method entry carrying an error (401 / 404 / 500 bodies). */
export function paymentMethodError(errorCode: string, message: string) {
  return {
    result: 'false',
    paymentMethod: [],
    errorCode,
    message: [{ message, path: 'country', errorType: 'NotFound' }],
  };
}

/** Inventory entry, 200. */
export const INVENTORY_ENTRY = {
  inventory: [
    { productID: 'SKU-1', quantity: 12, stockLocationName: 'Venlo' },
    { productID: 'SKU-1', quantity: 0, stockLocationName: 'Memphis' },
  ],
  errorCode: '',
  errorMessage: '',
};

/** Product 401: statuscode spelled in lower case. */
export const PRODUCT_401 = { statuscode: '401', message: 'Unauthorized' };
/** Product 404: statusCode. */
export const PRODUCT_404 = { statusCode: '404', message: 'Resource not found' };
/** Returns / fulfilment 401. */
export const STATUS_401 = { statusCode: '401', message: 'Unauthorized' };
/** The gateway's 401 for a bad subscription key (Authentication rule 3); its statusCode is a number. */
export const GATEWAY_401 = {
  statusCode: 401,
  message: 'Access denied due to invalid subscription key. Make sure to provide a valid key for an active subscription.',
};
/** Returns / fulfilment 500 with the internal activity id. */
export const SERVER_500 = { statusCode: '500', activityId: '7f3c2a10-0001', message: 'Internal server error' };

/** Order results. */
export const ORDER_RESULT_V1_TRUE = { result: true, errorCode: null, errorMessage: null };
export const ORDER_RESULT_V1_FALSE = { result: false, errorCode: 'E100', errorMessage: 'requestReference already used' };
export const ORDER_RESULT_V11_TRUE = { result: 'true', errorCode: null, errorMessage: null };
export const ORDER_RESULT_V11_FALSE = { result: 'false', errorCode: 'E100', errorMessage: 'requestReference already used' };

/** Return-token results. */
export const RETURN_TOKEN_OK = { transactionID: 'TX-0001', resultCode: '0', resultMessage: 'Success' };
export const RETURN_TOKEN_REJECTED = { transactionID: null, resultCode: '2', resultMessage: 'Duplicate requestReference' };

/** Echo request of the demonstration interface. */
export const ECHO_REQUEST = { vehicleType: 'train', maxSpeed: 125, avgSpeed: 90, speedUnit: 'mph' };

const amount = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });

const address = { address: [{ line: '1', value: 'Damrak 1' }], postalCode: '1012LG', city: 'Amsterdam' };

/** A v1 / v1.1 / v1.2 order that lints clean (no dates, key fields in [A-Za-z0-9._-]). */
export const ORDER = {
  clientRequest: {
    requestHeader: { externalMessageReference: 'EXT-1001', client: 'ACME', requestReference: 'REQ-1001' },
    order: {
      shipServiceLevel: 'STD',
      amount: [amount('totalNet', '100.00'), amount('totalTax', '21.00'), amount('totalGross', '121.00')],
    },
    partner: ['BillTo', 'ShipTo'].map((partnerType) => ({
      partnerType,
      personData: {
        firstName: 'Jane',
        lastName: 'Doe',
        email: [{ emailType: 'email', value: 'jane@example.com' }],
        locale: 'nl-NL',
      },
      addressData: { ...address, countryISO2: 'NL' },
    })),
    item: [
      {
        itemId: '1',
        sku: 'SKU-1',
        quantity: { uom: 'EA', value: '1' },
        amount: [amount('netprice', '100.00'), amount('grossprice', '121.00')],
      },
    ],
  },
};

/** A return request that lints clean. */
export const RETURN_REQUEST = {
  requestHeader: { externalMessageReference: 'EXT-2001', client: 'ACME', requestReference: 'REQ-2001' },
  rma: {
    returnReason: 'Damaged',
    userReference: 'Jane Doe',
    clientReturnURL: 'https://shop.example.com/returns',
    dateTimeOrder: '2026-01-31T00:00:00 +00.00',
    amount: { currencyISO3: 'EUR', amountType: 'totalgross', value: '121.00' },
  },
  partner: [
    {
      partnerType: 'BillTo',
      personData: {
        firstName: 'Jane',
        lastName: 'Doe',
        phone: [{ phoneType: 'mobile', value: '+31600000000' }],
        email: [{ emailType: 'email', value: 'jane@example.com' }],
      },
      addressData: { ...address, countryName: 'Netherlands', countryISO3: 'NLD' },
    },
  ],
  item: [
    {
      sku: 'SKU-1',
      quantity: { uom: 'EA', value: '1' },
      amount: [{ currencyISO3: 'EUR', amountType: 'netprice', value: '100.00' }],
      dynamicField: [{ name: 'RMALinePrice', value: '121.00' }],
    },
  ],
};
