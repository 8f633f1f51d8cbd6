import { assert } from './assert';
import {
  EXPECTED_POSITIVE_QUANTITY,
  EXPECTED_QUANTITY,
  EXPECTED_QUANTITY_TYPE,
  QUANTITY_TOO_LARGE,
  message,
} from './messages';

/** Integer text, optionally with a zero fraction as the spec writes quantities (`"2.000"`). */
const INTEGER_TEXT = /^([0-9]+)(?:\.0+)?$/;

/**
 * A quantity: a bigint, a safe integer number, or integer text such as `"3"` or `"3.000"`.
 *
 * @example
 * const quantity: Quantity = '3.000'; // the same as 3 or 3n
 * multiplyAmount('2.50', quantity, 'EUR'); // '7.50'
 */
export type Quantity = bigint | number | string;

/**
 * Checks a quantity and returns it as a bigint. Wrong types throw TypeError; negative,
 * fractional, non-finite or (with `positive`) zero quantities throw RangeError, as do
 * quantities above `Number.MAX_SAFE_INTEGER` when `safe` is set.
 */
export function parseQuantity(
  quantity: unknown,
  name: string,
  options: { positive?: boolean; safe?: boolean } = {},
): bigint {
  let result: bigint;
  if (typeof quantity === 'bigint') {
    result = quantity;
  } else if (typeof quantity === 'number') {
    assert(Number.isInteger(quantity), EXPECTED_QUANTITY, { name });
    assert(Number.isSafeInteger(quantity), QUANTITY_TOO_LARGE, { name });
    result = BigInt(quantity);
  } else if (typeof quantity === 'string') {
    const match = INTEGER_TEXT.exec(quantity);
    assert(match !== null, EXPECTED_QUANTITY, { name });
    result = BigInt(match[1] as string);
  } else {
    throw new TypeError(message(EXPECTED_QUANTITY_TYPE, { name, got: quantity }));
  }
  assert(result >= 0n, EXPECTED_QUANTITY, { name });
  assert(!options.positive || result > 0n, EXPECTED_POSITIVE_QUANTITY, { name });
  assert(!options.safe || result <= BigInt(Number.MAX_SAFE_INTEGER), QUANTITY_TOO_LARGE, { name });
  return result;
}
