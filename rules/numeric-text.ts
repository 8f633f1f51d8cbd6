import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `numeric-text`: an amount value, quantity value or taxFactor is not numeric text. Its check is the field's `numericText` check. */
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
  // The spec predicate of the field's numericText check decides (the builders validate with it too).
  check: keywordCheck('numericText', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An amount value, quantity value or taxFactor is not numeric text.',
  rationale: "Amounts are text such as \"-12.50\"; quantities and tax factors are unsigned decimal text such as \"2\" and \"1.20\".",
  invalid: { edits: { '/clientRequest/item/0/quantity/value': '2,5' } },
  valid: { edits: { '/clientRequest/item/0/quantity/value': '2.5' } },
};
