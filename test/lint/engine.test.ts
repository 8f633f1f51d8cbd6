import { describe, expect, it } from 'vitest';
import { lintBatch, lintOrder, lintReturn } from '../../src/lint/engine';
import type { LintOptions, Problem } from '../../src/lint/types';
import { FMS_PROFILE, PROFILE, change, clone, set, validOrder, validReturn } from '../fixtures';

const CR = '/clientRequest';
const VERSIONS = ['1', '1.1', '1.2'] as const;
const summary = (problems: Problem[]) => problems.map((p) => `${p.severity} ${p.rule} ${p.path}`).sort();

/** Freezes a value and everything reachable from it. */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  }
  return value;
}

// One invalid payload that touches many rules at once.
const messyOrder = () =>
  change(validOrder('1.1'), {
    [`${CR}/order/shipServiceLevel`]: 'EXPRESS',
    [`${CR}/order/giftWrap`]: true,
    [`${CR}/item/1/itemId`]: '7',
    [`${CR}/partner/0/personData/firstName`]: 'x'.repeat(30),
    [`${CR}/payment/status`]: 'paid',
  });

describe('problem shape', () => {
  it('gives every problem rule, severity, path and message', () => {
    for (const p of lintOrder(messyOrder(), { version: '1.1', profile: FMS_PROFILE })) {
      expect(typeof p.rule).toBe('string');
      expect(['error', 'warn']).toContain(p.severity);
      expect(p.path === '' || p.path.startsWith('/')).toBe(true);
      expect(p.message).toMatch(/^[A-Za-z0-9].*\.$/s);
    }
  });

  it.each(VERSIONS)('reports nothing for the valid v%s fixture, with and without profiles', (version) => {
    expect(lintOrder(validOrder(version), { version })).toEqual([]);
    expect(lintOrder(validOrder(version), { version, profile: PROFILE })).toEqual([]);
    expect(lintOrder(validOrder(version), { version, profile: FMS_PROFILE })).toEqual([]);
  });

  it('reports nothing for the valid return fixture, with and without profiles', () => {
    expect(lintReturn(validReturn())).toEqual([]);
    expect(lintReturn(validReturn(), { profile: PROFILE })).toEqual([]);
    expect(lintReturn(validReturn(), { profile: FMS_PROFILE })).toEqual([]);
  });
});

