import { defineRule, type RuleDocs, type SchemaNode } from '../src/lint/define-rule';

const ofObject = (node: SchemaNode) => ({ name: node.name, object: node.owner });

/** Rule `required`: a required member is missing or null. The engine's walk finds it; this rule claims the finding. */
export default defineRule({
  meta: {
    id: 'required',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      missing: '{{name}} is required in {{object}}.',
      missingFms: '{{name}} is required in {{object}} when the operator handles payments.',
      null: '{{name}} is required in {{object}} and must not be null.',
    },
  },
  findings: {
    // Each is the only problem of its member (type first).
    missing: { messageId: 'missing', typeFirst: true, data: ofObject },
    missingFms: { messageId: 'missingFms', typeFirst: true, data: ofObject },
    nullRequired: { messageId: 'null', typeFirst: true, data: ofObject },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A required member is missing or null.',
  rationale: 'Members marked R in the spec must be present and not null (payment.status too when the operator handles payments, FMS). payment.status is required when the operator handles payments (FMS).',
  invalid: { edits: { '/clientRequest/requestHeader/requestReference': undefined } },
  valid: { edits: { '/clientRequest/requestHeader/requestReference': 'REQ-1001' } },
};
