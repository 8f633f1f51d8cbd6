import { ruleTester } from './_harness';
import { change, set, validOrder } from '../fixtures';

const CR = '/clientRequest';
// The five key reference fields of v1.2.
const KEYS = [
  `${CR}/requestHeader/externalMessageReference`,
  `${CR}/requestHeader/requestReference`,
  `${CR}/order/poNumber`,
  `${CR}/item/0/clientItemRef`,
  `${CR}/item/1/sku`,
];
const allKeys = (version: '1.1' | '1.2', value: string) => change(validOrder(version), Object.fromEntries(KEYS.map((p) => [p, value])));

const BAD = ['ORDER 1', 'ORDER#1', 'Bestellung-Ä', 'R/1', 'a+b', 'x@y', 'REQ,1', 'tab\tx', '😀'];

ruleTester('key-charset', 'order', {
  valid: [
    { name: 'the valid v1.2 fixture', version: '1.2', payload: validOrder('1.2') },
    { name: 'letters, digits, full stop, underscore and hyphen', version: '1.2', payload: allKeys('1.2', 'Az09._-') },
    { name: 'the shipping-cost sku ACME_SHIPCOSTS', version: '1.2', payload: validOrder('1.2') },
    ...BAD.map((value) => ({ name: `"${value}" in v1.1 (the charset is a v1.2 limit)`, version: '1.1' as const, payload: allKeys('1.1', value) })),
    {
      name: '"ORDER 1" in v1 key fields (the charset is a v1.2 limit)',
      version: '1',
      payload: change(validOrder('1'), { [KEYS[0]!]: 'M 1', [KEYS[1]!]: 'R 1', [KEYS[3]!]: 'L 1', [KEYS[4]!]: 'S 1' }),
    },
    {
      name: 'other v1.2 fields are not key fields (client, names, taxNumber, item 2 itemId)',
      version: '1.2',
      payload: change(validOrder('1.2'), {
        [`${CR}/requestHeader/client`]: 'ACME & Co',
        [`${CR}/partner/0/companyData/taxNumber`]: 'DE 123 456 789',
        [`${CR}/partner/0/personData/firstName`]: 'Jöhn Paul',
        [`${CR}/order/incoTerms2`]: 'Berlin Mitte',
        [`${CR}/item/0/localizedDescription`]: 'Widget #1',
      }),
    },
  ],
  invalid: [
    ...BAD.map((value) => ({
      name: `"${value}" in all five v1.2 key fields`,
      version: '1.2' as const,
      payload: allKeys('1.2', value),
      errors: KEYS.map((path) => ({ rule: 'key-charset', path })),
    })),
    ...KEYS.map((path) => ({
      name: `a space in ${path.split('/').slice(-1)[0]} only`,
      version: '1.2' as const,
      payload: set(validOrder('1.2'), path, 'A B'),
      errors: [{ rule: 'key-charset', path }],
    })),
    {
      name: 'every item sku is checked',
      version: '1.2',
      payload: change(validOrder('1.2'), { [`${CR}/item/0/sku`]: 'SKU 1', [`${CR}/item/2/sku`]: 'SHIP COSTS' }),
      errors: [
        { rule: 'key-charset', path: `${CR}/item/0/sku` },
        { rule: 'key-charset', path: `${CR}/item/2/sku` },
      ],
    },
  ],
});
