/**
 * Every message the money functions throw, in one place (dinero.js style). Templates
 * use `{placeholders}`; `{name}` is always the argument at fault, as the caller wrote
 * it (`value`, `prices[2]`, `lines[0].quantity`), so the message points at it.
 */

export const EXPECTED_STRING =
  '{name} must be a string of decimal text such as "10.50" (never a number: binary floating point cannot hold money exactly), got {got}.';
export const EXPECTED_DECIMAL_TEXT =
  '{name} must be decimal text such as "10.50" or "-3" (an optional minus, digits, and optionally a dot followed by digits), got {got}.';
export const TOO_MANY_FRACTION_DIGITS =
  '{name} has non-zero digits beyond the {digits} fraction digits of {currency}, got {got}; round it first (roundAmount).';
export const EXPECTED_CURRENCY_STRING =
  '{name} must be a string holding an uppercase ISO 4217 currency code such as "EUR", got {got}.';
export const UNKNOWN_CURRENCY =
  '{name} must be an uppercase ISO 4217 currency code such as "EUR", got {got}.';
export const EXPECTED_BIGINT = '{name} must be a bigint, got {got}.';
export const EXPECTED_ARRAY = '{name} must be an array, got {got}.';
export const EXPECTED_ITERABLE = '{name} must be an iterable of decimal text, got {got}.';
export const EXPECTED_OBJECT = '{name} must be an object, got {got}.';
export const EXPECTED_SKU = '{name} must be a string, got {got}.';
export const EXPECTED_QUANTITY_TYPE =
  '{name} must be a bigint, a safe integer number or integer text such as "3", got {got}.';
export const EXPECTED_QUANTITY = '{name} must be a non-negative integer, got {got}.';
export const EXPECTED_POSITIVE_QUANTITY = '{name} must be a positive integer, got {got}.';
export const QUANTITY_TOO_LARGE =
  '{name} must not exceed Number.MAX_SAFE_INTEGER (9007199254740991), got {got}.';
export const NEGATIVE_VALUE = '{name} must not be negative, got {got}.';
export const EMPTY_WEIGHTS = '{name} must hold at least one weight, got an empty array.';
export const ZERO_WEIGHTS = '{name} must hold at least one positive weight, got only zeros.';
export const DISCOUNT_ABOVE_SUM =
  '{name} must not exceed the sum of the prices ({sum}), got {got}.';
export const UNKNOWN_ROUNDING_MODE =
  '{name} must be one of {modes}, got {got}.';

/** Longest string echoed back in a message; longer ones are cut (they are never money). */
const MAX_ECHO = 32;

/**
 * Describes a value for a message: strings quoted (and cut when long), bigints with `n`,
 * other types by kind.
 */
export function describe(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value.length > MAX_ECHO ? `${value.slice(0, MAX_ECHO)}…` : value);
    case 'bigint':
      return `${value}n`;
    case 'number':
      return `the number ${value}`;
    case 'undefined':
      return 'undefined';
    case 'boolean':
      return `the boolean ${value}`;
    case 'object':
      return value === null ? 'null' : Array.isArray(value) ? 'an array' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/**
 * Fills a message template. `got` is described with {@link describe}; other parameters
 * are inserted as they are.
 */
export function message(
  template: string,
  params: { name: string; got?: unknown; [key: string]: unknown },
): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in params)) return whole;
    return key === 'got' ? describe(params.got) : String(params[key]);
  });
}
