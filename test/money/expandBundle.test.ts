import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { expandBundle, fromMinorUnits, splitBundleDiscount, toMinorUnits, type BundleLine } from '../../src/money';
import { BAD_CURRENCIES, BAD_NUMERALS, NOT_STRINGS, currencyArb, expectError } from './_helpers';

const MUG_AND_TEA: readonly BundleLine[] = [
  { sku: 'MUG', quantity: 3, unitPrice: '10.00' },
  { sku: 'TEA', quantity: 1, unitPrice: '5.00' },
];

/** Σ quantity × unitPrice in minor units. */
function total(lines: readonly { quantity: number | string | bigint; unitPrice: string }[], currency: string): bigint {
  return lines.reduce((s, l) => s + BigInt(l.quantity) * toMinorUnits(l.unitPrice, currency), 0n);
}

const bundleArb = fc
  .record({
    currency: currencyArb,
    lines: fc.array(
      fc.record({
        sku: fc.constantFrom('A', 'B', 'C'),
        quantity: fc.integer({ min: 1, max: 12 }),
        price: fc.oneof(fc.bigInt({ min: 0n, max: 20n }), fc.bigInt({ min: 0n, max: 10n ** 7n })),
      }),
      { maxLength: 6 },
    ),
  })
  .chain(({ currency, lines }) => {
    const sum = lines.reduce((s, l) => s + BigInt(l.quantity) * l.price, 0n);
    return fc.record({
      currency: fc.constant(currency),
      lines: fc.constant(
        lines.map((l) => ({ sku: l.sku, quantity: l.quantity, unitPrice: fromMinorUnits(l.price, currency) })),
      ),
      discount: fc.bigInt({ min: 0n, max: sum }).map((d) => fromMinorUnits(d, currency)),
    });
  });

