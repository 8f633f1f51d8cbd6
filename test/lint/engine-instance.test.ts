/**
 * Engines (`createEngine`): each holds its rules, settings and caches; engines share
 * nothing, and the exported functions use a default one. A lint call keeps nothing of the
 * calls before it: its problems are those of the same call alone, whatever was linted
 * before, with or without generated code.
 */
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { configureEngine, createEngine, defineRule, FINDINGS, lintOrder, lintReturn, RULES, type Engine, type LintOptions, type Problem } from '../../src/index';
import { FMS_PROFILE, PROFILE, set, validOrder, validReturn } from '../fixtures';
import { mutated, targetedOrders, targetedReturns } from './_corpus';
import { compiledWalks } from './_walks';

const ORDER_SETTINGS: readonly LintOptions[] = [{}, { profile: FMS_PROFILE }, { profile: FMS_PROFILE, rules: { totals: 'error', 'unknown-field': 'off' } }];

interface Case {
  readonly kind: 'order' | 'return';
  readonly payload: unknown;
  readonly options: LintOptions;
}

const lintIn = (engine: Engine, c: Case): Problem[] =>
  c.kind === 'order' ? engine.lintOrder(c.payload, { ...c.options, version: '1.1' }) : engine.lintReturn(c.payload, c.options);

/** Payloads that hit every rule (so every rule's state is used), valid ones, and mutations. */
function corpus(): Case[] {
  const orders = [...targetedOrders('1.1'), validOrder('1.1'), ...mutated(validOrder('1.1'), 40, 7)];
  const returns = [...targetedReturns(), validReturn(), ...mutated(validReturn(), 20, 8)];
  return [
    ...ORDER_SETTINGS.flatMap((options) => orders.map((payload) => ({ kind: 'order' as const, payload, options }))),
    ...returns.map((payload) => ({ kind: 'return' as const, payload, options: { profile: PROFILE } })),
  ];
}


afterEach(() => configureEngine({ codegen: 'auto' }));

describe('a lint call', () => {
  const cases = corpus();

  it.each([
    ['generated walks', 'auto'],
    ['closures (no code generated)', false],
  ] as const)('gives the problems of the same call alone, whatever was linted before (%s)', (_, codegen) => {
    // Each call alone: on an engine of its own.
    const expected = cases.map((c) => lintIn(createEngine({ codegen }), c));
    // Rule states and blank-value paths would carry over as problems found or lost.
    expect(expected.some((problems) => problems.length > 3)).toBe(true);
    const engine = createEngine({ codegen });
    fc.assert(
      fc.property(fc.array(fc.nat(cases.length - 1), { minLength: 2, maxLength: 30 }), (order) => {
        for (const i of order) expect(lintIn(engine, cases[i]!)).toEqual(expected[i]);
      }),
      { numRuns: codegen === false ? 20 : 60, seed: 20261124 },
    );
  });

  it('returns a new problem list on every call', () => {
    const invalid = targetedOrders('1.1')[0];
    const first = lintOrder(invalid, { version: '1.1' });
    const before = structuredClone(first);
    const second = lintOrder(invalid, { version: '1.1' });
    expect(second).not.toBe(first);
    second.push(second[0]!);
    expect(first).toEqual(before);
    expect(lintOrder(invalid, { version: '1.1' })).toEqual(before);
  });

  it('runs a lint inside a lint (a getter in the payload) on a walk of its own', () => {
    const options = { version: '1.1' as const, profile: FMS_PROFILE };
    const byProblems = targetedOrders('1.1')
      .map((payload) => ({ payload: payload as any, count: lintOrder(payload, options).length }))
      .sort((a, b) => b.count - a.count);
    const inner = byProblems[1]!.payload;
    const innerAlone = lintOrder(inner, options);
    // The outer payload has problems before and after the getter, which sits in its last item.
    const outer = byProblems[0]!.payload;
    const outerAlone = lintOrder(outer, options);
    expect(Math.min(innerAlone.length, outerAlone.length)).toBeGreaterThan(2);
    const items = outer.clientRequest.item;
    const last = items[items.length - 1];
    const taxLevel: unknown = last.taxLevel;
    const nested: Problem[][] = [];
    Object.defineProperty(last, 'taxLevel', {
      enumerable: true,
      get() {
        nested.push(lintOrder(inner, options));
        return taxLevel;
      },
    });
    expect(lintOrder(outer, options)).toEqual(outerAlone);
    expect(nested.length).toBeGreaterThan(0);
    for (const problems of nested) expect(problems).toEqual(innerAlone);
    expect(lintOrder(inner, options)).toEqual(innerAlone);
  });
});

