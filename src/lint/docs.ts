/**
 * The old path of the rule documentation, kept for the modules that still import it from
 * here: it documents the default rules, so it lives beside them in src/rule-docs.ts (the
 * engine knows no rule). Re-exports only; nothing in src/lint imports this file.
 */
export { ruleDescription, rulesMarkdownTable, ruleVersions } from '../rule-docs';
