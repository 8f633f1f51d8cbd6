import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `netprice-required`: an item has no netprice amount. */
export default defineRule({
  meta: {
    id: 'netprice-required',
    severity: 'error',
    kinds: ['order'],
    messages: {
      missing: 'Each item needs an amount of amountType netprice.',
    },
  },
  // Whether the item being walked has an amount of amountType netprice (the walk reads each amountType once).
  state: () => ({ found: false }),
  visitors: {
    'item[]'(_item: Record<string, unknown>, _context, state) {
      state.found = false;
    },
    'item[].amount[].amountType'(amountType: string, _context, state) {
      if (amountType === 'netprice') state.found = true;
    },
    'item[]:exit'(item: Record<string, unknown>, context, state) {
      const amounts = item.amount;
      // An amount of the wrong type is reported by `type` alone; absent, null or without a netprice is this rule's.
      if (state.found || (amounts !== undefined && amounts !== null && !Array.isArray(amounts))) return;
      context.report({ messageId: 'missing', at: ['amount'], data: { amountType: 'netprice' } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An item has no amount of amountType netprice.',
  rationale:
    'Amount types: "netprice is the net price of the item. It is required and is printed on export documents"; rule 10: "item amounts always carry the netprice".',
  invalid: { edits: { '/clientRequest/item/1/amount/0': undefined } },
  valid: { edits: { '/clientRequest/item/1/amount/0': { currencyISO3: 'EUR', amountType: 'netprice', value: '15.00' } } },
};
