/**
 * Documentation of the default rules, generated from their metadata and docs (README rule
 * table, `fulfilkit rules`). Outside src/lint: the engine knows no rule.
 */
import { ORDER_VERSIONS, ORDER_VERSION_FEATURES, type OrderVersion } from './schema/tables';
import { RULE_DOCS } from '../rules/index';
import type { Rule, RuleMeta } from './lint/define-rule';
import { checkedRules } from './lint/instance';

const KIND = { order: 'O', return: 'R' } as const;

/**
 * Renders the rule table of the README from rule metadata.
 *
 * @param rules The registry (`RULES`).
 * @returns A Markdown table: rule, severity, applies to, what it reports.
 * @throws {TypeError} When `rules` is not an array of rules with distinct ids.
 * @example rulesMarkdownTable(RULES).split('\n')[0]; // '| rule | severity | applies | what it reports |'
 */
export function rulesMarkdownTable(rules: readonly Rule[]): string {
  const lines = ['| rule | severity | applies | what it reports |', '|---|---|---|---|'];
  for (const { meta } of checkedRules(rules)) {
    const applies = [
      meta.kinds.map((k) => KIND[k]).join(' ') || 'CLI',
      meta.appliesTo ? `v${ruleVersions(meta).join(', v')}` : '',
      meta.fmsOnly ? 'FMS' : '',
      meta.scope === 'batch' ? 'batch' : '',
      meta.requires?.length ? `profile: ${meta.requires.join(', ')}` : '',
      meta.fixable ? 'fixable' : '',
    ]
      .filter(Boolean)
      .join(' · ');
    lines.push(`| \`${meta.id}\` | ${meta.severity} | ${applies} | ${ruleDescription(meta.id).replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n');
}

/**
 * The order versions a rule applies to (every version unless its meta says otherwise).
 *
 * @param meta A rule's metadata.
 * @returns The versions, oldest first.
 * @example ruleVersions(keyCharsetRule.meta); // ['1.2']
 */
export function ruleVersions(meta: RuleMeta): OrderVersion[] {
  return ORDER_VERSIONS.filter((version) => meta.appliesTo?.(ORDER_VERSION_FEATURES[version]) ?? true);
}

/**
 * What a rule reports, in one sentence (from its docs).
 *
 * @param id A rule id.
 * @returns The description; '' for an unknown id.
 * @example ruleDescription('totals'); // 'The order totalGross differs from totalNet plus totalTax.'
 */
export function ruleDescription(id: string): string {
  return Object.prototype.hasOwnProperty.call(RULE_DOCS, id) ? RULE_DOCS[id]!.description : '';
}
