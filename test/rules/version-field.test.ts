import { ruleTester } from './_harness';
import { set, validOrder } from '../fixtures';

const CR = '/clientRequest';
const PO = `${CR}/order/poNumber`;
const CUSTOMER = `${CR}/partner/0/companyData/customerNumber`;
const DATE_TIMES = `${CR}/item/0/dateTimes`;

ruleTester('version-field', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'poNumber and customerNumber in v1.1', version: '1.1', payload: validOrder('1.1') },
    { name: 'poNumber and customerNumber in v1.2', version: '1.2', payload: validOrder('1.2') },
    { name: 'item dateTimes in v1.2', version: '1.2', payload: set(validOrder('1.2'), DATE_TIMES, {}) },
    { name: 'freightCosts in v1 is an enum error, not a member', version: '1', payload: set(validOrder('1'), `${CR}/order/amount/0/amountType`, 'freightCosts') },
  ],
  invalid: [
    { name: 'poNumber in v1', version: '1', payload: set(validOrder('1'), PO, 'PO-77'), errors: [{ rule: 'version-field', path: PO }] },
    { name: 'customerNumber in v1', version: '1', payload: set(validOrder('1'), CUSTOMER, 'C-1'), errors: [{ rule: 'version-field', path: CUSTOMER }] },
    {
      name: 'the v1.1 fixture linted as v1',
      version: '1',
      payload: validOrder('1.1'),
      errors: [
        { rule: 'version-field', path: PO },
        { rule: 'version-field', path: CUSTOMER },
      ],
    },
    ...(['1', '1.1'] as const).map((version) => ({
      name: `item dateTimes before v1.2 (v${version})`,
      version,
      payload: set(validOrder(version), DATE_TIMES, {}),
      errors: [{ rule: 'version-field', path: DATE_TIMES }],
    })),
    {
      name: 'dateTimes on two items in v1.1',
      payload: set(set(validOrder('1.1'), DATE_TIMES, {}), `${CR}/item/2/dateTimes`, {}),
      errors: [
        { rule: 'version-field', path: DATE_TIMES },
        { rule: 'version-field', path: `${CR}/item/2/dateTimes` },
      ],
    },
  ],
});
