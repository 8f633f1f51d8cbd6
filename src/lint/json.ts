/**
 * What counts as JSON data for the linter: plain objects, arrays, strings, finite numbers,
 * booleans and null. Typed arrays, Map, Set, Date, RegExp and class instances are not.
 */
import type { TreeNode } from './tree';

const OBJECT_PROTOTYPE = Object.prototype;
const getPrototypeOf = Object.getPrototypeOf;

/**
 * Tells whether a value is a plain JSON object: not null, not an array, and made by an
 * object literal or `JSON.parse` (its prototype is `Object.prototype`, of this or another
 * realm, or `null`).
 *
 * @param value Any value.
 * @returns `true` for `{}` and `Object.create(null)`; `false` for `new Map()`, `new Date()`, `[]`.
 * @example isPlainObject(JSON.parse('{"a":1}')); // true
 */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = getPrototypeOf(value);
  // Another realm's Object.prototype is an object whose own prototype is null.
  return proto === OBJECT_PROTOTYPE || proto === null || getPrototypeOf(proto) === null;
}

/**
 * Names the JSON type of a value for messages (never the value itself).
 *
 * @param value Any value.
 * @returns E.g. `'a string'`, `'an array'`, `'null'`, `'a non-JSON object'`.
 * @example jsonTypeOf(new Map()); // 'a non-JSON object'
 */
export function jsonTypeOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return Number.isFinite(value) ? 'a number' : 'a number that is not finite';
    case 'boolean':
      return 'a boolean';
    case 'object':
      return isPlainObject(value) ? 'an object' : 'a non-JSON object';
    default:
      return typeof value;
  }
}

/**
 * Tells whether Object.prototype has enumerable members (a polluted prototype): `for...in`
 * then lists them on every object, so the engine reads members by `Object.keys` instead.
 *
 * @returns `true` when no enumerable member was added to Object.prototype.
 * @example if (!objectPrototypeIsPlain()) console.warn('Object.prototype is polluted');
 */
export function objectPrototypeIsPlain(): boolean {
  for (const _ in OBJECT_PROTOTYPE) return false;
  return true;
}

/**
 * Tells whether a string is blank: empty, or white space only.
 *
 * @param value The text.
 * @returns `true` for `''` and `'  '`.
 * @example isBlankText(' \t'); // true
 */
export function isBlankText(value: string): boolean {
  const n = value.length;
  // Most values start and end with a visible ASCII character: no trim needed. Anything else
  // (a no-break space, another Unicode space) is left to trim's idea of white space.
  if (n > 0 && isVisibleAscii(value.charCodeAt(0)) && isVisibleAscii(value.charCodeAt(n - 1))) return false;
  return value.trim() === '';
}

/** A printable ASCII character other than the space. */
function isVisibleAscii(c: number): boolean {
  return c > 32 && c < 127;
}

/**
 * A copy of an object with its own enumerable members only, without a prototype: what
 * visitors see of an object whose schema members are hidden or inherited.
 *
 * @param value A plain object.
 * @returns The copy.
 * @example ownCopy(Object.create({ a: 1 })); // {} (no inherited a)
 */
export function ownCopy(value: Record<string, unknown>): Record<string, unknown> {
  const copy: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(value)) copy[key] = value[key];
  return copy;
}

/**
 * Tells whether `text` is the decimal numeral of `n` (`String(n)`), without building it.
 *
 * @param text The text.
 * @param n A non-negative integer.
 * @returns `true` for `('3', 3)`, `false` for `('03', 3)`.
 * @example isNumberText(itemId, index + 1);
 */
export function isNumberText(text: string, n: number): boolean {
  // Digit by digit from the right, without building String(n).
  let rest = n;
  for (let i = text.length - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c !== 48 + (rest % 10) || (i === 0 && c === 48 && text.length > 1)) return false;
    rest = Math.floor(rest / 10);
  }
  return text.length > 0 && rest === 0;
}

/**
 * Tells whether a present value has the JSON type a schema node demands (the walk's type
 * test, also for the rules that look at a member before the walk does).
 *
 * @param node The node (its `type`).
 * @param value The value (not undefined or null).
 * @returns E.g. false for a number where a string is due.
 * @example hasType(node, 'x'); // true at a string node
 */
export function hasType(node: TreeNode, value: unknown): boolean {
  switch (node.type) {
    case 'object':
    case 'record':
      return isPlainObject(value);
    case 'array':
      return Array.isArray(value);
    case 'string':
    case 'picklist':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'boolean':
      return typeof value === 'boolean';
    default:
      return true;
  }
}
