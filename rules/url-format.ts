import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `url-format`: rma.clientReturnURL is not an absolute http(s) URL. Reported by the engine's walk of the schema. */
export default defineRule({
  meta: {
    id: 'url-format',
    severity: 'error',
    kinds: ['return'],
    structural: true,
    messages: {
      invalid: '{{name}} must be an absolute http or https URL.',
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'rma.clientReturnURL is not an absolute http(s) URL.',
  rationale: 'The consumer is redirected to clientReturnURL after the return is created.',
  invalid: { edits: { '/rma/clientReturnURL': 'shop.example/returns' } },
  valid: { edits: { '/rma/clientReturnURL': 'https://shop.example/returns' } },
};