describe('severity overrides', () => {
  const payload = set(validOrder(), `${CR}/order/shipServiceLevel`, 'EXPRESS');

  it('uses the default severity without overrides', () => {
    expect(summary(lintOrder(payload, { version: '1.1' }))).toEqual([`error enum ${CR}/order/shipServiceLevel`]);
  });

  it('turns an error into a warning', () => {
    expect(summary(lintOrder(payload, { version: '1.1', rules: { enum: 'warn' } }))).toEqual([`warn enum ${CR}/order/shipServiceLevel`]);
  });

  it('turns a warning into an error', () => {
    const p = set(validOrder(), `${CR}/order/giftWrap`, true);
    expect(summary(lintOrder(p, { version: '1.1', rules: { 'unknown-field': 'error' } }))).toEqual([`error unknown-field ${CR}/order/giftWrap`]);
  });

  it('turns rules off, structural and business rules alike', () => {
    const p = change(validOrder(), { [`${CR}/order/shipServiceLevel`]: 'EXPRESS', [`${CR}/item/1/itemId`]: '7' });
    expect(summary(lintOrder(p, { version: '1.1' })).map((s) => s.split(' ')[1])).toEqual(['enum', 'item-ids']);
    expect(lintOrder(p, { version: '1.1', rules: { enum: 'off', 'item-ids': 'off' } })).toEqual([]);
  });

  it('turns off return rules too', () => {
    const p = set(validReturn(), '/rma/clientReturnURL', 'nope');
    expect(summary(lintReturn(p))).toEqual(['error url-format /rma/clientReturnURL']);
    expect(lintReturn(p, { rules: { 'url-format': 'off' } })).toEqual([]);
    expect(summary(lintReturn(p, { rules: { 'url-format': 'warn' } }))).toEqual(['warn url-format /rma/clientReturnURL']);
  });

  it('ignores unknown rule ids and unknown levels', () => {
    const rules = { 'no-such-rule': 'off', enum: 'fatal' } as unknown as LintOptions['rules'];
    expect(summary(lintOrder(payload, { version: '1.1', rules }))).toEqual([`error enum ${CR}/order/shipServiceLevel`]);
  });

  it('ignores a rules option that is not an object', () => {
    const rules = 'off' as unknown as LintOptions['rules'];
    expect(summary(lintOrder(payload, { version: '1.1', rules }))).toEqual([`error enum ${CR}/order/shipServiceLevel`]);
  });

  it('sees in-place changes to an overrides object that served many calls (its test is then generated code)', () => {
    const ENUM = `${CR}/order/shipServiceLevel`;
    const p = change(validOrder(), { [ENUM]: 'EXPRESS', [`${CR}/item/1/itemId`]: '7' });
    const rules: Record<string, unknown> = { totals: 'error', 'item-ids': 'warn', enum: 'warn' };
    const options = { version: '1.1' as const, rules: rules as LintOptions['rules'] };
    const serve = (expected: string[]) => {
      // Past the number of calls after which the overrides' test is generated, and then some.
      for (let i = 0; i < 40; i++) expect(summary(lintOrder(p, options))).toEqual(expected);
    };
    const ITEM = `${CR}/item/1/itemId`;
    serve([`warn enum ${ENUM}`, `warn item-ids ${ITEM}`]);
    rules.enum = 'error';
    serve([`error enum ${ENUM}`, `warn item-ids ${ITEM}`]);
    delete rules['item-ids'];
    serve([`error enum ${ENUM}`, `error item-ids ${ITEM}`]);
    rules['item-ids'] = 'off';
    serve([`error enum ${ENUM}`]);
    delete rules.enum;
    serve([`error enum ${ENUM}`]);
    // A key renamed, its value kept; then the same entries in another order.
    delete rules['item-ids'];
    rules.enum = 'off';
    serve([`error item-ids ${ITEM}`]);
    delete rules.totals;
    rules.totals = 'error';
    serve([`error item-ids ${ITEM}`]);
  });

  it('tells two overrides objects used in turns apart, and reads any text value as text (its test is generated code)', () => {
    const ENUM = `${CR}/order/shipServiceLevel`;
    // Text that would end a string literal or a line in generated code: no level, so ignored.
    const odd = { enum: 'warn"; return true; "', totals: 'x\n\u2028\\' } as unknown as LintOptions['rules'];
    const warn = { enum: 'warn' } as LintOptions['rules'];
    for (let i = 0; i < 40; i++) {
      expect(summary(lintOrder(payload, { version: '1.1', rules: odd }))).toEqual([`error enum ${ENUM}`]);
      expect(summary(lintOrder(payload, { version: '1.1', rules: warn }))).toEqual([`warn enum ${ENUM}`]);
    }
    (odd as Record<string, unknown>).enum = 'off';
    expect(lintOrder(payload, { version: '1.1', rules: odd })).toEqual([]);
    expect(summary(lintOrder(payload, { version: '1.1', rules: warn }))).toEqual([`warn enum ${ENUM}`]);
  });

  it('sees changes to a reused options object between calls', () => {
    const options: { version: '1.1'; rules?: LintOptions['rules']; profile?: LintOptions['profile'] } = { version: '1.1' };
    expect(lintOrder(payload, options)).toHaveLength(1);
    options.rules = { enum: 'off' };
    expect(lintOrder(payload, options)).toEqual([]);
    options.rules.enum = 'warn';
    expect(summary(lintOrder(payload, options))).toEqual([`warn enum ${CR}/order/shipServiceLevel`]);
    const paid = set(validOrder(), `${CR}/payment/status`, 'paid');
    expect(lintOrder(paid, options)).toEqual([]);
    options.profile = FMS_PROFILE;
    expect(summary(lintOrder(paid, options))).toEqual([`error payment-status ${CR}/payment/status`]);
  });
});

