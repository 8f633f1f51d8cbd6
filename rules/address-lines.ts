import { partnerPath } from '../src/lint/checks/geo-partners';
import { addressDataOf, addressLinesOf, isTrusted, partnerListOf } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { asArray, has, isObject, isNumberText, member } from '../src/lint/read';

/** Rule `address-lines`: Address lines are not numbered 1, 2, 3... in order, line 1 has no value, or there is no line. */
export default defineRule({
  meta: {
    id: 'address-lines',
    description: 'Address lines are not numbered 1, 2, 3... in order, line 1 has no value, or there is no line.',
    severity: 'error',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'AddressLine: "line (string, R, sequential line number 1,2,3...), value (string, max 40; R for line 1; at least one address line is required)".',
      invalid: '"address": [{ "line": "2", "value": "Hauptstrasse 1" }]',
      valid: '"address": [{ "line": "1", "value": "Hauptstrasse 1" }]',
    },
  },
  check(ctx) {
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const partners = asArray(partnerListOf(ctx, t));
    for (let p = 0; p < partners.length; p++) {
      const partner: unknown = partners[p];
      if (!isObject(partner)) continue;
      const addressData = addressDataOf(partner, t);
      if (!addressData) continue;
      const lines = addressLinesOf(addressData, t);
      // Null counts as absent (type reports the null too).
      if (lines === null || (lines === undefined && !has(addressData, 'address')) || (Array.isArray(lines) && lines.length === 0)) {
        ctx.report(partnerPath(ctx, p, 'addressData', 'address'), 'addressData needs at least one address line.');
        continue;
      }
      // Another type is reported by the type rule.
      if (!Array.isArray(lines)) continue;
      for (let i = 0; i < lines.length; i++) {
        const el: unknown = lines[i];
        const line = isObject(el) ? (t ? el.line : member(el, 'line')) : undefined;
        if (typeof line === 'string' && !isNumberText(line, i + 1)) {
          ctx.report(partnerPath(ctx, p, 'addressData', 'address', i, 'line'), `Address line numbers must run 1, 2, 3... in array order; this entry must be line ${i + 1}.`, {
            params: { expected: String(i + 1) },
          });
          break;
        }
      }
      const first: unknown = lines[0];
      if (isObject(first)) {
        const value = t ? first.value : member(first, 'value');
        if (value === null || (value === undefined && !has(first, 'value')) || value === '') {
          ctx.report(partnerPath(ctx, p, 'addressData', 'address', 0, 'value'), 'Address line 1 needs a value.');
        }
      }
    }
  },
});
