/**
 * Money for the builders: checked decimal text to bigint minor units and back, tax
 * factors, and the one rounding rule (half away from zero) used for every gross/net
 * conversion. No floating point touches money.
 */
import { currencyDigits } from '../../schema/codes';
import { isCurrencyText, isUnsignedDecimalText } from '../../schema/predicates';
import { LIMITS } from '../../schema/tables';
import { fromMinorUnits, isAmount, toMinorUnits } from '../../money/index';
import { fail } from './errors';

/** Checks an ISO 4217 code (uppercase, exact); returns it. */
export function currencyOf(value: unknown, field: string): string {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value !== 'string') fail(field, 'must be a string', TypeError);
  if (!isCurrencyText(value)) fail(field, 'must be an uppercase ISO 4217 currency code such as EUR');
  return value;
}

/**
 * Checks a money amount of `currency` (decimal text such as `"10.50"`, at most the
 * currency's minor digits) and returns it in minor units.
 */
export function minorOf(
  value: unknown,
  field: string,
  currency: string,
  sign: 'non-negative' | 'any' = 'non-negative',
): bigint {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value === 'bigint') {
    // Minor units have no place here: the text says which unit it is in, a bigint does not.
    fail(field, 'must be decimal text such as "10.50", not a bigint: turn minor units into text with fromMinorUnits(units, currency)', TypeError);
  }
  if (typeof value !== 'string') {
    fail(field, 'must be decimal text such as "10.50" (never a number: floating point cannot hold money exactly)', TypeError);
  }
  if (!isAmount(value, currency)) {
    fail(field, `must be decimal text such as "10.50" with at most ${currencyDigits(currency)} fraction digits for ${currency} (round it first)`);
  }
  const units = toMinorUnits(value, currency);
  if (sign === 'non-negative' && units < 0n) fail(field, 'must not be negative');
  return units;
}

/** Formats minor units as the currency's decimal text. */
export function textOf(units: bigint, currency: string): string {
  return fromMinorUnits(units, currency);
}

/** A tax factor such as `1.19` as an exact fraction `numerator / scale`. */
export interface TaxFactor {
  /** The factor as written, e.g. `"1.19"`. */
  readonly text: string;
  /** `119n` for `"1.19"`. */
  readonly numerator: bigint;
  /** `100n` for `"1.19"`. */
  readonly scale: bigint;
}

/**
 * Checks a tax factor: unsigned decimal text (20 % VAT is `"1.20"`), at most 30
 * characters, at least 1 (a factor below 1 would make the gross below the net).
 */
export function taxFactorOf(value: unknown, field: string): TaxFactor {
  if (value === undefined || value === null) fail(field, 'is required', TypeError);
  if (typeof value !== 'string') fail(field, 'must be decimal text such as "1.19"', TypeError);
  // The length first: the limit bounds the work done on the text.
  if (value.length > LIMITS.taxFactor) fail(field, `must be at most ${LIMITS.taxFactor} characters long`);
  if (!isUnsignedDecimalText(value)) fail(field, 'must be decimal text such as "1.19" (20 % VAT is written 1.20)');
  const [integer, fraction = ''] = value.split('.') as [string, string?];
  const numerator = BigInt(integer + fraction);
  const scale = 10n ** BigInt(fraction.length);
  if (numerator < scale) fail(field, 'must be at least 1 (no tax is written 1.00)');
  return { text: value, numerator, scale };
}

/** `numerator / denominator` rounded half away from zero (`denominator > 0`). */
export function roundDiv(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator; // bigint division truncates toward zero
  const remainder = numerator % denominator;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice >= denominator) return quotient + (numerator < 0n ? -1n : 1n);
  return quotient;
}

/** Gross from net: `net × factor`, rounded half away from zero to the minor unit. */
export function grossFromNet(net: bigint, factor: TaxFactor): bigint {
  return roundDiv(net * factor.numerator, factor.scale);
}

/** Net from gross: `gross ÷ factor`, rounded half away from zero to the minor unit. */
export function netFromGross(gross: bigint, factor: TaxFactor): bigint {
  return roundDiv(gross * factor.scale, factor.numerator);
}

/**
 * Pricing structures the builders compute with.
 *
 * @example const pricing: Pricing = 'grosspricing'; // unit prices include VAT
 */
export type Pricing = 'netpricing' | 'grosspricing';

/** The pricing structures, for checks. */
export const PRICINGS: readonly Pricing[] = ['netpricing', 'grosspricing'];

/**
 * Net and gross unit prices from a price in the pricing's basis: `netpricing`
 * prices are net (gross computed), `grosspricing` prices are gross (net computed).
 */
export function unitPrices(price: bigint, factor: TaxFactor, pricing: Pricing): { net: bigint; gross: bigint } {
  return pricing === 'grosspricing' ? { net: netFromGross(price, factor), gross: price } : { net: price, gross: grossFromNet(price, factor) };
}

/**
 * Integer text such as `"3"` (or `"3.000"`), a bigint, or a safe integer number.
 *
 * @example const quantity: WholeQuantity = '2'; // or 2, 2n, '2.000'
 */
export type WholeQuantity = bigint | number | string;

/** Whether `text` holds only zeros from `from` on. */
function isZeros(text: string, from: number): boolean {
  for (let i = from; i < text.length; i++) if (text.charCodeAt(i) !== 48 /* 0 */) return false;
  return true;
}

/** Checks a positive whole quantity; returns it as a bigint. */
export function quantityOf(value: unknown, field: string): bigint {
  let units: bigint;
  if (typeof value === 'bigint') units = value;
  else if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) fail(field, 'must be a whole number');
    units = BigInt(value);
  } else if (typeof value === 'string') {
    // Quantity text of the spec (unsigned decimal), whole: "2" or "2.000".
    const dot = value.indexOf('.');
    const whole = isUnsignedDecimalText(value) && (dot < 0 || isZeros(value, dot + 1));
    if (!whole) fail(field, 'must be a whole number such as "2"');
    units = BigInt(dot < 0 ? value : value.slice(0, dot));
  } else if (value === undefined || value === null) {
    fail(field, 'is required', TypeError);
  } else {
    fail(field, 'must be a whole number (a number, a bigint or text such as "2")', TypeError);
  }
  if (units <= 0n) fail(field, 'must be at least 1');
  return units;
}
