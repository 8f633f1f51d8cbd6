import { decimalSign, profileSku } from '../src/lint/checks/order-items';
import { memberOf } from '../src/lint/checks/members';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';

const PRICE_TYPES: readonly unknown[] = ['netprice', 'grossprice'];

/** Sign of the item's prices: 'none' without a numeric net/gross price, 'zero' when all are zero. */
function priceState(amounts: unknown): 'none' | 'zero' | 'priced' {
  let state: 'none' | 'zero' | 'priced' = 'none';
  if (!Array.isArray(amounts)) return state;
  for (const amount of amounts) {
    if (!PRICE_TYPES.includes(memberOf(amount, 'amountType'))) continue;
    const sign = decimalSign(memberOf(amount, 'value'));
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
    severity: 'error',
    kinds: ['order'],
    requires: ['clientCode'],
    messages: {
      second: 'An order carries at most one shipping-cost item.',
      noPrice: 'The shipping-cost item needs a netprice or grossprice amount holding the shipping cost.',
      zero: 'A shipping-cost item with a zero price must be omitted; it is sent only when shipping costs apply.',
    },
  },
  state: () => ({ sku: undefined as string | undefined, count: 0 }),
  visitors: {
    'item[]'(item: Record<string, unknown>, context, state) {
      // `<clientCode>_SHIPCOSTS` unless the profile names the SKU; built once per call.
      const profile = context.profile;
      state.sku ??= profileSku(profile?.shippingCostSku) ?? `${profile?.clientCode}_SHIPCOSTS`;
      if (item.sku !== state.sku) return;
      if (++state.count > 1) context.report({ messageId: 'second', at: ['sku'] });
      const price = priceState(item.amount);
      if (price !== 'priced') context.report({ messageId: price === 'none' ? 'noPrice' : 'zero', at: ['amount'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The order has more than one shipping-cost item, or a shipping-cost item without a non-zero price.',
  rationale:
    'Rule 3: "add a separate item with a fixed SKU supplied by the operator (of the form <client_code>_SHIPCOSTS). Its price is the shipping cost. It is omitted when no shipping costs apply."',
  invalid: {
    profile: true,
    edits: {
      '/clientRequest/item/2/amount': [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '0.00' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '0.00' },
      ],
    },
  },
  valid: {
    profile: true,
    edits: {
      '/clientRequest/item/2/amount': [
        { currencyISO3: 'EUR', amountType: 'netprice', value: '5.00' },
        { currencyISO3: 'EUR', amountType: 'grossprice', value: '5.95' },
      ],
    },
  },
};
