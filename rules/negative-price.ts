import { defineRule } from '../src/lint/define-rule';
import { amountsOf } from '../src/lint/amounts';
import { member, ptr } from '../src/lint/read';
import { decimalSign, profileSku } from '../src/lint/checks/order-items';

/** Rule `negative-price`: a negative item price outside the order-discount item. */
export default defineRule({
  meta: {
    id: 'negative-price',
    description: 'An item amount is negative on an item other than the order-discount item.',
    severity: 'error',
    kinds: ['order'],
    docs: {
      rationale:
        'Only the order-discount item carries "negative gross and net price values" (rule 5); an item discount is sent as the discounted price (rule 4).',
      invalid: '{ "sku": "SKU-1", "amount": [{ "currencyISO3": "EUR", "amountType": "netprice", "value": "-5.00" }] }',
      valid: '{ "sku": "SKU-1", "amount": [{ "currencyISO3": "EUR", "amountType": "netprice", "value": "35.00" }] }',
    },
  },
  check(ctx) {
    const discountSku = profileSku(ctx.profile?.orderDiscountSku);
    let items: readonly unknown[] | undefined;
    for (const found of amountsOf(ctx)) {
      if (found.owner !== 'item' || found.itemIndex === undefined) continue;
      // v1's discount amount type is a deduction by nature.
      if (member(found.amount, 'amountType') === 'discount') continue;
      if (decimalSign(member(found.amount, 'value')) !== -1) continue;
      items ??= Array.isArray(ctx.body.item) ? ctx.body.item : [];
      if (discountSku !== undefined && member(items[found.itemIndex], 'sku') === discountSku) continue;
      ctx.report(ptr(found.path, 'value'), 'Item amounts must not be negative; only the order-discount item carries negative prices.');
    }
  },
});
