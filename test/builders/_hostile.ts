/**
 * Hostile input for the builders: junk values (wrong types, blank strings, unknown
 * codes, huge strings), array holes, throwing and two-faced getters, and Proxies
 * (throwing traps, revoked), applied at any path of a valid input.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { Problem } from '../../src/lint/types';

/** Marks junk text: a message that contains it echoed a value. */
export const MARK = '§§';

/** Strings that look almost right, or are blank, or are far too long. */
const HOSTILE_STRINGS = [
  '', ' ', '  ', '\t', '\n', '\u00a0', '\u3000', '\u2028', '\u200b',
  'en-XX', 'xx-XX', 'de-de', 'DE-DE', 'de_DE', 'de-DEU', 'XK', 'XKX', 'AA', 'QM', 'XA', 'ZZ', 'ZZZ', 'UK', 'de', 'D', 'DEU',
  'EUR ', 'eur', 'EURO', 'XXX', 'XTS', 'XCG', 'HRK', 'ZWL',
  '1e3', '-0.01', '0x10', '１２', '+1', '1.', '.5', '01.10', '-0', '0', '00', '0.000', '9'.repeat(40),
  '2026-02-30', '2026-02-30T00:00:00Z', '2026-01-01T00:00:00', '2026-01', '2026-01-01T24:00:00 +01.00',
  'a@b', 'a@b.c ', 'a b@c.de', 'https:///x', 'ftp://x.example', 'javascript:alert(1)',
  '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'Meastro', 'Maestro', 'home ', 'BillTo', 'ShipTo',
  'ACME_SHIPCOSTS', 'ACME_DISCOUNT', 'ACME_WEEE', 'FISCAL_CODE', 'PROCESSAUTHSTATUS', 'RMALinePrice',
  'e\u0301'.repeat(30), '😀'.repeat(60), '👨‍👩‍👧‍👦'.repeat(10), '\ud800', 'x'.repeat(100_000), ' x'.repeat(5000),
];

/** Values of every other kind. */
const HOSTILE_VALUES: unknown[] = [
  undefined, null, true, false, 0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53, -0, 10n, -1n, 0n,
  [], {}, [[]], [{}], [null], new Date(Number.NaN), new Date(0), Symbol('junk'), () => 'x', new Map(), Object.create(null),
  new String('x'), new Number(1), /x/, new Uint8Array(2),
];

/** A junk value: one of the lists above, marked text, or anything fast-check makes. */
export const junkArb: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.constantFrom(...HOSTILE_VALUES) },
  { weight: 1, arbitrary: fc.string().map((s) => `${MARK}${s}`) },
  { weight: 1, arbitrary: fc.anything({ withBigInt: true, withDate: true, withNullPrototype: true, withBoxedValues: true, withSparseArray: true }) },
);

/** How a member is spoilt. */
export type Spoil =
  | { kind: 'junk'; junk: unknown }
  | { kind: 'hole'; at: number }
  | { kind: 'longer' }
  | { kind: 'throwing-getter' }
  | { kind: 'two-faced-getter'; junk: unknown }
  | { kind: 'proxy'; trap: 'get' | 'ownKeys' | 'getPrototypeOf' | 'has' | 'getOwnPropertyDescriptor' | 'revoked' | 'none' };

export const spoilArb: fc.Arbitrary<Spoil> = fc.oneof(
  { weight: 6, arbitrary: junkArb.map((junk) => ({ kind: 'junk' as const, junk })) },
  { weight: 2, arbitrary: fc.nat({ max: 5 }).map((at) => ({ kind: 'hole' as const, at })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'longer' as const }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'throwing-getter' as const }) },
  { weight: 1, arbitrary: junkArb.map((junk) => ({ kind: 'two-faced-getter' as const, junk })) },
  {
    weight: 2,
    arbitrary: fc
      .constantFrom('get', 'ownKeys', 'getPrototypeOf', 'has', 'getOwnPropertyDescriptor', 'revoked', 'none')
      .map((trap) => ({ kind: 'proxy' as const, trap: trap as Extract<Spoil, { kind: 'proxy' }>['trap'] })),
  },
);

/** Spoils of a value the test passes itself (an argument): no getter on its holder, which the test would trip. */
export const argumentSpoilArb: fc.Arbitrary<Spoil> = spoilArb.filter((s) => s.kind !== 'throwing-getter' && s.kind !== 'two-faced-getter');

