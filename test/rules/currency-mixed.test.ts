import { change, set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'currency-mixed';
const O = '/clientRequest';

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    {
      name: 'every amount in USD',
      payload: JSON.parse(JSON.stringify(validOrder()).replaceAll('"EUR"', '"USD"')),
    },
    {
      name: 'an amount without a currency is not counted',
      payload: set(validOrder(), `${O}/order/amount/0/currencyISO3`, undefined),
    },
    {
      name: 'a first non-string currency does not set the payload currency',
      payload: set(validOrder(), `${O}/order/amount/0/currencyISO3`, 840),
    },
    { name: 'an order without amounts', payload: change(validOrder(), { [`${O}/order/amount`]: undefined, [`${O}/payment`]: undefined }) },
  ],
  invalid: [
    {
      name: 'an item price in another currency',
      payload: set(validOrder(), `${O}/item/1/amount/0/currencyISO3`, 'USD'),
      errors: [{ rule, path: `${O}/item/1/amount/0/currencyISO3` }],
    },
    {
      name: 'the payment in another currency',
      payload: set(validOrder(), `${O}/payment/amount/0/currencyISO3`, 'GBP'),
      errors: [{ rule, path: `${O}/payment/amount/0/currencyISO3` }],
    },
    {
      name: 'the first amount sets the currency: every later EUR amount differs',
      payload: change(validOrder(), {
        [`${O}/order/amount`]: [{ currencyISO3: 'USD', amountType: 'totalNet', value: '1.00' }],
        [`${O}/payment`]: undefined,
        [`${O}/item`]: [validOrder().clientRequest.item[0]],
      }),
      errors: [
        { rule, path: `${O}/item/0/amount/0/currencyISO3` },
        { rule, path: `${O}/item/0/amount/1/currencyISO3` },
      ],
    },
    {
      name: 'a code that is not ISO 4217 is currency-code alone, not a second currency',
      payload: set(validOrder(), `${O}/order/amount/2/currencyISO3`, 'eur'),
      errors: [{ rule: 'currency-code', path: `${O}/order/amount/2/currencyISO3` }],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn() },
    { name: 'a return without rma amount', payload: set(validReturn(), '/rma/amount', undefined) },
  ],
  invalid: [
    {
      name: 'an item amount in another currency than the rma amount',
      payload: set(validReturn(), '/item/0/amount/1/currencyISO3', 'CHF'),
      errors: [{ rule, path: '/item/0/amount/1/currencyISO3' }],
    },
    {
      name: 'the rma amount sets the currency',
      payload: set(validReturn(), '/rma/amount/currencyISO3', 'CHF'),
      errors: [
        { rule, path: '/item/0/amount/0/currencyISO3' },
        { rule, path: '/item/0/amount/1/currencyISO3' },
      ],
    },
  ],
});
