import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { hasType } from '../src/lint/json';

const hasOwn = Object.prototype.hasOwnProperty;

/** Rule `spelling`: a member spelt as in the spec's example bodies rather than its schema (fixable). Its check fails each member of a strict object spelt as in the examples, unless its value has the wrong type (then `type` says so). */
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
  check: {
    at: (node) => node.spelling,
    phase: 'extra',
    // Type first: a spelling whose value is null or of the wrong type is that `type` problem alone.
    test: (key: string, spelling, value: unknown) => !hasOwn.call(spelling, key) || value === null || !hasType(spelling[key]!.node, value),
    // The message names the example spelling, a name of the spec (never another member's).
    detail: (key: string) => key,
    fix: (key: string, spelling) => ({ kind: 'rename-member', to: spelling[key]!.to }),
    messageId: 'exampleSpelling',
    data: (node, key: string) => ({ key, to: node.spelling![key]!.to }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A member spelt as in the spec's example bodies rather than its schema (fixable).",
  rationale: 'The example bodies write entityId, transactionId, acquirerId and datetimeWantedDeliveryDate; the schema names are entityID, transactionID, acquireID and dateTimeWantedDeliveryDate.',
  invalid: { edits: { '/clientRequest/payment/transactionID': undefined, '/clientRequest/payment/transactionId': 'TX-1' } },
  valid: { edits: { '/clientRequest/payment/transactionID': 'TX-1' } },
};
