/**
 * Builders against hostile input (issue 7, item 11): they validate with the spec
 * predicates the rules use, so a value they accept lints clean, and bad input is a
 * TypeError or RangeError naming the field. No input may reach the builders' last-line
 * lint check ("please report it as a fulfilkit bug").
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
  buildPayment,
  buildReturnRequest,
  formatOrderDateTime,
  formatReturnDateTime,
  markExport,
  markPaymentReview,
  recalculateOrderTotals,
  setInvoiceLocale,
  splitAddressLines,
  type OrderInput,
} from '../../src/builders/index';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { ClientProfile, Problem } from '../../src/lint/types';
import { codePointLength, isAlpha2Text, isCurrencyText, isDateInFormat, isLocaleText } from '../../src/schema/predicates';
import { DATE_TIME_OFFSET, DATE_TIME_UTC, ORDER_VERSIONS, type OrderVersion } from '../../src/schema/tables';
import { FMS_TEST_PROFILE, TEST_PROFILE, orderInputArbitrary, returnInputArbitrary, validOrderArbitrary } from '../../src/testing/arbitraries';
import { JANE, PROFILE, cartInput } from './_inputs';
import { MARK, errorsOf, expectCleanOrRefused, expectNamedRefusal, argumentSpoilArb, junkArb, pathsOf, spoilArb, spoilt, stableSpoilArb, type Spoil } from './_hostile';

/** The error thrown by `run`, which must throw. */
function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw');
}

/** `run` throws a named refusal whose message starts with `field` and is of `type`. */
function expectRefusedAt(run: () => unknown, field: string, type: typeof TypeError | typeof RangeError): void {
  const error = thrown(run);
  expectNamedRefusal(error);
  expect(error).toBeInstanceOf(type);
  expect(error.message.startsWith(`${field} `)).toBe(true);
}

const revoked = (): object => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

