/**
 * The builders' laws, as fast-check properties: output lints clean for every version
 * with and without FMS, inputs are never modified, money is conserved, order totals
 * are the sum of the lines, and bad input throws RangeError/TypeError naming the field.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addFiscalCode,
  addOrderDiscount,
  addShippingCosts,
  addWeeeFee,
  applyItemDiscount,
  buildOrder,
  buildReturnRequest,
  markExport,
  markPaymentReview,
  recalculateOrderTotals,
  type CartLine,
  type OrderInput,
} from '../../src/builders/index';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import { expandBundle, fromMinorUnits, multiplyAmount, roundAmount, subtractAmounts, sumAmounts, toMinorUnits } from '../../src/money/index';
import { ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { FMS_TEST_PROFILE, TEST_PROFILE, orderInputArbitrary, returnInputArbitrary, validOrderArbitrary } from '../../src/testing/arbitraries';
import { errorsOf, pathsOf } from './_hostile';
import { JANE, amounts, cartInput, deepFreeze } from './_inputs';

/** `undefined` or a value of `arb`. */
const opt = <T>(arb: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arb, { nil: undefined });

const RUNS = { numRuns: 100 };
const CASES = ORDER_VERSIONS.flatMap((version) => [
  { version, fms: false, profile: TEST_PROFILE },
  { version, fms: true, profile: FMS_TEST_PROFILE },
]);
const json = (value: unknown) => JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? `${v}n` : v));

/** Net and gross of one unit by decimal text arithmetic, independent of the builder's bigint code. */
function expectedUnit(line: CartLine, pricing: string, currency: string): { net: string; gross: string } {
  const [i, f = ''] = line.taxFactor.split('.') as [string, string?];
  const price = line.unitPrice;
  const [pi, pf = ''] = price.split('.') as [string, string?];
  // price × factor and price ÷ factor as exact decimal text, then roundAmount (half away from zero).
  const product = BigInt(pi + pf) * BigInt(i + f);
  const scale = pf.length + f.length;
  const productText = scale === 0 ? `${product}` : `${product / 10n ** BigInt(scale)}.${`${product % 10n ** BigInt(scale)}`.padStart(scale, '0')}`;
  if (pricing !== 'grosspricing') return { net: roundAmount(price, currency), gross: roundAmount(productText, currency) };
  // gross ÷ factor to 12 digits beyond the minor unit: enough to decide the rounding (factors have ≤ 4 digits).
  const numerator = BigInt(pi + pf) * 10n ** BigInt(f.length + 12);
  const quotient = numerator / BigInt(i + f);
  const digits = pf.length + 12;
  const quotientText = `${quotient / 10n ** BigInt(digits)}.${`${quotient % 10n ** BigInt(digits)}`.padStart(digits, '0')}`;
  return { net: roundAmount(quotientText, currency), gross: roundAmount(price, currency) };
}

