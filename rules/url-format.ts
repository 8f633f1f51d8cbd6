import { checkValues, defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `url-format`: rma.clientReturnURL is not an absolute http(s) URL. The schema's `urlFormat` check finds it; this rule claims the finding. */
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
  findings: {
    // The schema's urlFormat check decides (the spec predicate the builders use too); this rule reports it.
    urlFormat: { messageId: 'invalid', data: checkValues },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'rma.clientReturnURL is not an absolute http(s) URL.',
  rationale: 'The consumer is redirected to clientReturnURL after the return is created.',
  invalid: { edits: { '/rma/clientReturnURL': 'shop.example/returns' } },
  valid: { edits: { '/rma/clientReturnURL': 'https://shop.example/returns' } },
};
