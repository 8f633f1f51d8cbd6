import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'payment-review';
const list = { rule, path: '/clientRequest/order/dynamicField' };
const value = (j: number) => ({ rule, path: `/clientRequest/order/dynamicField/${j}/value` });
const STATUS = { name: 'PROCESSAUTHSTATUS', value: 'Review' };
const CODE = { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' };
const fields = (...extra: unknown[]) =>
  set(validOrder(), '/clientRequest/order/dynamicField', [{ name: 'CHANNEL', value: 'WEB' }, ...extra]);

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `a review order with both fields (v${version})`,
      payload: set(validOrder(version), '/clientRequest/order/dynamicField', [{ name: 'CHANNEL', value: 'WEB' }, STATUS, CODE]),
      version,
      profile: FMS_PROFILE,
    })),
    { name: 'the code before the status', payload: fields(CODE, STATUS), profile: FMS_PROFILE },
    { name: 'no review: neither field', payload: validOrder(), profile: FMS_PROFILE },
    { name: 'not FMS: not checked', payload: fields(STATUS), profile: PROFILE },
    { name: 'no profile: not checked', payload: fields({ ...STATUS, value: 'review' }) },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `PROCESSAUTHSTATUS alone (v${version})`,
      payload: set(validOrder(version), '/clientRequest/order/dynamicField', [STATUS]),
      version,
      profile: FMS_PROFILE,
      errors: [list],
    })),
    { name: 'PROCESSAUTHSTATUSCODE alone', payload: fields(CODE), profile: FMS_PROFILE, errors: [list] },
    { name: 'status value in lower case', payload: fields({ ...STATUS, value: 'review' }, CODE), profile: FMS_PROFILE, errors: [value(1)] },
    { name: 'a wrong code value', payload: fields(STATUS, { ...CODE, value: 'REVIEW' }), profile: FMS_PROFILE, errors: [value(2)] },
    { name: 'a status without value', payload: fields({ name: 'PROCESSAUTHSTATUS' }, CODE), profile: FMS_PROFILE, errors: [value(1)] },
    // Rule 9 requires each value: a blank one is also `blank-value`, once, at the value (DESIGN: presence).
    {
      name: 'a blank code value',
      payload: fields(STATUS, { ...CODE, value: ' ' }),
      profile: FMS_PROFILE,
      errors: [value(2), { rule: 'blank-value', path: value(2).path }],
    },
    {
      name: 'an empty status value',
      payload: fields({ ...STATUS, value: '' }, CODE),
      profile: FMS_PROFILE,
      errors: [value(1), { rule: 'blank-value', path: value(1).path }],
    },
    { name: 'a status value of another type is `type`, not blank', payload: fields({ ...STATUS, value: 7 }, CODE), profile: FMS_PROFILE, errors: [{ rule: 'type', path: value(1).path }] },
    {
      name: 'a wrong status value and no code',
      payload: fields({ ...STATUS, value: 'Accepted' }),
      profile: FMS_PROFILE,
      errors: [list, value(1)],
    },
  ],
});
