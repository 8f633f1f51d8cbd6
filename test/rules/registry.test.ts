/**
 * Meta-test of the rule registry (ESLint style): every rule file is registered under
 * its file name, documented, and has the severity and kinds of the DESIGN catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ORDER_RULES, RETURN_RULES, RULES, RULE_DOCS } from '../../rules/index';
import type { Rule } from '../../src/lint/define-rule';
import { ruleVersions } from '../../src/lint/docs';
import { buildTree } from '../../src/lint/tree';
import { ORDER_REQUEST_SCHEMAS } from '../../src/schema/order';
import { ReturnRequestSchema } from '../../src/schema/return';
import { ORDER_VERSIONS } from '../../src/schema/tables';

const RULES_DIR = fileURLToPath(new URL('../../rules/', import.meta.url));
const FILES = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.ts') && f !== 'index.ts')
  .map((f) => f.slice(0, -3))
  .sort();

type K = 'order' | 'return';
const O: K[] = ['order'];
const R: K[] = ['return'];
const OR: K[] = ['order', 'return'];

/** The DESIGN catalogue: id -> default severity, kinds, FMS-only. Embedded: shared/ may be absent. */
const CATALOGUE: Record<string, { severity: 'error' | 'warn'; kinds: K[]; fms?: true; versions?: string[] }> = {
  wrapper: { severity: 'error', kinds: O },
  required: { severity: 'error', kinds: OR },
  type: { severity: 'error', kinds: OR },
  'max-length': { severity: 'error', kinds: OR },
  enum: { severity: 'error', kinds: OR },
  'unknown-field': { severity: 'warn', kinds: OR },
  spelling: { severity: 'warn', kinds: O },
  'version-field': { severity: 'error', kinds: O },
  'response-only': { severity: 'warn', kinds: O },
  'ambiguous-value': { severity: 'warn', kinds: O },
  'numeric-text': { severity: 'error', kinds: OR },
  'currency-code': { severity: 'error', kinds: OR },
  'currency-mixed': { severity: 'warn', kinds: OR },
  'currency-precision': { severity: 'warn', kinds: OR },
  'country-code': { severity: 'error', kinds: OR },
  'country-name': { severity: 'warn', kinds: R },
  'state-required': { severity: 'error', kinds: OR },
  'state-code': { severity: 'error', kinds: OR },
  'date-format': { severity: 'error', kinds: OR },
  'key-charset': { severity: 'error', kinds: O, versions: ['1.2'] },
  'locale-format': { severity: 'error', kinds: OR },
  'email-format': { severity: 'warn', kinds: OR },
  'url-format': { severity: 'error', kinds: R },
  'partner-roles': { severity: 'error', kinds: OR },
  'address-lines': { severity: 'error', kinds: OR },
  'items-present': { severity: 'error', kinds: OR },
  'item-ids': { severity: 'error', kinds: O },
  'netprice-required': { severity: 'error', kinds: O },
  'negative-price': { severity: 'error', kinds: O },
  'rma-line-price': { severity: 'error', kinds: R },
  'single-phone': { severity: 'warn', kinds: R },
  'company-name': { severity: 'error', kinds: OR },
  'return-reason': { severity: 'error', kinds: R },
  'client-name': { severity: 'error', kinds: OR },
  'payment-status': { severity: 'error', kinds: O, fms: true },
  'card-data': { severity: 'error', kinds: O, fms: true },
  'shipping-cost-item': { severity: 'error', kinds: O },
  'order-discount-item': { severity: 'error', kinds: O, fms: true },
  'weee-item': { severity: 'error', kinds: O, fms: true },
  'fiscal-code': { severity: 'error', kinds: O, fms: true },
  'payment-review': { severity: 'error', kinds: O, fms: true },
  'invoice-locale': { severity: 'warn', kinds: O, fms: true },
  totals: { severity: 'warn', kinds: O },
  'duplicate-request-reference': { severity: 'error', kinds: OR },
  parse: { severity: 'error', kinds: [] },
  encoding: { severity: 'error', kinds: [] },
  'blank-value': { severity: 'warn', kinds: OR },
};

const byId = new Map<string, Rule>(RULES.map((r) => [r.meta.id, r]));

