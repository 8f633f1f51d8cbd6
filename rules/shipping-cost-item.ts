import { defineRule } from '../src/lint/define-rule';
import { asArray, isObject, member, ptr } from '../src/lint/read';
import { decimalSign, profileSku } from '../src/lint/checks/order-items';
import { isTrusted, itemAmountOf, itemListOf, skuOf } from '../src/lint/checks/views';

const PRICE_TYPES: readonly string[] = ['netprice', 'grossprice'];

/** Sign of the item's prices: 'none' without a numeric net/gross price, 'zero' when all are zero. */
function priceState(amounts: unknown, trusted: boolean): 'none' | 'zero' | 'priced' {
  let state: 'none' | 'zero' | 'priced' = 'none';
  if (!Array.isArray(amounts)) return state;
  for (let i = 0; i < amounts.length; i++) {
    const value: unknown = amounts[i];
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    if (!isObject(value) || !PRICE_TYPES.includes((trusted ? value.amountType : member(value, 'amountType')) as string)) continue;
    const sign = decimalSign(trusted ? value.value : member(value, 'value'));
    if (sign === undefined) continue;
    if (sign !== 0) return 'priced';
    state = 'zero';
  }
  return state;
}

let lastCode: string | undefined;
let lastSku = '';

/** `<clientCode>_SHIPCOSTS`, built once per client code rather than on every lint call. */
function defaultSku(clientCode: string): string {
  if (clientCode !== lastCode) {
    lastCode = clientCode;
    lastSku = `${clientCode}_SHIPCOSTS`;
  }
  return lastSku;
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
    const sku = profileSku(ctx.profile?.shippingCostSku) ?? defaultSku(clientCode);
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const items = asArray(itemListOf(ctx, t));
    let n = -1;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isObject(item) || skuOf(item, t) !== sku) continue;
      n++;
      if (n > 0) {
        ctx.report(ptr(ctx.base, 'item', index, 'sku'), 'An order carries at most one shipping-cost item.');
      }
      const state = priceState(itemAmountOf(item, t), t);
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
