/**
 * One profile check for the whole test kit: the arbitraries checked a profile as the
 * builders do, the matchers and validators as `--profile` does, so an arbitrary built with
 * `{ ...profile, note }` or `fms: null` made samples that `toBeValidOrder` then refused to
 * lint with the same profile. Now every part runs the `--profile` check first (the
 * arbitraries add the builders' checks after it), and a returns-only profile (no
 * `clientCode`) works for returns everywhere.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lintReturn } from '../../src/lint/engine';
import type { ClientProfile } from '../../src/lint/types';
import { validOrderArbitrary, validReturnArbitrary } from '../../src/testing/arbitraries';
import { orderValidator, returnValidator } from '../../src/testing/standard-schema';
import { toBeValidOrder, toBeValidReturn } from '../../src/testing/vitest';

/** What a call throws, as `{ name, message }`; undefined when it returns. */
function refusal(call: () => unknown): { name: string; message: string } | undefined {
  try {
    call();
    return undefined;
  } catch (error) {
    return { name: (error as Error).constructor.name, message: (error as Error).message };
  }
}

/** The kit's parts that take a profile, per kind: the arbitrary, then the parts that lint with it. */
const PARTS = {
  order: {
    arbitrary: (profile: unknown) => validOrderArbitrary('1.1', { profile: profile as ClientProfile }),
    others: {
      toBeValidOrder: (profile: unknown) => toBeValidOrder({}, '1.1', { profile: profile as ClientProfile }),
      orderValidator: (profile: unknown) => orderValidator({ version: '1.1', profile: profile as ClientProfile }),
    },
  },
  return: {
    arbitrary: (profile: unknown) => validReturnArbitrary({ profile: profile as ClientProfile }),
    others: {
      toBeValidReturn: (profile: unknown) => toBeValidReturn({}, { profile: profile as ClientProfile }),
      returnValidator: (profile: unknown) => returnValidator({ profile: profile as ClientProfile }),
    },
  },
} as const;

const ACME = { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] };

describe('one profile check for the arbitraries, the matchers and the validators', () => {
  it.each([
    ['an extra member', { ...ACME, note: 'x' }, 'RangeError', 'options.profile has an unknown member "note"'],
    ['fms: null', { ...ACME, fms: null }, 'TypeError', 'options.profile.fms must be true or false.'],
    ['returnReasons: null', { ...ACME, returnReasons: null }, 'TypeError', 'options.profile.returnReasons must be an array of non-empty strings.'],
    ['a client that is a number', { ...ACME, client: 5 }, 'TypeError', 'options.profile.client must be a non-empty string.'],
    ['a null profile', null, 'TypeError', 'options.profile must be a JSON object'],
  ])('%s: refused by every part, with the same message', (_what, profile, name, message) => {
    for (const kind of ['order', 'return'] as const) {
      const { arbitrary, others } = PARTS[kind];
      expect(refusal(() => arbitrary(profile))).toEqual({ name, message: expect.stringContaining(message) });
      for (const [caller, part] of Object.entries(others)) {
        expect(refusal(() => part(profile))).toEqual({ name, message: expect.stringContaining(`${caller}: ${message}`) });
      }
    }
  });

  it('a profile an arbitrary takes, the matchers and validators of its kind take; one they refuse, it refuses with their message', () => {
    const some = <T>(...values: T[]) => fc.constantFrom(...values);
    // Mostly good members, now and then one that the --profile check or the builders refuse.
    const member = (good: unknown[], bad: unknown[]) => fc.oneof({ weight: 6, arbitrary: some(...good) }, { weight: 1, arbitrary: some(...bad) });
    const profiles = fc
      .tuple(
        fc.record(
          {
            client: member(['ACME'], [' ', 'C'.repeat(41), 5, null, '']),
            clientCode: member(['ACME'], ['AC ME', '', null]),
            shippingCostSku: member(['ACME_SHIP'], ['', null, 'S'.repeat(19)]),
            fms: member([true, false], [null, 'yes']),
            returnReasons: member([['damaged']], [[], [' '], ['damaged', 1], null, 'damaged']),
          },
          { requiredKeys: ['client'], noNullPrototype: true },
        ),
        fc.option(some('x'), { freq: 8, nil: undefined }),
      )
      .map(([profile, note]) => (note === undefined ? profile : { ...profile, note }));
    const seen = new Set<string>();
    fc.assert(
      fc.property(profiles, some('order' as const, 'return' as const), (profile, kind) => {
        const { arbitrary, others } = PARTS[kind];
        const built = refusal(() => arbitrary(profile));
        for (const [caller, part] of Object.entries(others)) {
          const other = refusal(() => part(profile));
          if (built === undefined) expect(other).toBeUndefined();
          if (other !== undefined) expect(built).toEqual({ name: other.name, message: other.message.replace(`${caller}: `, '') });
          seen.add(`${kind} ${built === undefined} ${other === undefined}`);
        }
      }),
      // Besides the random runs, one profile of each outcome for each kind, whatever the seed.
      { numRuns: 400, examples: [ACME, { ...ACME, client: ' ' }, { ...ACME, note: 'x' }].flatMap((profile) => [[profile, 'order'], [profile, 'return']] as [typeof profile, 'order' | 'return'][]) },
    );
    // Not vacuous: taken by all, refused by all, and refused by the arbitrary alone (the builders' own checks).
    expect([...seen].sort()).toEqual(['order false false', 'order false true', 'order true true', 'return false false', 'return false true', 'return true true']);
  });
});

describe('a returns-only profile (no clientCode)', () => {
  const returnsOnly = { client: 'ACME', returnReasons: ['damaged', 'wrong-size'] };

  it('builds valid return requests, which the matcher and lint take with that profile', () => {
    for (const payload of fc.sample(validReturnArbitrary({ profile: returnsOnly }), { numRuns: 20, seed: 4 })) {
      expect(lintReturn(payload, { profile: returnsOnly as never })).toEqual([]);
      expect(toBeValidReturn(payload, { profile: returnsOnly }).pass).toBe(true);
      expect(returnsOnly.returnReasons).toContain(payload.rma.returnReason);
    }
  });

  it('is still refused for orders, which need clientCode for the shipping-cost SKU', () => {
    expect(refusal(() => validOrderArbitrary('1.1', { profile: returnsOnly as never }))?.message).toBe('options.profile needs a clientCode (a non-empty string).');
    expect(refusal(() => toBeValidOrder({}, '1.1', { profile: returnsOnly as never }))?.message).toBe('toBeValidOrder: options.profile needs a clientCode (a non-empty string).');
  });
});
