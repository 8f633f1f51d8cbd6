import { checkValues, defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `items-present`: the item list is empty. The schema's `itemsPresent` check finds it; this rule claims the finding. */
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
  findings: {
    // The schema's itemsPresent check decides (the spec predicate the builders use too); this rule reports it.
    itemsPresent: { messageId: 'invalid', data: checkValues },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The item list is empty.',
  rationale: 'An order or return without items has nothing to fulfil; v1.2 makes the item node required.',
  invalid: { edits: { '/clientRequest/item': [] } },
  valid: { edits: {} },
};
