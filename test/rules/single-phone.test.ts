import { change, set, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'single-phone';
const P = '/partner/0/personData/phone';
const C = '/partner/0/companyData';

const phone = (value: string) => ({ phoneType: 'home', value });

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture (one phone)', payload: validReturn() },
    { name: 'an empty phone list is not this rule', payload: set(validReturn(), P, []) },
    { name: 'a company with one phone', payload: set(validReturn(), C, { name: 'Doe GmbH', phone: [phone('+49 30 1')] }) },
    { name: 'a phone that is not an array is left to type', payload: set(validReturn(), P, phone('+49 30 1')) },
    { name: 'a return without partners', payload: set(validReturn(), '/partner', undefined) },
  ],
  invalid: [
    { name: 'two person phones', payload: set(validReturn(), `${P}/1`, phone('+49 30 2')), errors: [{ rule, path: `${P}/1` }] },
    {
      name: 'three person phones: one problem',
      payload: change(validReturn(), { [`${P}/1`]: phone('+49 30 2'), [`${P}/2`]: phone('+49 30 3') }),
      errors: [{ rule, path: `${P}/1` }],
    },
    {
      name: 'two company phones',
      payload: set(validReturn(), C, { name: 'Doe GmbH', phone: [phone('+49 30 1'), phone('+49 30 2')] }),
      errors: [{ rule, path: `${C}/phone/1` }],
    },
    {
      name: 'person and company both',
      payload: change(validReturn(), { [`${P}/1`]: phone('+49 30 2'), [C]: { name: 'Doe GmbH', phone: [phone('1'), phone('2')] } }),
      errors: [
        { rule, path: `${P}/1` },
        { rule, path: `${C}/phone/1` },
      ],
    },
  ],
});
