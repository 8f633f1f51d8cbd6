/**
 * Meta-test of the rule registry (ESLint style): rules/index.ts is generated from the rule
 * files (this test writes it: `npx vitest run test/rules/registry.test.ts -u`), so every
 * rule file is registered under its file name, once; each is documented and has the
 * severity and kinds of the DESIGN catalogue.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES, RULE_DOCS } from '../../rules/index';
import { FINDINGS, type Finding, type Rule, type SchemaMember, type SchemaNode } from '../../src/index';
import { ruleVersions } from '../../src/lint/docs';
import { selectorNamingNoNode } from '../../src/lint/instance';
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

/** `address-lines` → `addressLines`. */
const camel = (file: string) => file.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

/**
 * rules/index.ts as the rule files make it: every file's rule and docs, and the rules of
 * each payload kind, listed apart so that a bundle of `lintOrder` carries no return-only
 * rule (and one of `lintReturn` no order-only one).
 */
function registrySource(rules: readonly Rule[]): string {
  const ids = rules.map((rule) => rule.meta.id);
  // A one-line JSDoc, or a summary and an `@example` (the exported RULES and RULE_DOCS).
  const jsdoc = (doc: string, example?: readonly string[]) =>
    example === undefined ? `/** ${doc} */` : ['/**', ` * ${doc}`, ' *', ' * @example', ...example.map((line) => ` * ${line}`), ' */'].join('\n');
  const list = (doc: string, name: string, of: readonly string[], example?: readonly string[]) =>
    [jsdoc(doc, example), `export const ${name}: readonly Rule[] = [`, ...of.map((id) => `  ${camel(id)}Rule,`), '];'].join('\n');
  // A batch rule compares payloads: lintBatch runs it from RULES, lintOrder and lintReturn never do.
  const kind = (k: 'order' | 'return') => rules.filter((rule) => rule.meta.kinds.includes(k) && rule.meta.scope !== 'batch').map((rule) => rule.meta.id);
  return [
    '// Generated by test/rules/registry.test.ts from the files of rules/: do not edit. To add a',
    '// rule, write rules/<id>.ts (a default-exported rule with meta.id <id>, and its docs), then',
    '// run `npx vitest run test/rules/registry.test.ts -u`.',
    '/**',
    ' * The rule registry, sorted by id. `RULES` is what the default engine runs (src/default-engine.ts);',
    ' * `RULE_DOCS` (rationale and runnable examples) is for docs and tests, and stays out of',
    ' * bundles that only lint. `RuleId` is the union of their ids.',
    ' */',
    "import type { Rule, RuleDocs } from '../src/lint/define-rule';",
    ...ids.map((id) => `import ${camel(id)}Rule, { docs as ${camel(id)}Docs } from './${id}';`),
    '',
    list('Every rule, sorted by id.', 'RULES', ids, [
      "RULES.find((rule) => rule.meta.id === 'max-length')?.meta.severity; // 'error'",
      "const engine = createEngine({ rules: RULES.filter((rule) => rule.meta.id !== 'totals') }); // every rule but totals",
    ]),
    '',
    list("The rules whose `kinds` name orders, but no batch rule, sorted by id: what `lintOrder` may run.", 'ORDER_RULES', kind('order')),
    '',
    list("The rules whose `kinds` name the return request, but no batch rule, sorted by id: what `lintReturn` may run.", 'RETURN_RULES', kind('return')),
    '',
    [
      '/**',
      ' * The id of a rule of the default engine (`RULES`), for code that names rules: a typo in',
      " * `const id: RuleId = 'max-lenght'` fails to compile. Options still take any id",
      ' * (`rules: Record<string, RuleLevel>`: an engine of your own has rules of its own).',
      ' *',
      ' * @example',
      " * const id: RuleId = 'max-length';",
      " * lintOrder(payload, { version: '1.1', rules: { [id]: 'warn' } }).filter((problem) => problem.rule === id);",
      ' */',
      'export type RuleId =',
      ...ids.map((id, i) => `  | '${id}'${i === ids.length - 1 ? ';' : ''}`),
    ].join('\n'),
    '',
    jsdoc('The docs of every rule, by id.', ["RULE_DOCS['totals']?.description; // 'The order totalGross differs from totalNet plus totalTax.'"]),
    'export const RULE_DOCS: Readonly<Record<string, RuleDocs>> = {',
    ...ids.map((id) => `  '${id}': ${camel(id)}Docs,`),
    '};',
    '',
  ].join('\n');
}

