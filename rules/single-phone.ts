import { partnersOf } from '../src/lint/checks/geo-partners';
import { defineRule } from '../src/lint/define-rule';
import { member, ptr } from '../src/lint/read';

/** Rule `single-phone`: More than one phone number where only the first is mapped. */
export default defineRule({
  meta: {
    id: 'single-phone',
    description: 'A return partner has more than one phone number in personData or companyData; only the first is mapped.',
    severity: 'warn',
    kinds: ['return'],
    docs: {
      rationale:
        'Returns: "personData.phone: R, only one number is mapped"; "companyData.phone: only one phone number is mapped"; Limits: "only one phone number per company or person is mapped in the return request".',
      invalid: '"phone": [{ "phoneType": "mobile", "value": "+49 170 0000000" }, { "phoneType": "home", "value": "+49 30 0000000" }]',
      valid: '"phone": [{ "phoneType": "mobile", "value": "+49 170 0000000" }]',
    },
  },
  check(ctx) {
    for (const { partner, path } of partnersOf(ctx)) {
      for (const holder of ['personData', 'companyData'] as const) {
        const phones = member(member(partner, holder), 'phone');
        if (Array.isArray(phones) && phones.length > 1) {
          ctx.report(ptr(path, holder, 'phone', 1), `Only the first phone number of ${holder} is mapped; the others are dropped.`, {
            params: { count: phones.length },
          });
        }
      }
    }
  },
});