/** Spoils that give the same answer to every read (for values read by the test as well as the builder). */
export const stableSpoilArb: fc.Arbitrary<Spoil> = spoilArb.filter((s) => s.kind === 'junk' || s.kind === 'hole' || s.kind === 'longer');

function boom(): never {
  throw new Error(`${MARK} boom`);
}

/** The spoilt version of `original`, to be stored at `key` of `parent` (a fresh copy). */
function spoilInto(parent: Record<PropertyKey, unknown>, key: PropertyKey, original: unknown, spoil: Spoil): void {
  switch (spoil.kind) {
    case 'junk':
      parent[key] = spoil.junk;
      return;
    case 'hole':
    case 'longer': {
      if (!Array.isArray(original)) {
        parent[key] = [, original];
        return;
      }
      const copy = original.slice();
      if (spoil.kind === 'longer') copy.length += 1;
      else delete copy[spoil.at % Math.max(copy.length, 1)];
      parent[key] = copy;
      return;
    }
    case 'throwing-getter':
      Object.defineProperty(parent, key, { get: boom, enumerable: true, configurable: true });
      return;
    case 'two-faced-getter': {
      let reads = 0;
      Object.defineProperty(parent, key, { get: () => (reads++ === 0 ? original : spoil.junk), enumerable: true, configurable: true });
      return;
    }
    case 'proxy': {
      const target = original !== null && typeof original === 'object' ? original : { value: original };
      if (spoil.trap === 'revoked') {
        const { proxy, revoke } = Proxy.revocable(target, {});
        revoke();
        parent[key] = proxy;
      } else {
        parent[key] = new Proxy(target, spoil.trap === 'none' ? {} : { [spoil.trap]: boom });
      }
    }
  }
}

/** A copy of `value` with the member at `path` spoilt (`[]`: the value itself). */
export function spoilt<T>(value: T, path: readonly (string | number)[], spoil: Spoil): T {
  const holder: Record<string, unknown> = {};
  const walk = (parent: Record<PropertyKey, unknown>, key: PropertyKey, current: unknown, rest: readonly (string | number)[]): void => {
    if (rest.length === 0) {
      spoilInto(parent, key, current, spoil);
      return;
    }
    const [head, ...tail] = rest as [string | number, ...(string | number)[]];
    const copy: any = Array.isArray(current) ? current.slice() : { ...(current as object) };
    parent[key] = copy;
    walk(copy, head, (current as any)[head], tail);
  };
  walk(holder, 'root', value, path);
  return holder.root as T;
}

/** Every path of a JSON-like value, as key lists (Dates are leaves). */
export function pathsOf(value: unknown, prefix: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, child] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key];
      out.push(path);
      pathsOf(child, path, out);
    }
  }
  return out;
}

/** A field path as the builders write it: `lines[2].unitPrice`, `payload.clientRequest.<member>`. */
const FIELD = /^(?:[A-Za-z][A-Za-z0-9]*)(?:\.(?:[A-Za-z][A-Za-z0-9]*|<member>)|\[\d+\])*$/;

/**
 * A builder's own refusal: a TypeError or RangeError whose message starts with the field
 * at fault, says what is wrong in words, echoes no junk and never is the last-line
 * "fulfilkit bug" check or a crash of the JavaScript runtime.
 */
export function expectNamedRefusal(error: unknown): void {
  expect(error).toSatisfy((e: unknown) => e instanceof RangeError || e instanceof TypeError);
  const message = (error as Error).message;
  expect(message).not.toMatch(/fulfilkit bug|would be rejected by the lint engine/);
  expect(message).not.toMatch(/^Cannot |is not a function|is not iterable|revoked|Maximum call stack|Do not know how to serialize|convert a Symbol/);
  expect(message.split(' ')[0]).toMatch(FIELD);
  expect(message).toMatch(/ (is|must|may|has|holds|does|names|repeats|already|applies|could)\b.*\.$/s);
  expect(message).not.toContain(MARK);
  expect(message.length).toBeLessThan(1000);
}

/** Runs a builder: its output must pass `check`, or it must refuse by name. */
export function expectCleanOrRefused<T>(build: () => T, check: (output: T) => void): void {
  let output: T;
  try {
    output = build();
  } catch (error) {
    expectNamedRefusal(error);
    return;
  }
  check(output);
}

/** The problems of severity error. */
export function errorsOf(problems: readonly Problem[]): Problem[] {
  return problems.filter((p) => p.severity === 'error');
}
