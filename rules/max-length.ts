import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `max-length`: a string is longer than the spec's limit, counted in Unicode code points. The engine's walk finds it; this rule claims the finding. */
export default defineRule({
  meta: {
    id: 'max-length',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} is {{length}} characters long; the limit is {{limit}}.',
    },
  },
  findings: {
    tooLong: { messageId: 'invalid', data: (node, length: number) => ({ name: node.name, limit: node.checks.find((check) => check.maxLength !== undefined)!.maxLength!, length }) },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A string is longer than the spec's limit, counted in Unicode code points.",
  rationale: "The spec's Limits table gives maximum lengths; the operator truncates or rejects longer values.",
  invalid: { edits: { '/clientRequest/partner/0/personData/firstName': 'Maximiliane-Alexandra' } },
  valid: { edits: { '/clientRequest/partner/0/personData/firstName': 'Maxi' } },
};
