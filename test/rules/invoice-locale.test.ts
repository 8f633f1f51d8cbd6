import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, change, set, validOrder } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'invoice-locale';
const at = (i: number) => ({ rule, path: `/clientRequest/partner/${i}/personData/locale` });
const noLocale = set(validOrder(), '/clientRequest/partner/0/personData/locale', undefined);

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `BillTo with locale de-DE (v${version})`, payload: validOrder(version), version, profile: FMS_PROFILE })),
    { name: 'ShipTo without locale', payload: set(validOrder(), '/clientRequest/partner/1/personData/locale', undefined), profile: FMS_PROFILE },
    { name: 'not FMS: not checked', payload: noLocale, profile: PROFILE },
    { name: 'no profile: not checked', payload: noLocale },
    { name: 'a missing personData is left to required', payload: set(validOrder(), '/clientRequest/partner/0/personData', undefined), profile: FMS_PROFILE },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `BillTo without locale (v${version})`,
      payload: set(validOrder(version), '/clientRequest/partner/0/personData/locale', undefined),
      version,
      profile: FMS_PROFILE,
      errors: [at(0)],
    })),
    {
      name: 'an empty locale is given, blank, and not ll-CC',
      payload: set(validOrder(), '/clientRequest/partner/0/personData/locale', ''),
      profile: FMS_PROFILE,
      errors: [
        { rule: 'blank-value', path: at(0).path },
        { rule: 'locale-format', path: at(0).path },
      ],
    },
    {
      name: 'BillTo listed second',
      payload: change(validOrder(), {
        '/clientRequest/partner/0/partnerType': 'ShipTo',
        '/clientRequest/partner/1/partnerType': 'BillTo',
        '/clientRequest/partner/1/personData/locale': undefined,
      }),
      profile: FMS_PROFILE,
      errors: [at(1)],
    },
  ],
});