describe('createEngine', () => {
  const broken = set(validOrder(), '/clientRequest/order/shipServiceLevel', 'XXX');

  it('lints as the exported functions do, with the default rules', () => {
    const engine = createEngine();
    expect(engine.lintOrder(broken, { version: '1.1' })).toEqual(lintOrder(broken, { version: '1.1' }));
    expect(engine.lintReturn(validReturn())).toEqual([]);
    expect(engine.lintBatch([broken, broken], { kind: 'order', version: '1.1' })).toEqual([lintOrder(broken, { version: '1.1' }), expect.any(Array)]);
    // Methods need no `this`.
    const { lintOrder: detached } = engine;
    expect(detached(broken, { version: '1.1' })).toEqual(engine.lintOrder(broken, { version: '1.1' }));
  });

  it('runs a rule added in one place, with its visitors, state and batch check', () => {
    const noTestSkus = defineRule({
      meta: { id: 'no-test-skus', severity: 'error', kinds: ['order'], messages: { test: 'A test SKU is not for production.', many: 'More than one test SKU.', again: 'A test order again.' } },
      state: () => ({ tests: 0 }),
      visitors: {
        'item[]'(item: { sku?: unknown }, context, state) {
          if (typeof item.sku !== 'string' || !item.sku.startsWith('TEST-')) return;
          state.tests++;
          context.report({ messageId: 'test', at: ['sku'] });
        },
        'body:exit'(_body: unknown, context, state) {
          if (state.tests > 1) context.report({ messageId: 'many' });
        },
      },
      batch: {
        create: () => ({ orders: 0 }),
        check(state, _facts, report) {
          if (++state.orders > 1) report('/requestHeader', 'again');
        },
      },
    });
    const engine = createEngine({ rules: [...RULES, noTestSkus] });
    const one = set(validOrder(), '/clientRequest/item/0/sku', 'TEST-1');
    const test = (message: string, path: string) => ({ rule: 'no-test-skus', severity: 'error', path: `/clientRequest${path}`, message });
    expect(engine.lintOrder(one, { version: '1.1' })).toEqual([test('A test SKU is not for production.', '/item/0/sku')]);
    const two = set(one, '/clientRequest/item/1/sku', 'TEST-2');
    expect(engine.lintOrder(two, { version: '1.1' })).toEqual([
      test('A test SKU is not for production.', '/item/0/sku'),
      test('A test SKU is not for production.', '/item/1/sku'),
      test('More than one test SKU.', ''),
    ]);
    const batch = engine.lintBatch([one, set(one, '/clientRequest/requestHeader/requestReference', 'OTHER-1')], { kind: 'order', version: '1.1' });
    expect(batch[1]).toEqual([test('A test SKU is not for production.', '/item/0/sku'), test('A test order again.', '/requestHeader')]);
    expect(engine.lintOrder(one, { version: '1.1', rules: { 'no-test-skus': 'warn' } })[0]!.severity).toBe('warn');
    expect(engine.lintOrder(one, { version: '1.1', rules: { 'no-test-skus': 'off' } })).toEqual([]);
    // Its kinds gate it; the default engine knows nothing of it.
    expect(engine.lintReturn(validReturn())).toEqual([]);
    expect(lintOrder(one, { version: '1.1' })).toEqual([]);
  });

  it('runs the rules it is given, and only those', () => {
    const only = createEngine({ rules: RULES.filter((rule) => rule.meta.id === 'enum') });
    const payload = set(set(validOrder(), '/clientRequest/order/shipServiceLevel', 'XXX'), '/clientRequest/order/orderDate', null);
    expect(only.lintOrder(payload, { version: '1.1' }).map((p) => p.rule)).toEqual(['enum']);
    expect(createEngine({ rules: [] }).lintOrder(payload, { version: '1.1' })).toEqual([]);
  });

  it('reports a finding of the walk through whichever rule claims it (the walk names findings, not rules)', () => {
    // A team's own rule takes over unknown members: its id, its level, its message.
    const strict = defineRule({
      meta: { id: 'no-extras', severity: 'error', kinds: ['order'], messages: { extra: 'Nothing beyond the schema in {{object}}.' } },
      check: { at: (node) => node, phase: 'extra', test: (key: string, node) => node.spelling?.[key] !== undefined, messageId: 'extra', data: (node) => ({ object: node.label }) },
    });
    const engine = createEngine({ rules: [...RULES.filter((rule) => rule.meta.id !== 'unknown-field'), strict] });
    const payload = set(validOrder(), '/clientRequest/order/giftWrap', true);
    const unknown = lintOrder(payload, { version: '1.1' }).filter((p) => p.rule === 'unknown-field');
    expect(unknown).toHaveLength(1);
    const taken = engine.lintOrder(payload, { version: '1.1' });
    expect(taken.filter((p) => p.rule === 'unknown-field')).toEqual([]);
    expect(taken.filter((p) => p.rule === 'no-extras')).toEqual([{ rule: 'no-extras', severity: 'error', path: unknown[0]!.path, message: 'Nothing beyond the schema in order.', params: { object: 'order' } }]);
    // A finding no rule claims is not reported: without `type`, a wrong type says nothing.
    const untyped = createEngine({ rules: RULES.filter((rule) => rule.meta.id !== 'type') });
    const wrong = set(validOrder(), '/clientRequest/order/shipServiceLevel', 7);
    expect(lintOrder(wrong, { version: '1.1' }).map((p) => p.rule)).toEqual(['type']);
    expect(untyped.lintOrder(wrong, { version: '1.1' })).toEqual([]);
  });

  it.each([true, false] as const)('lets a team rule decide where a finding is its problem: an optional member made required (codegen %s)', (codegen) => {
    // The walk finds every absent member; `required` claims those the schema requires, this rule one more.
    const poRequired = defineRule({
      meta: { id: 'po-required', severity: 'warn', kinds: ['order'], messages: { missing: 'Our warehouse needs {{name}}.' } },
      findings: { missing: { at: (node, member) => member?.key === 'poNumber' && node.owner === 'order', messageId: 'missing', data: (node) => ({ name: node.name }) } },
    });
    const engine = createEngine({ rules: [...RULES, poRequired], codegen });
    const without = set(validOrder(), '/clientRequest/order/poNumber', undefined);
    expect(engine.lintOrder(validOrder(), { version: '1.1' })).toEqual([]);
    expect(engine.lintOrder(without, { version: '1.1' })).toEqual([{ rule: 'po-required', severity: 'warn', path: '/clientRequest/order/poNumber', message: 'Our warehouse needs poNumber.', params: { name: 'poNumber' } }]);
    // A required member stays `required`'s: the first claim that holds reports.
    expect(engine.lintOrder(set(validOrder(), '/clientRequest/order/shipServiceLevel', undefined), { version: '1.1' }).map((p) => p.rule)).toEqual(['required']);
    // The default engine does not run it.
    expect(lintOrder(without, { version: '1.1' })).toEqual([]);
  });

  it.each([true, false] as const)('runs a team rule that owns a field check, added in one place (codegen %s)', (codegen) => {
    // The rule is its file and nothing else: which fields it checks, the test that decides, its code for the generated walk.
    const upperSku = defineRule({
      meta: { id: 'upper-sku', severity: 'warn', kinds: ['order'], messages: { lower: '{{name}} must be upper case ({{limit}} characters at most).' } },
      check: {
        at: (node) => (node.name === 'sku' ? node.checks.find((check) => check.maxLength !== undefined)?.maxLength : undefined),
        test: (value: string) => value === value.toUpperCase(),
        messageId: 'lower',
        data: (node, limit: number) => ({ name: node.name, limit }),
      },
    });
    const engine = createEngine({ rules: [...RULES, upperSku], codegen });
    const payload = set(set(validOrder(), '/clientRequest/item/0/sku', 'abc-1'), '/clientRequest/item/1/sku', 'ABC-2');
    const found = engine.lintOrder(payload, { version: '1.1' });
    expect(found).toEqual([{ rule: 'upper-sku', severity: 'warn', path: '/clientRequest/item/0/sku', message: 'sku must be upper case (18 characters at most).', params: { name: 'sku', limit: 18 } }]);
    // Type first: a sku of the wrong type is the one `type` problem, the check does not run.
    expect(engine.lintOrder(set(payload, '/clientRequest/item/0/sku', 7), { version: '1.1' }).map((p) => p.rule)).toEqual(['type']);
    expect(engine.lintOrder(payload, { version: '1.1', rules: { 'upper-sku': 'off' } })).toEqual([]);
  });

  it('keeps its own copy of the rules', () => {
    const rules = [...RULES];
    const engine = createEngine({ rules });
    rules.length = 0;
    expect(engine.lintOrder(broken, { version: '1.1' })).toEqual(lintOrder(broken, { version: '1.1' }));
  });

  it('shares no settings or caches with the default engine or another engine', () => {
    const closures = createEngine({ codegen: false });
    const generating = createEngine();
    // An engine without codegen never compiles, whatever the default engine does.
    expect(compiledWalks(() => closures.lintOrder(broken, { version: '1.1' }))).toEqual([]);
    configureEngine({ codegen: false });
    expect(compiledWalks(() => lintOrder(broken, { version: '1.1' }))).toEqual([]);
    // The default's setting is not another engine's; and each engine compiles its own plans.
    expect(compiledWalks(() => generating.lintOrder(broken, { version: '1.1' }))).toHaveLength(1);
    expect(compiledWalks(() => createEngine().lintOrder(broken, { version: '1.1' }))).toHaveLength(1);
    expect(compiledWalks(() => generating.lintOrder(broken, { version: '1.1' }))).toEqual([]);
    for (const engine of [closures, generating]) expect(engine.lintOrder(broken, { version: '1.1' })).toEqual(lintOrder(broken, { version: '1.1' }));
  });

  it('refuses rules and settings that are not ones, with a TypeError', () => {
    const enumRule = RULES.find((rule) => rule.meta.id === 'enum')!;
    for (const options of [null, 'rules', { rules: 'enum' }, { rules: [{}] }, { rules: [{ meta: { id: 'x' } }] }, { rules: [enumRule, enumRule] }, { codegen: 'yes' }]) {
      expect(() => createEngine(options as never), JSON.stringify(options)).toThrow(TypeError);
    }
  });

  it('refuses a setting it does not know, naming it (a misspelt codegen would leave new Function on under a strict CSP)', () => {
    expect(() => createEngine({ codeGen: false } as never)).toThrow(new TypeError('the engine settings have an unknown member "codeGen"; known: rules, codegen.'));
    expect(() => createEngine({ rule: [] } as never)).toThrow(/unknown member "rule"/);
    expect(() => configureEngine({ codeGen: false } as never)).toThrow(new TypeError('the engine settings have an unknown member "codeGen"; known: codegen.'));
    expect(() => configureEngine({ rules: [] } as never)).toThrow(/unknown member "rules"; known: codegen/);
    expect(Object.isFrozen(FINDINGS)).toBe(true);
  });

  it('refuses, naming the rule, a state, visitors or batch check that lint could not call', () => {
    const meta = { id: 'my-rule', severity: 'warn', kinds: ['order'], messages: { m: 'M.' } } as const;
    for (const [shape, message] of [
      [{ state: 42 }, 'rule "my-rule": state must be a function'],
      [{ visitors: { 'item[]': 'not a function' } }, 'rule "my-rule": visitors must be an object of functions'],
      [{ visitors: null }, 'rule "my-rule": visitors must be an object of functions'],
      [{ batch: { create: () => ({}) } }, 'rule "my-rule": batch must have the functions create and check'],
    ] as const) {
      expect(() => createEngine({ rules: [{ meta, ...shape } as never] }), message).toThrow(new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    }
  });

  it('refuses a rule of its own whose visitor selector names no node of its payloads, naming the rule and the key', () => {
    const rule = (visitors: Record<string, () => void>, kinds: readonly ('order' | 'return')[] = ['order']) =>
      defineRule({ meta: { id: 'my-rule', severity: 'warn', kinds, messages: { m: 'M.' } }, visitors });
    const noop = () => {};
    for (const [visitors, kinds, key] of [
      [{ 'order.amout[]': noop }, ['order'], 'order.amout[]'],
      [{ 'item[], order.amout[]:exit': noop }, ['order'], 'item[], order.amout[]:exit'],
      [{ 'item[]': noop, 'Item[]': noop }, ['order'], 'Item[]'],
      [{ 'rma.returnReason': noop }, ['order'], 'rma.returnReason'],
      [{ 'order.poNumber': noop }, ['return'], 'order.poNumber'],
      [{ 'item[],': noop }, ['order'], 'item[],'],
      [{ 'body:enter': noop }, ['order'], 'body:enter'],
    ] as const) {
      expect(() => createEngine({ rules: [...RULES, rule(visitors, kinds)] }), key).toThrow(
        new TypeError(`rule "my-rule": the visitors key ${JSON.stringify(key)} names no node of the payloads of its kinds (see Visitors: \`item[]\`, \`partner[].addressData\`, \`body:exit\`).`),
      );
    }
    // A long key is cut in the message.
    expect(() => createEngine({ rules: [rule({ ['x'.repeat(500)]: noop })] })).toThrow(/the visitors key "x{64}…" names no node/);
    // Selectors of any version (item[].dateTimes is v1.2's, order.poNumber from v1.1 on), of
    // either kind the rule names, with :exit and in lists, are taken.
    let visited = 0;
    const engine = createEngine({
      rules: [...RULES, rule({ 'item[].dateTimes': noop, ' order.poNumber , body:exit ': () => visited++, 'rma.returnReason:exit': noop }, ['order', 'return'])],
    });
    engine.lintOrder(validOrder(), { version: '1.1' });
    expect(visited).toBe(2); // order.poNumber, then body:exit
    // The default rules, in a list of one's own too, are not checked again.
    expect(createEngine({ rules: RULES.filter((r) => r.meta.id !== 'totals') }).lintOrder(validOrder(), { version: '1.1' })).toEqual([]);
  });

  it('never throws when a rule’s own code does: a state factory, a batch create or check', () => {
    const meta = { severity: 'warn', kinds: ['order'], messages: { m: 'M.' } } as const;
    const engine = createEngine({
      rules: [
        ...RULES,
        { meta: { ...meta, id: 'bad-state' }, state: () => { throw new Error('state'); }, visitors: { body() {} } },
        { meta: { ...meta, id: 'bad-create', scope: 'batch' }, batch: { create: () => { throw new Error('create'); }, check() {} } },
        { meta: { ...meta, id: 'bad-check', scope: 'batch' }, batch: { create: () => ({}), check: (_s: unknown, _f: unknown, report: (path: string, id: string) => void) => { report('', 'm'); throw new Error('check'); } } },
      ] as never,
    });
    // The state factory fails the lint as a throwing visitor does: one type problem at the root.
    expect(engine.lintOrder(validOrder(), { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toEqual(['type ']);
    const fine = { version: '1.1', rules: { 'bad-state': 'off' } } as const;
    expect(engine.lintOrder(validOrder(), fine)).toEqual([]);
    // Batch rules whose code throws report nothing, not even what they reported before throwing.
    expect(engine.lintBatch([validOrder(), validOrder()], { kind: 'order', ...fine }).map((problems) => problems.map((p) => p.rule))).toEqual([[], ['duplicate-request-reference']]);
  });

  it('never throws for a payload, as the exported functions', () => {
    const engine = createEngine();
    const hostile = { clientRequest: new Proxy({}, { ownKeys: () => { throw new Error('no'); } }) };
    expect(engine.lintOrder(hostile, { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toEqual(['type ']);
    expect(engine.lintReturn(hostile)).toEqual(lintReturn(hostile));
    expect(() => engine.lintOrder({}, { version: '9' as never })).toThrow(TypeError);
  });
});
