import { checkValues, defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `numeric-text`: an amount value, quantity value or taxFactor is not numeric text. The schema's `numericText` check finds it; this rule claims the finding. */
export default defineRule({
  meta: {
    id: 'numeric-text',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: "{{name}} must be numeric text such as \"{{expected}}\".",
    },
  },
  findings: {
    // The schema's numericText check decides (the spec predicate the builders use too); this rule reports it.
    numericText: { messageId: 'invalid', data: checkValues },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An amount value, quantity value or taxFactor is not numeric text.',
  rationale: "Amounts are text such as \"-12.50\"; quantities and tax factors are unsigned decimal text such as \"2\" and \"1.20\".",
  invalid: { edits: { '/clientRequest/item/0/quantity/value': '2,5' } },
  valid: { edits: { '/clientRequest/item/0/quantity/value': '2.5' } },
};