describe('buildOrder (properties)', () => {
  it.each(CASES)('builds payloads that lint with no problems at all: $version fms=$fms', ({ version, fms, profile }) => {
    fc.assert(
      fc.property(orderInputArbitrary(version, { fms }), (input) => {
        expect(lintOrder(buildOrder(input), { version, profile })).toEqual([]);
      }),
      RUNS,
    );
  });

  it.each(CASES)('keeps special items clean: $version fms=$fms', ({ version, fms, profile }) => {
    fc.assert(
      fc.property(validOrderArbitrary(version, { fms }), (payload) => {
        expect(lintOrder(payload, { version, profile })).toEqual([]);
      }),
      RUNS,
    );
  });

  it.each(CASES)('never modifies its input: $version fms=$fms', ({ version, fms }) => {
    fc.assert(
      fc.property(orderInputArbitrary(version, { fms }), (input) => {
        const before = json(input);
        buildOrder(deepFreeze(input));
        expect(json(input)).toBe(before);
      }),
      RUNS,
    );
  });

  it('computes every unit price and the totals exactly as the sum of the lines', () => {
    fc.assert(
      fc.property(fc.oneof(...ORDER_VERSIONS.map((v) => orderInputArbitrary(v))) as fc.Arbitrary<OrderInput<OrderVersion>>, (input) => {
        const payload = buildOrder(input);
        const { currency } = input;
        const nets: string[] = [];
        const taxes: string[] = [];
        input.lines.forEach((line, index) => {
          const unit = expectedUnit(line, line.pricing ?? input.pricing ?? 'netpricing', currency);
          const item = payload.clientRequest.item[index]!;
          expect(amounts(item)).toEqual({ netprice: unit.net, grossprice: unit.gross });
          const quantity = String(line.quantity).replace(/\.0+$/, '');
          if (toMinorUnits(unit.gross, currency) === 0n) return;
          nets.push(multiplyAmount(unit.net, quantity, currency));
          taxes.push(multiplyAmount(subtractAmounts(unit.gross, unit.net, currency), quantity, currency));
        });
        const totalNet = sumAmounts(nets, currency);
        const totalTax = sumAmounts(taxes, currency);
        const totals = amounts(payload.clientRequest.order);
        expect(totals).toEqual({ totalNet, totalTax, totalGross: sumAmounts([totalNet, totalTax], currency) });
        // Recalculating a built payload changes nothing.
        expect(recalculateOrderTotals(payload)).toEqual(payload);
      }),
      { numRuns: 200 },
    );
  });

  it('conserves money through bundle allocation: the order total is the bundle total less the discount', () => {
    const bundle = fc.record(
      {
        lines: fc.array(
          fc.record({ sku: fc.constantFrom('MUG', 'TEA', 'SPOON', 'BOX'), quantity: fc.integer({ min: 1, max: 7 }), unitPrice: fc.bigInt({ min: 0n, max: 100_000n }) }, { noNullPrototype: true }),
          { minLength: 1, maxLength: 5 },
        ),
        share: fc.integer({ min: 0, max: 100 }),
        currency: fc.constantFrom('EUR', 'JPY', 'BHD'),
      },
      { noNullPrototype: true },
    );
    fc.assert(
      fc.property(bundle, ({ lines, share, currency }) => {
        const digits = currency === 'JPY' ? 0 : currency === 'BHD' ? 3 : 2;
        const text = (units: bigint) => (digits === 0 ? `${units}` : `${units / 10n ** BigInt(digits)}.${`${units % 10n ** BigInt(digits)}`.padStart(digits, '0')}`);
        const total = lines.reduce((sum, l) => sum + l.unitPrice * BigInt(l.quantity), 0n);
        const discount = (total * BigInt(share)) / 100n;
        const expanded = expandBundle(lines.map((l) => ({ ...l, unitPrice: text(l.unitPrice) })), text(discount), currency);
        const input = cartInput('1.1', { currency, lines: expanded.map((l) => ({ sku: l.sku, quantity: l.quantity, unitPrice: l.unitPrice, taxFactor: '1.00' })) });
        const payload = buildOrder(input);
        // With tax factor 1 net equals gross; zero-priced lines count nothing either way.
        expect(amounts(payload.clientRequest.order).totalNet).toBe(text(total - discount));
      }),
      { numRuns: 200 },
    );
  });
});

describe('special items and fields (properties)', () => {
  it('never modify the payload they are given', () => {
    fc.assert(
      fc.property(validOrderArbitrary('1.2', { fms: true }), fc.bigInt({ min: 1n, max: 500n }), (payload, cents) => {
        const before = JSON.stringify(payload);
        const frozen = deepFreeze(payload);
        const context = { version: '1.2' as const, profile: FMS_TEST_PROFILE };
        const cost = `${cents}`;
        const regular = frozen.clientRequest.item.find((i) => !['ACME_SHIPCOSTS', 'ACME_DISCOUNT', 'ACME_WEEE'].includes(i.sku))!;
        const ops = [
          () => addShippingCosts(frozen, { cost, taxFactor: '1.19' }, context),
          () => applyItemDiscount(frozen, { itemId: regular.itemId, discount: '0' }, context),
          () => addOrderDiscount(frozen, { discount: cost, taxFactor: '1.19', taxLevel: 'HIGH' }, context),
          () => addWeeeFee(frozen, { sku: regular.sku, fee: cost }, context),
          () => addFiscalCode(frozen, 'RSSMRA85T10A562S'),
          () => markPaymentReview(frozen),
          () => recalculateOrderTotals(frozen),
        ];
        for (const op of ops) {
          try {
            op();
          } catch (error) {
            // Refusals (a second shipping item, a discount above the total) are fine; mutation is not.
            expect(error).toSatisfy((e: unknown) => e instanceof RangeError || e instanceof TypeError);
          }
        }
        expect(JSON.stringify(payload)).toBe(before);
      }),
      RUNS,
    );
  });
});

