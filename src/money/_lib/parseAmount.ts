import { parseDecimal, toScale } from './decimal';
import { scanDecimal } from '../../schema/predicates';
import { assert, type MoneyErrorClass } from './assert';
import {
  EXPECTED_DECIMAL_TEXT,
  EXPECTED_STRING,
  TOO_MANY_FRACTION_DIGITS,
  message,
} from './messages';

/**
 * Splits checked decimal text (the spec's amount grammar `-?\d+(\.\d+)?`, ASCII digits)
 * into sign, integer digits and fraction digits.
 */
export function parseDecimalText(
  value: unknown,
  name: string,
  typeError: MoneyErrorClass = TypeError,
): { negative: boolean; integer: string; fraction: string } {
  assert(typeof value === 'string', EXPECTED_STRING, { name, got: value }, typeError);
  const scale = scanDecimal(value, true);
  assert(scale >= 0, EXPECTED_DECIMAL_TEXT, { name });
  const negative = value.charCodeAt(0) === 45;
  const end = scale === 0 ? value.length : value.length - scale - 1;
  return { negative, integer: value.slice(negative ? 1 : 0, end), fraction: value.slice(end + 1) };
}

/**
 * Converts checked decimal text to minor units of a currency with `digits` minor digits
 * (src/money/_lib/decimal.ts, the one home of decimal arithmetic). Extra fraction digits are
 * accepted only when they are zeros; nothing is ever rounded.
 */
export function parseAmount(
  value: unknown,
  digits: number,
  currency: string,
  name: string,
  typeError: MoneyErrorClass = TypeError,
): bigint {
  parseDecimalText(value, name, typeError);
  const units = toScale(parseDecimal(value)!, digits);
  assert(units !== undefined, TOO_MANY_FRACTION_DIGITS, { name, digits, currency });
  return units;
}
