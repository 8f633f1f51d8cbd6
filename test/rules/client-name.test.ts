import { FMS_PROFILE, PROFILE, set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'client-name';
const H = '/clientRequest/requestHeader/client';

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture', payload: validOrder('1'), version: '1', profile: PROFILE },
    { name: 'the v1.1 fixture', payload: validOrder('1.1'), profile: FMS_PROFILE },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2', profile: PROFILE },
    { name: 'no profile: skipped', payload: set(validOrder(), H, 'Someone Else') },
    { name: 'a profile with an empty client: skipped', payload: set(validOrder(), H, 'Someone Else'), profile: { client: '', clientCode: 'ACME' } },
    { name: 'a missing client is left to required', payload: set(validOrder(), H, undefined), profile: PROFILE },
    { name: 'a number client is left to type', payload: set(validOrder(), H, 7), profile: PROFILE },
  ],
  invalid: [
    { name: 'another client name', payload: set(validOrder(), H, 'Globex'), profile: PROFILE, errors: [{ rule, path: H }] },
    { name: 'letter case matters', payload: set(validOrder(), H, 'acme'), profile: PROFILE, errors: [{ rule, path: H }] },
    { name: 'surrounding space matters (v1.2)', payload: set(validOrder('1.2'), H, 'ACME '), version: '1.2', profile: FMS_PROFILE, errors: [{ rule, path: H }] },
    { name: 'an empty client', payload: set(validOrder('1'), H, ''), version: '1', profile: PROFILE, errors: [{ rule, path: H }] },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn(), profile: PROFILE },
    { name: 'no profile: skipped', payload: set(validReturn(), '/requestHeader/client', 'Globex') },
  ],
  invalid: [
    { name: 'another client name', payload: set(validReturn(), '/requestHeader/client', 'Globex'), profile: PROFILE, errors: [{ rule, path: '/requestHeader/client' }] },
  ],
});
