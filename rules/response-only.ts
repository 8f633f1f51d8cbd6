import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `response-only`: a member that only responses carry (requestStatus, orderId, dateTimeSent, ...). Its check fails any such member of the right type. */
export default defineRule({
  meta: {
    id: 'response-only',
    severity: 'warn',
    kinds: ['order'],
    structural: true,
    messages: {
      responseOnly: '{{name}} appears only in responses; the operator does not read it in a request.',
    },
  },
  check: {
    at: (_node, member) => (member?.responseOnly ? true : undefined),
    // Before anything else at the value (an array's entries too), as the member's first problem.
    phase: 'first',
    test: () => false,
    messageId: 'responseOnly',
    data: (node) => ({ name: node.name }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member that only responses carry (requestStatus, orderId, dateTimeSent, ...).',
  rationale: 'Members marked Resp. in the spec are set by the operator; a request that sends them is probably a copied response.',
  invalid: { edits: { '/clientRequest/order/orderId': 'SO-1' } },
  valid: { edits: { '/clientRequest/order/orderId': undefined } },
};
