/**
 * Engine gating with synthetic probe rules added to the real registry in an engine of
 * their own (`createEngine`): kinds, versions, fmsOnly, requires, scope and severity
 * overrides, independent of any business rule's own logic.
 */
import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/index';
import { createEngine } from '../../src/default-engine';
import type { Rule, RuleContext } from '../../src/lint/define-rule';
import { FMS_PROFILE, PROFILE, validOrder, validReturn } from '../fixtures';

const seen: { id: string; ctx: RuleContext; body: unknown; profile: unknown; index: number }[] = [];

const probe = (id: string, meta: Partial<Rule['meta']>): Rule => ({
  meta: { id, severity: 'warn', kinds: ['order', 'return'], messages: { probe: 'Probe.' }, ...meta },
  visitors: {
    body(body: unknown, context: RuleContext) {
      seen.push({ id, ctx: context, body, profile: context.profile, index: context.index });
      context.report({ messageId: 'probe' });
    },
  },
});

// The probes are added in one place, the engine's rules: the engine itself gates them by meta.
const { lintBatch, lintOrder, lintReturn } = createEngine({
  rules: [
    ...RULES,
    probe('probe-all', {}),
    probe('probe-order', { kinds: ['order'] }),
    probe('probe-return', { kinds: ['return'] }),
    probe('probe-v1', { kinds: ['order'], appliesTo: (features) => features.version === '1' }),
    probe('probe-fms', { kinds: ['order'], fmsOnly: true, severity: 'error' }),
    probe('probe-requires', { requires: ['clientCode', 'returnReasons'] }),
    probe('probe-batch', { scope: 'batch' }),
    probe('probe-structural', { structural: true }),
    {
      meta: { id: 'probe-throws', severity: 'warn', kinds: ['order'], messages: {} },
      visitors: {
        body() {
          throw new Error('a buggy rule');
        },
      },
    } satisfies Rule,
  ],
});

const probes = (problems: { rule: string }[]) => problems.map((p) => p.rule).filter((r) => r.startsWith('probe-')).sort();

