import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `required`: a required member is missing or null. Reported by the engine's walk of the schema. */
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
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A required member is missing or null.',
  rationale: 'Members marked R in the spec must be present and not null (payment.status too when the operator handles payments, FMS). payment.status is required when the operator handles payments (FMS).',
  invalid: { edits: { '/clientRequest/requestHeader/requestReference': undefined } },
  valid: { edits: { '/clientRequest/requestHeader/requestReference': 'REQ-1001' } },
};
