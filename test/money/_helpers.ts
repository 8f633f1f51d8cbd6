import { expect } from 'vitest';
import fc from 'fast-check';

/**
 * Runs `run`, expects it to throw an instance of `ErrorClass` (and not of the other money
 * error class), and expects the message to start with the argument's name.
 */
export function expectError(
  run: () => unknown,
  ErrorClass: typeof RangeError | typeof TypeError,
  name: string,
): void {
  let thrown: unknown;
  try {
    run();
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `expected ${ErrorClass.name} naming ${name}`).toBeInstanceOf(ErrorClass);
  const other = ErrorClass === RangeError ? TypeError : RangeError;
  expect(thrown).not.toBeInstanceOf(other);
  expect((thrown as Error).message.startsWith(`${name} `), (thrown as Error).message).toBe(true);
}

/** Numerals outside the spec's amount grammar `-?\d+(\.\d+)?`. */
export const BAD_NUMERALS: readonly string[] = [
  '',
  ' ',
  '1e3',
  '1,5',
  ' 1',
  '1 ',
  '.5',
  '5.',
  '+5',
  '--5',
  '-',
  '1.2.3',
  'NaN',
  'Infinity',
  '0x10',
  '１２', // full-width digits
  '١٢', // Arabic-Indic digits
  '1_000',
  '1\n',
];

/** Values of the wrong JavaScript type for a decimal-text argument. */
export const NOT_STRINGS: readonly unknown[] = [10.5, 10n, null, undefined, {}, ['1'], true];

/** Currency arguments that are strings but not uppercase ISO 4217 codes. */
export const BAD_CURRENCIES: readonly string[] = ['eur', 'Eur', 'EURO', 'XYZ', '', ' EUR', 'EU'];

/** The currencies the properties run on: 2, 0, 3 and 4 minor digits. */
export const CURRENCIES = { EUR: 2, JPY: 0, BHD: 3, CLF: 4 } as const;
export type TestCurrency = keyof typeof CURRENCIES;

/** An arbitrary test currency. */
export const currencyArb: fc.Arbitrary<TestCurrency> = fc.constantFrom('EUR', 'JPY', 'BHD', 'CLF');

/** Minor units of any sign, well beyond the safe-integer range. */
export const unitsArb: fc.Arbitrary<bigint> = fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n });

/** Non-negative minor units, kept small enough that ties and leftovers are common. */
export const smallUnitsArb: fc.Arbitrary<bigint> = fc.oneof(
  fc.bigInt({ min: 0n, max: 10n }),
  fc.bigInt({ min: 0n, max: 10n ** 6n }),
);
