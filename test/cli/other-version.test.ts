/**
 * Whether an order with errors has fewer as another version (src/cli/other-version.ts), as
 * the CLI's run note and the console's playground ask it.
 */
import { describe, expect, it } from 'vitest';
import { lintBounded } from '../../src/lint/engine';
import { errorsOf, fewerErrorsAs, isTried, otherVersionsThan } from '../../src/cli/other-version';
import { ORDER_VERSIONS } from '../../src/schema/tables';
import { PROFILE, validOrder } from '../fixtures';

/** A v1.1 order with two errors that no version forgives (a name over 20 characters, an unknown country). */
function wrongInEveryVersion() {
  const order = validOrder('1.1');
  order.clientRequest.partner[0].personData.firstName = 'A'.repeat(21);
  order.clientRequest.partner[0].addressData.countryISO2 = 'QQ';
  return order;
}
const errorsAs = (order: unknown, version: '1' | '1.1' | '1.2') => errorsOf(lintBounded('order', order, { version }, { maxProblems: 1, warnings: false }));

describe('otherVersionsThan', () => {
  it.each(ORDER_VERSIONS.map((v) => [v]))('gives every version but %s, newest first, with the options it was given', (version) => {
    const others = otherVersionsThan({ version, profile: PROFILE });
    expect(others.map((o) => o.version)).toEqual(ORDER_VERSIONS.filter((v) => v !== version).reverse());
    for (const { version: v, options } of others) expect(options).toEqual({ version: v, profile: PROFILE });
  });
});

describe('isTried', () => {
  it('takes the 1st, 2nd, 4th, 8th, ... order with errors, and nothing before the first', () => {
    expect(Array.from({ length: 17 }, (_, n) => n).filter(isTried)).toEqual([1, 2, 4, 8, 16]);
  });
});

describe('errorsOf', () => {
  it('counts errors listed and counted, never warnings', () => {
    const order = wrongInEveryVersion();
    (order.clientRequest.payment as Record<string, unknown>).transactionId = 'T'; // a spelling warning
    const all = lintBounded('order', order, { version: '1.1' }, { maxProblems: 1000, warnings: true });
    const errors = all.problems.filter((p) => p.severity === 'error').length;
    expect(all.problems.length).toBeGreaterThan(errors);
    expect(errorsOf(all)).toBe(errors);
    expect(errorsOf(lintBounded('order', order, { version: '1.1' }, { maxProblems: 1, warnings: true }))).toBe(errors);
  });
});

describe('fewerErrorsAs', () => {
  it('names the version where a v1.2 order linted as v1.1 has no error', () => {
    const order = validOrder('1.2');
    const errors = errorsAs(order, '1.1');
    expect(errors).toBeGreaterThan(0);
    expect(fewerErrorsAs(order, errors, otherVersionsThan({ version: '1.1' }))).toEqual({ version: '1.2', errors: 0 });
  });

  it('names none when every version has as many errors', () => {
    const order = wrongInEveryVersion();
    expect(fewerErrorsAs(order, errorsAs(order, '1.1'), otherVersionsThan({ version: '1.1' }))).toBeUndefined();
  });

  it('a tie between two other versions goes to the newer', () => {
    // A v1 order has errors as v1.2 and none as v1 or v1.1.
    const order = validOrder('1');
    expect(errorsAs(order, '1')).toBe(0);
    expect(errorsAs(order, '1.1')).toBe(0);
    expect(fewerErrorsAs(order, errorsAs(order, '1.2'), otherVersionsThan({ version: '1.2' }))).toEqual({ version: '1.1', errors: 0 });
  });

  it('never throws, whatever arrives', () => {
    for (const value of [null, [], 'x', 1, Object.create(null), { clientRequest: new Proxy({}, { get: () => { throw new Error('boom'); } }) }]) {
      expect(() => fewerErrorsAs(value, 5, otherVersionsThan({ version: '1.1' }))).not.toThrow();
    }
  });
});
