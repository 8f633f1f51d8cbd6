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

/**
 * True when a batch rule (one that compares payloads) is on.
 *
 * @param overrides The `--rule` overrides.
 * @returns Whether the run must collect batch facts.
 */
export function batchRulesOn(overrides: Readonly<Record<string, RuleLevel>> | undefined): boolean {
  return RULES.some((rule) => rule.meta.scope === 'batch' && levelOf(rule.meta.id, overrides) !== 'off');
}
