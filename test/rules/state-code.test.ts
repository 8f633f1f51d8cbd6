import { change, set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'state-code';
const O = '/clientRequest/partner';
const S = `${O}/0/addressData/state`;
const RS = '/partner/0/addressData/state';

const order = (country: unknown, state?: unknown) =>
  change(validOrder(), { [`${O}/0/addressData/countryISO2`]: country, [`${O}/0/addressData/state`]: state });
const ret = (country: unknown, state?: unknown) =>
  change(validReturn(), { '/partner/0/addressData/countryISO3': country, '/partner/0/addressData/state': state });

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture (DE, no state)', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    { name: 'US state', payload: order('US', 'TX') },
    { name: 'US district', payload: order('US', 'DC') },
    { name: 'US outlying area', payload: order('US', 'PR') },
    { name: 'CA province', payload: order('CA', 'QC') },
    { name: 'CA territory', payload: order('CA', 'YT') },
    { name: 'MX three-letter code', payload: order('MX', 'CMX') },
    { name: 'MX three-letter code (Nuevo León)', payload: order('MX', 'NLE') },
    { name: 'AU state', payload: order('AU', 'VIC') },
    { name: 'AU two-letter territory', payload: order('AU', 'NT') },
    { name: "another country's state is not checked", payload: order('DE', 'BE') },
    { name: "another country's free text is not checked", payload: order('GB', 'Kent') },
    { name: 'a missing state is state-required business', payload: order('US') },

    { name: 'a number state is left to type', payload: order('US', 12) },
    { name: 'an unknown country is left to country-code', payload: order('us', 'XX') },
  ],
  invalid: [
    { name: 'an empty state is present and not a code (round 2)', payload: order('US', ''), errors: [{ rule, path: S }] },
    { name: 'a whitespace state is present and not a code (round 2)', payload: order('US', '  '), errors: [{ rule, path: S }] },
    { name: 'US: a state name', payload: order('US', 'Texas'), errors: [{ rule, path: S }] },
    { name: 'US: lower case', payload: order('US', 'tx'), errors: [{ rule, path: S }] },
    { name: 'US: with the country prefix', payload: order('US', 'US-TX'), errors: [{ rule, path: S }] },
    { name: 'US: a Canadian code', payload: order('US', 'ON'), errors: [{ rule, path: S }] },
    { name: 'CA: a US code', payload: order('CA', 'TX'), errors: [{ rule, path: S }] },
    { name: 'CA: the old Quebec code', payload: order('CA', 'PQ'), errors: [{ rule, path: S }] },
    { name: 'MX: the two-letter form', payload: order('MX', 'DF'), errors: [{ rule, path: S }] },
    { name: 'MX: the old Federal District code', payload: order('MX', 'DIF'), errors: [{ rule, path: S }] },
    { name: 'AU: a state name', payload: order('AU', 'Vic'), errors: [{ rule, path: S }] },
    { name: 'AU: an unknown code', payload: order('AU', 'NSX'), errors: [{ rule, path: S }] },
    {
      name: 'the ShipTo partner in v1.2',
      payload: change(validOrder('1.2'), { [`${O}/1/addressData/countryISO2`]: 'US', [`${O}/1/addressData/state`]: 'ZZ' }),
      version: '1.2',
      errors: [{ rule, path: `${O}/1/addressData/state` }],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn() },
    { name: 'USA state', payload: ret('USA', 'NY') },
    { name: 'CAN province', payload: ret('CAN', 'BC') },
    { name: 'MEX state (checked, not required)', payload: ret('MEX', 'JAL') },
    { name: 'MEX without state', payload: ret('MEX') },
    { name: 'AUS state (checked, not required)', payload: ret('AUS', 'QLD') },
    { name: 'AUS without state', payload: ret('AUS') },
    { name: 'DEU state is not checked', payload: ret('DEU', 'BY') },
    { name: 'a return without partners', payload: set(validReturn(), '/partner', undefined) },
  ],
  invalid: [
    { name: 'USA: a state name', payload: ret('USA', 'NewYork'), errors: [{ rule, path: RS }] },
    { name: 'CAN: lower case', payload: ret('CAN', 'bc'), errors: [{ rule, path: RS }] },
    { name: 'MEX: a two-letter code', payload: ret('MEX', 'JA'), errors: [{ rule, path: RS }] },
    { name: 'AUS: an unknown code', payload: ret('AUS', 'XYZ'), errors: [{ rule, path: RS }] },
  ],
});
