/**
 * Table tests for rules, ESLint style: valid payloads report nothing for the rule;
 * each invalid payload reports exactly the expected `{ rule, path }` list.
 */
import { describe, expect, it } from 'vitest';
import { lintOrder, lintReturn } from '../../src/lint/engine';
import type { ClientProfile, LintOptions, Problem } from '../../src/lint/types';
import type { OrderVersion } from '../../src/schema/tables';

/** One case of a rule table. */
export interface RuleCase {
  /** What the case shows, in words. */
  name: string;
  /** The payload. */
  payload: unknown;
  /** Order version (orders only; default '1.1'). */
  version?: OrderVersion;
  /** The client profile, if the rule needs one. */
  profile?: ClientProfile;
  /** Rule levels, when the case turns rules off or changes their severity. */
  rules?: LintOptions['rules'];
}

/**
 * An invalid case with the exact problems of the rule under test, and of any other rule
 * the case names (e.g. the one `type` problem that stands in for the rule's report).
 */
export interface InvalidCase extends RuleCase {
  /** Every problem of the rule under test and of the rules named here, `{ rule, path }`, in any order. */
  errors: { rule: string; path: string }[];
}

function lint(kind: 'order' | 'return', c: RuleCase): Problem[] {
  const options = { ...(c.profile ? { profile: c.profile } : {}), ...(c.rules ? { rules: c.rules } : {}) };
  return kind === 'order' ? lintOrder(c.payload, { version: c.version ?? '1.1', ...options }) : lintReturn(c.payload, options);
}

const key = (p: { rule: string; path: string }) => `${p.rule} ${p.path}`;

/**
 * Runs a rule table.
 *
 * @param rule The rule id under test.
 * @param kind The payload kind.
 * @param table Valid and invalid cases.
 */
export function ruleTester(rule: string, kind: 'order' | 'return', table: { valid: RuleCase[]; invalid: InvalidCase[] }): void {
  describe(`${rule} (${kind})`, () => {
    for (const c of table.valid) {
      it(`accepts: ${c.name}`, () => {
        const found = lint(kind, c).filter((p) => p.rule === rule);
        expect(found).toEqual([]);
      });
    }
    for (const c of table.invalid) {
      it(`reports: ${c.name}`, () => {
        const named = new Set([rule, ...c.errors.map((e) => e.rule)]);
        const found = lint(kind, c).filter((p) => named.has(p.rule));
        expect(found.map(key).sort()).toEqual(c.errors.map(key).sort());
        for (const p of found) {
          expect(typeof p.message).toBe('string');
          expect(p.message.length).toBeGreaterThan(0);
        }
      });
    }
  });
}
