import { checkValues, defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `email-format`: an e-mail value is not of the form local@domain. The schema's `emailFormat` check finds it; this rule claims the finding. */
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
  findings: {
    // The schema's emailFormat check decides (the spec predicate the builders use too); this rule reports it.
    emailFormat: { messageId: 'invalid', data: checkValues },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An e-mail value is not of the form local@domain.',
  rationale: 'Order confirmations and return labels go to this address.',
  invalid: { edits: { '/clientRequest/partner/0/personData/email/0/value': 'jane.doe' } },
  valid: { edits: { '/clientRequest/partner/0/personData/email/0/value': 'jane.doe@example.com' } },
};
