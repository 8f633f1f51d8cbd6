import { partnersOf } from '../src/lint/checks/geo-partners';
import { defineRule } from '../src/lint/define-rule';
import { asObject, has, isObject, member, ptr } from '../src/lint/read';

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
    for (const { partner, path } of partnersOf(ctx)) {
      const addressData = asObject(member(partner, 'addressData'));
      if (!addressData) continue;
      const at = ptr(path, 'addressData', 'address');
      const lines = member(addressData, 'address');
      if (!has(addressData, 'address') || (Array.isArray(lines) && lines.length === 0)) {
        ctx.report(at, 'addressData needs at least one address line.');
        continue;
      }
      // Another type is reported by the type rule.
      if (!Array.isArray(lines)) continue;
      for (let i = 0; i < lines.length; i++) {
        const line = member(lines[i], 'line');
        if (typeof line === 'string' && line !== String(i + 1)) {
          ctx.report(ptr(at, i, 'line'), `Address line numbers must run 1, 2, 3... in array order; this entry must be line ${i + 1}.`, {
            params: { expected: String(i + 1) },
          });
          break;
        }
      }
      const first = lines[0];
      if (isObject(first)) {
        const value = member(first, 'value');
        if (!has(first, 'value') || value === '') {
          ctx.report(ptr(at, 0, 'value'), 'Address line 1 needs a value.');
        }
      }
    }
  },
});
