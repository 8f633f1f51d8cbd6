import { currencyDigits, isCurrencyCode } from '../../schema/codes';
import { assert, type MoneyErrorClass } from './assert';
import { EXPECTED_CURRENCY_STRING, UNKNOWN_CURRENCY } from './messages';

/**
 * Checks a currency argument and returns its number of minor-unit digits.
 * A non-string throws `typeError` (TypeError unless a caller promises RangeError only).
 */
export function digitsOf(
  currency: unknown,
  name = 'currency',
  typeError: MoneyErrorClass = TypeError,
): number {
  assert(typeof currency === 'string', EXPECTED_CURRENCY_STRING, { name, got: currency }, typeError);
  assert(isCurrencyCode(currency), UNKNOWN_CURRENCY, { name });
  return currencyDigits(currency) as number;
}
