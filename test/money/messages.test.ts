/**
 * Money functions name the argument at fault and never echo its value (DESIGN, decisions
 * of round 3), like the builders: a price, a discount or a stray string the caller holds
 * must not reach a log through an error message. `splitBundleDiscount(['10.00'], '-1.00',
 * 'EUR')` used to say `got "-1.00"`.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addAmounts,
  allocate,
  compareAmounts,
  expandBundle,
  formatAmount,
  fromMinorUnits,
  multiplyAmount,
  negateAmount,
  roundAmount,
  splitBundleDiscount,
  subtractAmounts,
  sumAmounts,
  toMinorUnits,
} from '../../src/money/index';
import * as MESSAGES from '../../src/money/_lib/messages';
import { expectError } from './_helpers';

/** The message of what `run` throws (every case below throws). */
function messageOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('expected a throw');
}

/** Each string argument of each money function, as a call with `s` in that place. */
const SLOTS: [string, string, (s: string) => unknown][] = [
  ['toMinorUnits', 'value', (s) => toMinorUnits(s, 'EUR')],
  ['toMinorUnits', 'currency', (s) => toMinorUnits('1.00', s)],
  ['fromMinorUnits', 'currency', (s) => fromMinorUnits(1n, s)],
  ['addAmounts', 'a', (s) => addAmounts(s, '1.00', 'EUR')],
  ['addAmounts', 'b', (s) => addAmounts('1.00', s, 'EUR')],
  ['subtractAmounts', 'b', (s) => subtractAmounts('1.00', s, 'EUR')],
  ['compareAmounts', 'a', (s) => compareAmounts(s, '1.00', 'EUR')],
  ['negateAmount', 'value', (s) => negateAmount(s, 'EUR')],
  ['formatAmount', 'value', (s) => formatAmount(s, 'EUR')],
  ['roundAmount', 'value', (s) => roundAmount(s, 'EUR')],
  ['roundAmount', 'roundingMode', (s) => roundAmount('1.00', 'EUR', s as never)],
  ['multiplyAmount', 'value', (s) => multiplyAmount(s, 2, 'EUR')],
  ['multiplyAmount', 'quantity', (s) => multiplyAmount('1.00', s, 'EUR')],
  ['sumAmounts', 'values[1]', (s) => sumAmounts(['1.00', s], 'EUR')],
  ['splitBundleDiscount', 'prices[0]', (s) => splitBundleDiscount([s], '1.00', 'EUR')],
  ['splitBundleDiscount', 'discount', (s) => splitBundleDiscount(['10.00'], s, 'EUR')],
  ['splitBundleDiscount', 'currency', (s) => splitBundleDiscount(['10.00'], '1.00', s)],
  ['expandBundle', 'lines[0].unitPrice', (s) => expandBundle([{ sku: 'A', quantity: 1, unitPrice: s }], '1.00', 'EUR')],
  ['expandBundle', 'lines[0].quantity', (s) => expandBundle([{ sku: 'A', quantity: s, unitPrice: '1.00' }], '1.00', 'EUR')],
  ['expandBundle', 'discount', (s) => expandBundle([{ sku: 'A', quantity: 1, unitPrice: '1.00' }], s, 'EUR')],
];

/** Text every message may hold whatever the input: the templates, the argument names, the rounding modes. */
const FIXED_TEXT = [...(Object.values(MESSAGES) as unknown[]).filter((v): v is string => typeof v === 'string'), ...SLOTS.map(([, name]) => name), messageOf(() => roundAmount('1', 'EUR', 'x' as never))].join('\n');

describe('money errors name the argument and never echo its value', () => {
  it.each([
    ['a negative discount', 'discount', '-1.00', () => splitBundleDiscount(['10.00'], '-1.00', 'EUR')],
    ['a negative price', 'prices[1]', '-7.25', () => splitBundleDiscount(['10.00', '-7.25'], '1.00', 'EUR')],
    ['a discount above the sum', 'discount', '12.34', () => splitBundleDiscount(['12.34'], '20.00', 'EUR')],
    ['a bad numeral', 'value', '12,50', () => toMinorUnits('12,50 EUR', 'EUR')],
    ['too many fraction digits', 'value', '10.505', () => toMinorUnits('10.505', 'EUR')],
    ['an unknown currency', 'currency', 'EURO', () => toMinorUnits('1.00', 'EURO')],
    ['a number for a numeral', 'value', '10.75', () => toMinorUnits(10.75 as never, 'EUR')],
    ['a bigint for a numeral', 'a', '12345', () => addAmounts(12345n as never, '1.00', 'EUR')],
    ['a fractional quantity', 'quantity', '2.5', () => multiplyAmount('1.00', 2.5, 'EUR')],
    ['a quantity of text', 'quantity', '3 pcs', () => multiplyAmount('1.00', '3 pcs', 'EUR')],
    ['a huge quantity', 'lines[0].quantity', '1152921504606847000', () => expandBundle([{ sku: 'A', quantity: 2 ** 60, unitPrice: '1.00' }], '0', 'EUR')],
    ['a negative unit price', 'lines[0].unitPrice', '-3.99', () => expandBundle([{ sku: 'A', quantity: 1, unitPrice: '-3.99' }], '0', 'EUR')],
    ['a negative weight', 'weights[0]', '4242', () => allocate(10n, [-4242n])],
    ['an unknown rounding mode', 'roundingMode', 'bankers', () => roundAmount('1.005', 'EUR', 'bankers' as never)],
    ['an sku of the wrong type', 'lines[0].sku', '12345', () => expandBundle([{ sku: 12345 as never, quantity: 1, unitPrice: '1.00' }], '0', 'EUR')],
  ] as [string, string, string, () => unknown][])('%s: names %s, never %s', (_, name, value, run) => {
    const error = messageOf(run);
    expect(error.startsWith(`${name} `), error).toBe(true);
    expect(error).not.toContain(value);
  });

  it('still says what is wrong with a wrong type, by its type only', () => {
    expectError(() => toMinorUnits(10.5 as never, 'EUR'), TypeError, 'value');
    expect(messageOf(() => toMinorUnits(10.5 as never, 'EUR'))).toMatch(/got a number\.$/);
    expect(messageOf(() => fromMinorUnits('10' as never, 'EUR'))).toMatch(/got a string\.$/);
    expect(messageOf(() => splitBundleDiscount(null as never, '1', 'EUR'))).toMatch(/got null\.$/);
    expect(messageOf(() => expandBundle([['A'] as never], '1', 'EUR'))).toMatch(/got an array\.$/);
  });

  it.each(SLOTS)('%s, argument %s: no message contains a random bad string', (_, name, call) => {
    const bad = fc.oneof(
      fc.string({ minLength: 4, maxLength: 40 }),
      fc.stringMatching(/^-?[0-9]{1,8}(\.[0-9]{1,8})?[ ,a-z]?[0-9]*$/).filter((s) => s.length > 3),
    );
    fc.assert(
      fc.property(bad, (s) => {
        let error: unknown;
        try {
          call(s);
          return; // a valid value: nothing to say
        } catch (e) {
          error = e;
        }
        const { message } = error as Error;
        // A string that is part of every message (a template word) proves nothing.
        if (FIXED_TEXT.includes(s)) return;
        expect(message, name).not.toContain(s);
      }),
      { numRuns: 200 },
    );
  });
});