describe('profile gating', () => {
  const paid = set(validOrder(), `${CR}/payment/status`, 'paid');

  it('runs FMS-only rules only when profile.fms is true', () => {
    expect(lintOrder(paid, { version: '1.1' })).toEqual([]);
    expect(lintOrder(paid, { version: '1.1', profile: PROFILE })).toEqual([]);
    expect(lintOrder(paid, { version: '1.1', profile: { ...FMS_PROFILE, fms: false } })).toEqual([]);
    expect(summary(lintOrder(paid, { version: '1.1', profile: FMS_PROFILE }))).toEqual([`error payment-status ${CR}/payment/status`]);
  });

  it('requires payment.status only when the operator handles payments (FMS)', () => {
    const noStatus = set(validOrder(), `${CR}/payment/status`, undefined);
    expect(lintOrder(noStatus, { version: '1.1', profile: PROFILE })).toEqual([]);
    expect(summary(lintOrder(noStatus, { version: '1.1', profile: FMS_PROFILE }))).toEqual([`error required ${CR}/payment/status`]);
  });

  it('skips rules whose profile member is absent', () => {
    const other = set(validOrder(), `${CR}/requestHeader/client`, 'OTHER');
    expect(lintOrder(other, { version: '1.1' })).toEqual([]);
    expect(summary(lintOrder(other, { version: '1.1', profile: PROFILE }))).toEqual([`error client-name ${CR}/requestHeader/client`]);
    const noClient = { ...PROFILE, client: '' };
    expect(lintOrder(other, { version: '1.1', profile: noClient })).toEqual([]);
  });

  it('skips return-reason without profile.returnReasons', () => {
    const p = set(validReturn(), '/rma/returnReason', 'bored');
    expect(lintReturn(p)).toEqual([]);
    expect(lintReturn(p, { profile: { client: 'ACME', clientCode: 'ACME' } })).toEqual([]);
    expect(summary(lintReturn(p, { profile: PROFILE }))).toEqual(['error return-reason /rma/returnReason']);
  });
});

describe('version and kind options', () => {
  it.each([undefined, null, {}, { version: '2' }, { version: 1.1 }, { version: 'v1.1' }, { version: '1.10' }])(
    'lintOrder throws a TypeError for options %j',
    (options) => {
      expect(() => lintOrder(validOrder(), options as never)).toThrow(TypeError);
    },
  );

  it('lintBatch validates kind and version', () => {
    expect(() => lintBatch([], { kind: 'invoice' } as never)).toThrow(TypeError);
    expect(() => lintBatch([], { kind: 'order' } as never)).toThrow(TypeError);
    expect(() => lintBatch([], { kind: 'order', version: '3' } as never)).toThrow(TypeError);
    expect(() => lintBatch([], null as never)).toThrow(TypeError);
  });

  it('lintReturn accepts no options, or options that are not an object', () => {
    expect(lintReturn(validReturn())).toEqual([]);
    expect(lintReturn(validReturn(), null as never)).toEqual([]);
  });

  it('lints an order of one version as another (the version decides the rules)', () => {
    expect(summary(lintOrder(validOrder('1.2'), { version: '1.1' }))).toContain(`error date-format ${CR}/order/dateTimeWantedDeliveryDate`);
    expect(summary(lintOrder(validOrder('1.1'), { version: '1' }))).toContain(`error version-field ${CR}/order/poNumber`);
  });
});

describe('lintBatch', () => {
  it('returns one problem list per payload, in input order, each equal to a single lint', () => {
    const payloads = [validOrder(), set(messyOrder(), `${CR}/requestHeader/requestReference`, 'REQ-2'), null, validOrder().clientRequest];
    const results = lintBatch(payloads, { kind: 'order', version: '1.1', profile: FMS_PROFILE });
    expect(results).toHaveLength(4);
    payloads.forEach((p, i) => expect(results[i]).toEqual(lintOrder(p, { version: '1.1', profile: FMS_PROFILE })));
  });

  it('returns [] for an empty batch and works for returns', () => {
    expect(lintBatch([], { kind: 'return' })).toEqual([]);
    const second = change(validReturn(), { '/item': [], '/requestHeader/requestReference': 'RMA-REQ-2' });
    const results = lintBatch([validReturn(), second], { kind: 'return' });
    expect(results.map(summary)).toEqual([[], ['error items-present /item']]);
  });

  it('adds duplicate-request-reference across payloads', () => {
    const results = lintBatch([validOrder(), validOrder()], { kind: 'order', version: '1.1' });
    expect(results.map(summary)).toEqual([[], [`error duplicate-request-reference ${CR}/requestHeader/requestReference`]]);
  });
});

