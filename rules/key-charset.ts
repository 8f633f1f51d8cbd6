import { checkValues, defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `key-charset`: a key reference field has characters outside [A-Za-z0-9._-] (v1.2). The schema's `keyCharset` check finds it; this rule claims the finding. */
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
  findings: {
    // The schema's keyCharset check decides (the spec predicate the builders use too); this rule reports it.
    keyCharset: { messageId: 'invalid', data: checkValues },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A key reference field has characters outside [A-Za-z0-9._-] (v1.2).',
  rationale: 'v1.2 limits key reference fields (externalMessageReference, requestReference, poNumber, clientItemRef, sku) to alphanumerics, hyphen, underscore and full stop.',
  invalid: { version: '1.2', edits: { '/clientRequest/requestHeader/requestReference': 'REQ 1001' } },
  valid: { version: '1.2', edits: { '/clientRequest/requestHeader/requestReference': 'REQ-1001' } },
};
