import { defineRule } from '../src/lint/define-rule';
import { isObject, member, ptr } from '../src/lint/read';
import { itemsOf, profileSku } from '../src/lint/checks/order-items';
import { isTrusted, itemListOf, skuOf } from '../src/lint/checks/views';

/** True when the code unit at `i` of `s` is an ASCII letter or digit. */
function isAlnumAt(s: string, i: number): boolean {
  const c = s.charCodeAt(i);
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** True when `text` contains `token` bounded by the string ends or characters outside [A-Za-z0-9]. */
function containsToken(text: string, token: string): boolean {
  for (let at = text.indexOf(token); at !== -1; at = text.indexOf(token, at + 1)) {
    const end = at + token.length;
    if ((at === 0 || !isAlnumAt(text, at - 1)) && (end === text.length || !isAlnumAt(text, end))) return true;
  }
  return false;
}

/** Rule `weee-item`: a WEEE item whose localizedDescription names no other item's sku. */
export default defineRule({
  meta: {
    id: 'weee-item',
    description: "A WEEE item's localizedDescription does not name the sku of another item of the order.",
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    requires: ['weeeSku'],
    docs: {
      rationale:
        'Rule 6: "each item that has a WEEE fee needs an associated WEEE item with the WEEE SKU supplied by the operator ... The localizedDescription names the product part number the fee applies to."',
      invalid: '{ "sku": "ACME_WEEE", "localizedDescription": "WEEE fee" }',
      valid: '{ "sku": "ACME_WEEE", "localizedDescription": "WEEE SKU-1" }',
    },
  },
  check(ctx) {
    const weeeSku = profileSku(ctx.profile?.weeeSku);
    if (weeeSku === undefined) return;
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const items = itemListOf(ctx, t);
    if (!Array.isArray(items)) return;
    // Listed only once a WEEE item is found: most orders have none.
    let skus: string[] | undefined;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isObject(item) || skuOf(item, t) !== weeeSku) continue;
      skus ??= itemsOf(ctx.body)
        .map((entry) => member(entry.value, 'sku'))
        .filter((s): s is string => typeof s === 'string' && s !== '' && s !== weeeSku);
      const description = member(item, 'localizedDescription');
      if (typeof description === 'string' && skus.some((s) => containsToken(description, s))) continue;
      ctx.report(
        ptr(ctx.base, 'item', index, 'localizedDescription'),
        'The localizedDescription of a WEEE item must name the sku of the order item the fee applies to.',
      );
    }
  },
});