/** A Proxy whose every trap throws. */
const hostile = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('get');
      },
      has() {
        throw new Error('has');
      },
      ownKeys() {
        throw new Error('ownKeys');
      },
      getOwnPropertyDescriptor() {
        throw new Error('getOwnPropertyDescriptor');
      },
      getPrototypeOf() {
        throw new Error('getPrototypeOf');
      },
    },
  );
const revoked = () => {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
};

function deeplyNested(depth: number): unknown {
  let value: unknown = 'leaf';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

const MB = 1 << 20;
const STRANGE: [string, () => unknown][] = [
  ['null', () => null],
  ['undefined', () => undefined],
  ['a number', () => 42],
  ['NaN', () => NaN],
  ['a string', () => 'clientRequest'],
  ['a boolean', () => true],
  ['a bigint', () => 10n],
  ['a symbol', () => Symbol('x')],
  ['a function', () => () => 1],
  ['an array', () => [validOrder()]],
  ['a Date', () => new Date(0)],
  ['a Map', () => new Map([['clientRequest', validOrder().clientRequest]])],
  ['an object without prototype', () => Object.assign(Object.create(null), clone(validOrder()), clone(validReturn()))],
  ['a Proxy that throws', hostile],
  ['a revoked Proxy', revoked],
  ['a clientRequest that is a throwing Proxy', () => ({ clientRequest: hostile() })],
  ['an item list that is a revoked Proxy', () => set(validOrder(), `${CR}/item`, revoked())],
  ['a partner that is a throwing Proxy', () => set(validOrder(), `${CR}/partner/0`, hostile())],
  [
    'a throwing getter',
    () =>
      Object.defineProperty({}, 'clientRequest', {
        enumerable: true,
        get() {
          throw new Error('getter');
        },
      }),
  ],
  ['__proto__ members from JSON.parse', () => JSON.parse('{"__proto__": {"x":1}, "clientRequest": {"__proto__": {"item": []}, "item": {"__proto__": null}}}')],
  ['__proto__ in a return', () => JSON.parse('{"__proto__": {"x":1}, "rma": {"__proto__": {"returnReason": 1}}}')],
  ['a constructor member', () => JSON.parse('{"clientRequest": {"constructor": {"prototype": 1}, "hasOwnProperty": 1, "toString": 2}}')],
  ['deep nesting (depth 10000)', () => deeplyNested(10_000)],
  [
    'deep nesting inside the order',
    () => {
      const p = validOrder();
      p.clientRequest.order.note = deeplyNested(10_000);
      p.clientRequest.item[0].dynamicField = deeplyNested(10_001);
      p.clientRequest.partner[1] = deeplyNested(10_000);
      p.clientRequest.order.extra = deeplyNested(10_000);
      return p;
    },
  ],
  [
    'deep nesting inside the return',
    () => {
      const p = validReturn();
      p.rma.dynamicField = deeplyNested(10_000);
      p.partner = deeplyNested(10_001);
      p.item[0].amount = deeplyNested(10_000);
      return p;
    },
  ],
  ['a 1 MB string in every string of an order', () => JSON.parse(JSON.stringify(validOrder()).replace(/:"[^"]*"/g, `:"${'x'.repeat(MB)}"`))],
  ['a 1 MB emoji string', () => set(validOrder(), `${CR}/partner/0/personData/firstName`, '😀'.repeat(MB / 2))],
  ['a 1 MB member name', () => set(validOrder(), `${CR}/order/${'k'.repeat(MB)}`, 1)],
  ['a sparse item array', () => set(validOrder(), `${CR}/item`, [, validOrder().clientRequest.item[0]])], // eslint-disable-line no-sparse-arrays
  ['10 000 items', () => set(validOrder(), `${CR}/item`, Array.from({ length: 10_000 }, () => validOrder().clientRequest.item[0]))],
];

describe('lint never throws', () => {
  it.each(STRANGE)('for %s', (_name, make) => {
    for (const version of VERSIONS) {
      const problems = lintOrder(make(), { version, profile: FMS_PROFILE });
      expect(Array.isArray(problems)).toBe(true);
      expect(lintOrder(make(), { version })).toBeInstanceOf(Array);
    }
    expect(lintReturn(make())).toBeInstanceOf(Array);
    expect(lintReturn(make(), { profile: FMS_PROFILE })).toBeInstanceOf(Array);
    expect(lintBatch([make(), make()], { kind: 'order', version: '1.2', profile: FMS_PROFILE })).toHaveLength(2);
    expect(lintBatch([make(), make()], { kind: 'return', profile: FMS_PROFILE })).toHaveLength(2);
  });

  it('reports a value that is not an object as one type problem at the root', () => {
    for (const value of [null, undefined, 42, 'x', true, [validOrder()]]) {
      expect(summary(lintOrder(value, { version: '1.1' }))).toEqual(['error type ']);
      expect(summary(lintReturn(value))).toEqual(['error type ']);
    }
  });

  it('reports an unreadable payload as a type problem instead of throwing', () => {
    const problems = lintOrder({ clientRequest: hostile() }, { version: '1.1' });
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((p) => p.rule === 'type')).toBe(true);
  });

  it('reports a 1 MB string as too long without echoing it', () => {
    const problems = lintOrder(set(validOrder(), `${CR}/partner/0/personData/firstName`, 'x'.repeat(MB)), { version: '1.1' });
    expect(summary(problems)).toEqual([`error max-length ${CR}/partner/0/personData/firstName`]);
    expect(problems[0]!.message.length).toBeLessThan(200);
  });
});

describe('lint never modifies its input', () => {
  const inputs: [string, () => unknown, 'order' | 'return'][] = [
    ...VERSIONS.map((v): [string, () => unknown, 'order'] => [`valid v${v} order`, () => validOrder(v), 'order']),
    ['messy order', messyOrder, 'order'],
    ['order with example spellings and response members', () => change(validOrder(), { [`${CR}/payment/entityId`]: 'E', [`${CR}/order/orderId`]: null, [`${CR}/item`]: [] }), 'order'],
    ['unwrapped order', () => validOrder().clientRequest, 'order'],
    ['valid return', validReturn, 'return'],
    ['broken return', () => change(validReturn(), { '/rma/amount': [], '/item/0/quantity/value': -1, '/partner/0/personData/phone/1': { value: 'x' } }), 'return'],
    ['__proto__ members', () => JSON.parse('{"__proto__": {"x":1}, "clientRequest": {"__proto__": {"item": []}}}'), 'order'],
  ];

  it.each(inputs)('%s: frozen input lints like the unfrozen one, and its JSON is unchanged', (_name, make, kind) => {
    const lint = (p: unknown) =>
      kind === 'order'
        ? VERSIONS.flatMap((version) => lintOrder(p, { version, profile: FMS_PROFILE }))
        : lintReturn(p, { profile: FMS_PROFILE });
    const plain = make();
    const before = JSON.stringify(plain);
    const expected = lint(plain);
    expect(JSON.stringify(plain)).toBe(before);
    const frozen = deepFreeze(make());
    // A write to a frozen object throws in strict mode and would change the result.
    expect(lint(frozen)).toEqual(expected);
    expect(lintBatch([frozen, frozen], kind === 'order' ? { kind, version: '1.1' } : { kind })).toHaveLength(2);
    expect(JSON.stringify(frozen)).toBe(before);
  });

  it('does not modify the options or the profile', () => {
    const options = deepFreeze({ version: '1.1' as const, profile: clone(FMS_PROFILE), rules: { enum: 'warn' as const } });
    const before = JSON.stringify(options);
    lintOrder(messyOrder(), options);
    lintBatch([messyOrder()], { ...options, kind: 'order' });
    expect(JSON.stringify(options)).toBe(before);
  });
});
