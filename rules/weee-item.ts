import { memberOf } from '../src/lint/checks/members';
import { profileSku } from '../src/lint/checks/order-items';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { codePoints } from '../src/schema/predicates';
import { LIMITS } from '../src/schema/tables';

/** True when the code unit at `i` of `s` is an ASCII letter or digit. */
function isAlnumAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

// A sku within the spec's limit is at most 18 code points, 36 UTF-16 units.
const MAX_SKU_UNITS = 2 * LIMITS.orderSku;

/** A trie of skus by UTF-16 code unit: `end` marks a node where a sku ends. */
interface SkuTrie {
  readonly next: Map<number, SkuTrie>;
  end: boolean;
}

/** The trie of the skus within the spec's limit (a longer one is `max-length`'s, and is not looked for). */
function trieOf(skus: Iterable<string>): SkuTrie {
  const root: SkuTrie = { next: new Map(), end: false };
  for (const sku of skus) {
    // The length first: the code points of a long sku are never counted.
    if (sku.length > MAX_SKU_UNITS || codePoints(sku) > LIMITS.orderSku) continue;
    let node = root;
    for (let i = 0; i < sku.length; i++) {
      const unit = sku.charCodeAt(i);
      let child = node.next.get(unit);
      if (child === undefined) node.next.set(unit, (child = { next: new Map(), end: false }));
      node = child;
    }
    node.end = true;
  }
  return root;
}

/**
 * Tells whether `text` contains one of the skus of `trie` as a whole token: bounded by the
 * ends or by characters outside [A-Za-z0-9]. Linear in the text, at the same cost per
 * character for any text: each start of a token follows the trie only while the text
 * spells a sku prefix (at most MAX_SKU_UNITS steps), with no substring built.
 */
function namesSku(text: string, trie: SkuTrie): boolean {
  for (let start = 0; start < text.length; start++) {
    if (start > 0 && isAlnumAt(text, start - 1)) continue;
    let node = trie.next.get(text.charCodeAt(start));
    for (let end = start + 1; node !== undefined; end++) {
      if (node.end && (end === text.length || !isAlnumAt(text, end))) return true;
      node = end < text.length ? node.next.get(text.charCodeAt(end)) : undefined;
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
        const sku = memberOf(item, 'sku');
        if (typeof sku === 'string' && sku !== '' && sku !== weeeSku) skus.add(sku);
      }
      const trie = trieOf(skus);
      for (const { index, description } of state.weee) {
        // Rule 6 requires the description: a blank one is also `blank-value`.
        const at = [index, 'localizedDescription'];
        context.given(description, at);
        if (typeof description !== 'string' || !namesSku(description, trie)) context.report({ messageId: 'names', at });
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
