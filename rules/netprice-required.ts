import { defineRule } from '../src/lint/define-rule';
import { asArray, isObject, ptr } from '../src/lint/read';
import { amountIndexOfType } from '../src/lint/checks/order-items';
import { isTrusted, itemAmountOf, itemListOf } from '../src/lint/checks/views';

/** Rule `netprice-required`: an item has no netprice amount. */
export default defineRule({
  meta: {
    id: 'netprice-required',
    description: 'An item has no amount of amountType netprice.',
    severity: 'error',
    kinds: ['order'],
    docs: {
      rationale:
        'Amount types: "netprice is the net price of the item. It is required and is printed on export documents"; rule 10: "item amounts always carry the netprice".',
      invalid: '"amount": [{ "currencyISO3": "EUR", "amountType": "grossprice", "value": "47.60" }]',
      valid:
        '"amount": [{ "currencyISO3": "EUR", "amountType": "netprice", "value": "40.00" }, { "currencyISO3": "EUR", "amountType": "grossprice", "value": "47.60" }]',
    },
  },
  check(ctx) {
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const items = asArray(itemListOf(ctx, t));
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isObject(item)) continue;
      const amount = itemAmountOf(item, t);
      // An amount of another type gets its one `type` problem, nothing more.
      if (amount !== undefined && amount !== null && !Array.isArray(amount)) continue;
      if (amountIndexOfType(amount, 'netprice', t) >= 0) continue;
      ctx.report(ptr(ctx.base, 'item', index, 'amount'), 'Each item needs an amount of amountType netprice.', {
        params: { amountType: 'netprice' },
      });
    }
  },
});
