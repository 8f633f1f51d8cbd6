import { FMS_PROFILE, PROFILE, set, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'return-reason';
const R = '/rma/returnReason';

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn(), profile: PROFILE },
    { name: 'another agreed reason', payload: set(validReturn(), R, 'not-as-described'), profile: FMS_PROFILE },
    { name: 'no profile: skipped', payload: set(validReturn(), R, 'changed my mind') },
    { name: 'a profile without reasons: skipped', payload: set(validReturn(), R, 'changed my mind'), profile: { client: 'ACME', clientCode: 'ACME' } },
    { name: 'a missing reason is left to required', payload: set(validReturn(), R, undefined), profile: PROFILE },
    { name: 'a number reason is left to type', payload: set(validReturn(), R, 3), profile: PROFILE },
  ],
  invalid: [
    { name: 'a reason not agreed', payload: set(validReturn(), R, 'changed my mind'), profile: PROFILE, errors: [{ rule, path: R }] },
    { name: 'a reason of another profile', payload: set(validReturn(), R, 'not-as-described'), profile: PROFILE, errors: [{ rule, path: R }] },
    { name: 'letter case matters', payload: set(validReturn(), R, 'Damaged'), profile: PROFILE, errors: [{ rule, path: R }] },
    { name: 'an empty reason', payload: set(validReturn(), R, ''), profile: PROFILE, errors: [{ rule, path: R }] },
    {
      name: 'an empty reason list accepts nothing',
      payload: validReturn(),
      profile: { client: 'ACME', clientCode: 'ACME', returnReasons: [] },
      errors: [{ rule, path: R }],
    },
  ],
});
