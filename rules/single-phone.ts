import { defineRule, type RuleContext, type RuleDocs } from '../src/lint/define-rule';

function onePhone(holder: 'personData' | 'companyData') {
  return (data: Record<string, unknown>, context: RuleContext): void => {
    const phones = data.phone;
    if (Array.isArray(phones) && phones.length > 1) context.report({ messageId: 'dropped', at: ['phone', 1], data: { holder, count: phones.length } });
  };
}

/** Rule `single-phone`: a return partner has more than one phone; only the first is mapped. */
export default defineRule({
  meta: {
    id: 'single-phone',
    severity: 'warn',
    kinds: ['return'],
    messages: {
      dropped: 'Only the first phone number of {{holder}} is mapped; the others are dropped.',
    },
  },
  visitors: {
    'partner[].personData': onePhone('personData'),
    'partner[].companyData': onePhone('companyData'),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A return partner has more than one phone number in personData or companyData; only the first is mapped.',
  rationale:
    'Returns: "personData.phone: R, only one number is mapped"; "companyData.phone: only one phone number is mapped"; Limits: "only one phone number per company or person is mapped in the return request".',
  invalid: {
    kind: 'return',
    edits: { '/partner/0/personData/phone/1': { phoneType: 'office', value: '+49 30 7654321' } },
  },
  valid: { kind: 'return', edits: { '/partner/0/personData/phone/0': { phoneType: 'mobile', value: '+49 170 1234567' } } },
};
