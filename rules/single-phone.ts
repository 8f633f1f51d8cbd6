import { partnerPath } from '../src/lint/checks/geo-partners';
import { companyDataOf, forEachPartner, personDataOf } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { member } from '../src/lint/read';

const HOLDERS = ['personData', 'companyData'] as const;

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
    forEachPartner(ctx, (partner, p, t) => {
      for (const holder of HOLDERS) {
        const data = holder === 'personData' ? personDataOf(partner, t) : companyDataOf(partner, t);
        const phones = member(data, 'phone');
        if (Array.isArray(phones) && phones.length > 1) {
          ctx.report(partnerPath(ctx, p, holder, 'phone', 1), `Only the first phone number of ${holder} is mapped; the others are dropped.`, {
            params: { count: phones.length },
          });
        }
      }
    });
  },
});
