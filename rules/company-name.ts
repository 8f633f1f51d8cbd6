import { partnerPath } from '../src/lint/checks/geo-partners';
import { companyDataOf, forEachPartner } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { member } from '../src/lint/read';

/** Rule `company-name`: companyData without a name. */
export default defineRule({
  meta: {
    id: 'company-name',
    description: 'A partner has companyData without a name.',
    severity: 'error',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'Orders: "companyData.name: max 70, required only for a company"; returns: "companyData is required for a company return, and then name is R". Sending companyData marks the partner as a company.',
      invalid: '"companyData": { "taxNumber": "DE123456789" }',
      valid: '"companyData": { "name": "Doe Trading GmbH", "taxNumber": "DE123456789" }',
    },
  },
  check(ctx) {
    forEachPartner(ctx, (partner, p, t) => {
      const company = companyDataOf(partner, t);
      if (!company) return;
      const name = t ? company.name : member(company, 'name');
      // Other types are reported by the type rule.
      if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
        ctx.report(partnerPath(ctx, p, 'companyData', 'name'), 'companyData needs a non-blank name: a partner with companyData is a company.');
      }
    });
  },
});
