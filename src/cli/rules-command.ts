/**
 * `fulfilkit rules`: the rule catalogue as a table or JSON.
 */
import type { Rule } from '../lint/define-rule';
import { ruleDescription, ruleVersions } from '../lint/docs';

/**
 * Lists rules as an aligned table (`id  severity  kinds  FMS  description`) or as JSON.
 *
 * @param rules The registry.
 * @param format `stylish` (table) or `json`.
 * @returns The text, ending with a newline.
 * @example listRules(RULES, 'json')
 */
export function listRules(rules: readonly Rule[], format: 'stylish' | 'json'): string {
  if (format === 'json') {
    const list = rules.map(({ meta }) => ({
      id: meta.id,
      severity: meta.severity,
      kinds: meta.kinds,
      ...(meta.appliesTo ? { versions: ruleVersions(meta) } : {}),
      fmsOnly: meta.fmsOnly === true,
      // The profile members it needs: without them (no --profile, or a profile without them) it does not run.
      requires: meta.requires ?? [],
      scope: meta.scope ?? 'payload',
      description: ruleDescription(meta.id),
    }));
    return JSON.stringify(list, null, 2) + '\n';
  }
  const kindsOf = (rule: Rule) => {
    const { meta } = rule;
    if (meta.scope === 'cli') return 'cli';
    const kinds = meta.kinds.join(',');
    const withVersions = meta.appliesTo ? `${kinds} v${ruleVersions(meta).join('/v')}` : kinds;
    return meta.scope === 'batch' ? `${withVersions} (batch)` : withVersions;
  };
  const rows = [
    ['rule', 'severity', 'applies to', 'fms', 'needs in profile', 'description'],
    ...rules.map((r) => [r.meta.id, r.meta.severity, kindsOf(r), r.meta.fmsOnly ? 'FMS' : '', (r.meta.requires ?? []).join(','), ruleDescription(r.meta.id)]),
  ];
  const columns = rows[0]!.length - 1;
  const width = Array.from({ length: columns }, () => 0);
  for (const row of rows) for (let i = 0; i < columns; i++) width[i] = Math.max(width[i]!, row[i]!.length);
  return rows.map((row) => row.map((cell, i) => (i < columns ? cell.padEnd(width[i]!) : cell)).join('  ')).join('\n') + '\n';
}
