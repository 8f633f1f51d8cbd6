/**
 * Defensive readers for rule checks: any value may arrive, nothing may throw.
 */
import { isObject } from './compile';
import { toPointer } from './pointer';

export { isObject };

/** The value as an object, or `undefined`. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return isObject(value) ? value : undefined;
}

/** The value as an array, or an empty array. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : EMPTY;
}
const EMPTY: readonly unknown[] = Object.freeze([]);

/** The value as a string, or `undefined`. */
export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** An own member of an object-like value, or `undefined`. */
export function member(value: unknown, key: string): unknown {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
}

/** Appends reference tokens to a JSON Pointer. */
export function ptr(base: string, ...tokens: (string | number)[]): string {
  return base + toPointer(tokens);
}

/**
 * Tells whether `text` is the decimal numeral of `n` (`String(n)`), without building it.
 *
 * @param text The text.
 * @param n A non-negative integer.
 * @returns `true` for `('3', 3)`, `false` for `('03', 3)`.
 * @example isNumberText(itemId, i + 1);
 */
export function isNumberText(text: string, n: number): boolean {
  if (n >= 0 && n < 10) return text.length === 1 && text.charCodeAt(0) === 48 + n;
  return text === String(n);
}

/**
 * Tells whether `text` is exactly `length` ASCII digits (`/^\d{length}$/`).
 *
 * @param text The text.
 * @param length The number of digits.
 * @returns `true` for `('411111', 6)`.
 * @example isDigitText(bin, 6);
 */
export function isDigitText(text: string, length: number): boolean {
  if (text.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** An own member exists (even if null). */
export function has(value: unknown, key: string): boolean {
  return isObject(value) && Object.prototype.hasOwnProperty.call(value, key);
}

/** Entries of an object array that are objects, with their index. */
export function objectsOf(value: unknown): { index: number; value: Record<string, unknown> }[] {
  const out: { index: number; value: Record<string, unknown> }[] = [];
  const list = asArray(value);
  for (let i = 0; i < list.length; i++) {
    const el = list[i];
    if (isObject(el)) out.push({ index: i, value: el });
  }
  return out;
}

/** The index and value of the first dynamic field named `name` in a dynamicField array. */
export function findDynamicField(list: unknown, name: string): { index: number; value: unknown } | undefined {
  if (!Array.isArray(list)) return undefined;
  for (let index = 0; index < list.length; index++) {
    const value: unknown = list[index];
    if (isObject(value) && value.name === name) return { index, value: value.value };
  }
  return undefined;
}