describe('rule registry', () => {
  it('registers every file in rules/ and nothing else', () => {
    expect(RULES.map((r) => r.meta.id).sort()).toEqual(FILES);
  });

  it('is rules/index.ts as generated from the rule files (run with -u to write it)', async () => {
    const rules = await Promise.all(FILES.map(async (file) => ((await import(`../../rules/${file}`)) as { default: Rule }).default));
    await expect(registrySource(rules)).toMatchFileSnapshot('../../rules/index.ts');
  });

  it('lists the catalogue exactly', () => {
    expect(Object.keys(CATALOGUE).sort()).toEqual(FILES);
  });

  it('has every finding of the walk claimed, by one rule at each place it can occur, in a message of that rule', () => {
    const trees = [...ORDER_VERSIONS.map((v) => buildTree(ORDER_REQUEST_SCHEMAS[v], { label: v, bodyKey: 'clientRequest', fms: true })), buildTree(ReturnRequestSchema, { label: 'return', fms: true })];
    expect(FINDINGS.filter((finding) => !RULES.some((rule) => rule.findings?.[finding] !== undefined))).toEqual([]);
    // Where each finding can occur: `missing` and `null` at every member, the others at every node.
    const places: [Finding, SchemaNode, SchemaMember | undefined][] = [];
    for (const tree of trees) {
      for (const node of tree.nodes) {
        for (const finding of FINDINGS) if (finding !== 'missing' && finding !== 'null') places.push([finding, node, undefined]);
        for (const member of node.members ?? []) for (const finding of ['missing', 'null'] as const) places.push([finding, member.node, member]);
      }
    }
    const overlaps: string[] = [];
    for (const [finding, node, member] of places) {
      const claims = RULES.flatMap((rule) => {
        const claim = rule.findings?.[finding];
        return claim !== undefined && (claim.at === undefined || claim.at(node, member)) ? [[rule, claim] as const] : [];
      });
      if (claims.length > 1) overlaps.push(`${finding} at ${node.selector}: ${claims.map(([rule]) => rule.meta.id).join(', ')}`);
      for (const [rule, claim] of claims) {
        const messageId = typeof claim.messageId === 'string' ? claim.messageId : claim.messageId(node, member);
        expect(rule.meta.messages, `${rule.meta.id} ${finding} at ${node.selector}`).toHaveProperty([messageId]);
      }
    }
    expect(overlaps).toEqual([]);
    // The member findings are claimed where the schema says so, and nowhere else.
    const members = places.flatMap(([finding, node, member]) => (finding === 'missing' || finding === 'null' ? [[finding, node, member!] as const] : []));
    const reporter = (finding: 'missing' | 'null', node: SchemaNode, member: SchemaMember) => RULES.find((rule) => rule.findings?.[finding]?.at?.(node, member))?.meta.id;
    for (const [finding, node, member] of members) {
      const expected = finding === 'missing' ? (member.required ? 'required' : undefined) : member.nullable ? undefined : member.required ? 'required' : 'type';
      expect(reporter(finding, node, member), `${finding} at ${node.selector}`).toBe(expected);
    }
  });

  it("has every check of the schema's fields checked by exactly one rule (its own check)", () => {
    const trees = [...ORDER_VERSIONS.map((v) => buildTree(ORDER_REQUEST_SCHEMAS[v], { label: v, bodyKey: 'clientRequest', fms: true })), buildTree(ReturnRequestSchema, { label: 'return', fms: true })];
    const unowned: string[] = [];
    for (const tree of trees)
      for (const node of tree.nodes)
        for (const check of node.checks) {
          const owners = RULES.filter((rule) => rule.check !== undefined && rule.check.at(node, undefined) === check);
          if (owners.length !== 1) unowned.push(`${tree.label} ${node.selector} ${check.keyword}: ${owners.map((rule) => rule.meta.id).join(', ') || 'none'}`);
        }
    expect(unowned).toEqual([]);
    // Each check's failure names a message of its rule.
    for (const rule of RULES) if (rule.check) expect(rule.meta.messages, rule.meta.id).toHaveProperty(rule.check.messageId);
  });

  it('is sorted by id, without duplicates', () => {
    const ids = RULES.map((r) => r.meta.id);
    expect(ids).toEqual([...ids].sort());
    expect(new Set(ids).size).toBe(ids.length);
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
    // The check createEngine makes of a rule of its own (the default rules are checked here instead).
    const treesOf = (kind: string) =>
      kind === 'order' ? ORDER_VERSIONS.map((v) => buildTree(ORDER_REQUEST_SCHEMAS[v], { label: v, bodyKey: 'clientRequest', fms: true })) : kind === 'return' ? [buildTree(ReturnRequestSchema, { label: 'return', fms: true })] : [];
    expect(selectorNamingNoNode(byId.get(id)!, treesOf)).toBeUndefined();
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
