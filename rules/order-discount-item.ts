import { defineRule } from '../src/lint/define-rule';
import { isObject, member, ptr } from '../src/lint/read';
import { amountOfType, decimalSign, isBlank, profileSku } from '../src/lint/checks/order-items';
import { isTrusted, itemListOf, skuOf } from '../src/lint/checks/views';

const DESCRIBING_MEMBERS = ['taxLevel', 'taxFactor', 'pricing', 'localizedDescription'] as const;

/** True when the item has an amount of `amountType` whose value is negative decimal text. */
function hasNegative(item: Record<string, unknown>, amountType: string): boolean {
  const found = amountOfType(item, amountType);
  return found !== undefined && decimalSign(member(found.value, 'value')) === -1;
}

/** Rule `order-discount-item`: the order-discount item is not shaped as the spec asks. */
export default defineRule({
  meta: {
    id: 'order-discount-item',
    description:
      'The order-discount item lacks negative netprice and grossprice amounts, quantity uom EA, taxLevel, taxFactor, pricing or localizedDescription.',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    requires: ['orderDiscountSku'],
    docs: {
      rationale:
        'Rule 5: "add an item with a fixed SKU supplied by the operator and negative gross and net price values. The item has quantity with uom EA, taxLevel, taxFactor, pricing and localizedDescription, like any other item."',
      invalid: '{ "sku": "ACME_DISCOUNT", "quantity": { "uom": "BX", "value": "1" }, "amount": [{ "currencyISO3": "EUR", "amountType": "netprice", "value": "10.00" }] }',
      valid:
        '{ "sku": "ACME_DISCOUNT", "quantity": { "uom": "EA", "value": "1" }, "amount": [{ "currencyISO3": "EUR", "amountType": "netprice", "value": "-8.40" }, { "currencyISO3": "EUR", "amountType": "grossprice", "value": "-10.00" }], "taxLevel": "HIGH", "taxFactor": "1.19", "pricing": "grosspricing", "localizedDescription": "Rabatt" }',
    },
  },
  check(ctx) {
    const sku = profileSku(ctx.profile?.orderDiscountSku);
    if (sku === undefined) return;
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const items = itemListOf(ctx, t);
    if (!Array.isArray(items)) return;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isObject(item) || skuOf(item, t) !== sku) continue;
      const at = ptr(ctx.base, 'item', index);
      if (!hasNegative(item, 'netprice') || !hasNegative(item, 'grossprice')) {
        ctx.report(ptr(at, 'amount'), 'The order-discount item needs netprice and grossprice amounts with negative values.');
      }
      const quantity = member(item, 'quantity');
      if (!isObject(quantity)) {
        ctx.report(ptr(at, 'quantity'), 'The order-discount item needs a quantity with uom EA.', { params: { uom: 'EA' } });
      } else if (member(quantity, 'uom') !== 'EA') {
        ctx.report(ptr(at, 'quantity', 'uom'), 'The order-discount item must have quantity uom EA.', { params: { uom: 'EA' } });
      }
      for (const key of DESCRIBING_MEMBERS) {
        if (isBlank(member(item, key))) {
          ctx.report(ptr(at, key), `The order-discount item needs ${key}, like any other item.`);
        }
      }
    }
  },
});
