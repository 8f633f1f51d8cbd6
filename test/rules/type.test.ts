import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';
import { lintOrder, lintReturn } from '../../src/lint/engine';

const CR = '/clientRequest';

// [pointer, wrong value]: each a member of the wrong JSON type.
const ORDER_WRONG: [string, unknown][] = [
  [`${CR}/item/0/quantity/value`, 2],
  [`${CR}/item/0/quantity`, '2 EA'],
  [`${CR}/partner`, { partnerType: 'BillTo' }],
  [`${CR}/item`, { itemId: '1' }],
  [`${CR}/requestHeader`, 'MSG-1'],
  [`${CR}/requestHeader/requestReference`, 1001],
  [`${CR}/order`, []],
  [`${CR}/order/shipServiceLevel`, true],
  [`${CR}/order/amount`, { currencyISO3: 'EUR', amountType: 'totalNet', value: '1' }],
  [`${CR}/order/amount/0/value`, 100],
  [`${CR}/order/amount/0/currencyISO3`, ['EUR']],
  [`${CR}/order/note/0`, 'wrap it'],
  [`${CR}/payment`, 'Visa'],
  [`${CR}/payment/cardData/bin`, 411111],
  [`${CR}/partner/0`, 'BillTo'],
  [`${CR}/partner/0/personData`, []],
  [`${CR}/partner/0/personData/phone`, '+49 30 1'],
  [`${CR}/partner/0/addressData/postalCode`, 10115],
  [`${CR}/partner/0/addressData/countryISO2`, 49],
  [`${CR}/item/0/itemId`, 1],
  [`${CR}/item/0/taxFactor`, 1.19],
  [`${CR}/item/0/dynamicField`, { name: 'A' }],
];

ruleTester('type', 'order', {
  valid: (['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
  invalid: [
    ...ORDER_WRONG.map(([path, value]) => ({
      name: `${path.slice(CR.length)} as ${Array.isArray(value) ? 'an array' : typeof value}`,
      payload: set(validOrder(), path, value),
      errors: [{ rule: 'type', path }],
    })),
    {
      name: 'an item entry that is null',
      payload: set(validOrder(), `${CR}/item/0`, null),
      errors: [{ rule: 'type', path: `${CR}/item/0` }],
    },
    {
      name: 'a partner entry that is null and an amount entry that is a number',
      payload: change(validOrder(), { [`${CR}/partner/1`]: null, [`${CR}/order/amount/2`]: 119 }),
      errors: [
        { rule: 'type', path: `${CR}/partner/1` },
        { rule: 'type', path: `${CR}/order/amount/2` },
      ],
    },
    {
      name: 'an optional member set to null (leave it out or give a value)',
      payload: change(validOrder(), { [`${CR}/order/note`]: null, [`${CR}/payment/cardData`]: null, [`${CR}/item/0/clientItemRef`]: null }),
      errors: [
        { rule: 'type', path: `${CR}/order/note` },
        { rule: 'type', path: `${CR}/payment/cardData` },
        { rule: 'type', path: `${CR}/item/0/clientItemRef` },
      ],
    },
    { name: 'clientRequest as an array', payload: { clientRequest: [] }, errors: [{ rule: 'type', path: CR }] },
    { name: 'clientRequest as a string', payload: { clientRequest: 'order' }, errors: [{ rule: 'type', path: CR }] },
    { name: 'the payload null', payload: null, errors: [{ rule: 'type', path: '' }] },
    { name: 'the payload an array', payload: [validOrder()], errors: [{ rule: 'type', path: '' }] },
    { name: 'the payload a JSON string', payload: JSON.stringify(validOrder()), errors: [{ rule: 'type', path: '' }] },
    {
      name: 'v1.2 item dateTimes as a string',
      version: '1.2',
      payload: set(validOrder('1.2'), `${CR}/item/0/dateTimes`, '2026-01-01T00:00:00Z'),
      errors: [{ rule: 'type', path: `${CR}/item/0/dateTimes` }],
    },
  ],
});

const RETURN_WRONG: [string, unknown][] = [
  ['/item/0/quantity/value', 1],
  ['/rma/amount', [{ currencyISO3: 'EUR', amountType: 'totalgross', value: '47.60' }]],
  ['/item/0/amount', { currencyISO3: 'EUR', amountType: 'netprice', value: '40.00' }],
  ['/partner', { partnerType: 'BillTo' }],
  ['/partner/0/personData/fiscalid', { id: 'DE1' }],
  ['/partner/0/personData/email', 'jane@example.com'],
  ['/rma', 'damaged'],
  ['/rma/transactionId', 7],
  ['/rma/clientReturnURL', { href: 'https://shop.example' }],
  ['/requestHeader/client', false],
];

ruleTester('type', 'return', {
  valid: [{ name: 'the valid return fixture', payload: validReturn() }],
  invalid: [
    ...RETURN_WRONG.map(([path, value]) => ({
      name: `${path} as ${Array.isArray(value) ? 'an array' : typeof value}`,
      payload: set(validReturn(), path, value),
      errors: [{ rule: 'type', path }],
    })),
    { name: 'an item entry that is null', payload: set(validReturn(), '/item/0', null), errors: [{ rule: 'type', path: '/item/0' }] },
    { name: 'the payload a number', payload: 42, errors: [{ rule: 'type', path: '' }] },
    { name: 'the payload undefined', payload: undefined, errors: [{ rule: 'type', path: '' }] },
  ],
});

describe('type details', () => {
  it('reports a number in quantity.value as type only, not also numeric-text', () => {
    const problems = lintOrder(set(validOrder(), `${CR}/item/0/quantity/value`, 2), { version: '1.1' });
    expect(problems.filter((p) => p.path.startsWith(`${CR}/item/0/quantity`)).map((p) => `${p.rule} ${p.path}`)).toEqual([
      `type ${CR}/item/0/quantity/value`,
    ]);
  });

  it('reports a wrong-typed container once and does not look inside it', () => {
    const problems = lintReturn(set(validReturn(), '/rma/amount', [{ currencyISO3: 'eur', amountType: 'x', value: 'y' }]));
    expect(problems.filter((p) => p.path.startsWith('/rma/amount')).map((p) => `${p.rule} ${p.path}`)).toEqual(['type /rma/amount']);
  });
});
