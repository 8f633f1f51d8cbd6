import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `company-name`: companyData without a name. */
export default defineRule({
  meta: {
    id: 'company-name',
    severity: 'error',
    kinds: ['order', 'return'],
    messages: {
      missing: 'companyData needs a name: a partner with companyData is a company.',
    },
  },
  visitors: {
    'partner[].companyData'(company: Record<string, unknown>, context) {
      if (!context.given(company.name, ['name'])) context.report({ messageId: 'missing', at: ['name'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A partner has companyData without a name.',
  rationale:
    'Orders: "companyData.name: max 70, required only for a company"; returns: "companyData is required for a company return, and then name is R". Sending companyData marks the partner as a company.',
  invalid: { edits: { '/clientRequest/partner/0/companyData/name': undefined } },
  valid: { edits: { '/clientRequest/partner/0/companyData/name': 'Doe Trading GmbH' } },
};
