import { ruleTester } from './_harness';
import { FMS_PROFILE, PROFILE, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';

// Members marked R (and the DESIGN's required objects) in orders.
const ORDER_REQUIRED = [
  `${CR}/requestHeader`,
  `${CR}/requestHeader/externalMessageReference`,
  `${CR}/requestHeader/client`,
  `${CR}/requestHeader/requestReference`,
  `${CR}/order`,
  `${CR}/order/shipServiceLevel`,
  `${CR}/order/amount/0/currencyISO3`,
  `${CR}/order/amount/0/amountType`,
  `${CR}/order/amount/0/value`,
  `${CR}/order/dynamicField/0/name`,
  `${CR}/payment/paymentMethod`,
  `${CR}/payment/amount/0/value`,
  `${CR}/partner`,
  `${CR}/partner/0/partnerType`,
  `${CR}/partner/0/personData`,
  `${CR}/partner/0/personData/firstName`,
  `${CR}/partner/1/personData/lastName`,
  `${CR}/partner/0/personData/phone/0/value`,
  `${CR}/partner/0/personData/email/0/emailType`,
  `${CR}/partner/0/addressData`,
  `${CR}/partner/0/addressData/address/0/line`,
  `${CR}/partner/0/addressData/postalCode`,
  `${CR}/partner/1/addressData/city`,
  `${CR}/partner/0/addressData/countryISO2`,
  `${CR}/item`,
  `${CR}/item/0/itemId`,
  `${CR}/item/1/sku`,
  `${CR}/item/0/quantity`,
  `${CR}/item/0/quantity/uom`,
  `${CR}/item/2/quantity/value`,
  `${CR}/item/0/amount/0/amountType`,
];

ruleTester('required', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'payment left out', payload: set(validOrder(), `${CR}/payment`, undefined) },
    { name: 'companyData left out', payload: set(validOrder(), `${CR}/partner/0/companyData`, undefined) },
    { name: 'optional members left out', payload: set(set(validOrder(), `${CR}/order/amount`, undefined), `${CR}/item/0/clientItemRef`, undefined) },
    { name: 'payment.status left out without FMS', payload: set(validOrder(), `${CR}/payment/status`, undefined), profile: PROFILE },
    { name: 'phoneType and e-mail value are optional', payload: set(set(validOrder(), `${CR}/partner/0/personData/phone/0/phoneType`, undefined), `${CR}/partner/0/personData/email/0/value`, undefined) },
    { name: 'a dynamic field without value', payload: set(validOrder(), `${CR}/order/dynamicField/0/value`, undefined) },
  ],
  invalid: [
    ...ORDER_REQUIRED.map((path) => ({
      name: `missing ${path.slice(CR.length)}`,
      payload: set(validOrder(), path, undefined),
      errors: [{ rule: 'required', path }],
    })),
    ...ORDER_REQUIRED.map((path) => ({
      name: `null ${path.slice(CR.length)}`,
      payload: set(validOrder(), path, null),
      errors: [{ rule: 'required', path }],
    })),
    ...(['1', '1.2'] as const).map((version) => ({
      name: `missing requestReference (v${version})`,
      version,
      payload: set(validOrder(version), `${CR}/requestHeader/requestReference`, undefined),
      errors: [{ rule: 'required', path: `${CR}/requestHeader/requestReference` }],
    })),
    {
      name: 'an empty clientRequest',
      payload: { clientRequest: {} },
      errors: ['requestHeader', 'order', 'partner', 'item'].map((m) => ({ rule: 'required', path: `${CR}/${m}` })),
    },
    {
      name: 'every member of an amount missing',
      payload: set(validOrder(), `${CR}/item/1/amount/0`, {}),
      errors: ['currencyISO3', 'amountType', 'value'].map((m) => ({ rule: 'required', path: `${CR}/item/1/amount/0/${m}` })),
    },
    {
      name: 'payment.status missing when the operator handles payments (FMS)',
      profile: FMS_PROFILE,
      payload: set(validOrder(), `${CR}/payment/status`, undefined),
      errors: [{ rule: 'required', path: `${CR}/payment/status` }],
    },
  ],
});

const RETURN_REQUIRED = [
  '/requestHeader',
  '/requestHeader/externalMessageReference',
  '/requestHeader/client',
  '/requestHeader/requestReference',
  '/rma',
  '/rma/returnReason',
  '/rma/userReference',
  '/rma/clientReturnURL',
  '/rma/dateTimeOrder',
  '/rma/amount/currencyISO3',
  '/rma/dynamicField/0/name',
  '/partner/0/partnerType',
  '/partner/0/personData',
  '/partner/0/personData/firstName',
  '/partner/0/personData/lastName',
  '/partner/0/personData/phone',
  '/partner/0/personData/phone/0/value',
  '/partner/0/personData/email',
  '/partner/0/personData/email/0/emailType',
  '/partner/0/addressData',
  '/partner/0/addressData/address/0/line',
  '/partner/0/addressData/city',
  '/partner/0/addressData/countryName',
  '/partner/0/addressData/countryISO3',
  '/item',
  '/item/0/sku',
  '/item/0/quantity',
  '/item/0/quantity/uom',
  '/item/0/quantity/value',
  '/item/0/amount',
  '/item/0/amount/1/value',
];

ruleTester('required', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    { name: 'partner left out', payload: set(validReturn(), '/partner', undefined) },
    { name: 'rma.transactionId null on creation', payload: set(validReturn(), '/rma/transactionId', null) },
    { name: 'rma.transactionId left out', payload: set(validReturn(), '/rma/transactionId', undefined) },
    { name: 'postalCode is optional in returns', payload: set(validReturn(), '/partner/0/addressData/postalCode', undefined) },
    { name: 'rma.amount, language and dynamicField are optional', payload: set(set(set(validReturn(), '/rma/amount', undefined), '/rma/language', undefined), '/rma/dynamicField', undefined) },
  ],
  invalid: [
    ...RETURN_REQUIRED.map((path) => ({
      name: `missing ${path}`,
      payload: set(validReturn(), path, undefined),
      errors: [{ rule: 'required', path }],
    })),
    ...RETURN_REQUIRED.map((path) => ({
      name: `null ${path}`,
      payload: set(validReturn(), path, null),
      errors: [{ rule: 'required', path }],
    })),
    {
      name: 'an empty object',
      payload: {},
      errors: ['requestHeader', 'rma', 'item'].map((m) => ({ rule: 'required', path: `/${m}` })),
    },
  ],
});
