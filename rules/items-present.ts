import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `items-present`: the item list is empty. Its check is the field's `itemsPresent` check. */
export default defineRule({
  meta: {
    id: 'items-present',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: 'The {{name}} list must not be empty.',
    },
  },
  // The spec predicate of the field's itemsPresent check decides (the builders validate with it too).
  check: keywordCheck('itemsPresent', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The item list is empty.',
  rationale: 'An order or return without items has nothing to fulfil; v1.2 makes the item node required.',
  invalid: { edits: { '/clientRequest/item': [] } },
  valid: { edits: {} },
};
