import { defineRule } from '../src/lint/define-rule';
import { member, objectsOf, ptr } from '../src/lint/read';
import { decimalSign, itemsWithSku, profileSku } from '../src/lint/checks/order-items';

const PRICE_TYPES: readonly string[] = ['netprice', 'grossprice'];

/** Sign of the item's prices: 'none' without a numeric net/gross price, 'zero' when all are zero. */
function priceState(item: Record<string, unknown>): 'none' | 'zero' | 'priced' {
  let state: 'none' | 'zero' | 'priced' = 'none';
  for (const { value } of objectsOf(member(item, 'amount'))) {
    if (!PRICE_TYPES.includes(member(value, 'amountType') as string)) continue;
    const sign = decimalSign(member(value, 'value'));
    if (sign === undefined) continue;
    if (sign !== 0) return 'priced';
    state = 'zero';
  }
  return state;
}

/** Rule `shipping-cost-item`: more than one shipping-cost item, or one without a price. */
export default defineRule({
  meta: {
    id: 'shipping-cost-item',
    description: 'The order has more than one shipping-cost item, or a shipping-cost item without a non-zero price.',
    severity: 'error',
    kinds: ['order'],
    requires: ['clientCode'],
    docs: {
      rationale:
        'Rule 3: "add a separate item with a fixed SKU supplied by the operator (of the form <client_code>_SHIPCOSTS). Its price is the shipping cost. It is omitted when no shipping costs apply."',
      invalid: '{ "itemId": "3", "sku": "ACME_SHIPCOSTS", "quantity": { "uom": "EA", "value": "1" } }',
      valid:
        '{ "itemId": "3", "sku": "ACME_SHIPCOSTS", "quantity": { "uom": "EA", "value": "1" }, "amount": [{ "currencyISO3": "EUR", "amountType": "netprice", "value": "5.00" }] }',
    },
  },
  check(ctx) {
    const clientCode = profileSku(ctx.profile?.clientCode);
    if (clientCode === undefined) return;
    const sku = profileSku(ctx.profile?.shippingCostSku) ?? `${clientCode}_SHIPCOSTS`;
    const items = itemsWithSku(ctx.body, sku);
    for (let n = 0; n < items.length; n++) {
      const { index, value } = items[n]!;
      if (n > 0) {
        ctx.report(ptr(ctx.base, 'item', index, 'sku'), 'An order carries at most one shipping-cost item.');
      }
      const state = priceState(value);
      if (state === 'none') {
        ctx.report(
          ptr(ctx.base, 'item', index, 'amount'),
          'The shipping-cost item needs a netprice or grossprice amount holding the shipping cost.',
        );
      } else if (state === 'zero') {
        ctx.report(
          ptr(ctx.base, 'item', index, 'amount'),
          'A shipping-cost item with a zero price must be omitted; it is sent only when shipping costs apply.',
        );
      }
    }
  },
});
