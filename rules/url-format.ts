import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `url-format`: rma.clientReturnURL is not an absolute http(s) URL. Its check is the field's `urlFormat` check. */
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
  // The spec predicate of the field's urlFormat check decides (the builders validate with it too).
  check: keywordCheck('urlFormat', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'rma.clientReturnURL is not an absolute http(s) URL.',
  rationale: 'The consumer is redirected to clientReturnURL after the return is created.',
  invalid: { edits: { '/rma/clientReturnURL': 'shop.example/returns' } },
  valid: { edits: { '/rma/clientReturnURL': 'https://shop.example/returns' } },
};
