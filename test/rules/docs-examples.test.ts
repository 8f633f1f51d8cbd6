/**
 * The rule tester of the docs (ESLint's RuleTester): each rule's documented examples run
 * through the real engine. The valid example lints clean (no problem of any rule); the
 * invalid one reports this rule and no other.
 */
import { describe, expect, it } from 'vitest';
import { RULES, RULE_DOCS } from '../../rules/index';
import type { RuleExample } from '../../src/lint/define-rule';
import { lintBatch, lintOrder, lintReturn } from '../../src/lint/engine';
import type { Problem } from '../../src/lint/types';
import { FMS_PROFILE, change, validOrder, validReturn } from '../fixtures';

function run(id: string, example: RuleExample): Problem[] {
  const meta = RULES.find((rule) => rule.meta.id === id)!.meta;
  const kind = example.kind ?? meta.kinds[0]!;
  const version = example.version ?? '1.1';
  const base = kind === 'order' ? validOrder(version) : validReturn();
  const payload = change(base, example.edits ?? {});
  const options = example.profile ? { profile: FMS_PROFILE } : {};
  if (example.batch) {
    const results = kind === 'order' ? lintBatch([base, payload], { kind, version, ...options }) : lintBatch([base, payload], { kind, ...options });
    expect(results[0]).toEqual([]);
    return results[1]!;
  }
  return kind === 'order' ? lintOrder(payload, { version, ...options }) : lintReturn(payload, options);
}

/** What the CLI does with a line: decode it as UTF-8 (fatal), then parse it. */
function cliRule(example: RuleExample): string | undefined {
  const bytes = Buffer.from(example.line!, example.encoding ?? 'utf8');
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return 'encoding';
  }
  try {
    JSON.parse(text);
  } catch {
    return 'parse';
  }
  return undefined;
}

describe.each(RULES.map((rule) => rule.meta.id))('docs examples of %s', (id) => {
  const docs = RULE_DOCS[id]!;
  const cli = RULES.find((rule) => rule.meta.id === id)!.meta.scope === 'cli';

  it('the valid example lints clean', () => {
    if (cli) expect(cliRule(docs.valid)).toBeUndefined();
    else expect(run(id, docs.valid)).toEqual([]);
  });

  it('the invalid example reports this rule and no other', () => {
    if (cli) {
      expect(cliRule(docs.invalid)).toBe(id);
      return;
    }
    const problems = run(id, docs.invalid);
    expect(problems.length).toBeGreaterThan(0);
    expect([...new Set(problems.map((p) => p.rule))]).toEqual([id]);
  });
});