describe('builders validate with the spec predicates (table)', () => {
  const base = cartInput('1.1');
  const line = base.lines[0]!;

  it.each([
    ['a locale with an unknown country', { billTo: { ...JANE, locale: 'en-XX' } }, 'billTo.locale', RangeError],
    ['a locale in the wrong case', { billTo: { ...JANE, locale: 'de-de' } }, 'billTo.locale', RangeError],
    ['a ShipTo locale with an unknown country', { shipTo: { ...JANE, locale: 'xx-XX' } }, 'shipTo.locale', RangeError],
    ['an unknown country', { billTo: { ...JANE, country: 'XX' } }, 'billTo.country', RangeError],
    ['a lower-case currency', { currency: 'eur' }, 'currency', RangeError],
    ['an e-mail without a dotted domain', { billTo: { ...JANE, email: 'jane@localhost' } }, 'billTo.email', RangeError],
    ['lines with a hole', { lines: [, line] as never }, 'lines[0]', TypeError],
    ['lines of length 2 with one entry', { lines: Object.assign([line], { length: 2 }) }, 'lines[1]', TypeError],
    ['notes with a hole', { notes: [, { value: 'x' }] as never }, 'notes[0]', TypeError],
    ['dynamic fields with a hole', { dynamicFields: [{ name: 'A', value: 'x' }, ,] as never }, 'dynamicFields[1]', TypeError],
    ['an item dynamic field with a hole', { lines: [{ ...line, dynamicFields: [, { name: 'A' }] as never }] }, 'lines[0].dynamicFields[0]', TypeError],
    ['address parts with a hole', { billTo: { ...JANE, address: ['Hauptstrasse 1', , '3. OG'] as never } }, 'billTo.address[1]', TypeError],
    ['a sparse array of length 2**32 - 1', { lines: Object.assign([], { length: 2 ** 32 - 1 }) }, 'lines[0]', TypeError],
    ['a blank city', { billTo: { ...JANE, city: '  ' } }, 'billTo.city', RangeError],
    ['a no-break space as the first name', { billTo: { ...JANE, firstName: '\u00a0' } }, 'billTo.firstName', RangeError],
    ['an ideographic space as the postal code', { billTo: { ...JANE, postalCode: '\u3000' } }, 'billTo.postalCode', RangeError],
    ['an empty last name', { billTo: { ...JANE, lastName: '' } }, 'billTo.lastName', RangeError],
    ['a blank address', { billTo: { ...JANE, address: ' \t ' } }, 'billTo.address', RangeError],
    ['a blank phone number', { billTo: { ...JANE, phone: { value: ' ' } } }, 'billTo.phone.value', RangeError],
    ['a blank company name', { billTo: { ...JANE, company: { name: '\t' } } }, 'billTo.company.name', RangeError],
    ['a blank message reference', { externalMessageReference: ' ' }, 'externalMessageReference', RangeError],
    ['a blank request reference', { requestReference: '\u00a0' }, 'requestReference', RangeError],
    ['a blank SKU', { lines: [{ ...line, sku: ' ' }] }, 'lines[0].sku', RangeError],
    ['a blank unit of measure', { lines: [{ ...line, uom: ' ' }] }, 'lines[0].uom', RangeError],
    ['a blank dynamic-field name', { dynamicFields: [{ name: ' ', value: 'x' }] }, 'dynamicFields[0].name', RangeError],
    ['a blank fiscal code', { fiscalCode: ' ' }, 'fiscalCode', RangeError],
    ['a blank client in the profile', { profile: { ...PROFILE, client: ' ' } }, 'profile.client', RangeError],
    ['a profile whose fms flag is text', { profile: { ...PROFILE, fms: 'yes' as never } }, 'profile.fms', TypeError],
    ['return reasons that are not text', { profile: { ...PROFILE, returnReasons: [1] as never } }, 'profile.returnReasons[0]', TypeError],
    ['date-time text of 100,000 characters', { wantedDeliveryDate: `2026-01-01T${'+'.repeat(100_000)}Z` }, 'wantedDeliveryDate', RangeError],
    ['a month without a day or a time', { wantedDeliveryDate: '2026-01' }, 'wantedDeliveryDate', RangeError],
  ] as const)('buildOrder refuses %s at the field', (_what, overrides, field, type) => {
    expectRefusedAt(() => buildOrder({ ...base, ...(overrides as Partial<OrderInput<'1.1'>>) }), field, type);
  });

  it.each([
    ['a throwing getter', () => ({ ...base, billTo: { ...JANE, get firstName(): string { throw new Error(MARK); } } }), 'billTo.firstName'],
    ['a revoked Proxy as a party', () => ({ ...base, billTo: revoked() as never }), 'billTo'],
    ['a revoked Proxy as the input', () => revoked() as never, 'input'],
    ['a Proxy whose get trap throws', () => ({ ...base, profile: new Proxy(PROFILE, { get: () => { throw new Error(MARK); } }) }), 'profile.client'],
    ['a Proxy array whose has trap throws', () => ({ ...base, lines: new Proxy([line], { has: () => { throw new Error(MARK); } }) }), 'lines[0]'],
    ['a Date Proxy', () => ({ ...base, wantedDeliveryDate: new Proxy(new Date(), {}) }), 'wantedDeliveryDate'],
  ] as const)('buildOrder refuses %s with a TypeError or RangeError naming the member', (_what, input, field) => {
    const error = thrown(() => buildOrder(input() as OrderInput<'1.1'>));
    expectNamedRefusal(error);
    expect(error.message.startsWith(`${field} `)).toBe(true);
  });

  it('reads a getter once: a two-faced getter cannot pass the check and then hand over junk', () => {
    let reads = 0;
    const billTo = { ...JANE, get locale(): string { return reads++ === 0 ? 'de-DE' : 'en-XX'; } };
    const payload = buildOrder({ ...base, billTo });
    expect(payload.clientRequest.partner.map((p) => p.personData.locale)).toEqual(['de-DE', 'de-DE']);
    expect(errorsOf(lintOrder(payload, { version: '1.1', profile: PROFILE }))).toEqual([]);
  });

  it('reads the members of a party’s company and phone once too: without a ShipTo, both partners hold what was read', () => {
    const reads = { name: 0, phone: 0 };
    const company = { get name(): string { return reads.name++ === 0 ? 'ACME GmbH' : 'Other Co'; } };
    const billTo = { ...JANE, company, get phone(): string { return reads.phone++ === 0 ? '+49 1' : '+49 2'; } };
    const payload = buildOrder({ ...base, billTo });
    const [bill, ship] = payload.clientRequest.partner;
    expect([bill?.companyData?.name, ship?.companyData?.name]).toEqual(['ACME GmbH', 'ACME GmbH']);
    expect([bill?.personData.phone?.[0]?.value, ship?.personData.phone?.[0]?.value]).toEqual(['+49 1', '+49 1']);
    expect(reads).toEqual({ name: 1, phone: 1 });
    expect(ship?.partnerType).toBe('ShipTo');
    expect(ship).not.toBe(bill);
  });

  it('accepts a party with prototype getters (a class instance), read through its getters', () => {
    class Party {
      get firstName() { return 'Jane'; }
      get lastName() { return 'Doe'; }
      get address() { return 'Hauptstrasse 1'; }
      get postalCode() { return '10115'; }
      get city() { return 'Berlin'; }
      get country() { return 'DE'; }
    }
    const payload = buildOrder({ ...base, billTo: new Party() });
    expect(payload.clientRequest.partner[0]!.personData).toEqual({ firstName: 'Jane', lastName: 'Doe' });
  });

  it('accepts exactly the countries, locales and currencies the shared predicates accept', () => {
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    const codes = [...letters].flatMap((a) => [...letters].map((b) => a + b));
    for (const code of codes) {
      const party = { ...JANE, country: code, state: code === 'US' ? 'DC' : code === 'CA' ? 'ON' : code === 'MX' ? 'CMX' : code === 'AU' ? 'NSW' : undefined };
      let built = true;
      try {
        buildOrder({ ...base, billTo: { ...party, locale: `en-${code}` } });
      } catch (error) {
        expectNamedRefusal(error);
        built = false;
      }
      expect(built, code).toBe(isAlpha2Text(code) && isLocaleText(`en-${code}`));
    }
    const currencies = fc.sample(fc.stringMatching(/^[A-Z]{3}$/), { numRuns: 300, seed: 7 }).concat(['EUR', 'JPY', 'BHD', 'XCG', 'ZWG', 'HRK', 'XTS', 'XXX']);
    for (const currency of currencies) {
      let built = true;
      try {
        buildOrder({ ...base, currency, lines: [{ ...line, unitPrice: '10' }] });
      } catch (error) {
        expectNamedRefusal(error);
        built = false;
      }
      expect(built, currency).toBe(isCurrencyText(currency));
    }
  });

  it('buildReturnRequest refuses holes, blanks, unknown codes and unreadable members by name', () => {
    const order = buildOrder(cartInput('1.1', { billTo: JANE }));
    const input = { order, orderDate: '2026-03-01T10:00:00Z', profile: PROFILE, externalMessageReference: 'RMA-1', returnReason: 'damaged', clientReturnURL: 'https://shop.example/r' };
    const partner = order.clientRequest.partner[0]!;
    const withPartner = (p: unknown) => ({ ...order, clientRequest: { ...order.clientRequest, partner: [p, order.clientRequest.partner[1]] } });
    expectRefusedAt(() => buildReturnRequest({ ...input, items: [, { itemId: '1' }] as never }), 'items[0]', TypeError);
    expectRefusedAt(() => buildReturnRequest({ ...input, returnReason: ' ' }), 'returnReason', RangeError);
    expectRefusedAt(() => buildReturnRequest({ ...input, userReference: '\u00a0' }), 'userReference', RangeError);
    expectRefusedAt(() => buildReturnRequest({ ...input, profile: { ...PROFILE, returnReasons: 'damaged' as never } }), 'profile.returnReasons', TypeError);
    expectRefusedAt(
      () => buildReturnRequest({ ...input, order: withPartner({ ...partner, personData: { ...partner.personData, locale: 'en-XX' } }) as never }),
      'order.clientRequest.partner[0].personData.locale',
      RangeError,
    );
    expectRefusedAt(
      () => buildReturnRequest({ ...input, order: withPartner({ ...partner, addressData: { ...partner.addressData, countryISO2: 'XX' } }) as never }),
      'order.clientRequest.partner[0].addressData.countryISO2',
      RangeError,
    );
    expectRefusedAt(() => buildReturnRequest({ ...input, order: { clientRequest: { ...order.clientRequest, item: [, order.clientRequest.item[0]] } } as never }), 'order.clientRequest.item[0]', TypeError);
    expectRefusedAt(() => buildReturnRequest({ ...input, order: revoked() as never }), 'order', TypeError);
    const secret = { ...order, clientRequest: { ...order.clientRequest, order: { ...order.clientRequest.order, [`${MARK}Jane Doe`]: new Date() } } };
    const error = thrown(() => buildReturnRequest({ ...input, order: secret as never }));
    expectNamedRefusal(error);
    // A member name taken from the payload is never repeated.
    expect(error.message.startsWith('order.clientRequest.order.<member> ')).toBe(true);
  });

  it('the payload functions refuse unreadable payloads, cycles and deep nesting by name', () => {
    const order = buildOrder(cartInput('1.1'));
    const context = { version: '1.1' as const, profile: PROFILE };
    const cyclic: any = structuredClone(order);
    cyclic.clientRequest.order.self = cyclic.clientRequest.order;
    let deep: unknown = 'x';
    for (let i = 0; i < 10_000; i++) deep = [deep];
    const deepOrder = { ...order, clientRequest: { ...order.clientRequest, order: { ...order.clientRequest.order, note: deep } } };
    for (const payload of [revoked(), new Proxy(order, { ownKeys: () => { throw new Error(MARK); } }), cyclic, deepOrder]) {
      for (const run of [
        () => addShippingCosts(payload as never, { cost: '1.00', taxFactor: '1.19' }, context),
        () => recalculateOrderTotals(payload as never),
        () => markPaymentReview(payload as never),
        () => addFiscalCode(payload as never, 'X'),
      ]) {
        const error = thrown(run);
        expectNamedRefusal(error);
        expect(error).toBeInstanceOf(TypeError);
        expect(error.message.startsWith('payload')).toBe(true);
      }
    }
  });
});

