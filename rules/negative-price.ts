import { defineRule } from '../src/lint/define-rule';
import { amountIndex, amountPath, amountPlaces, amountType, amountValue } from '../src/lint/amounts';
import { member, ptr } from '../src/lint/read';
import { isNegativeText, profileSku } from '../src/lint/checks/order-items';

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
    let discountSku: string | undefined | null = null;
    const index = amountIndex(ctx);
    for (let k = index.itemsFrom; k < index.amounts.length; k++) {
      if (!isNegativeText(amountValue(index, k))) continue;
      // v1's discount amount type is a deduction by nature.
      if (amountType(index, k) === 'discount') continue;
      if (discountSku === null) discountSku = profileSku(ctx.profile?.orderDiscountSku);
      const items = member(ctx.body, 'item');
      if (discountSku !== undefined && Array.isArray(items) && member(items[amountPlaces(ctx, index)[3 * k + 1]!], 'sku') === discountSku) continue;
      ctx.report(ptr(amountPath(ctx, index, k), 'value'), 'Item amounts must not be negative; only the order-discount item carries negative prices.');
    }
  },
});
