import { ORDER_VERSIONS } from '../../src/schema/tables';
import { change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'netprice-required';
const at = (i: number) => ({ rule, path: `/clientRequest/item/${i}/amount` });
const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `the fixture (v${version})`, payload: validOrder(version), version })),
    {
      name: 'a free-of-charge export item: netprice given, grossprice zero',
      payload: set(validOrder(), '/clientRequest/item/1/amount', [eur('netprice', '15.00'), eur('grossprice', '0.00')]),
    },
    { name: 'a netprice alone', payload: set(validOrder(), '/clientRequest/item/0/amount', [eur('netprice', '40.00')]) },
    { name: 'a non-object item is left to type', payload: set(validOrder(), '/clientRequest/item/1', 'SKU-2') },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `an item with a grossprice only (v${version})`,
      payload: set(validOrder(version), '/clientRequest/item/1/amount/0', undefined),
      version,
      errors: [at(1)],
    })),
    { name: 'an item without amount', payload: set(validOrder(), '/clientRequest/item/0/amount', undefined), errors: [at(0)] },
    { name: 'an empty amount list', payload: set(validOrder(), '/clientRequest/item/2/amount', []), errors: [at(2)] },
    {
      name: 'amountType spelt NetPrice',
      payload: set(validOrder(), '/clientRequest/item/0/amount/0/amountType', 'NetPrice'),
      errors: [at(0)],
    },
    {
      name: 'two items without netprice',
      payload: change(validOrder('1.2'), { '/clientRequest/item/0/amount/0': undefined, '/clientRequest/item/2/amount/0': undefined }),
      version: '1.2',
      errors: [at(0), at(2)],
    },
  ],
});