/** Problems a builder's output must never have: errors, and blank values in required members (round 2's warning). */
const spoiling = (problems: readonly Problem[]) => problems.filter((p) => p.severity === 'error' || p.rule === 'blank-value');

/** Lints `payload` with no errors and no blank value. */
const lintsClean = (version: OrderVersion, profile: ClientProfile) => (payload: unknown) =>
  expect(spoiling(lintOrder(payload, { version, profile }))).toEqual([]);

const CASES = ORDER_VERSIONS.flatMap((version) => [
  { version, profile: TEST_PROFILE, fms: false },
  { version, profile: FMS_TEST_PROFILE, fms: true },
]);

describe('builders never reach their last-line check, whatever the input (properties)', () => {
  it('buildOrder: any member spoilt (junk, holes, getters, Proxies) gives a clean payload or a named refusal', () => {
    const arb = fc.oneof(
      ...CASES.map((c) =>
        orderInputArbitrary(c.version, { fms: c.fms }).chain((input) =>
          fc.tuple(fc.constant({ ...c, input: input as OrderInput<OrderVersion> }), fc.constantFrom([] as (string | number)[], ...pathsOf(input))),
        ),
      ),
    ).chain(([c, path]) => fc.tuple(fc.constant(c), fc.constant(path), path[0] === 'profile' || path[0] === 'version' ? stableSpoilArb : path.length === 0 ? argumentSpoilArb : spoilArb));
    fc.assert(
      fc.property(arb, ([{ version, input }, path, spoil]) => {
        const broken = spoilt(input, path, spoil);
        // The profile is read by the test too: lint with the value the builder saw.
        const profile = path[0] === 'profile' ? (broken as OrderInput<OrderVersion>).profile : input.profile;
        expectCleanOrRefused(() => buildOrder(broken), lintsClean(version, profile));
      }),
      { numRuns: 400 },
    );
  });

  it('buildReturnRequest: any member of the input or of the original order spoilt', () => {
    const arb = returnInputArbitrary({ profile: FMS_TEST_PROFILE }).chain((input) => {
      const paths = [[] as (string | number)[], ...pathsOf({ ...input, order: 0 }), ...pathsOf(input.order).map((p) => ['order', ...p])];
      return fc.tuple(fc.constant(input), fc.constantFrom(...paths)).chain(([inp, path]) => fc.tuple(fc.constant(inp), fc.constant(path), path[0] === 'profile' ? stableSpoilArb : path.length === 0 ? argumentSpoilArb : spoilArb));
    });
    fc.assert(
      fc.property(arb, ([input, path, spoil]) => {
        const broken = spoilt(input, path, spoil);
        const profile = path[0] === 'profile' ? broken.profile : input.profile;
        expectCleanOrRefused(() => buildReturnRequest(broken), (payload) => expect(spoiling(lintReturn(payload, { profile }))).toEqual([]));
      }),
      { numRuns: 300 },
    );
  });

  it('buildPayment: a spoilt payment or context gives a payment that lints clean in its order, or a named refusal', () => {
    // Arbitraries are built once, outside chain(): building them per sample is slow.
    const arb = fc
      .oneof(...CASES.filter((c) => c.fms).map((c) => orderInputArbitrary(c.version, { fms: true }).map((input) => ({ ...c, input }))))
      .filter(({ input }) => input.payment !== undefined)
      .chain((c) => {
        const order = buildOrder(c.input);
        const totalGross = order.clientRequest.order.amount!.find((a) => a.amountType === 'totalGross')!.value;
        const args = { payment: c.input.payment!, context: { version: c.version, profile: c.profile, currency: c.input.currency, amount: totalGross } };
        const paths = pathsOf(args).filter((p) => p[1] !== 'profile' && p[1] !== 'amount' && p[1] !== 'currency');
        // The test reads the two arguments themselves: no getters there.
        return fc.tuple(fc.constant({ ...c, order, args }), fc.constantFrom(...paths)).chain(([v, path]) => fc.tuple(fc.constant(v), fc.constant(path), path.length === 1 ? argumentSpoilArb : spoilArb));
      });
    fc.assert(
      fc.property(arb, ([{ version, profile, order, args }, path, spoil]) => {
        const broken = spoilt(args, path, spoil);
        expectCleanOrRefused(
          () => buildPayment(broken.payment, broken.context),
          (built) => lintsClean(version, profile)({ clientRequest: { ...order.clientRequest, payment: built } }),
        );
      }),
      { numRuns: 150 },
    );
  });

  it('the payload functions: spoilt arguments give a clean payload, a spoilt payload a named refusal or a payload', () => {
    const version = '1.1' as const;
    const context = { version, profile: FMS_TEST_PROFILE };
    type Op = (payload: any, args: any) => unknown;
    const ops: { name: string; args: (payload: any) => Record<string, unknown>; run: Op }[] = [
      { name: 'addShippingCosts', args: () => ({ input: { cost: '4.95', taxFactor: '1.19', taxLevel: 'HIGH' }, context }), run: (p, a) => addShippingCosts(p, a.input, a.context) },
      { name: 'addOrderDiscount', args: () => ({ input: { discount: '0.01', taxFactor: '1.19', taxLevel: 'HIGH', localizedDescription: 'Discount' }, context }), run: (p, a) => addOrderDiscount(p, a.input, a.context) },
      { name: 'applyItemDiscount', args: () => ({ input: { itemId: '1', discount: '0.00' }, context }), run: (p, a) => applyItemDiscount(p, a.input, a.context) },
      { name: 'addWeeeFee', args: (p) => ({ input: { sku: p.clientRequest.item[0].sku, fee: '0.10' }, context }), run: (p, a) => addWeeeFee(p, a.input, a.context) },
      { name: 'addFiscalCode', args: () => ({ input: 'RSSMRA85T10A562S' }), run: (p, a) => addFiscalCode(p, a.input) },
      { name: 'setInvoiceLocale', args: () => ({ input: 'it-IT' }), run: (p, a) => setInvoiceLocale(p, a.input) },
      { name: 'markExport', args: () => ({ input: { zeroGross: true } }), run: (p, a) => markExport(p, a.input) },
      { name: 'markPaymentReview', args: () => ({}), run: (p) => markPaymentReview(p) },
      { name: 'recalculateOrderTotals', args: () => ({}), run: (p) => recalculateOrderTotals(p) },
    ];
    const arb = fc.tuple(validOrderArbitrary(version, { fms: true }), fc.nat({ max: ops.length - 1 })).chain(([payload, which]) => {
      const op = ops[which]!;
      const args = op.args(payload);
      const argPaths = pathsOf(args).filter((p) => p[1] !== 'profile');
      const inPayload = fc.constantFrom([] as (string | number)[], ...pathsOf(payload)).map((path) => ({ inArgs: false, path }));
      const targets = argPaths.length === 0 ? inPayload : fc.oneof(fc.constantFrom(...argPaths).map((path) => ({ inArgs: true, path })), inPayload);
      // The test reads the arguments and the payload themselves (not their members): no getters there.
      return fc.tuple(fc.constant({ payload, op, args }), targets).chain(([c, t]) => fc.tuple(fc.constant(c), fc.constant(t), (t.inArgs && t.path.length === 1) || t.path.length === 0 ? argumentSpoilArb : spoilArb));
    });
    fc.assert(
      fc.property(arb, ([{ payload, op, args }, { inArgs, path }, spoil]) => {
        const brokenArgs = inArgs ? spoilt(args, path, spoil) : args;
        const brokenPayload = inArgs ? payload : spoilt(payload, path, spoil);
        expectCleanOrRefused(
          () => op.run(brokenPayload, brokenArgs),
          // A valid payload with spoilt arguments must come out clean; a spoilt payload may keep its own problems.
          (out) => (inArgs ? lintsClean(version, FMS_TEST_PROFILE)(out) : undefined),
        );
      }),
      { numRuns: 400 },
    );
  });

  it('formatOrderDateTime and formatReturnDateTime: a real date in the format, or a named refusal', () => {
    const dateArb = fc.oneof(junkArb, fc.date(), fc.integer(), fc.double(), fc.string().map((s) => `2026-03-01T10:00:00${s}`));
    fc.assert(
      fc.property(dateArb, fc.constantFrom<unknown>('1', '1.1', '1.2', '2', undefined), fc.oneof(junkArb, fc.integer({ min: -900, max: 900 }).map((offsetMinutes) => ({ offsetMinutes }))), (date, version, options) => {
        expectCleanOrRefused(
          () => formatOrderDateTime(date as never, version as never, options as never),
          (text) => expect(isDateInFormat(text, version === '1.2' ? DATE_TIME_UTC : DATE_TIME_OFFSET)).toBe(true),
        );
        expectCleanOrRefused(() => formatReturnDateTime(date as never, options as never), (text) => expect(isDateInFormat(text, DATE_TIME_OFFSET)).toBe(true));
      }),
      { numRuns: 300 },
    );
  });

  it('splitAddressLines: lines within the limit, or a named refusal', () => {
    const addressArb = fc.oneof(junkArb, fc.string({ unit: 'grapheme' }), fc.array(fc.oneof(junkArb, fc.string({ unit: 'grapheme' }))));
    fc.assert(
      fc.property(addressArb, fc.oneof(fc.constant(undefined), fc.integer({ min: -1, max: 50 }), junkArb), (address, max) => {
        expectCleanOrRefused(
          () => splitAddressLines(address as never, max as never),
          (lines) => {
            expect(lines.length).toBeGreaterThan(0);
            for (const [i, l] of lines.entries()) {
              expect(l.line).toBe(String(i + 1));
              expect(codePointLength(l.value)).toBeLessThanOrEqual(typeof max === 'number' ? max : 40);
              expect(l.value.trim()).not.toBe('');
            }
          },
        );
      }),
      { numRuns: 300 },
    );
  });
});

describe('the spoil helpers spoil (a test of the test)', () => {
  it('makes holes, throwing getters and revoked Proxies', () => {
    const value = { a: [1, 2], b: { c: 'x' } };
    expect(1 in spoilt(value, ['a'], { kind: 'hole', at: 1 }).a).toBe(false);
    expect(() => spoilt(value, ['b', 'c'], { kind: 'throwing-getter' }).b.c).toThrow(MARK);
    expect(() => Object.keys(spoilt(value, ['b'], { kind: 'proxy', trap: 'revoked' } as Spoil).b)).toThrow(TypeError);
    expect(value).toEqual({ a: [1, 2], b: { c: 'x' } });
  });
});

