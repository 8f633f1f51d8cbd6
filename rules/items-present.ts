import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `items-present`: the item list is empty. Reported by the engine's walk of the schema. */
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
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The item list is empty.',
  rationale: 'An order or return without items has nothing to fulfil; v1.2 makes the item node required.',
  invalid: { edits: { '/clientRequest/item': [] } },
  valid: { edits: {} },
};
