import { describe, expect, it } from 'vitest';
import { lintOrder } from '../../src/lint/engine';
import { ORDER_VERSIONS } from '../../src/schema/tables';
import { FMS_PROFILE, PROFILE, set, validOrder } from '../fixtures';
import { slowdown } from '../http/_timing';
import { ruleTester } from './_harness';

const rule = 'weee-item';
const eur = (amountType: string, value: string) => ({ currencyISO3: 'EUR', amountType, value });
const weee = (localizedDescription?: string, itemId = '4') => ({
  itemId,
  sku: 'ACME_WEEE',
  quantity: { uom: 'EA', value: '2' },
  amount: [eur('netprice', '0.84'), eur('grossprice', '1.00')],
  ...(localizedDescription === undefined ? {} : { localizedDescription }),
});
const withWeee = (description?: string, version: '1' | '1.1' | '1.2' = '1.1') =>
  set(validOrder(version), '/clientRequest/item/3', weee(description));
const at = (i = 3) => ({ rule, path: `/clientRequest/item/${i}/localizedDescription` });

ruleTester(rule, 'order', {
  valid: [
    ...ORDER_VERSIONS.map((version) => ({ name: `a WEEE item naming SKU-1 (v${version})`, payload: withWeee('WEEE SKU-1', version), version, profile: FMS_PROFILE })),
    { name: 'the sku alone', payload: withWeee('SKU-2'), profile: FMS_PROFILE },
    { name: 'the sku first, then words', payload: withWeee('SKU-2 WEEE-Gebuehr'), profile: FMS_PROFILE },
    { name: 'the sku after punctuation', payload: withWeee('WEEE:SKU-1.'), profile: FMS_PROFILE },
    {
      name: 'a sku of 18 characters, the limit, in code points (emoji are 2 UTF-16 units each)',
      payload: set(withWeee('WEEE 😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀😀'), '/clientRequest/item/1/sku', '😀'.repeat(18)),
      profile: FMS_PROFILE,
    },
    { name: 'no WEEE item', payload: validOrder(), profile: FMS_PROFILE },
    { name: 'not FMS: not checked', payload: withWeee('WEEE fee'), profile: { ...PROFILE, weeeSku: 'ACME_WEEE' } },
    { name: 'FMS without weeeSku: not checked', payload: withWeee('WEEE fee'), profile: { ...FMS_PROFILE, weeeSku: undefined } },
    { name: 'no profile: not checked', payload: withWeee('WEEE fee') },
  ],
  invalid: [
    ...ORDER_VERSIONS.map((version) => ({
      name: `a WEEE item naming no product (v${version})`,
      payload: withWeee('WEEE fee', version),
      version,
      profile: FMS_PROFILE,
      errors: [at()],
    })),
    { name: 'no localizedDescription', payload: withWeee(), profile: FMS_PROFILE, errors: [at()] },
    // Rule 6 requires the description: a blank one is also `blank-value`, once (DESIGN: presence).
    { name: 'an empty localizedDescription', payload: withWeee(''), profile: FMS_PROFILE, errors: [at(), { rule: 'blank-value', path: at().path }] },
    { name: 'a blank localizedDescription', payload: withWeee(' \t'), profile: FMS_PROFILE, errors: [at(), { rule: 'blank-value', path: at().path }] },
    { name: 'a longer part number is not the sku', payload: withWeee('WEEE SKU-10'), profile: FMS_PROFILE, errors: [at()] },
    { name: 'a part number glued to letters', payload: withWeee('WEEEforSKU-1x'), profile: FMS_PROFILE, errors: [at()] },
    { name: 'the sku in another letter case', payload: withWeee('WEEE sku-1'), profile: FMS_PROFILE, errors: [at()] },
    { name: 'naming the WEEE SKU itself', payload: withWeee('ACME_WEEE'), profile: FMS_PROFILE, errors: [at()] },
    {
      // README: only skus within the spec's limit (18 characters, code points) are looked for.
      name: 'naming a sku of 19 characters, one over the limit (max-length at that sku)',
      payload: set(withWeee('WEEE ABCDEFGHIJKLMNOPQRS'), '/clientRequest/item/1/sku', 'ABCDEFGHIJKLMNOPQRS'),
      profile: FMS_PROFILE,
      errors: [at(), { rule: 'max-length', path: '/clientRequest/item/1/sku' }],
    },
    {
      name: 'two WEEE items, the second naming nothing',
      payload: set(withWeee('WEEE SKU-1'), '/clientRequest/item/4', weee('WEEE', '5')),
      profile: FMS_PROFILE,
      errors: [at(4)],
    },
  ],
});

describe('weee-item costs the same per character for any text', () => {
  const lint = (description: string) => {
    const payload = withWeee(description);
    return () => void lintOrder(payload, { version: '1.1', profile: FMS_PROFILE });
  };
  const UNITS = 100_000;

  // Every emoji (or space, or dash) starts a token; letters start one only at the text's start.
  it.each([
    ['emoji', '😀'.repeat(UNITS / 2)],
    ['spaces', ' '.repeat(UNITS)],
    ['dashes', '-'.repeat(UNITS)],
  ])('%s text of 100,000 UTF-16 units is at most a few times slower than ASCII letters of the same length', (_, text) => {
    expect(text.length).toBe(UNITS);
    expect(slowdown(lint(text), lint('a'.repeat(UNITS)))).toBeLessThan(5);
  });

  it('still finds the sku among emoji and in a long text', () => {
    const problems = (d: string) => lintOrder(withWeee(d), { version: '1.1', profile: FMS_PROFILE }).filter((p) => p.rule === rule);
    expect(problems(`${'😀'.repeat(50_000)} SKU-1 😀`)).toEqual([]);
    expect(problems(`${'😀'.repeat(50_000)}SKU-1`)).toEqual([]);
    expect(problems(`${' '.repeat(50_000)}SKU-1x`)).toHaveLength(1);
  });
});
