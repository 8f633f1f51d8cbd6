import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `key-charset`: a key reference field has characters outside [A-Za-z0-9._-] (v1.2). Its check is the field's `keyCharset` check. */
export default defineRule({
  meta: {
    id: 'key-charset',
    severity: 'error',
    kinds: ['order'],
    appliesTo: (features) => features.keyCharset,
    structural: true,
    messages: {
      invalid: "{{name}} may contain only letters, digits, \".\", \"_\" and \"-\" in {{label}}.",
    },
  },
  // The spec predicate of the field's keyCharset check decides (the builders validate with it too).
  check: keywordCheck('keyCharset', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A key reference field has characters outside [A-Za-z0-9._-] (v1.2).',
  rationale: 'v1.2 limits key reference fields (externalMessageReference, requestReference, poNumber, clientItemRef, sku) to alphanumerics, hyphen, underscore and full stop.',
  invalid: { version: '1.2', edits: { '/clientRequest/requestHeader/requestReference': 'REQ 1001' } },
  valid: { version: '1.2', edits: { '/clientRequest/requestHeader/requestReference': 'REQ-1001' } },
};
