/**
 * Rule levels as configured for a run.
 */
import { RULES } from '../../rules/index';
import { ruleLevel } from '../lint/define-rule';
import type { RuleLevel } from '../lint/types';

const BY_ID: ReadonlyMap<string, (typeof RULES)[number]> = new Map(RULES.map((rule) => [rule.meta.id, rule]));

/**
 * The configured level of a rule: the override, else the catalogue's default severity, as
 * the engine decides it (`ruleLevel`).
 *
 * @param id A rule id.
 * @param overrides The `--rule` overrides.
 * @returns `off`, `warn` or `error`.
 * @example levelOf('parse', { parse: 'warn' }); // 'warn'
 */
export function levelOf(id: string, overrides: Readonly<Record<string, RuleLevel>> | undefined): RuleLevel {
  const rule = BY_ID.get(id);
  return rule === undefined ? 'error' : ruleLevel(rule, overrides);
}

/** The ids of the batch rules (scope `batch`: they compare payloads). */
export const BATCH_RULE_IDS: readonly string[] = RULES.filter((rule) => rule.meta.scope === 'batch').map((rule) => rule.meta.id);

/**
 * The batch rules (those that compare payloads) that are on in any of a run's option sets
 * (its `--rule` overrides, each override of its config).
 *
 * @param variants The run's option sets, each with its rule overrides.
 * @returns The ids of the batch rules on in one of them at least; none: the run collects no batch facts.
 * @example batchRulesOn([{ rules: {} }]); // ['duplicate-request-reference']
 */
export function batchRulesOn(variants: readonly { readonly rules?: Readonly<Record<string, RuleLevel>> | undefined }[]): string[] {
  return BATCH_RULE_IDS.filter((id) => variants.some((variant) => levelOf(id, variant.rules) !== 'off'));
}
