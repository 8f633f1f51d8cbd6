import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isNumberText } from '../src/lint/json';

/** Rule `item-ids`: an itemId is not the sequential line number in array order. */
export default defineRule({
  meta: {
    id: 'item-ids',
    severity: 'error',
    kinds: ['order'],
    messages: {
      sequence: 'itemId must be the line number in array order, here {{expected}}.',
    },
  },
  // One wrong id usually shifts all later ones: only the first is reported.
  state: () => ({ reported: false }),
  visitors: {
    'item[]'(item: Record<string, unknown>, context, state) {
      const itemId = item.itemId;
      // Missing or non-string ids are reported by `required` and `type`.
      if (state.reported || typeof itemId !== 'string' || isNumberText(itemId, context.index + 1)) return;
      state.reported = true;
      context.report({ messageId: 'sequence', at: ['itemId'], data: { expected: String(context.index + 1) } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An itemId is not the sequential line number "1", "2", "3"... in array order.',
  rationale: 'Order item[].itemId: "R, sequential line number 1,2,3...".',
  invalid: { edits: { '/clientRequest/item/1/itemId': '3' } },
  valid: { edits: { '/clientRequest/item/1/itemId': '2' } },
};
