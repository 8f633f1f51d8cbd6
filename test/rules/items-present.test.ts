import { ruleTester } from './_harness';
import { set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';

ruleTester('items-present', 'order', {
  valid: [
    ...(['1', '1.1', '1.2'] as const).map((version) => ({ name: `the valid v${version} fixture`, version, payload: validOrder(version) })),
    { name: 'one item', payload: set(validOrder(), `${CR}/item`, [validOrder().clientRequest.item[0]]) },
    { name: 'a missing item list is reported by required', payload: set(validOrder(), `${CR}/item`, undefined) },
    { name: 'an item list of the wrong type is reported by type', payload: set(validOrder(), `${CR}/item`, {}) },
  ],
  invalid: (['1', '1.1', '1.2'] as const).map((version) => ({
    name: `item: [] (v${version})`,
    version,
    payload: set(validOrder(version), `${CR}/item`, []),
    errors: [{ rule: 'items-present', path: `${CR}/item` }],
  })),
});

ruleTester('items-present', 'return', {
  valid: [
    { name: 'the valid return fixture', payload: validReturn() },
    { name: 'a missing item list is reported by required', payload: set(validReturn(), '/item', undefined) },
  ],
  invalid: [{ name: 'item: []', payload: set(validReturn(), '/item', []), errors: [{ rule: 'items-present', path: '/item' }] }],
});
