/**
 * Rule levels as configured for a run.
 */
import { RULES } from '../../rules/index';
import type { RuleLevel } from '../lint/types';

/**
 * The configured level of a rule: the override, else the catalogue's default severity.
 *
 * @param id A rule id.
 * @param overrides The `--rule` overrides.
 * @returns `off`, `warn` or `error`.
 * @example levelOf('parse', { parse: 'warn' }); // 'warn'
 */
export function levelOf(id: string, overrides: Readonly<Record<string, RuleLevel>> | undefined): RuleLevel {
  const override = overrides?.[id];
  if (override === 'off' || override === 'warn' || override === 'error') return override;
  return RULES.find((rule) => rule.meta.id === id)?.meta.severity ?? 'error';
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