describe('rule gating', () => {
  it('runs order rules by kind and version', () => {
    const off = { 'probe-throws': 'off' } as const;
    expect(probes(lintOrder(validOrder('1'), { version: '1', rules: off }))).toEqual(['probe-all', 'probe-order', 'probe-structural', 'probe-v1']);
    expect(probes(lintOrder(validOrder('1.1'), { version: '1.1', rules: off }))).toEqual(['probe-all', 'probe-order', 'probe-structural']);
    expect(probes(lintOrder(validOrder('1.2'), { version: '1.2', rules: off }))).toEqual(['probe-all', 'probe-order', 'probe-structural']);
  });

  it('runs return rules by kind; versions do not apply to returns', () => {
    expect(probes(lintReturn(validReturn()))).toEqual(['probe-all', 'probe-return', 'probe-structural']);
  });

  it('runs fmsOnly rules only when profile.fms is true', () => {
    const rules = { 'probe-throws': 'off' } as const;
    expect(probes(lintOrder(validOrder(), { version: '1.1', rules, profile: PROFILE }))).not.toContain('probe-fms');
    expect(probes(lintOrder(validOrder(), { version: '1.1', rules, profile: { ...FMS_PROFILE, fms: 'yes' as never } }))).not.toContain('probe-fms');
    expect(probes(lintOrder(validOrder(), { version: '1.1', rules, profile: FMS_PROFILE }))).toContain('probe-fms');
  });

  it('runs a rule that requires profile members only when all are present and not empty', () => {
    expect(probes(lintReturn(validReturn()))).not.toContain('probe-requires');
    expect(probes(lintReturn(validReturn(), { profile: { client: 'ACME', clientCode: 'ACME' } }))).not.toContain('probe-requires');
    expect(probes(lintReturn(validReturn(), { profile: { client: 'ACME', clientCode: '', returnReasons: [] } }))).not.toContain('probe-requires');
    expect(probes(lintReturn(validReturn(), { profile: PROFILE }))).toContain('probe-requires');
  });

  it('reads a required profile member of another type than ClientProfile gives it as absent', () => {
    for (const profile of [
      { client: 'ACME', clientCode: 5, returnReasons: ['damaged'] },
      { client: 'ACME', clientCode: { name: 'ACME' }, returnReasons: ['damaged'] },
      { client: 'ACME', clientCode: 'ACME', returnReasons: 7 },
    ]) {
      expect(probes(lintReturn(validReturn(), { profile: profile as never }))).not.toContain('probe-requires');
    }
    expect(probes(lintReturn(validReturn(), { profile: { client: 'ACME', clientCode: 'ACME', returnReasons: ['damaged'] } }))).toContain('probe-requires');
    // The rules of the registry too: client-name requires a client that is text.
    expect(lintOrder(validOrder(), { version: '1.1', profile: { ...PROFILE, client: 5 as never }, rules: { 'probe-throws': 'off' } }).map((p) => p.rule)).not.toContain('client-name');
    expect(lintOrder(validOrder(), { version: '1.1', profile: { ...PROFILE, client: 'OTHER' }, rules: { 'probe-throws': 'off' } }).map((p) => p.rule)).toContain('client-name');
  });

  it('gates batch rules by their meta as any rule: fmsOnly, appliesTo (the version) and requires', () => {
    const batchProbe = (id: string, meta: Partial<Rule['meta']>): Rule => ({
      meta: { id, severity: 'warn', kinds: ['order'], scope: 'batch', messages: { probe: 'Probe.' }, ...meta },
      batch: { create: () => ({}), check: (_state, _facts, report) => report('', 'probe') },
    });
    const engine = createEngine({
      rules: [batchProbe('batch-any', {}), batchProbe('batch-fms', { fmsOnly: true }), batchProbe('batch-v12', { appliesTo: (f) => f.version === '1.2' }), batchProbe('batch-weee', { requires: ['weeeSku'] })],
    });
    const ran = (options: Parameters<typeof engine.lintBatch>[1], version: '1.1' | '1.2' = '1.1') => engine.lintBatch([validOrder(version)], options)[0]!.map((p) => p.rule).sort();
    expect(ran({ kind: 'order', version: '1.1' })).toEqual(['batch-any']);
    expect(ran({ kind: 'order', version: '1.2' }, '1.2')).toEqual(['batch-any', 'batch-v12']);
    expect(ran({ kind: 'order', version: '1.1', profile: { ...PROFILE, fms: true } })).toEqual(['batch-any', 'batch-fms']);
    expect(ran({ kind: 'order', version: '1.1', profile: { ...PROFILE, fms: true, weeeSku: 'ACME_WEEE' } })).toEqual(['batch-any', 'batch-fms', 'batch-weee']);
    expect(ran({ kind: 'order', version: '1.1', profile: { ...PROFILE, weeeSku: '' } })).toEqual(['batch-any']);
  });

  it('never runs the visitors of a batch-scoped rule per payload; a structural rule may add visitors', () => {
    const all = lintOrder(validOrder(), { version: '1.1', profile: FMS_PROFILE, rules: { 'probe-throws': 'off' } });
    expect(probes(all)).not.toContain('probe-batch');
    expect(probes(all)).toContain('probe-structural');
  });

  it('hands the body visitor the body, and its context the kind, version features and profile', () => {
    seen.length = 0;
    const order = validOrder('1.2');
    lintOrder(order, { version: '1.2', profile: PROFILE, rules: { 'probe-throws': 'off' } });
    const probe = seen.find((s) => s.id === 'probe-all')!;
    expect(probe.body).toBe(order.clientRequest);
    expect(probe.ctx.kind).toBe('order');
    expect(probe.ctx.features?.version).toBe('1.2');
    expect(probe.profile).toBe(PROFILE);
    expect(probe.index).toBe(-1);
    seen.length = 0;
    const ret = validReturn();
    lintReturn(ret);
    const returned = seen.find((s) => s.id === 'probe-all')!;
    expect(returned.body).toBe(ret);
    expect(returned.ctx.features).toBeUndefined();
  });

  it('reports a body problem at the body pointer', () => {
    const problems = lintOrder(validOrder(), { version: '1.1', rules: { 'probe-throws': 'off' } });
    expect(problems.find((p) => p.rule === 'probe-all')?.path).toBe('/clientRequest');
    expect(lintReturn(validReturn()).find((p) => p.rule === 'probe-all')?.path).toBe('');
  });

  it('does not run visitors when the body is not an object', () => {
    seen.length = 0;
    lintOrder({ clientRequest: [] }, { version: '1.1' });
    lintOrder({}, { version: '1.1' });
    lintReturn([]);
    expect(seen).toEqual([]);
  });

  it('applies overrides to probe rules: severity, and off', () => {
    const problems = lintOrder(validOrder(), {
      version: '1.1',
      profile: FMS_PROFILE,
      rules: { 'probe-all': 'error', 'probe-fms': 'warn', 'probe-order': 'off', 'probe-throws': 'off', 'probe-requires': 'off', 'probe-structural': 'off' },
    });
    const bySeverity = Object.fromEntries(problems.filter((p) => p.rule.startsWith('probe-')).map((p) => [p.rule, p.severity]));
    expect(bySeverity).toEqual({ 'probe-all': 'error', 'probe-fms': 'warn' });
  });

  it('reads an override that is not a level as no override, whatever it is; overrides it cannot list are read rule by rule', () => {
    const levels = { 'probe-all': 'error', 'probe-order': 'off', 'probe-throws': 'off' } as const;
    expect(probes(lintOrder(validOrder(), { version: '1.1', rules: levels }))).toEqual(['probe-all', 'probe-structural']);
    // Values that are no level (some cannot be made text: String() throws on them) leave probe-order at its default.
    const odd = [Object.create(null), { toString: () => { throw new Error('read'); } }, Symbol('level'), 10n, ['off']];
    for (const value of odd) {
      // Not a level: what a JavaScript caller (or a config read from JSON) may pass.
      const rules = { ...levels, 'probe-order': value } as never;
      expect(probes(lintOrder(validOrder(), { version: '1.1', rules })), typeof value).toEqual(['probe-all', 'probe-order', 'probe-structural']);
      // Asked again (the engine keeps the overrides it has read): the same plan.
      expect(probes(lintOrder(validOrder(), { version: '1.1', rules })), typeof value).toEqual(['probe-all', 'probe-order', 'probe-structural']);
    }
    // A Proxy whose key listing throws is read rule by rule, as ruleLevel reads overrides.
    const hostile = new Proxy({ ...levels }, { ownKeys: () => { throw new Error('keys'); } });
    expect(probes(lintOrder(validOrder(), { version: '1.1', rules: hostile }))).toEqual(['probe-all', 'probe-structural']);
  });

  it('does not throw when a rule throws: the payload is one type problem at the root', () => {
    expect(() => lintOrder(validOrder(), { version: '1.1' })).not.toThrow();
    expect(lintOrder(validOrder(), { version: '1.1' }).map((p) => `${p.rule} ${p.path}`)).toEqual(['type ']);
    expect(() => lintBatch([validOrder()], { kind: 'order', version: '1.1' })).not.toThrow();
  });
});
