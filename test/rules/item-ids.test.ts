import { ORDER_VERSIONS } from '../../src/schema/tables';
import { change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'item-ids';
const at = (i: number) => ({ rule, path: `/clientRequest/item/${i}/itemId` });

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `the fixture, items 1, 2, 3 (v${version})`, payload: validOrder(version), version })),
    { name: 'a non-string itemId is left to type', payload: set(validOrder(), '/clientRequest/item/1/itemId', 2) },
    { name: 'a missing itemId is left to required', payload: set(validOrder(), '/clientRequest/item/0/itemId', undefined) },
    { name: 'a null item still counts as a line', payload: set(validOrder(), '/clientRequest/item/1', null) },
    { name: 'no item list at all', payload: set(validOrder(), '/clientRequest/item', undefined) },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `lines 1, 3, 2 report the first wrong one only (v${version})`,
      payload: change(validOrder(version), { '/clientRequest/item/1/itemId': '3', '/clientRequest/item/2/itemId': '2' }),
      version,
      errors: [at(1)],
    })),
    { name: 'zero-padded "01"', payload: set(validOrder(), '/clientRequest/item/0/itemId', '01'), errors: [at(0)] },
    {
      name: 'numbering from 0 shifts every line: only the first is reported',
      payload: change(validOrder(), {
        '/clientRequest/item/0/itemId': '0',
        '/clientRequest/item/1/itemId': '1',
        '/clientRequest/item/2/itemId': '2',
      }),
      errors: [at(0)],
    },
    { name: 'a removed first line leaves ids 2, 3', payload: set(validOrder(), '/clientRequest/item/0', undefined), errors: [at(0)] },
    {
      name: 'the first wrong string id after a non-string one',
      payload: change(validOrder(), { '/clientRequest/item/0/itemId': 1, '/clientRequest/item/2/itemId': 'LINE-3' }),
      errors: [at(2)],
    },
  ],
});
