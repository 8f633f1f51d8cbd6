/**
 * Rule documentation generated from the rules' metadata (README rule table).
 */
import type { Rule } from './define-rule';

const KIND = { order: 'O', return: 'R' } as const;

/**
 * Renders the rule table of the README from rule metadata.
 *
 * @param rules The registry (`RULES`).
 * @returns A Markdown table: rule, severity, applies to, what it reports.
 * @example rulesMarkdownTable(RULES).split('\n')[0]; // '| rule | severity | applies | what it reports |'
 */
export function rulesMarkdownTable(rules: readonly Rule[]): string {
  const lines = ['| rule | severity | applies | what it reports |', '|---|---|---|---|'];
  for (const { meta } of rules) {
    const applies = [
      meta.kinds.map((k) => KIND[k]).join(' ') || 'CLI',
      meta.versions ? `v${meta.versions.join(', v')}` : '',
      meta.fmsOnly ? 'FMS' : '',
      meta.scope === 'batch' ? 'batch' : '',
      meta.requires?.length ? `profile: ${meta.requires.join(', ')}` : '',
      meta.fixable ? 'fixable' : '',
    ]
      .filter(Boolean)
      .join(' · ');
    lines.push(`| \`${meta.id}\` | ${meta.severity} | ${applies} | ${meta.description.replace(/\|/g, '\\|')} |`);
  }
  return lines.join('\n');
}
