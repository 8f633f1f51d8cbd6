/**
 * How business rules read members below the node they visit. The walk hands a visitor its
 * node with own enumerable members only (a copy when a schema member is hidden or
 * inherited), but anything a rule reaches through that node is the caller's object as it
 * is: such reads go through `memberOf`, so a hidden or inherited member is absent to a
 * business rule exactly as it is to `required` and `type`.
 */
import { isPlainObject } from '../json';

const isEnumerable = Object.prototype.propertyIsEnumerable;

/**
 * A member of a JSON object as the walk sees it: own and enumerable; `undefined` when it is
 * missing, hidden (non-enumerable) or inherited, or when `object` is not a plain object.
 *
 * @param object Any value.
 * @param key The member name.
 * @returns The member's value, or `undefined`.
 * @example
 * memberOf({ bin: '411111' }, 'bin');                              // '411111'
 * memberOf(Object.defineProperty({}, 'bin', { value: '4' }), 'bin'); // undefined (hidden)
 * memberOf(Object.create(Object.assign(Object.create(null), { bin: '4' })), 'bin'); // undefined (inherited)
 */
export function memberOf(object: unknown, key: string): unknown {
  return isPlainObject(object) && isEnumerable.call(object, key) ? object[key] : undefined;
}
