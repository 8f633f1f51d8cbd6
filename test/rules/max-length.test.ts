import { describe, expect, it } from 'vitest';
import { lintOrder } from '../../src/lint/engine';
import { ruleTester, type InvalidCase, type RuleCase } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';
import type { OrderVersion } from '../../src/schema/tables';

const CR = '/clientRequest';

/** One row of the spec's Limits table: where the field sits and its maximum in code points. */
interface Limit {
  field: string;
  pointer: string;
  max: number;
  /** Changes that make room for the field (e.g. add a state or a dynamic field). */
  setup?: Record<string, unknown>;
  versions?: readonly OrderVersion[];
}

const ORDER_LIMITS: Limit[] = [
  { field: 'requestHeader.externalMessageReference', pointer: `${CR}/requestHeader/externalMessageReference`, max: 50 },
  { field: 'requestHeader.requestReference', pointer: `${CR}/requestHeader/requestReference`, max: 50 },
  { field: 'requestHeader.client', pointer: `${CR}/requestHeader/client`, max: 40 },
  { field: 'order dynamic field name', pointer: `${CR}/order/dynamicField/0/name`, max: 60 },
  { field: 'order dynamic field value', pointer: `${CR}/order/dynamicField/0/value`, max: 2000 },
  {
    field: 'item dynamic field name',
    pointer: `${CR}/item/0/dynamicField/0/name`,
    max: 60,
    setup: { [`${CR}/item/0/dynamicField`]: [{ name: 'COLOUR', value: 'red' }] },
  },
  {
    field: 'item dynamic field value',
    pointer: `${CR}/item/0/dynamicField/0/value`,
    max: 2000,
    setup: { [`${CR}/item/0/dynamicField`]: [{ name: 'COLOUR', value: 'red' }] },
  },
  { field: 'note noteType', pointer: `${CR}/order/note/0/noteType`, max: 20 },
  { field: 'note value', pointer: `${CR}/order/note/0/value`, max: 4000 },
  { field: 'companyData.name', pointer: `${CR}/partner/0/companyData/name`, max: 70 },
  { field: 'companyData.customerNumber', pointer: `${CR}/partner/0/companyData/customerNumber`, max: 30, versions: ['1.1', '1.2'] },
  { field: 'companyData.taxNumber', pointer: `${CR}/partner/0/companyData/taxNumber`, max: 30 },
  { field: 'personData.firstName', pointer: `${CR}/partner/0/personData/firstName`, max: 20 },
  { field: 'personData.lastName', pointer: `${CR}/partner/1/personData/lastName`, max: 20 },
  { field: 'personData email value', pointer: `${CR}/partner/0/personData/email/0/value`, max: 200 },
  { field: 'personData.locale', pointer: `${CR}/partner/0/personData/locale`, max: 6 },
  { field: 'address line value', pointer: `${CR}/partner/0/addressData/address/1/value`, max: 40 },
  { field: 'addressData.postalCode', pointer: `${CR}/partner/0/addressData/postalCode`, max: 10 },
  { field: 'addressData.city', pointer: `${CR}/partner/1/addressData/city`, max: 40 },
  { field: 'addressData.state', pointer: `${CR}/partner/0/addressData/state`, max: 3 },
  { field: 'addressData.countryISO2', pointer: `${CR}/partner/0/addressData/countryISO2`, max: 2 },
  { field: 'payment.paymentMethod', pointer: `${CR}/payment/paymentMethod`, max: 30 },
  { field: 'payment.entityID', pointer: `${CR}/payment/entityID`, max: 50 },
  { field: 'payment.transactionID', pointer: `${CR}/payment/transactionID`, max: 50 },
  { field: 'payment.acquireID', pointer: `${CR}/payment/acquireID`, max: 40 },
  { field: 'cardData.holder', pointer: `${CR}/payment/cardData/holder`, max: 70 },
  { field: 'cardData.bin', pointer: `${CR}/payment/cardData/bin`, max: 6 },
  { field: 'cardData.last4digits', pointer: `${CR}/payment/cardData/last4digits`, max: 4 },
  { field: 'order item sku', pointer: `${CR}/item/1/sku`, max: 18 },
  { field: 'item taxLevel', pointer: `${CR}/item/0/taxLevel`, max: 30 },
  { field: 'item taxFactor', pointer: `${CR}/item/0/taxFactor`, max: 30 },
  { field: 'item localizedDescription', pointer: `${CR}/item/0/localizedDescription`, max: 40 },
];

