/**
 * `RuleId` is the union of the default engine's rule ids, generated with the registry
 * (rules/index.ts, whose snapshot test/rules/registry.test.ts keeps equal to the rule files):
 * a new rule adds its id there, and nowhere by hand. The options keep taking any id
 * (`rules: Record<string, RuleLevel>`).
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { RULES, type LintOptions, type RuleId, type RuleLevel } from '../../src/index';
import { readFileSync } from 'node:fs';

// No option type changed: rules of an engine of your own have ids of their own.
expectTypeOf<LintOptions['rules']>().toEqualTypeOf<Record<string, RuleLevel> | undefined>();
expectTypeOf<'max-length'>().toMatchTypeOf<RuleId>();
expectTypeOf<string>().not.toMatchTypeOf<RuleId>();
// @ts-expect-error: a typo is no rule id.
export const typo: RuleId = 'max-lenght';

describe('RuleId', () => {
  it('is the union of the ids of RULES, as the registry writes it', () => {
    const registry = readFileSync(new URL('../../rules/index.ts', import.meta.url), 'utf8');
    const union = registry.slice(registry.indexOf('export type RuleId ='), registry.indexOf(';', registry.indexOf('export type RuleId =')));
    const ids = [...union.matchAll(/\| '([a-z0-9-]+)'/g)].map((match) => match[1]);
    expect(ids).toEqual(RULES.map((rule) => rule.meta.id));
  });
});
