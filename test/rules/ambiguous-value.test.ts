import { describe, expect, it } from 'vitest';
import { ruleTester } from './_harness';
import { change, set, validOrder, validReturn } from '../fixtures';
import { lintOrder, lintReturn } from '../../src/lint/engine';

const CR = '/clientRequest';
const VERSIONS = ['1', '1.1', '1.2'] as const;
const LEVEL = `${CR}/order/shipServiceLevel`;
const PAYMENT_AMOUNT = `${CR}/payment/amount/0/amountType`;

ruleTester('ambiguous-value', 'order', {
  valid: [
    ...VERSIONS.map((version) => ({ name: `the valid v${version} fixture`, payload: validOrder(version), version })),
    ...VERSIONS.map((version) => ({ name: `shipServiceLevel PUD (v${version})`, version, payload: set(validOrder(version), LEVEL, 'PUD') })),
    {
      name: 'capture / created outside payment amounts are enum errors, not ambiguous',
      payload: change(validOrder(), {
        [`${CR}/order/amount/0/amountType`]: 'capture',
        [`${CR}/item/0/amount/0/amountType`]: 'created',
      }),
    },
    { name: 'an unknown ship service level is an enum error', payload: set(validOrder(), LEVEL, 'PUX') },
    { name: 'lower-case puo is not the guidance value', payload: set(validOrder(), LEVEL, 'puo') },
  ],
  invalid: [
    ...VERSIONS.map((version) => ({
      name: `shipServiceLevel PUO (v${version})`,
      version,
      payload: set(validOrder(version), LEVEL, 'PUO'),
      errors: [{ rule: 'ambiguous-value', path: LEVEL }],
    })),
    ...(['capture', 'created'] as const).flatMap((t) =>
      VERSIONS.map((version) => ({
        name: `payment amountType ${t} (v${version})`,
        version,
        payload: set(validOrder(version), PAYMENT_AMOUNT, t),
        errors: [{ rule: 'ambiguous-value', path: PAYMENT_AMOUNT }],
      })),
    ),
    {
      name: 'both payment amount types and PUO together',
      payload: change(validOrder(), {
        [LEVEL]: 'PUO',
        [PAYMENT_AMOUNT]: 'capture',
        [`${CR}/payment/amount/1`]: { currencyISO3: 'EUR', amountType: 'created', value: '119.00' },
      }),
      errors: [
        { rule: 'ambiguous-value', path: LEVEL },
        { rule: 'ambiguous-value', path: PAYMENT_AMOUNT },
        { rule: 'ambiguous-value', path: `${CR}/payment/amount/1/amountType` },
      ],
    },
  ],
});

describe('ambiguous-value details', () => {
  it('is a warning and no enum error is reported for the same value', () => {
    const problems = lintOrder(set(validOrder(), LEVEL, 'PUO'), { version: '1.1' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatchObject({ rule: 'ambiguous-value', severity: 'warn', path: LEVEL });
  });

  it('does not apply to returns: capture there is an enum error', () => {
    const problems = lintReturn(set(validReturn(), '/rma/amount/amountType', 'capture'));
    expect(problems.map((p) => p.rule)).toEqual(['enum']);
  });
});
