import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionDigits } from '../../src/lint/checks/money-decimal';
import { lintOrder } from '../../src/lint/engine';
import { currencyDigits } from '../../src/schema/codes';
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
    { name: 'two dots, the last in the minor unit place, is left to numeric-text', payload: set(validOrder(), `${net}/value`, '4.1.25') },
    { name: 'JPY with a trailing dot is left to numeric-text', payload: change(validOrder(), { [`${net}/currencyISO3`]: 'JPY', [`${net}/value`]: '4000.' }) },
    { name: 'a value that is only a dot and digits is left to numeric-text', payload: set(validOrder(), `${net}/value`, '.505') },
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

describe('currency-precision against its definition', () => {
  it('reports exactly the amount texts with more fraction digits than the minor unit', () => {
    const text = fc.array(fc.constantFrom('0', '1', '5', '9', '.', '-'), { maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.constantFrom('EUR', 'JPY', 'BHD', 'CLF'), text, (currency, value) => {
        const payload = change(validOrder(), { [`${net}/currencyISO3`]: currency, [`${net}/value`]: value });
        const found = lintOrder(payload, { version: '1.1' }).some((p) => p.rule === rule && p.path === `${net}/value`);
        const fraction = fractionDigits(value);
        expect(found, `${currency} ${value}`).toBe(fraction !== undefined && fraction > currencyDigits(currency)!);
      }),
      { numRuns: 400 },
    );
  });
});
