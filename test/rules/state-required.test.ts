import { change, set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'state-required';
const O = '/clientRequest/partner';

const order = (country: unknown, state?: unknown, version: '1' | '1.1' | '1.2' = '1.1') =>
  change(validOrder(version), { [`${O}/1/addressData/countryISO2`]: country, [`${O}/1/addressData/state`]: state });
const ret = (country: unknown, state?: unknown) =>
  change(validReturn(), { '/partner/0/addressData/countryISO3': country, '/partner/0/addressData/state': state });

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture (DE)', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture (DE)', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture (DE)', payload: validOrder('1.2'), version: '1.2' },
    { name: 'US with a state', payload: order('US', 'TX') },
    { name: 'MX with a state', payload: order('MX', 'CMX'), },
    { name: 'CA with a state', payload: order('CA', 'ON') },
    { name: 'AU with a state', payload: order('AU', 'NSW') },
    { name: 'GB needs no state', payload: order('GB') },
    { name: 'a lower-case country is left to country-code', payload: order('us') },
    { name: 'an alpha-3 code is left to country-code', payload: order('USA') },
    { name: 'a wrong state is state-code business', payload: order('US', 'Texas') },
    { name: 'a partner without addressData', payload: set(validOrder(), `${O}/1/addressData`, undefined) },
  ],
  invalid: [
    { name: 'US without state', payload: order('US'), errors: [{ rule, path: `${O}/1/addressData/state` }] },
    { name: 'MX with a null state: one type problem', payload: order('MX', null), errors: [{ rule: 'type', path: `${O}/1/addressData/state` }] },
    { name: 'CA with an empty state: given, and blank', payload: order('CA', ''), errors: [{ rule: 'blank-value', path: `${O}/1/addressData/state` }] },
    { name: 'CA with a whitespace state: given, and blank', payload: order('CA', '  '), errors: [{ rule: 'blank-value', path: `${O}/1/addressData/state` }] },
    { name: 'AU without state (v1.2)', payload: order('AU', undefined, '1.2'), version: '1.2', errors: [{ rule, path: `${O}/1/addressData/state` }] },
    { name: 'AU without state (v1)', payload: order('AU', undefined, '1'), version: '1', errors: [{ rule, path: `${O}/1/addressData/state` }] },
    {
      name: 'both partners in the US',
      payload: change(validOrder(), { [`${O}/0/addressData/countryISO2`]: 'US', [`${O}/1/addressData/countryISO2`]: 'US' }),
      errors: [
        { rule, path: `${O}/0/addressData/state` },
        { rule, path: `${O}/1/addressData/state` },
      ],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture (DEU)', payload: validReturn() },
    { name: 'USA with a state', payload: ret('USA', 'CA') },
    { name: 'CAN with a state', payload: ret('CAN', 'QC') },
    { name: 'MEX needs no state in returns', payload: ret('MEX') },
    { name: 'AUS needs no state in returns', payload: ret('AUS', '') },
    { name: 'a lower-case code is left to country-code', payload: ret('usa') },
    { name: 'an alpha-2 code is left to country-code', payload: ret('US') },
    { name: 'a return without partners', payload: set(validReturn(), '/partner', undefined) },
  ],
  invalid: [
    { name: 'USA without state', payload: ret('USA'), errors: [{ rule, path: '/partner/0/addressData/state' }] },
    { name: 'CAN with a null state: one type problem', payload: ret('CAN', null), errors: [{ rule: 'type', path: '/partner/0/addressData/state' }] },
    { name: 'USA with an empty state: given, and blank', payload: ret('USA', ''), errors: [{ rule: 'blank-value', path: '/partner/0/addressData/state' }] },
  ],
});