describe('expandBundle', () => {
  it('weighs lines by unit price × quantity and splits a line whose share does not divide', () => {
    expect(expandBundle(MUG_AND_TEA, '1.00', 'EUR')).toEqual([
      { sku: 'MUG', quantity: 1, unitPrice: '9.72' },
      { sku: 'MUG', quantity: 2, unitPrice: '9.71' },
      { sku: 'TEA', quantity: 1, unitPrice: '4.86' },
    ]);
  });

  it('keeps a line whole when its share divides by its quantity', () => {
    expect(expandBundle(MUG_AND_TEA, '3.50', 'EUR')).toEqual([
      { sku: 'MUG', quantity: 3, unitPrice: '9.00' },
      { sku: 'TEA', quantity: 1, unitPrice: '4.50' },
    ]);
  });

  it('matches splitBundleDiscount when every quantity is one', () => {
    const lines = [
      { sku: 'A', quantity: 1, unitPrice: '1.00' },
      { sku: 'B', quantity: '1', unitPrice: '1.00' },
      { sku: 'C', quantity: 1n, unitPrice: '1.00' },
    ];
    expect(expandBundle(lines, '0.01', 'EUR').map((l) => l.unitPrice)).toEqual(
      splitBundleDiscount(['1.00', '1.00', '1.00'], '0.01', 'EUR'),
    );
  });

  it('works in currencies without and with three minor digits', () => {
    expect(expandBundle([{ sku: 'A', quantity: 2, unitPrice: '1000' }, { sku: 'B', quantity: 1, unitPrice: '999' }], '100', 'JPY')).toEqual([
      // weights 2000 and 999: shares 67 and 33; 2000 − 67 = 1933 = 967 + 966
      { sku: 'A', quantity: 1, unitPrice: '967' },
      { sku: 'A', quantity: 1, unitPrice: '966' },
      { sku: 'B', quantity: 1, unitPrice: '966' },
    ]);
    expect(expandBundle([{ sku: 'A', quantity: '4.000', unitPrice: '0.250' }], '0.003', 'BHD')).toEqual([
      { sku: 'A', quantity: 1, unitPrice: '0.250' },
      { sku: 'A', quantity: 3, unitPrice: '0.249' },
    ]);
  });

  it('returns normalised lines for a zero discount, and nothing for no lines', () => {
    expect(expandBundle([{ sku: 'A', quantity: '2', unitPrice: '0' }], '0', 'EUR')).toEqual([
      { sku: 'A', quantity: 2, unitPrice: '0.00' },
    ]);
    expect(expandBundle([], '0', 'EUR')).toEqual([]);
  });

  it('copies the other members of a line and leaves the input alone', () => {
    const lines = Object.freeze([Object.freeze({ sku: 'A', quantity: 3, unitPrice: '1.00', itemId: '7' })]);
    const out = expandBundle(lines, '0.01', 'EUR');
    expect(out).toEqual([
      { sku: 'A', quantity: 2, unitPrice: '1.00', itemId: '7' },
      { sku: 'A', quantity: 1, unitPrice: '0.99', itemId: '7' },
    ]);
    expect(lines[0]).toEqual({ sku: 'A', quantity: 3, unitPrice: '1.00', itemId: '7' });
  });

  it('throws a RangeError naming the quantity for zero, negative, fractional or unsafe quantities', () => {
    for (const quantity of [0, '0', -1, 1.5, '1.5', 2 ** 53, 2n ** 53n, '', 'two']) {
      expectError(
        () => expandBundle([{ sku: 'A', quantity: 1, unitPrice: '1' }, { sku: 'B', quantity, unitPrice: '1' }], '0', 'EUR'),
        RangeError,
        'lines[1].quantity',
      );
    }
  });

  it('throws a TypeError naming the member of the wrong type', () => {
    const bad = (line: unknown) => () => expandBundle([line as BundleLine], '0', 'EUR');
    expectError(bad({ sku: 'A', quantity: null, unitPrice: '1' }), TypeError, 'lines[0].quantity');
    expectError(bad({ sku: 5, quantity: 1, unitPrice: '1' }), TypeError, 'lines[0].sku');
    expectError(bad({ sku: 'A', quantity: 1, unitPrice: 1 }), TypeError, 'lines[0].unitPrice');
    expectError(bad(null), TypeError, 'lines[0]');
    expectError(bad(['A', 1, '1']), TypeError, 'lines[0]');
    expectError(() => expandBundle({} as BundleLine[], '0', 'EUR'), TypeError, 'lines');
    // eslint-disable-next-line no-sparse-arrays
    expectError(() => expandBundle([, MUG_AND_TEA[0]] as BundleLine[], '0', 'EUR'), TypeError, 'lines[0]');
  });

  it.each(BAD_NUMERALS)('throws a RangeError naming the bad numeral %j', (bad) => {
    expectError(() => expandBundle([{ sku: 'A', quantity: 1, unitPrice: bad }], '0', 'EUR'), RangeError, 'lines[0].unitPrice');
    expectError(() => expandBundle(MUG_AND_TEA, bad, 'EUR'), RangeError, 'discount');
  });

  it.each(NOT_STRINGS)('throws a TypeError naming discount for %s', (bad) => {
    expectError(() => expandBundle(MUG_AND_TEA, bad as string, 'EUR'), TypeError, 'discount');
  });

  it('throws a RangeError for a negative price, a negative discount or one above the total', () => {
    expectError(() => expandBundle([{ sku: 'A', quantity: 1, unitPrice: '-1' }], '0', 'EUR'), RangeError, 'lines[0].unitPrice');
    expectError(() => expandBundle(MUG_AND_TEA, '-0.01', 'EUR'), RangeError, 'discount');
    expectError(() => expandBundle(MUG_AND_TEA, '35.01', 'EUR'), RangeError, 'discount');
    expectError(() => expandBundle(MUG_AND_TEA, '0.001', 'EUR'), RangeError, 'discount');
  });

  it.each(BAD_CURRENCIES)('throws a RangeError naming currency for %j', (currency) => {
    expectError(() => expandBundle(MUG_AND_TEA, '0', currency), RangeError, 'currency');
  });

  it('conserves money: Σ quantity × unit price = Σ original − discount', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, lines, discount }) => {
        const out = expandBundle(lines, discount, currency);
        expect(total(out, currency)).toBe(total(lines, currency) - toMinorUnits(discount, currency));
      }),
    );
  });

  it('keeps each SKU’s units, splits a line into at most two prices one unit apart, none above the original', () => {
    fc.assert(
      fc.property(bundleArb, ({ currency, lines, discount }) => {
        const out = expandBundle(lines, discount, currency);
        let k = 0;
        for (const line of lines) {
          const first = out[k] as (typeof out)[number];
          const parts = first.quantity === line.quantity ? [first] : [first, out[k + 1] as (typeof out)[number]];
          k += parts.length;
          expect(parts.reduce((s, p) => s + p.quantity, 0)).toBe(line.quantity);
          for (const part of parts) {
            expect(part.sku).toBe(line.sku);
            expect(part.quantity > 0).toBe(true);
            const price = toMinorUnits(part.unitPrice, currency);
            expect(price >= 0n && price <= toMinorUnits(line.unitPrice, currency)).toBe(true);
          }
          if (parts.length === 2) {
            const [high, low] = parts.map((p) => toMinorUnits(p.unitPrice, currency)) as [bigint, bigint];
            expect(high - low).toBe(1n);
          }
        }
        expect(k).toBe(out.length);
      }),
    );
  });
});