const RETURN_LIMITS: Limit[] = [
  { field: 'requestHeader.externalMessageReference', pointer: '/requestHeader/externalMessageReference', max: 50 },
  { field: 'requestHeader.requestReference', pointer: '/requestHeader/requestReference', max: 50 },
  { field: 'requestHeader.client', pointer: '/requestHeader/client', max: 40 },
  { field: 'rma.returnReason', pointer: '/rma/returnReason', max: 50 },
  { field: 'rma.userReference', pointer: '/rma/userReference', max: 50 },
  { field: 'rma.transactionId', pointer: '/rma/transactionId', max: 50 },
  { field: 'rma.language', pointer: '/rma/language', max: 10 },
  { field: 'rma dynamic field name', pointer: '/rma/dynamicField/0/name', max: 60 },
  { field: 'rma dynamic field value', pointer: '/rma/dynamicField/0/value', max: 2000 },
  {
    field: 'item dynamic field name',
    pointer: '/item/0/dynamicField/1/name',
    max: 60,
    setup: { '/item/0/dynamicField/1': { name: 'COLOUR', value: 'red' } },
  },
  {
    field: 'item dynamic field value',
    pointer: '/item/0/dynamicField/1/value',
    max: 2000,
    setup: { '/item/0/dynamicField/1': { name: 'COLOUR', value: 'red' } },
  },
  {
    field: 'companyData.name',
    pointer: '/partner/0/companyData/name',
    max: 70,
    setup: { '/partner/0/companyData': { name: 'Doe Trading GmbH' } },
  },
  { field: 'personData.firstName', pointer: '/partner/0/personData/firstName', max: 20 },
  { field: 'personData.lastName', pointer: '/partner/0/personData/lastName', max: 20 },
  { field: 'personData.fiscalid', pointer: '/partner/0/personData/fiscalid', max: 30 },
  { field: 'personData email value', pointer: '/partner/0/personData/email/0/value', max: 200 },
  { field: 'personData.locale', pointer: '/partner/0/personData/locale', max: 6 },
  { field: 'address line value', pointer: '/partner/0/addressData/address/0/value', max: 40 },
  { field: 'addressData.postalCode', pointer: '/partner/0/addressData/postalCode', max: 10 },
  { field: 'addressData.city', pointer: '/partner/0/addressData/city', max: 40 },
  { field: 'addressData.state', pointer: '/partner/0/addressData/state', max: 3 },
  { field: 'returns item sku', pointer: '/item/0/sku', max: 25 },
  { field: 'returns item itemDescription', pointer: '/item/0/itemDescription', max: 200 },
];

// Digits satisfy every format a limited field also has (numeric taxFactor, card bin).
const filler = (n: number) => '1'.repeat(n);

function rows(limits: Limit[], base: () => unknown, version?: OrderVersion) {
  const valid: RuleCase[] = [];
  const invalid: InvalidCase[] = [];
  const tag = version ? ` (v${version})` : '';
  for (const l of limits) {
    if (version && l.versions && !l.versions.includes(version)) continue;
    const start = change(base(), l.setup ?? {});
    const at = (value: string) => set(start, l.pointer, value);
    valid.push({ name: `${l.field} at its limit ${l.max}${tag}`, payload: at(filler(l.max)), version });
    valid.push({ name: `${l.field}: an emoji counts as one code point${tag}`, payload: at('a'.repeat(l.max - 1) + '😀'), version });
    valid.push({ name: `${l.field}: ${l.max} emoji${tag}`, payload: at('😀'.repeat(l.max)), version });
    invalid.push({
      name: `${l.field} at limit + 1 (${l.max + 1})${tag}`,
      payload: at(filler(l.max + 1)),
      version,
      errors: [{ rule: 'max-length', path: l.pointer }],
    });
    invalid.push({
      name: `${l.field}: ${l.max} letters and an emoji${tag}`,
      payload: at('a'.repeat(l.max) + '😀'),
      version,
      errors: [{ rule: 'max-length', path: l.pointer }],
    });
  }
  return { valid, invalid };
}

for (const version of ['1', '1.1', '1.2'] as const) {
  const table = rows(ORDER_LIMITS, () => validOrder(version), version);
  ruleTester('max-length', 'order', {
    valid: [{ name: `the valid v${version} fixture`, payload: validOrder(version), version }, ...table.valid],
    invalid: [
      ...table.invalid,
      {
        name: `currencyISO3 of four letters in order, payment and item amounts (v${version})`,
        version,
        payload: change(validOrder(version), {
          [`${CR}/order/amount/0/currencyISO3`]: 'EURO',
          [`${CR}/payment/amount/0/currencyISO3`]: 'EURO',
          [`${CR}/item/2/amount/1/currencyISO3`]: 'EURO',
        }),
        errors: [
          { rule: 'max-length', path: `${CR}/order/amount/0/currencyISO3` },
          { rule: 'max-length', path: `${CR}/payment/amount/0/currencyISO3` },
          { rule: 'max-length', path: `${CR}/item/2/amount/1/currencyISO3` },
        ],
      },
      {
        name: `several fields too long at once are each reported (v${version})`,
        version,
        payload: change(validOrder(version), {
          [`${CR}/partner/0/personData/firstName`]: filler(21),
          [`${CR}/partner/1/personData/firstName`]: filler(21),
          [`${CR}/item/0/sku`]: filler(19),
        }),
        errors: [
          { rule: 'max-length', path: `${CR}/partner/0/personData/firstName` },
          { rule: 'max-length', path: `${CR}/partner/1/personData/firstName` },
          { rule: 'max-length', path: `${CR}/item/0/sku` },
        ],
      },
    ],
  });
}

const returns = rows(RETURN_LIMITS, validReturn);
ruleTester('max-length', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    { name: 'rma.transactionId null on creation', payload: set(validReturn(), '/rma/transactionId', null) },
    ...returns.valid,
  ],
  invalid: [
    ...returns.invalid,
    {
      name: 'currencyISO3 of four letters in rma and item amounts',
      payload: change(validReturn(), { '/rma/amount/currencyISO3': 'EURO', '/item/0/amount/1/currencyISO3': 'EURO' }),
      errors: [
        { rule: 'max-length', path: '/rma/amount/currencyISO3' },
        { rule: 'max-length', path: '/item/0/amount/1/currencyISO3' },
      ],
    },
  ],
});

describe('max-length messages', () => {
  it('name each member its own limit, also for values of the same length', () => {
    const payload = change(validOrder(), {
      '/clientRequest/partner/0/personData/firstName': 'x'.repeat(21),
      '/clientRequest/partner/0/addressData/postalCode': 'x'.repeat(21),
    });
    const messages = lintOrder(payload, { version: '1.1' }).map((p) => p.message).sort();
    expect(messages).toEqual(['firstName is 21 characters long; the limit is 20.', 'postalCode is 21 characters long; the limit is 10.']);
  });
});
