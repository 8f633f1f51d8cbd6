import { defineRule } from '../src/lint/define-rule';
import { isTrusted, itemIdOf } from '../src/lint/checks/views';
import { asArray, isNumberText, isObject, member, ptr } from '../src/lint/read';

/** Rule `item-ids`: itemId is not "1", "2", ... in array order. */
export default defineRule({
  meta: {
    id: 'item-ids',
    description: 'An itemId is not the sequential line number "1", "2", "3"... in array order.',
    severity: 'error',
    kinds: ['order'],
    docs: {
      rationale: 'Order item[].itemId: "R, sequential line number 1,2,3...".',
      invalid: '"item": [{ "itemId": "1", ... }, { "itemId": "3", ... }]',
      valid: '"item": [{ "itemId": "1", ... }, { "itemId": "2", ... }]',
    },
  },
  check(ctx) {
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const items = asArray(member(ctx.body, 'item'));
    for (let i = 0; i < items.length; i++) {
      const item: unknown = items[i];
      const itemId = isObject(item) ? itemIdOf(item, t) : undefined;
      // Missing or non-string ids are reported by `required` and `type`.
      if (typeof itemId !== 'string' || isNumberText(itemId, i + 1)) continue;
      ctx.report(
        ptr(ctx.base, 'item', i, 'itemId'),
        `itemId must be the line number in array order, here ${i + 1}.`,
        { params: { expected: String(i + 1) } },
      );
      // One wrong id usually shifts all later ones: report the first only.
      return;
    }
  },
});
