/**
 * The return-token request of the returns portal (POST /rmaportalapi/v1/rmaTokens)
 * as a valibot schema.
 */
import * as v from 'valibot';
import type { components } from './generated/openapi';
import {
  countryAlpha3,
  dateFormat,
  withMeta,
  itemsPresent,
  localeFormat,
  maxCodePoints,
  urlFormat,
} from './actions';
import {
  AddressLineSchema,
  DynamicFieldSchema,
  EmailSchema,
  QuantitySchema,
  amountSchema,
  phoneSchema,
  text,
} from './shared';
import { DATE_TIME_OFFSET, LIMITS, PARTNER_TYPES, RETURN_AMOUNT_TYPES, RETURN_PHONE_TYPES } from './tables';

const amount = amountSchema(RETURN_AMOUNT_TYPES);
const phone = phoneSchema(RETURN_PHONE_TYPES);

/** The return-token request: requestHeader, rma, partner[] and item[]. */
export const ReturnRequestSchema = v.strictObject({
  requestHeader: withMeta(
    v.strictObject({
      externalMessageReference: text(LIMITS.externalMessageReference),
      client: text(LIMITS.client),
      requestReference: text(LIMITS.requestReference),
    }),
    { name: 'requestHeader' },
  ),
  rma: v.strictObject({
    returnReason: text(LIMITS.returnReason),
    userReference: text(LIMITS.userReference),
    // null on creation; set only to update an RMA the consumer has not created yet.
    transactionId: v.optional(v.nullable(text(LIMITS.rmaTransactionId))),
    language: v.optional(text(LIMITS.language)),
    clientReturnURL: v.pipe(v.string(), urlFormat()),
    dateTimeOrder: v.pipe(v.string(), dateFormat(DATE_TIME_OFFSET)),
    amount: v.optional(amount),
    dynamicField: v.optional(v.array(DynamicFieldSchema)),
  }),
  partner: v.optional(
    v.array(
      v.strictObject({
        partnerType: v.picklist(PARTNER_TYPES as readonly ['BillTo', 'ShipTo']),
        companyData: v.optional(
          v.strictObject({
            name: v.optional(text(LIMITS.companyName)),
            phone: v.optional(v.array(phone)),
          }),
        ),
        personData: v.strictObject({
          firstName: text(LIMITS.firstName),
          lastName: text(LIMITS.lastName),
          fiscalid: v.optional(text(LIMITS.fiscalid)),
          phone: v.array(phone),
          email: v.array(EmailSchema),
          locale: v.optional(v.pipe(v.string(), maxCodePoints(LIMITS.locale), localeFormat())),
        }),
        addressData: v.strictObject({
          address: v.optional(v.array(AddressLineSchema)),
          postalCode: v.optional(text(LIMITS.postalCode)),
          city: text(LIMITS.city),
          state: v.optional(text(LIMITS.state)),
          countryName: v.string(),
          countryISO3: v.pipe(v.string(), countryAlpha3()),
        }),
      }),
    ),
  ),
  item: v.pipe(
    v.array(
      v.strictObject({
        sku: text(LIMITS.returnSku),
        itemDescription: v.optional(text(LIMITS.itemDescription)),
        quantity: QuantitySchema,
        amount: v.array(amount),
        dynamicField: v.optional(v.array(DynamicFieldSchema)),
      }),
    ),
    itemsPresent(),
  ),
});

/**
 * A return-token request payload: the type openapi-typescript generates from `openApiDocument()`.
 *
 * @example const rma: ReturnRequest = buildReturnRequest(input); // input: a ReturnInput, as in buildReturnRequest's example
 */
export type ReturnRequest = components['schemas']['ReturnRequest'];
/**
 * A partner of a return request.
 *
 * @example
 * const billTo: ReturnPartner = {
 *   partnerType: 'BillTo',
 *   personData: { firstName: 'Jane', lastName: 'Doe', phone: [{ phoneType: 'mobile', value: '+49 30 1234567' }], email: [{ emailType: 'email', value: 'jane.doe@example.com' }] },
 *   addressData: { address: [{ line: '1', value: 'Hauptstrasse 1' }], postalCode: '10115', city: 'Berlin', countryName: 'Germany', countryISO3: 'DEU' },
 * };
 */
export type ReturnPartner = NonNullable<ReturnRequest['partner']>[number];
/**
 * An item of a return request.
 *
 * @example const item: ReturnItem = { sku: 'MUG-RED', quantity: { uom: 'EA', value: '1' }, amount: [{ currencyISO3: 'EUR', amountType: 'grossprice', value: '11.90' }] };
 */
export type ReturnItem = ReturnRequest['item'][number];
/**
 * An Amount object of a return request (lower-case amount types).
 *
 * @example const price: ReturnAmount = { currencyISO3: 'EUR', amountType: 'totalgross', value: '11.90' }; // lower case, unlike an order's 'totalGross'
 */
export type ReturnAmount = ReturnItem['amount'][number];
