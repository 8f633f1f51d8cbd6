import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { set, validOrder, validReturn } from '../fixtures';
import { lintOrder } from '../../src/lint/engine';

const CR = '/clientRequest';

// An undefined member at every level of an order.
const ORDER_LEVELS = [
  '/requestHeader',
  '/extra',
  `${CR}/extra`,
  `${CR}/requestHeader/extra`,
  `${CR}/order/giftWrap`,
  `${CR}/order/amount/0/extra`,
  `${CR}/order/note/0/extra`,
  `${CR}/order/dynamicField/0/extra`,
  `${CR}/payment/extra`,
  `${CR}/payment/cardData/cvv`,
  `${CR}/payment/amount/0/extra`,
  `${CR}/partner/0/extra`,
  `${CR}/partner/0/companyData/extra`,
  `${CR}/partner/0/personData/fiscalId`,
  `${CR}/partner/0/personData/fiscalid`,
  `${CR}/partner/0/personData/phone/0/extra`,
  `${CR}/partner/0/personData/email/0/extra`,
  `${CR}/partner/0/addressData/extra`,
  `${CR}/partner/0/addressData/countryISO3`,
  `${CR}/partner/0/addressData/countryName`,
  `${CR}/partner/0/addressData/address/0/extra`,
  `${CR}/item/0/extra`,
  `${CR}/item/0/quantity/extra`,
  `${CR}/item/0/amount/0/extra`,
  `${CR}/item/0/itemDescription`,
];

ruleTester('unknown-field', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'v1.2 item dateTimes, with any fields inside', version: '1.2', payload: set(validOrder('1.2'), `${CR}/item/0/dateTimes`, { created: 'x', other: 1 }) },
    { name: 'an example-body spelling is reported by spelling', payload: set(validOrder(), `${CR}/payment/entityId`, 'E-1') },
    { name: 'a v1.1 member in v1 is reported by version-field', version: '1', payload: set(validOrder('1'), `${CR}/order/poNumber`, 'PO-1') },
    { name: 'response-only members are reported by response-only', payload: set(validOrder(), `${CR}/order/orderId`, 'O-1') },
  ],
  invalid: [
    ...(['1', '1.1', '1.2'] as const).flatMap((version) =>
      ORDER_LEVELS.map((path) => ({
        name: `${path} (v${version})`,
        version,
        payload: set(validOrder(version), path, path === '/requestHeader' ? { client: 'ACME' } : 'x'),
        errors: [{ rule: 'unknown-field', path }],
      })),
    ),
    {
      name: 'member names are escaped in the pointer (~ and /)',
      payload: set(set(validOrder(), `${CR}/order/a~1b`, 1), `${CR}/order/c~0d`, 2),
      errors: [
        { rule: 'unknown-field', path: `${CR}/order/a~1b` },
        { rule: 'unknown-field', path: `${CR}/order/c~0d` },
      ],
    },
    {
      // A name past PATH_NAME_LIMIT is cut in the path: one 60 MB key is not copied into every form of its problem.
      name: 'a member name over 256 characters is cut in the pointer, escaped, never inside a surrogate pair',
      payload: set(set(validOrder(), `${CR}/order/${'~1'.repeat(300)}`, 1), `${CR}/order/${'x'.repeat(255)}😀😀`, 2),
      errors: [
        { rule: 'unknown-field', path: `${CR}/order/${'~1'.repeat(256)}…` },
        { rule: 'unknown-field', path: `${CR}/order/${'x'.repeat(255)}…` },
      ],
    },
    {
      name: 'a __proto__ member from JSON.parse',
      payload: JSON.parse(JSON.stringify(validOrder()).replace('"shipServiceLevel"', '"__proto__":{"x":1},"shipServiceLevel"')),
      errors: [{ rule: 'unknown-field', path: `${CR}/order/__proto__` }],
    },
  ],
});

const RETURN_LEVELS = [
  '/extra',
  '/clientRequest',
  '/requestHeader/dateTimeSend',
  '/requestHeader/extra',
  '/rma/extra',
  '/rma/amount/extra',
  '/rma/dynamicField/0/extra',
  '/partner/0/extra',
  '/partner/0/personData/fiscalId',
  '/partner/0/personData/extra',
  '/partner/0/personData/phone/0/extra',
  '/partner/0/personData/email/0/extra',
  '/partner/0/addressData/countryISO2',
  '/partner/0/addressData/address/0/extra',
  '/item/0/itemId',
  '/item/0/quantity/extra',
  '/item/0/amount/0/extra',
  '/item/0/dynamicField/0/extra',
];

ruleTester('unknown-field', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    { name: 'companyData with name and phone', payload: set(validReturn(), '/partner/0/companyData', { name: 'Doe GmbH', phone: [] }) },
  ],
  invalid: [
    ...RETURN_LEVELS.map((path) => ({
      name: path,
      payload: set(validReturn(), path, 'x'),
      errors: [{ rule: 'unknown-field', path }],
    })),
    {
      name: 'order-only companyData members (taxNumber, customerNumber)',
      payload: set(validReturn(), '/partner/0/companyData', { name: 'Doe GmbH', taxNumber: 'DE1', customerNumber: 'C-1' }),
      errors: [
        { rule: 'unknown-field', path: '/partner/0/companyData/taxNumber' },
        { rule: 'unknown-field', path: '/partner/0/companyData/customerNumber' },
      ],
    },
  ],
});

describe('unknown-field details', () => {
  it('is a warning by default', () => {
    const [problem] = lintOrder(set(validOrder(), `${CR}/order/giftWrap`, true), { version: '1.1' });
    expect(problem).toMatchObject({ rule: 'unknown-field', severity: 'warn', path: `${CR}/order/giftWrap` });
  });

  it('does not look inside an unknown member', () => {
    const payload = set(validOrder(), `${CR}/order/extra`, { requestReference: 'x'.repeat(999), item: [] });
    expect(lintOrder(payload, { version: '1.1' }).map((p) => p.path)).toEqual([`${CR}/order/extra`]);
  });
});
