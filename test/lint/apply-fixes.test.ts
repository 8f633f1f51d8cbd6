import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyFixes, lintOrder, type Problem } from '../../src/index';
import { fixPayload } from '../../src/lint/apply-fixes';
import { clone, validOrder } from '../fixtures';

/** An order whose payment (and order) use the example-body spellings chosen. */
function spelled(names: readonly string[]): any {
  const order = validOrder('1.1');
  const payment = order.clientRequest.payment;
  const rename = (obj: Record<string, unknown>, from: string, to: string) => {
    const entries = Object.entries(obj);
    if (!(from in obj)) entries.push([from, 'X-1']);
    for (const key of Object.keys(obj)) delete obj[key];
    for (const [k, v] of entries) obj[k === from ? to : k] = v;
  };
  if (names.includes('transactionId')) rename(payment, 'transactionID', 'transactionId');
  if (names.includes('entityId')) rename(payment, 'entityID', 'entityId');
  if (names.includes('datetimeWantedDeliveryDate')) rename(order.clientRequest.order, 'dateTimeWantedDeliveryDate', 'datetimeWantedDeliveryDate');
  return order;
}

const deepFreeze = <T>(value: T): T => {
  if (value !== null && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

describe('applyFixes', () => {
  it('renames each example-body spelling to the schema member, in its place among its siblings', () => {
    const order = spelled(['transactionId', 'datetimeWantedDeliveryDate']);
    const keys = Object.keys(order.clientRequest.payment);
    const fixed = applyFixes(order, lintOrder(order, { version: '1.1' })) as any;
    expect(Object.keys(fixed.clientRequest.payment)).toEqual(keys.map((k) => (k === 'transactionId' ? 'transactionID' : k)));
    expect(fixed.clientRequest.payment.transactionID).toBe(order.clientRequest.payment.transactionId);
    expect(fixed.clientRequest.order.dateTimeWantedDeliveryDate).toBe(order.clientRequest.order.datetimeWantedDeliveryDate);
    expect(lintOrder(fixed, { version: '1.1' }).filter((p) => p.rule === 'spelling')).toEqual([]);
  });

  it('never modifies its input, and returns a new payload even when nothing is fixed', () => {
    const order = deepFreeze(spelled(['entityId']));
    const before = JSON.stringify(order);
    const fixed = applyFixes(order, lintOrder(order, { version: '1.1' }));
    expect(JSON.stringify(order)).toBe(before);
    expect(fixed).not.toBe(order);
    const clean = deepFreeze(validOrder('1.1'));
    expect(applyFixes(clean, [])).toEqual(clean);
    expect(applyFixes(clean, [])).not.toBe(clean);
  });

  it('leaves both members (and the problem) when the schema spelling is already there', () => {
    const order = spelled(['transactionId']);
    order.clientRequest.payment.transactionID = 'T-2';
    const problems = lintOrder(order, { version: '1.1' });
    expect(problems.some((p) => p.rule === 'spelling')).toBe(true);
    const fixed = applyFixes(order, problems) as any;
    expect(fixed).toEqual(order);
    expect(fixPayload(order, problems).renames).toEqual([]);
  });

  it('ignores problems without a fix, and fixes whose member is not there', () => {
    const payload = { a: { b: 1 } };
    const problems: Problem[] = [
      { rule: 'enum', severity: 'error', path: '/a/b', message: 'x' },
      { rule: 'spelling', severity: 'warn', path: '/a/nope', message: 'x', fix: { kind: 'rename-member', to: 'c' } },
      { rule: 'spelling', severity: 'warn', path: '/missing/b', message: 'x', fix: { kind: 'rename-member', to: 'c' } },
      { rule: 'spelling', severity: 'warn', path: 'not a pointer', message: 'x', fix: { kind: 'rename-member', to: 'c' } },
    ];
    expect(applyFixes(payload, problems)).toEqual(payload);
    expect(applyFixes(42, problems)).toBe(42);
  });

  it('follows array indexes and escaped pointer tokens, and keeps a __proto__ member as data', () => {
    const payload = JSON.parse('{"list": [{"a/b": 1, "__proto__": {"x": 1}}]}');
    const fixed = applyFixes(payload, [{ rule: 'spelling', severity: 'warn', path: '/list/0/a~1b', message: 'x', fix: { kind: 'rename-member', to: 'ab' } }]) as any;
    expect(Object.keys(fixed.list[0])).toEqual(['ab', '__proto__']);
    expect(Object.getPrototypeOf(fixed.list[0])).toBe(Object.prototype);
    expect(fixed.list[0].__proto__).toEqual({ x: 1 });
  });

  it('shares untouched branches and copies the path of each fix', () => {
    const order = spelled(['transactionId']);
    const fixed = applyFixes(order, lintOrder(order, { version: '1.1' })) as any;
    expect(fixed.clientRequest.payment).not.toBe(order.clientRequest.payment);
    expect(fixed.clientRequest.partner).toBe(order.clientRequest.partner);
  });

  it('law: fixing removes every spelling problem that has no twin, and changes nothing else', () => {
    const names = ['transactionId', 'entityId', 'datetimeWantedDeliveryDate'];
    fc.assert(
      fc.property(fc.subarray(names), (chosen) => {
        const order = spelled(chosen);
        const input = clone(order);
        const problems = lintOrder(order, { version: '1.1' });
        const fixed = applyFixes(order, problems);
        expect(order).toEqual(input);
        const after = lintOrder(fixed, { version: '1.1' });
        expect(after.filter((p) => p.rule === 'spelling')).toEqual([]);
        const others = (list: Problem[]) => list.filter((p) => p.rule !== 'spelling').map((p) => p.rule);
        expect(others(after)).toEqual(others(problems));
      }),
    );
  });
});

describe('applyFixes on what lint survives (audit)', () => {
  const throwing = () => {
    throw new Error('trap');
  };
  const revoked = () => {
    const { proxy, revoke } = Proxy.revocable({}, {});
    revoke();
    return proxy;
  };
  it.each([
    ['a Proxy whose traps throw', () => new Proxy(validOrder('1.1'), { get: throwing, ownKeys: throwing, getPrototypeOf: throwing })],
    ['a root with a throwing getter', () => Object.defineProperty({}, 'clientRequest', { get: throwing, enumerable: true })],
    ['a revoked Proxy', revoked],
    ['an order whose payment lint reads but the fix cannot (its ownKeys throws the second time)', () => {
      const order = spelled(['transactionId']);
      let calls = 0;
      order.clientRequest.payment = new Proxy(order.clientRequest.payment, {
        ownKeys: (target) => (calls++ === 0 ? Reflect.ownKeys(target) : throwing()),
      });
      return order;
    }],
  ])('returns %s as it is, unfixed, and does not throw', (_name, make) => {
    const payload = make();
    const problems = lintOrder(payload, { version: '1.1' });
    expect(applyFixes(payload, problems)).toBe(payload);
  });

  it('still refuses problems that are not an array', () => {
    expect(() => applyFixes(revoked(), 'nope' as unknown as Problem[])).toThrow(TypeError);
  });

  it('reads members as lint does: a hidden member is absent, so the fix lint offers is made', () => {
    const order = spelled(['transactionId']);
    Object.defineProperty(order.clientRequest.payment, 'transactionID', { value: 'HIDDEN', enumerable: false });
    const problems = lintOrder(order, { version: '1.1' });
    expect(problems.some((p) => p.rule === 'spelling' && p.path === '/clientRequest/payment/transactionId')).toBe(true);
    const fixed = applyFixes(order, problems) as any;
    expect(fixed.clientRequest.payment.transactionID).toBe(order.clientRequest.payment.transactionId);
    expect(lintOrder(fixed, { version: '1.1' }).filter((p) => p.rule === 'spelling')).toEqual([]);
  });
});

describe('fixPayload writes each renamed object once', () => {
  const rename = (path: string, to: string): Problem => ({ rule: 'custom', severity: 'warn', path, message: 'x', fix: { kind: 'rename-member', to } });

  it('applies renames in turn: a member may take the name another gave up, in its place', () => {
    const { payload } = fixPayload({ o: { a: 1, c: 3, d: 4 } }, [rename('/o/a', 'b'), rename('/o/c', 'a'), rename('/o/b', 'e')]);
    expect(payload).toEqual({ o: { e: 1, a: 3, d: 4 } });
    expect(Object.keys((payload as { o: object }).o)).toEqual(['e', 'a', 'd']);
  });

  it('walks through an object renamed in before (its members found by their names now)', () => {
    const { payload } = fixPayload({ p: { q: { r: 1 } } }, [rename('/p/q', 's'), rename('/p/s/r', 't')]);
    expect(payload).toEqual({ p: { s: { t: 1 } } });
  });

  it('takes time in proportion to the renames (8 times as many in one object: well under 30 times the time)', () => {
    const time = (n: number) => {
      const object = Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, i]));
      const problems = Array.from({ length: n }, (_, i) => rename(`/o/k${i}`, `m${i}`));
      let best = Infinity;
      for (let round = 0; round < 3; round++) {
        const start = performance.now();
        fixPayload({ o: object }, problems);
        best = Math.min(best, performance.now() - start);
      }
      return best;
    };
    time(500);
    // Quadratic (an object rebuilt per rename) would be 64 times.
    expect(time(8_000) / time(1_000)).toBeLessThan(30);
  });
});
