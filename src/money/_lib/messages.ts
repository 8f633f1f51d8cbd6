/**
 * Every message the money functions throw, in one place (dinero.js style). Templates
 * use `{placeholders}`; `{name}` is always the argument at fault, as the caller wrote
 * it (`value`, `prices[2]`, `lines[0].quantity`), so the message points at it. No
 * message repeats a value the caller passed: a wrong type is named by its type only.
 */

export const EXPECTED_STRING =
  '{name} must be a string of decimal text such as "10.50" (never a number: binary floating point cannot hold money exactly), got {got}.';
export const EXPECTED_DECIMAL_TEXT =
  '{name} must be decimal text such as "10.50" or "-3" (an optional minus, digits, and optionally a dot followed by digits).';
export const TOO_MANY_FRACTION_DIGITS =
  '{name} has non-zero digits beyond the {digits} fraction digits of {currency}; round it first (roundAmount).';
export const EXPECTED_CURRENCY_STRING =
  '{name} must be a string holding an uppercase ISO 4217 currency code such as "EUR", got {got}.';
export const UNKNOWN_CURRENCY = '{name} must be an uppercase ISO 4217 currency code such as "EUR".';
export const EXPECTED_BIGINT = '{name} must be a bigint, got {got}.';
export const EXPECTED_ARRAY = '{name} must be an array, got {got}.';
export const EXPECTED_ITERABLE = '{name} must be an iterable of decimal text, got {got}.';
export const EXPECTED_OBJECT = '{name} must be an object, got {got}.';
export const EXPECTED_SKU = '{name} must be a string, got {got}.';
export const EXPECTED_QUANTITY_TYPE =
  '{name} must be a bigint, a safe integer number or integer text such as "3", got {got}.';
export const EXPECTED_QUANTITY = '{name} must be a non-negative integer.';
export const EXPECTED_POSITIVE_QUANTITY = '{name} must be a positive integer.';
export const QUANTITY_TOO_LARGE = '{name} must not exceed Number.MAX_SAFE_INTEGER (9007199254740991).';
export const NEGATIVE_VALUE = '{name} must not be negative.';
export const EMPTY_WEIGHTS = '{name} must hold at least one weight, got an empty array.';
export const ZERO_WEIGHTS = '{name} must hold at least one positive weight, got only zeros.';
export const DISCOUNT_ABOVE_SUM = '{name} must not exceed the sum of the prices.';
export const UNKNOWN_ROUNDING_MODE = '{name} must be one of {modes}.';

/**
 * Describes the JavaScript type of a value for a message, never the value itself (money,
 * an SKU or a stray string may be anything the caller holds): `a number`, `null`.
 */
export function describe(value: unknown): string {
  if (value === null || value === undefined) return String(value);
  if (Array.isArray(value)) return 'an array';
  const type = typeof value;
  return type === 'object' ? 'an object' : `a ${type}`;
}

/** What a message names: the argument, what it got (described by type), and limits. */
export interface MessageParams {
  readonly name: string;
  readonly got?: unknown;
  readonly [key: string]: unknown;
}

/**
 * Fills a message template. `got` is described with {@link describe} (its type, never its
 * value); other parameters are the argument's name and limits, inserted as they are.
 */
export function message(template: string, params: MessageParams): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    if (!(key in params)) return whole;
    return key === 'got' ? describe(params.got) : String(params[key]);
  });
}
