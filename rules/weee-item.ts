import { profileSku } from '../src/lint/checks/order-items';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isPlainObject } from '../src/lint/json';
import { LIMITS } from '../src/schema/tables';

/** True when the code unit at `i` of `s` is an ASCII letter or digit. */
function isAlnumAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

// A sku within the spec's limit is at most 18 code points, 36 UTF-16 units.
const MAX_SKU_UNITS = 2 * LIMITS.orderSku;

/**
 * Tells whether `text` contains one of `skus` as a whole token: bounded by the ends or by
 * characters outside [A-Za-z0-9]. Linear in the text: each start of a token is paired with
 * the token ends at most MAX_SKU_UNITS further on, each looked up in the set once.
 */
function namesSku(text: string, skus: ReadonlySet<string>): boolean {
  for (let start = 0; start < text.length; start++) {
    if (start > 0 && isAlnumAt(text, start - 1)) continue;
    const last = Math.min(text.length, start + MAX_SKU_UNITS);
    for (let end = start + 1; end <= last; end++) {
      if ((end === text.length || !isAlnumAt(text, end)) && skus.has(text.slice(start, end))) return true;
    }
  }
  return false;
}

/** Rule `weee-item`: a WEEE item whose localizedDescription names no other item's sku. */
export default defineRule({
  meta: {
    id: 'weee-item',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    requires: ['weeeSku'],
    messages: {
      names: 'The localizedDescription of a WEEE item must name the sku of the order item the fee applies to.',
    },
  },
  // The WEEE items (index and localizedDescription), found as the items are walked; most orders have none.
  // The profile's WEEE SKU is read once per lint call.
  state: () => ({ sku: null as string | undefined | null, weee: [] as { index: number; description: unknown }[] }),
  visitors: {
    'item[]'(item: Record<string, unknown>, context, state) {
      if (state.sku === null) state.sku = profileSku(context.profile?.weeeSku);
      if (item.sku === state.sku) state.weee.push({ index: context.index, description: item.localizedDescription });
    },
    'item:exit'(items: readonly unknown[], context, state) {
      if (state.weee.length === 0) return;
      const weeeSku = state.sku;
      const skus = new Set<string>();
      for (const item of items) {
        if (isPlainObject(item) && typeof item.sku === 'string' && item.sku !== '' && item.sku !== weeeSku) skus.add(item.sku);
      }
      for (const { index, description } of state.weee) {
        if (typeof description !== 'string' || !namesSku(description, skus)) context.report({ messageId: 'names', at: [index, 'localizedDescription'] });
      }
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A WEEE item's localizedDescription does not name the sku of another item of the order.",
  rationale:
    'Rule 6: "each item that has a WEEE fee needs an associated WEEE item with the WEEE SKU supplied by the operator ... The localizedDescription names the product part number the fee applies to."',
  invalid: {
    profile: true,
    edits: {
      '/clientRequest/item/3': {
        itemId: '4',
        sku: 'ACME_WEEE',
        quantity: { uom: 'EA', value: '2' },
        amount: [
          { currencyISO3: 'EUR', amountType: 'netprice', value: '0.84' },
          { currencyISO3: 'EUR', amountType: 'grossprice', value: '1.00' },
        ],
        localizedDescription: 'WEEE fee',
      },
    },
  },
  valid: {
    profile: true,
    edits: {
      '/clientRequest/item/3': {
        itemId: '4',
        sku: 'ACME_WEEE',
        quantity: { uom: 'EA', value: '2' },
        amount: [
          { currencyISO3: 'EUR', amountType: 'netprice', value: '0.84' },
          { currencyISO3: 'EUR', amountType: 'grossprice', value: '1.00' },
        ],
        localizedDescription: 'WEEE SKU-1',
      },
    },
  },
};
