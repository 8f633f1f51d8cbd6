/**
 * Defensive readers for rule checks: any value may arrive, nothing may throw.
 */
import { isObject } from './compile';
import { escapeToken } from './pointer';

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
  let out = base;
  for (const t of tokens) out += '/' + escapeToken(t);
  return out;
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
  for (const { index, value } of objectsOf(list)) {
    if (value.name === name) return { index, value: value.value };
  }
  return undefined;
}
