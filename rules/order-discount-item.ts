import { decimalSign, profileSku } from '../src/lint/checks/order-items';
import { memberOf } from '../src/lint/checks/members';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isPlainObject } from '../src/lint/json';

const DESCRIBING_MEMBERS = ['taxLevel', 'taxFactor', 'pricing', 'localizedDescription'] as const;

/** True when an amount list has an amount of `amountType` whose value is negative decimal text. */
function hasNegative(amounts: unknown, amountType: string): boolean {
  if (!Array.isArray(amounts)) return false;
  const found: unknown = amounts.find((a) => memberOf(a, 'amountType') === amountType);
  return decimalSign(memberOf(found, 'value')) === -1;
}

/** Rule `order-discount-item`: the order-discount item is not shaped as the spec asks. */
export default defineRule({
  meta: {
    id: 'order-discount-item',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    requires: ['orderDiscountSku'],
    messages: {
      prices: 'The order-discount item needs netprice and grossprice amounts with negative values.',
      noQuantity: 'The order-discount item needs a quantity with uom {{uom}}.',
      uom: 'The order-discount item must have quantity uom {{uom}}.',
      missing: 'The order-discount item needs {{member}}, like any other item.',
    },
  },
  // The profile's order-discount SKU, read once per lint call.
  state: () => ({ sku: null as string | undefined | null }),
  visitors: {
    'item[]'(item: Record<string, unknown>, context, state) {
      if (state.sku === null) state.sku = profileSku(context.profile?.orderDiscountSku);
      if (item.sku !== state.sku) return;
      if (!hasNegative(item.amount, 'netprice') || !hasNegative(item.amount, 'grossprice')) context.report({ messageId: 'prices', at: ['amount'] });
      const quantity = item.quantity;
      // A missing quantity is `required`'s, another type `type`'s (both drop this report).
      if (!isPlainObject(quantity)) context.report({ messageId: 'noQuantity', at: ['quantity'], data: { uom: 'EA' } });
      else if (memberOf(quantity, 'uom') !== 'EA') context.report({ messageId: 'uom', at: ['quantity', 'uom'], data: { uom: 'EA' } });
      for (const member of DESCRIBING_MEMBERS) {
        if (!context.given(item[member], [member])) context.report({ messageId: 'missing', at: [member], data: { member } });
      }
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The order-discount item lacks negative netprice and grossprice amounts, quantity uom EA, taxLevel, taxFactor, pricing or localizedDescription.',
  rationale:
    'Rule 5: "add an item with a fixed SKU supplied by the operator and negative gross and net price values. The item has quantity with uom EA, taxLevel, taxFactor, pricing and localizedDescription, like any other item."',
  invalid: {
    profile: true,
    edits: {
      '/clientRequest/item/3': {
        itemId: '4',
        sku: 'ACME_DISCOUNT',
        quantity: { uom: 'BX', value: '1' },
        amount: [
          { currencyISO3: 'EUR', amountType: 'netprice', value: '-8.40' },
          { currencyISO3: 'EUR', amountType: 'grossprice', value: '-10.00' },
        ],
        taxLevel: 'HIGH',
        taxFactor: '1.19',
        pricing: 'grosspricing',
        localizedDescription: 'Rabatt',
      },
    },
  },
  valid: {
    profile: true,
    edits: {
      '/clientRequest/item/3': {
        itemId: '4',
        sku: 'ACME_DISCOUNT',
        quantity: { uom: 'EA', value: '1' },
        amount: [
          { currencyISO3: 'EUR', amountType: 'netprice', value: '-8.40' },
          { currencyISO3: 'EUR', amountType: 'grossprice', value: '-10.00' },
        ],
        taxLevel: 'HIGH',
        taxFactor: '1.19',
        pricing: 'grosspricing',
        localizedDescription: 'Rabatt',
      },
    },
  },
};
