import { set, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'rma-line-price';
const D = '/item/0/dynamicField';

const fields = (list: unknown) => set(validReturn(), D, list);
const secondItem = () => ({ ...validReturn().item[0], sku: 'SKU-2', dynamicField: [{ name: 'COLOR', value: 'red' }] });

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn() },
    { name: 'RMALinePrice after other fields', payload: fields([{ name: 'COLOR', value: 'red' }, { name: 'RMALinePrice', value: '47.60' }]) },
    { name: 'an integer price', payload: fields([{ name: 'RMALinePrice', value: '48' }]) },
    { name: 'a zero price', payload: fields([{ name: 'RMALinePrice', value: '0.00' }]) },
    { name: 'a dynamicField that is not an array is left to type', payload: fields({ name: 'RMALinePrice', value: '47.60' }) },
    { name: 'non-object items are left to type', payload: set(validReturn(), '/item/1', 'SKU-2') },
    // The item needs one RMALinePrice with a numeric value: any entry of that name may hold it.
    { name: 'a numeric RMALinePrice after one that is not', payload: fields([{ name: 'RMALinePrice', value: 'n/a' }, { name: 'RMALinePrice', value: '47.60' }]) },
    { name: 'a numeric RMALinePrice after one without a value', payload: fields([{ name: 'RMALinePrice' }, { name: 'RMALinePrice', value: '47.60' }]) },
  ],
  invalid: [
    { name: 'no dynamicField member', payload: fields(undefined), errors: [{ rule, path: D }] },
    { name: 'an empty dynamicField list', payload: fields([]), errors: [{ rule, path: D }] },
    { name: 'only other fields', payload: fields([{ name: 'COLOR', value: 'red' }]), errors: [{ rule, path: D }] },
    { name: 'the name in another letter case', payload: fields([{ name: 'rmalineprice', value: '47.60' }]), errors: [{ rule, path: D }] },
    { name: 'no value', payload: fields([{ name: 'RMALinePrice' }]), errors: [{ rule, path: `${D}/0/value` }] },
    { name: 'an empty value', payload: fields([{ name: 'COLOR', value: 'red' }, { name: 'RMALinePrice', value: '' }]), errors: [{ rule, path: `${D}/1/value` }] },
    { name: 'two, neither numeric: the first', payload: fields([{ name: 'RMALinePrice', value: 'n/a' }, { name: 'RMALinePrice', value: '47,60' }]), errors: [{ rule, path: `${D}/0/value` }] },
    { name: 'a decimal comma', payload: fields([{ name: 'RMALinePrice', value: '47,60' }]), errors: [{ rule, path: `${D}/0/value` }] },
    { name: 'a currency sign', payload: fields([{ name: 'RMALinePrice', value: '€47.60' }]), errors: [{ rule, path: `${D}/0/value` }] },
    { name: 'a number value is one type problem (type first)', payload: fields([{ name: 'RMALinePrice', value: 47.6 }]), errors: [{ rule: 'type', path: `${D}/0/value` }] },
    { name: 'a negative number value is one type problem (type first)', payload: fields([{ name: 'RMALinePrice', value: -1 }]), errors: [{ rule: 'type', path: `${D}/0/value` }] },
    {
      name: 'the second item',
      payload: set(validReturn(), '/item/1', secondItem()),
      errors: [{ rule, path: '/item/1/dynamicField' }],
    },
  ],
});
