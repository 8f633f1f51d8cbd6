import { partnersOf } from '../src/lint/checks/geo-partners';
import { defineRule } from '../src/lint/define-rule';
import { asObject, member, ptr } from '../src/lint/read';

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
    for (const { partner, path } of partnersOf(ctx)) {
      const company = asObject(member(partner, 'companyData'));
      if (!company) continue;
      const name = member(company, 'name');
      // Other types are reported by the type rule.
      if (name === undefined || name === null || (typeof name === 'string' && name.trim() === '')) {
        ctx.report(ptr(path, 'companyData', 'name'), 'companyData needs a non-blank name: a partner with companyData is a company.');
      }
    }
  },
});
