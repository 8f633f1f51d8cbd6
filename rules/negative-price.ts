import { isNegativeText, profileSku } from '../src/lint/checks/order-items';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `negative-price`: a negative item amount outside the order-discount item. */
export default defineRule({
  meta: {
    id: 'negative-price',
    severity: 'error',
    kinds: ['order'],
    messages: {
      negative: 'Item amounts must not be negative; only the order-discount item carries negative prices.',
    },
  },
  // Whether the item being walked is the order-discount item (profile.orderDiscountSku, read once).
  state: () => ({ sku: null as string | undefined | null, discountItem: false }),
  visitors: {
    'item[]'(item: Record<string, unknown>, context, state) {
      if (state.sku === null) state.sku = profileSku(context.profile?.orderDiscountSku);
      state.discountItem = state.sku !== undefined && item.sku === state.sku;
    },
    'item[].amount[]'(amount: Record<string, unknown>, context, state) {
      // v1's discount amount type is a deduction by nature (later versions have no such type: freightCosts replaces it).
      if (state.discountItem || !isNegativeText(amount.value)) return;
      if (amount.amountType === 'discount' && context.features?.amountTypes.includes('discount')) return;
      context.report({ messageId: 'negative', at: ['value'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An item amount is negative on an item other than the order-discount item.',
  rationale: 'Only the order-discount item carries "negative gross and net price values" (rule 5); an item discount is sent as the discounted price (rule 4).',
  invalid: { edits: { '/clientRequest/item/1/amount/0/value': '-15.00' } },
  valid: { edits: { '/clientRequest/item/1/amount/0/value': '15.00' } },
};
