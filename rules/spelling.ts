import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `spelling`: a member spelt as in the spec's example bodies rather than its schema (fixable). The engine's walk finds it; this rule claims the finding. */
export default defineRule({
  meta: {
    id: 'spelling',
    severity: 'warn',
    kinds: ['order'],
    fixable: true,
    structural: true,
    messages: {
      exampleSpelling: "{{key}} is the spelling of the spec's example body; the schema member is {{to}}.",
    },
  },
  findings: {
    exampleSpelling: { messageId: 'exampleSpelling', data: (_node, spelt: { key: string; to: string }) => ({ key: spelt.key, to: spelt.to }) },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A member spelt as in the spec's example bodies rather than its schema (fixable).",
  rationale: 'The example bodies write entityId, transactionId, acquirerId and datetimeWantedDeliveryDate; the schema names are entityID, transactionID, acquireID and dateTimeWantedDeliveryDate.',
  invalid: { edits: { '/clientRequest/payment/transactionID': undefined, '/clientRequest/payment/transactionId': 'TX-1' } },
  valid: { edits: { '/clientRequest/payment/transactionID': 'TX-1' } },
};
