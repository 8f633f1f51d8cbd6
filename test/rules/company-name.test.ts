import { set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'company-name';
const C = '/clientRequest/partner/0/companyData';
const RC = '/partner/0/companyData';

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture (a company BillTo)', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    { name: 'a person without companyData', payload: set(validOrder(), C, undefined) },
    { name: 'a companyData that is not an object is left to type', payload: set(validOrder(), C, 'Doe GmbH') },
    { name: 'a number name is left to type', payload: set(validOrder(), `${C}/name`, 42) },
  ],
  invalid: [
    { name: 'companyData without name', payload: set(validOrder(), `${C}/name`, undefined), errors: [{ rule, path: `${C}/name` }] },
    { name: 'a null name is one type problem', payload: set(validOrder(), `${C}/name`, null), errors: [{ rule: 'type', path: `${C}/name` }] },
    { name: 'an empty name is given, and blank (v1)', payload: set(validOrder('1'), `${C}/name`, ''), version: '1', errors: [{ rule: 'blank-value', path: `${C}/name` }] },
    { name: 'a blank name is given, and blank (v1.2)', payload: set(validOrder('1.2'), `${C}/name`, '  \t'), version: '1.2', errors: [{ rule: 'blank-value', path: `${C}/name` }] },
    {
      name: 'an empty companyData on the ShipTo',
      payload: set(validOrder(), '/clientRequest/partner/1/companyData', {}),
      errors: [{ rule, path: '/clientRequest/partner/1/companyData/name' }],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture (a person)', payload: validReturn() },
    { name: 'a company return', payload: set(validReturn(), RC, { name: 'Doe Trading GmbH' }) },
  ],
  invalid: [
    { name: 'companyData with a phone only', payload: set(validReturn(), RC, { phone: [{ phoneType: 'office', value: '+49 30 1' }] }), errors: [{ rule, path: `${RC}/name` }] },
    { name: 'a blank name is given, and blank', payload: set(validReturn(), RC, { name: ' ' }), errors: [{ rule: 'blank-value', path: `${RC}/name` }] },
  ],
});
