import { partnerPath } from '../src/lint/checks/geo-partners';
import { addressLinesOf, forEachAddressData } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { has, isObject, isNumberText, member } from '../src/lint/read';

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
    forEachAddressData(ctx, (addressData, p, t) => {
      const lines = addressLinesOf(addressData, t);
      // Null counts as absent (type reports the null too).
      if (lines === null || (lines === undefined && !has(addressData, 'address')) || (Array.isArray(lines) && lines.length === 0)) {
        ctx.report(partnerPath(ctx, p, 'addressData', 'address'), 'addressData needs at least one address line.');
        return;
      }
      // Another type is reported by the type rule.
      if (!Array.isArray(lines)) return;
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
    });
  },
});
