import { change, set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'currency-precision';
const O = '/clientRequest';
const net = `${O}/item/0/amount/0`;

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    { name: 'no fraction digits', payload: set(validOrder(), `${net}/value`, '40') },
    { name: 'one fraction digit in EUR', payload: set(validOrder(), `${net}/value`, '40.5') },
    { name: 'a negative value with two digits', payload: set(validOrder(), `${net}/value`, '-40.50') },
    { name: 'JPY without fraction', payload: change(validOrder(), { [`${net}/currencyISO3`]: 'JPY', [`${net}/value`]: '4000' }) },
    { name: 'BHD with three digits', payload: change(validOrder(), { [`${net}/currencyISO3`]: 'BHD', [`${net}/value`]: '4.125' }) },
    { name: 'an unknown currency is not checked', payload: change(validOrder(), { [`${net}/currencyISO3`]: 'XYZ', [`${net}/value`]: '4.12345' }) },
    { name: 'a lower-case currency is not checked', payload: change(validOrder(), { [`${net}/currencyISO3`]: 'eur', [`${net}/value`]: '4.12345' }) },
    { name: 'a value that is not numeric text is left to numeric-text', payload: set(validOrder(), `${net}/value`, '4,12345') },
    { name: 'a number value is left to type', payload: set(validOrder(), `${net}/value`, 4.12345) },
  ],
  invalid: [
    {
      name: 'three digits in EUR',
      payload: set(validOrder(), `${net}/value`, '40.505'),
      errors: [{ rule, path: `${net}/value` }],
    },
    {
      name: 'trailing zeros count',
      payload: set(validOrder(), `${O}/order/amount/0/value`, '10.500'),
      errors: [{ rule, path: `${O}/order/amount/0/value` }],
    },
    {
      name: 'a fraction in JPY',
      payload: change(validOrder(), { [`${net}/currencyISO3`]: 'JPY', [`${net}/value`]: '4000.0' }),
      errors: [{ rule, path: `${net}/value` }],
    },
    {
      name: 'four digits in BHD',
      payload: change(validOrder(), { [`${net}/currencyISO3`]: 'BHD', [`${net}/value`]: '-4.1250' }),
      errors: [{ rule, path: `${net}/value` }],
    },
    {
      name: 'the payment amount',
      payload: set(validOrder(), `${O}/payment/amount/0/value`, '119.001'),
      errors: [{ rule, path: `${O}/payment/amount/0/value` }],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn() },
    { name: 'JPY rma amount without fraction', payload: change(validReturn(), { '/rma/amount/currencyISO3': 'JPY', '/rma/amount/value': '4760' }) },
  ],
  invalid: [
    {
      name: 'the rma amount',
      payload: set(validReturn(), '/rma/amount/value', '47.605'),
      errors: [{ rule, path: '/rma/amount/value' }],
    },
    {
      name: 'an item amount',
      payload: set(validReturn(), '/item/0/amount/1/value', '7.6000'),
      errors: [{ rule, path: '/item/0/amount/1/value' }],
    },
  ],
});