describe('chains of the payload functions (property)', () => {
  const FACTORS = ['1.00', '1.07', '1.19', '2.5', '3'];
  const minor = fc.oneof(fc.bigInt({ min: 0n, max: 3n }), fc.bigInt({ min: 0n, max: 3_000n }));
  const pricing = opt(fc.constantFrom('netpricing' as const, 'grosspricing' as const));
  const OPS = fc.oneof(
    fc.record({ op: fc.constant('shipping' as const), cost: minor, taxFactor: opt(fc.constantFrom(...FACTORS)), pricing }, { noNullPrototype: true }),
    fc.record({ op: fc.constant('weee' as const), pick: fc.nat(), fee: minor }, { noNullPrototype: true }),
    fc.record({ op: fc.constant('orderDiscount' as const), discount: minor, taxFactor: opt(fc.constantFrom(...FACTORS)), pricing }, { noNullPrototype: true }),
    fc.record({ op: fc.constant('itemDiscount' as const), pick: fc.nat(), percent: fc.integer({ min: 0, max: 100 }) }, { noNullPrototype: true }),
    fc.record({ op: fc.constant('export' as const), zeroGross: fc.boolean(), withContext: fc.boolean() }, { noNullPrototype: true }),
    fc.record({ op: fc.constant('recalculate' as const) }, { noNullPrototype: true }),
  );
  const ORDER = fc.record(
    {
      version: fc.constantFrom(...ORDER_VERSIONS),
      currency: fc.constantFrom('EUR', 'JPY', 'BHD'),
      country: fc.constantFrom('DE', 'CH', 'NO'),
      paid: fc.boolean(),
      lines: fc.array(
        fc.record({ quantity: fc.integer({ min: 1, max: 3 }), price: minor, taxFactor: fc.constantFrom(...FACTORS), taxLevel: fc.constantFrom('HIGH', 'LOW'), pricing }, { noNullPrototype: true }),
        { minLength: 1, maxLength: 3 },
      ),
    },
    { noNullPrototype: true },
  );

  it('every step of any chain lints with no error, or is refused by name', () => {
    fc.assert(
      fc.property(ORDER, fc.array(OPS, { minLength: 1, maxLength: 6 }), (o, ops) => {
        const context = { version: o.version, profile: FMS_TEST_PROFILE };
        const text = (units: bigint) => fromMinorUnits(units, o.currency);
        let payload: any = buildOrder({
          ...cartInput(o.version, { profile: FMS_TEST_PROFILE, currency: o.currency, shipTo: { ...JANE, country: o.country } }),
          billTo: { ...JANE, locale: 'de-DE' },
          payment: o.paid ? { method: 'PayPal' } : undefined,
          lines: o.lines.map((l, i) => ({ sku: `P${i}`, quantity: l.quantity, unitPrice: text(l.price), taxFactor: l.taxFactor, taxLevel: l.taxLevel, pricing: l.pricing })),
        });
        const regular = (pick: number) => {
          const items = payload.clientRequest.item.filter((item: any) => /^P\d$/.test(item.sku));
          return items[pick % items.length];
        };
        for (const op of ops) {
          let next: unknown;
          try {
            if (op.op === 'shipping') next = addShippingCosts(payload, { cost: text(op.cost), taxFactor: op.taxFactor, pricing: op.pricing }, context);
            if (op.op === 'weee') next = addWeeeFee(payload, { sku: regular(op.pick).sku, fee: text(op.fee) }, context);
            if (op.op === 'orderDiscount') next = addOrderDiscount(payload, { discount: text(op.discount), taxFactor: op.taxFactor, taxLevel: 'HIGH', pricing: op.pricing }, context);
            if (op.op === 'itemDiscount') {
              const item = regular(op.pick);
              const basis = amounts(item)[item.pricing === 'grosspricing' ? 'grossprice' : 'netprice']!;
              const off = (toMinorUnits(basis, o.currency) * BigInt(op.percent)) / 100n;
              next = applyItemDiscount(payload, { itemId: item.itemId, discount: text(off) }, context);
            }
            if (op.op === 'export') next = markExport(payload, { zeroGross: op.zeroGross }, op.withContext ? context : undefined);
            if (op.op === 'recalculate') next = recalculateOrderTotals(payload);
          } catch (error) {
            expectRefusal(error);
            continue;
          }
          expect(errorsOf(lintOrder(next, context))).toEqual([]);
          payload = next;
        }
      }),
      { numRuns: 250 },
    );
  });
});

describe('buildReturnRequest (properties)', () => {
  it('builds return requests that lint with no problems and leaves its input alone', () => {
    fc.assert(
      fc.property(returnInputArbitrary({ profile: FMS_TEST_PROFILE }), (input) => {
        const before = json(input);
        const payload = buildReturnRequest(deepFreeze(input));
        expect(lintReturn(payload, { profile: FMS_TEST_PROFILE })).toEqual([]);
        expect(json(input)).toBe(before);
      }),
      RUNS,
    );
  });
});

/** A copy of `value` with the member at `path` replaced. */
function replaced<T>(value: T, path: (string | number)[], junk: unknown): T {
  if (path.length === 0) return junk as T;
  const [head, ...rest] = path as [string | number, ...(string | number)[]];
  const copy: any = Array.isArray(value) ? [...value] : { ...(value as object) };
  copy[head] = replaced(copy[head], rest, junk);
  return copy;
}

