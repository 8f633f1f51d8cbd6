import { set, validOrder, validReturn } from '../fixtures';
import { ruleTester } from './_harness';

const rule = 'address-lines';
const A = '/clientRequest/partner/0/addressData/address';
const RA = '/partner/0/addressData/address';

const lines = (list: unknown, version: '1' | '1.1' | '1.2' = '1.1') => set(validOrder(version), A, list);
const retLines = (list: unknown) => set(validReturn(), RA, list);

ruleTester(rule, 'order', {
  valid: [
    { name: 'the v1 fixture', payload: validOrder('1'), version: '1' },
    { name: 'the v1.1 fixture', payload: validOrder('1.1') },
    { name: 'the v1.2 fixture', payload: validOrder('1.2'), version: '1.2' },
    {
      name: 'three lines, later ones without value',
      payload: lines([{ line: '1', value: 'Hauptstrasse 1' }, { line: '2' }, { line: '3', value: '' }]),
    },
    { name: 'a non-string line number is left to type', payload: lines([{ line: '1', value: 'x' }, { line: 2, value: 'y' }]) },
    { name: 'a missing line number is left to required', payload: lines([{ line: '1', value: 'x' }, { value: 'y' }]) },
    { name: 'an address that is not an array is left to type', payload: lines({ line: '1', value: 'x' }) },
    { name: 'a partner without addressData', payload: set(validOrder(), '/clientRequest/partner/0/addressData', undefined) },
  ],
  invalid: [
    { name: 'no address member', payload: lines(undefined), errors: [{ rule, path: A }] },
    { name: 'a null address is one type problem (type first)', payload: lines(null), errors: [{ rule: 'type', path: A }] },
    { name: 'an empty address list (v1.2)', payload: lines([], '1.2'), version: '1.2', errors: [{ rule, path: A }] },
    {
      name: 'lines out of order: the first wrong entry only',
      payload: lines([{ line: '1', value: 'a' }, { line: '3', value: 'b' }, { line: '2', value: 'c' }]),
      errors: [{ rule, path: `${A}/1/line` }],
    },
    {
      name: 'starting at 2 (v1)',
      payload: lines([{ line: '2', value: 'a' }], '1'),
      version: '1',
      errors: [{ rule, path: `${A}/0/line` }],
    },
    {
      name: 'zero-based numbering',
      payload: lines([{ line: '0', value: 'a' }, { line: '1', value: 'b' }]),
      errors: [{ rule, path: `${A}/0/line` }],
    },
    {
      name: 'a padded number is not the line number',
      payload: lines([{ line: '01', value: 'a' }]),
      errors: [{ rule, path: `${A}/0/line` }],
    },
    { name: 'line 1 without value', payload: lines([{ line: '1' }]), errors: [{ rule, path: `${A}/0/value` }] },
    {
      name: 'line 1 with an empty value is given, and blank (round 2)',
      payload: lines([{ line: '1', value: '' }, { line: '2', value: 'b' }]),
      errors: [{ rule: 'blank-value', path: `${A}/0/value` }],
    },
    { name: 'line 1 with a null value is one type problem', payload: lines([{ line: '1', value: null }]), errors: [{ rule: 'type', path: `${A}/0/value` }] },
    { name: 'line 1 without a value', payload: lines([{ line: '1' }]), errors: [{ rule, path: `${A}/0/value` }] },
    {
      name: 'a wrong number and an empty first line',
      payload: lines([{ line: '2', value: '' }]),
      errors: [
        { rule, path: `${A}/0/line` },
        { rule: 'blank-value', path: `${A}/0/value` },
      ],
    },
    {
      name: 'both partners',
      payload: set(lines([]), '/clientRequest/partner/1/addressData/address/0/line', '9'),
      errors: [
        { rule, path: A },
        { rule, path: '/clientRequest/partner/1/addressData/address/0/line' },
      ],
    },
  ],
});

ruleTester(rule, 'return', {
  valid: [
    { name: 'the fixture', payload: validReturn() },
    { name: 'two lines', payload: retLines([{ line: '1', value: 'a' }, { line: '2', value: 'b' }]) },
    { name: 'a return without partners', payload: set(validReturn(), '/partner', undefined) },
  ],
  invalid: [
    { name: 'no address member', payload: retLines(undefined), errors: [{ rule, path: RA }] },
    { name: 'an empty list', payload: retLines([]), errors: [{ rule, path: RA }] },
    { name: 'a gap', payload: retLines([{ line: '1', value: 'a' }, { line: '3', value: 'b' }]), errors: [{ rule, path: `${RA}/1/line` }] },
    { name: 'line 1 without value', payload: retLines([{ line: '1' }]), errors: [{ rule, path: `${RA}/0/value` }] },
  ],
});
