import { assert, type MoneyErrorClass } from './assert';
import {
  EXPECTED_DECIMAL_TEXT,
  EXPECTED_STRING,
  TOO_MANY_FRACTION_DIGITS,
  message,
} from './messages';

/** The only numeral accepted: the spec's amount grammar `-?\d+(\.\d+)?`, ASCII digits. */
export const DECIMAL_TEXT = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;

/** Splits checked decimal text into sign, integer digits and fraction digits. */
export function parseDecimalText(
  value: unknown,
  name: string,
  typeError: MoneyErrorClass = TypeError,
): { negative: boolean; integer: string; fraction: string } {
  assert(typeof value === 'string', message(EXPECTED_STRING, { name, got: value }), typeError);
  const match = DECIMAL_TEXT.exec(value);
  assert(match !== null, message(EXPECTED_DECIMAL_TEXT, { name }));
  return { negative: match[1] === '-', integer: match[2] as string, fraction: match[3] ?? '' };
}

/**
 * Converts checked decimal text to minor units of a currency with `digits` minor digits.
 * Extra fraction digits are accepted only when they are zeros; nothing is ever rounded.
 */
export function parseAmount(
  value: unknown,
  digits: number,
  currency: string,
  name: string,
  typeError: MoneyErrorClass = TypeError,
): bigint {
  const { negative, integer, fraction } = parseDecimalText(value, name, typeError);
  const extra = fraction.slice(digits);
  assert(
    /^0*$/.test(extra),
    message(TOO_MANY_FRACTION_DIGITS, { name, digits, currency }),
  );
  const units = BigInt(integer + fraction.slice(0, digits).padEnd(digits, '0'));
  return negative ? -units : units;
}