describe('rule registry', () => {
  it('registers every file in rules/ and nothing else', () => {
    expect(RULES.map((r) => r.meta.id).sort()).toEqual(FILES);
  });

  it('lists the catalogue exactly (47 rules)', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual(FILES);
    expect(RULES).toHaveLength(47);
  });

  it('is sorted by id, without duplicates', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
  });

  // lintOrder and lintReturn read these lists (so a bundle carries only its kind's rules).
  it.each([
    ['order', ORDER_RULES],
    ['return', RETURN_RULES],
  ] as const)('lists the %s rules as exactly the rules whose kinds name it, in RULES order', (kind, list) => {
    expect(list.map((r) => r.meta.id)).toEqual(RULES.filter((r) => r.meta.kinds.includes(kind)).map((r) => r.meta.id));
    for (const rule of list) expect(byId.get(rule.meta.id)).toBe(rule);
  });

  it.each(FILES)('rules/%s.ts default-exports the registered rule with meta.id equal to the file name', async (file) => {
    const mod = (await import(`../../rules/${file}`)) as { default: Rule };
    expect(mod.default.meta.id).toBe(file);
    expect(byId.get(file)).toBe(mod.default);
  });

  it.each(FILES)('%s has a one-sentence description and docs', (id) => {
    const { meta } = byId.get(id)!;
    const { description } = RULE_DOCS[meta.id]!;
    expect(description.trim()).not.toBe('');
    expect(description).not.toBe('TODO');
    expect(description.trim()).toMatch(/\.$/);
    const docs = RULE_DOCS[id]!;
    expect(docs.rationale.trim()).not.toBe('');
    const text = (example: unknown) => JSON.stringify(example, (_key, value: unknown) => (value === undefined ? '(removed)' : value));
    expect(text(docs.valid)).not.toBe(text(docs.invalid));
  });

  it.each(FILES)('%s has the severity, kinds and FMS gating of the catalogue', (id) => {
    const { meta } = byId.get(id)!;
    const expected = CATALOGUE[id]!;
    expect(meta.severity).toBe(expected.severity);
    expect([...meta.kinds].sort()).toEqual([...expected.kinds].sort());
    expect(meta.fmsOnly === true).toBe(expected.fms === true);
    expect(ruleVersions(meta)).toEqual(expected.versions ?? ORDER_VERSIONS);
  });

  it('marks fixable rules consistently (spelling is fixable)', () => {
    expect(byId.get('spelling')!.meta.fixable).toBe(true);
  });

  it('gives batch and CLI rules their scope', () => {
    expect(byId.get('duplicate-request-reference')!.meta.scope).toBe('batch');
    expect(byId.get('parse')!.meta.scope).toBe('cli');
    expect(byId.get('encoding')!.meta.scope).toBe('cli');
  });

  it('gives every payload rule either structural reports or visitors, and batch rules a batch check', () => {
    for (const rule of RULES) {
      const scope = rule.meta.scope ?? 'payload';
      if (scope === 'batch') expect(typeof rule.batch?.check, rule.meta.id).toBe('function');
      else if (scope === 'payload') expect(rule.meta.structural === true || rule.visitors !== undefined, rule.meta.id).toBe(true);
    }
  });

  it.each(FILES)('%s: every visitor selector names a node of the payloads the rule applies to', (id) => {
    const rule = byId.get(id)!;
    const trees = [
      ...(rule.meta.kinds.includes('order') ? ORDER_VERSIONS.map((v) => buildTree(ORDER_REQUEST_SCHEMAS[v], { label: v, bodyKey: 'clientRequest', fms: true })) : []),
      ...(rule.meta.kinds.includes('return') ? [buildTree(ReturnRequestSchema, { label: 'return', fms: true })] : []),
    ];
    for (const selectors of Object.keys(rule.visitors ?? {})) {
      for (const selector of selectors.split(',').map((s) => s.trim().replace(/:exit$/, ''))) {
        expect(trees.some((tree) => tree.nodes.some((node) => node.selector === selector)), `${id}: ${selector}`).toBe(true);
      }
    }
  });

  it.each(FILES)('%s: reports only messages it declares, each non-empty', (id) => {
    const { meta } = byId.get(id)!;
    for (const [messageId, text] of Object.entries(meta.messages)) expect(text.trim(), messageId).not.toBe('');
    const source = readFileSync(`${RULES_DIR}${id}.ts`, 'utf8');
    for (const [, messageId] of source.matchAll(/messageId: '([A-Za-z]+)'/g)) expect(Object.keys(meta.messages)).toContain(messageId);
  });

  // Expected to fail until every business rule is written.
  it.each(FILES)('rules/%s.ts is no longer a placeholder', (file) => {
    expect(readFileSync(`${RULES_DIR}${file}.ts`, 'utf8')).not.toMatch(/PLACEHOLDER/);
  });
});