const MARK = '§§';
const junkArb = fc.oneof(
  fc.anything({ withBigInt: true, withDate: true, withNullPrototype: true }),
  fc.string().map((s) => `${MARK}${s}`),
  fc.constantFrom(undefined, null, '', ' ', -1, 1.5, NaN, '1e3', '-0.01', 'x'.repeat(300), '😀'.repeat(60)),
);

/** A builder's own refusal, not a crash of the JavaScript runtime (which would be a TypeError too). */
function expectRefusal(error: unknown): void {
  expect(error).toSatisfy((e: unknown) => e instanceof RangeError || e instanceof TypeError);
  const message = (error as Error).message;
  expect(message).not.toMatch(/^Cannot |is not a function|is not iterable|Do not know how to serialize|BigInt/);
  expect(message).toMatch(/^\S+.* (is|must|may|has|does|names|repeats|already|applies|would)\b.*\.$/s);
  expect(message).not.toContain(MARK);
}

describe('bad input (properties)', () => {
  it('buildOrder throws a RangeError or TypeError naming a field, never echoes the value, or builds a clean payload', () => {
    // Arbitraries are built once: building them inside chain() is slow.
    const arb = fc
      .oneof(...CASES.map((c) => orderInputArbitrary(c.version, { fms: c.fms }).map((input) => ({ ...c, input: input as OrderInput<OrderVersion> }))))
      .chain(({ input, ...c }) => {
        const paths = pathsOf(input).filter((p) => p[0] !== 'profile');
        return fc.tuple(fc.constant(c), fc.constant(input), fc.constantFrom(...paths), junkArb);
      });
    fc.assert(
      fc.property(arb, ([c, input, path, junk]) => {
        const broken = replaced(input, path, junk) as OrderInput<OrderVersion>;
        let payload: unknown;
        try {
          payload = buildOrder(broken);
        } catch (error) {
          expectRefusal(error);
          expect((error as Error).message).not.toContain('would be rejected by the lint engine');
          return;
        }
        expect(lintOrder(payload, { version: broken.version, profile: c.profile }).filter((p) => p.severity === 'error')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('buildReturnRequest throws a RangeError or TypeError, or builds a clean request', () => {
    const arb = returnInputArbitrary().chain((input) => {
      const paths = pathsOf({ ...input, order: undefined }).filter((p) => p[0] !== 'profile' && p[0] !== 'order');
      const orderPaths = pathsOf(input.order).map((p) => ['order', ...p]);
      return fc.tuple(fc.constant(input), fc.constantFrom(...paths, ...orderPaths), junkArb);
    });
    fc.assert(
      fc.property(arb, ([input, path, junk]) => {
        let payload: unknown;
        try {
          payload = buildReturnRequest(replaced(input, path, junk));
        } catch (error) {
          expectRefusal(error);
          expect((error as Error).message).not.toContain('would be rejected by the lint engine');
          return;
        }
        expect(lintReturn(payload, { profile: TEST_PROFILE }).filter((p) => p.severity === 'error')).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('the special-item functions refuse broken payloads and input without crashing', () => {
    const context = { version: '1.1' as const, profile: FMS_TEST_PROFILE };
    const ops: ((p: any, junk: unknown) => unknown)[] = [
      (p) => addShippingCosts(p, { cost: '1.00', taxFactor: '1.19' }, context),
      (p, junk) => addShippingCosts(p, { cost: junk as string }, context),
      (p) => applyItemDiscount(p, { itemId: '1', discount: '0.01' }, context),
      (p, junk) => applyItemDiscount(p, { itemId: junk as string, discount: '0.01' }, context),
      (p) => addOrderDiscount(p, { discount: '0.01', taxFactor: '1.19', taxLevel: 'HIGH' }, context),
      (p, junk) => addOrderDiscount(p, { discount: '0.01', taxFactor: junk as string }, context),
      (p) => addWeeeFee(p, { sku: p?.clientRequest?.item?.[0]?.sku, fee: '0.10' }, context),
      (p, junk) => addWeeeFee(p, junk as never, context),
      (p, junk) => addFiscalCode(p, junk as string),
      (p) => markPaymentReview(p),
      (p) => recalculateOrderTotals(p),
      (p, junk) => addShippingCosts(p, { cost: '1' }, junk as never),
    ];
    const arb = validOrderArbitrary('1.1', { fms: true }).chain((payload) =>
      fc.tuple(fc.constant(payload), fc.constantFrom(...pathsOf(payload), []), junkArb, fc.nat({ max: ops.length - 1 })),
    );
    fc.assert(
      fc.property(arb, ([payload, path, junk, which]) => {
        try {
          (ops[which] as (p: unknown, j: unknown) => unknown)(replaced(payload, path, junk), junk);
        } catch (error) {
          expectRefusal(error);
        }
      }),
      { numRuns: 300 },
    );
  });
});
