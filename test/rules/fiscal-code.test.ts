import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'fiscal-code';
const at = { rule, path: '/clientRequest/order/dynamicField' };
const italy = (partner: 0 | 1, version: '1' | '1.1' | '1.2' = '1.1') =>
  change(validOrder(version), {
    [`/clientRequest/partner/${partner}/addressData/countryISO2`]: 'IT',
    [`/clientRequest/partner/${partner}/addressData/city`]: 'Milano',
    [`/clientRequest/partner/${partner}/addressData/postalCode`]: '20121',
  });
const fiscalCode = (value: unknown) => ({ name: 'FISCAL_CODE', value });

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `an Italian order with FISCAL_CODE (v${version})`,
      payload: set(italy(0, version), '/clientRequest/order/dynamicField/1', fiscalCode('RSSMRA80A01H501U')),
      version,
      profile: FMS_PROFILE,
    })),
    {
      name: 'FISCAL_CODE as the only dynamic field, ShipTo in Italy',
      payload: set(italy(1), '/clientRequest/order/dynamicField', [fiscalCode('RSSMRA80A01H501U')]),
      profile: FMS_PROFILE,
    },
    { name: 'a German order', payload: validOrder(), profile: FMS_PROFILE },
    { name: 'not FMS: not checked', payload: italy(0), profile: PROFILE },
    { name: 'no profile: not checked', payload: italy(0) },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `BillTo in Italy without FISCAL_CODE (v${version})`,
      payload: italy(0, version),
      version,
      profile: FMS_PROFILE,
      errors: [at],
    })),
    { name: 'ShipTo in Italy without FISCAL_CODE', payload: italy(1), profile: FMS_PROFILE, errors: [at] },
    {
      name: 'both partners in Italy: one problem',
      payload: change(italy(0), { '/clientRequest/partner/1/addressData/countryISO2': 'IT' }),
      profile: FMS_PROFILE,
      errors: [at],
    },
    {
      name: 'FISCAL_CODE with an empty value is given, and blank (round 2)',
      payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode('')),
      profile: FMS_PROFILE,
      errors: [{ rule: 'blank-value', path: '/clientRequest/order/dynamicField/1/value' }],
    },
    {
      name: 'FISCAL_CODE with a null value counts as absent',
      payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode(null)),
      profile: FMS_PROFILE,
      errors: [at, { rule: 'type', path: '/clientRequest/order/dynamicField/1/value' }],
    },
    ...[5, ['IT123']].map((value) => ({
      name: `FISCAL_CODE with a value that is not text (${JSON.stringify(value)}) counts as absent, as null does`,
      payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode(value as never)),
      profile: FMS_PROFILE,
      errors: [at, { rule: 'type', path: '/clientRequest/order/dynamicField/1/value' }],
    })),
    {
      name: 'an order that is not an object: one type problem, no path below it (type first)',
      payload: set(italy(0), '/clientRequest/order', 5),
      profile: FMS_PROFILE,
      errors: [{ rule: 'type', path: '/clientRequest/order' }],
    },
    {
      name: 'FISCAL_CODE without value',
      payload: set(italy(0), '/clientRequest/order/dynamicField/1', { name: 'FISCAL_CODE' }),
      profile: FMS_PROFILE,
      errors: [at],
    },
    {
      name: 'fiscal code under another name',
      payload: set(italy(0), '/clientRequest/order/dynamicField/1', { name: 'fiscalCode', value: 'RSSMRA80A01H501U' }),
      profile: FMS_PROFILE,
      errors: [at],
    },
    {
      name: 'no order dynamicField list',
      payload: set(italy(0), '/clientRequest/order/dynamicField', undefined),
      profile: FMS_PROFILE,
      errors: [at],
    },
  ],
});

// A blank FISCAL_CODE value gets `blank-value` only where fiscal-code requires the entry:
// an Italian order under an FMS profile (DESIGN, decisions of round 3).
const blankAt = (i: number) => ({ rule: 'blank-value', path: `/clientRequest/order/dynamicField/${i}/value` });
ruleTester('blank-value', 'order', {
  valid: [
    { name: 'a blank FISCAL_CODE value of a German order under FMS', payload: set(validOrder(), '/clientRequest/order/dynamicField/1', fiscalCode(' ')), profile: FMS_PROFILE },
    { name: 'an empty FISCAL_CODE value of a German order under FMS', payload: set(validOrder(), '/clientRequest/order/dynamicField/0', fiscalCode('')), profile: FMS_PROFILE },
    { name: 'a blank FISCAL_CODE value of an Italian order without FMS', payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode(' ')), profile: PROFILE },
    { name: 'a blank FISCAL_CODE value of an Italian order without a profile', payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode('')) },
    {
      name: 'a blank FISCAL_CODE value with fiscal-code off',
      payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode('')),
      profile: FMS_PROFILE,
      rules: { 'fiscal-code': 'off' },
    },
  ],
  invalid: [
    { name: 'a blank FISCAL_CODE value of an Italian BillTo under FMS', payload: set(italy(0), '/clientRequest/order/dynamicField/1', fiscalCode(' ')), profile: FMS_PROFILE, errors: [blankAt(1)] },
    { name: 'an empty one, ShipTo in Italy', payload: set(italy(1), '/clientRequest/order/dynamicField/0', fiscalCode('')), profile: FMS_PROFILE, errors: [blankAt(0)] },
    {
      name: 'two blank FISCAL_CODE values: one each',
      payload: change(italy(0), { '/clientRequest/order/dynamicField/1': fiscalCode(''), '/clientRequest/order/dynamicField/2': fiscalCode(' ') }),
      profile: FMS_PROFILE,
      errors: [blankAt(1), blankAt(2)],
    },
  ],
});
