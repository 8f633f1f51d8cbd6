import { defineRule, type RuleDocs, type SchemaMember, type SchemaNode } from '../src/lint/define-rule';

const ofObject = (node: SchemaNode) => ({ name: node.name, object: node.owner });
/** A member the schema requires (payment.status too, where the operator handles payments). */
const isRequired = (_node: SchemaNode, member: SchemaMember | undefined) => member?.required === true;

/**
 * Rule `required`: a required member is missing or null. The walk finds every absent and
 * every null member; this rule decides which of them are problems: the members the schema
 * requires, and of those the ones that may not be null.
 */
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
    missing: { at: isRequired, messageId: (_node, member) => (member!.requiredForFms ? 'missingFms' : 'missing'), typeFirst: true, data: ofObject },
    null: { at: (node, member) => isRequired(node, member) && !member!.nullable, messageId: 'null', typeFirst: true, data: ofObject },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A required member is missing or null.',
  rationale: 'Members marked R in the spec must be present and not null (payment.status too when the operator handles payments, FMS). payment.status is required when the operator handles payments (FMS).',
  invalid: { edits: { '/clientRequest/requestHeader/requestReference': undefined } },
  valid: { edits: { '/clientRequest/requestHeader/requestReference': 'REQ-1001' } },
};
