import { change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'totals';
const A = '/clientRequest/order/amount';

const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
/** The order amounts in this order (repeated types allowed). */
const amounts = (...list: [string, string][]) => set(validOrder(), A, list.map(([type, value]) => eur(type, value)));

const totals = (net: string, tax: string, gross: string, version: '1' | '1.1' | '1.2' = '1.1') =>
  change(validOrder(version), { [`${A}/0/value`]: net, [`${A}/1/value`]: tax, [`${A}/2/value`]: gross });

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    { name: 'different fraction digits', payload: totals('100', '19.0', '119.000') },
    { name: 'many fraction digits', payload: totals('0.1', '0.2', '0.3') },
    { name: 'large values beyond float precision', payload: totals('90071992547409910.01', '0.02', '90071992547409910.03') },
    { name: 'a negative tax', payload: totals('100.00', '-19.00', '81.00') },
    { name: 'zero', payload: totals('0', '0.00', '-0') },
    {
      name: 'totals in another order',
      payload: set(validOrder(), A, [
        { currencyISO3: 'EUR', amountType: 'totalGross', value: '119.00' },
        { currencyISO3: 'EUR', amountType: 'totalNet', value: '100.00' },
        { currencyISO3: 'EUR', amountType: 'totalTax', value: '19.00' },
      ]),
    },
    { name: 'no totalTax: nothing to compare', payload: set(validOrder(), `${A}/1`, undefined) },
    { name: 'no order amounts', payload: set(validOrder(), A, undefined) },
    { name: 'a value that is not numeric text', payload: totals('100.00', '19,00', '120.00') },
    { name: 'mixed currencies are not summed', payload: change(totals('100', '19', '120'), { [`${A}/1/currencyISO3`]: 'USD' }) },
    { name: 'a missing currency is not summed', payload: set(totals('100', '19', '120'), `${A}/2/currencyISO3`, undefined) },
    // A repeated type: the first occurrence of each of totalNet, totalTax and totalGross is compared (DESIGN, round 3).
    { name: 'a second totalGross, wrong, is not compared', payload: amounts(['totalNet', '100.00'], ['totalTax', '19.00'], ['totalGross', '119.00'], ['totalGross', '1.00']) },
    { name: 'a second totalNet, wrong, is not compared', payload: amounts(['totalNet', '100.00'], ['totalNet', '5.00'], ['totalTax', '19.00'], ['totalGross', '119.00']) },
    { name: 'a second totalTax, wrong, is not compared', payload: amounts(['totalTax', '19.00'], ['totalNet', '100.00'], ['totalTax', '0.00'], ['totalGross', '119.00']) },
    { name: 'every type twice, the first ones agree', payload: amounts(['totalGross', '119.00'], ['totalGross', '7.00'], ['totalNet', '100.00'], ['totalNet', '1.00'], ['totalTax', '19.00'], ['totalTax', '2.00']) },
  ],
  invalid: [
    { name: 'gross above net plus tax', payload: totals('100.00', '19.00', '120.00'), errors: [{ rule, path: `${A}/2/value` }] },
    { name: 'off by one cent (v1)', payload: totals('100.00', '19.00', '118.99', '1'), version: '1', errors: [{ rule, path: `${A}/2/value` }] },
    { name: 'off in the third digit (v1.2)', payload: totals('100', '19', '119.001', '1.2'), version: '1.2', errors: [{ rule, path: `${A}/2/value` }] },
    { name: 'float sums do not hide an error', payload: totals('0.1', '0.2', '0.30000000000000004'), errors: [{ rule, path: `${A}/2/value` }] },
    {
      name: 'the first amount of each type counts',
      payload: set(totals('100.00', '19.00', '120.00'), `${A}/3`, { currencyISO3: 'EUR', amountType: 'totalGross', value: '119.00' }),
      errors: [{ rule, path: `${A}/2/value` }],
    },
    {
      name: 'a first totalNet that is wrong counts, a second that is right does not',
      payload: amounts(['totalNet', '90.00'], ['totalTax', '19.00'], ['totalNet', '100.00'], ['totalGross', '119.00']),
      errors: [{ rule, path: `${A}/3/value` }],
    },
    {
      name: 'a first totalTax that is wrong counts, a second that is right does not',
      payload: amounts(['totalNet', '100.00'], ['totalTax', '9.00'], ['totalGross', '119.00'], ['totalTax', '19.00']),
      errors: [{ rule, path: `${A}/2/value` }],
    },
    {
      name: 'two totalGross, the first wrong: one problem at the first',
      payload: amounts(['totalGross', '120.00'], ['totalNet', '100.00'], ['totalTax', '19.00'], ['totalGross', '119.00']),
      errors: [{ rule, path: `${A}/0/value` }],
    },
    {
      name: 'two totalGross, both wrong: one problem, at the first',
      payload: amounts(['totalNet', '100.00'], ['totalTax', '19.00'], ['totalGross', '120.00'], ['totalGross', '121.00']),
      errors: [{ rule, path: `${A}/2/value` }],
    },
    {
      name: 'the path follows the totalGross position',
      payload: set(validOrder(), A, [
        { currencyISO3: 'EUR', amountType: 'totalGross', value: '100.00' },
        { currencyISO3: 'EUR', amountType: 'totalNet', value: '100.00' },
        { currencyISO3: 'EUR', amountType: 'totalTax', value: '19.00' },
      ]),
      errors: [{ rule, path: `${A}/0/value` }],
    },
  ],
});
