import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isPlainObject } from '../src/lint/json';

/** True when a list holds an Amount object of amountType netprice. */
function hasNetprice(amounts: readonly unknown[]): boolean {
  for (let i = 0; i < amounts.length; i++) {
    const amount: unknown = amounts[i];
    // The cheap test first: only a netprice amount needs to be a plain object.
    if (typeof amount === 'object' && amount !== null && (amount as { amountType?: unknown }).amountType === 'netprice' && isPlainObject(amount)) return true;
  }
  return false;
}

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
  visitors: {
    'item[]'(item: Record<string, unknown>, context) {
      const amounts = item.amount;
      if (Array.isArray(amounts) ? hasNetprice(amounts) : amounts !== undefined && amounts !== null) return;
      // Absent (or null, which `type` then reports alone) or an array without netprice.
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
