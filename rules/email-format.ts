import { defineRule, keywordCheck, type RuleDocs } from '../src/lint/define-rule';

/** Rule `email-format`: an e-mail value is not of the form local@domain. Its check is the field's `emailFormat` check. */
export default defineRule({
  meta: {
    id: 'email-format',
    severity: 'warn',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} must be an e-mail address of the form local@domain.',
    },
  },
  // The spec predicate of the field's emailFormat check decides (the builders validate with it too).
  check: keywordCheck('emailFormat', 'invalid'),
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An e-mail value is not of the form local@domain.',
  rationale: 'Order confirmations and return labels go to this address.',
  invalid: { edits: { '/clientRequest/partner/0/personData/email/0/value': 'jane.doe' } },
  valid: { edits: { '/clientRequest/partner/0/personData/email/0/value': 'jane.doe@example.com' } },
};
