import { defineDocs, defineRule } from '../src/lint/define-rule';

/** Rule `required`: a required member is missing or null. Reported by the engine's walk of the schema. */
export default defineRule({
  meta: {
    id: "required",
    description: "A required member is missing or null.",
    severity: 'error',
    kinds: ["order", "return"],
    structural: true,
    messages: {
      missing: "{{name}} is required in {{object}}.",
      missingFms: "{{name}} is required in {{object}} when the operator handles payments.",
      null: "{{name}} is required in {{object}} and must not be null.",
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs = defineDocs({
  rationale: "Members marked R in the spec must be present and not null (payment.status too when the operator handles payments, FMS). payment.status is required when the operator handles payments (FMS).",
  invalid: { edits: { "/clientRequest/requestHeader/requestReference": undefined } },
  valid: { edits: { "/clientRequest/requestHeader/requestReference": "REQ-1001" } },
});
