import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `ambiguous-value`: a value the spec names only in guidance text: shipServiceLevel PUO; payment amountType capture or created. Its check compares the value with the field's ambiguous values. */
export default defineRule({
  meta: {
    id: 'ambiguous-value',
    severity: 'warn',
    kinds: ['order'],
    structural: true,
    messages: {
      ambiguous: "{{name}} uses a value (one of {{ambiguous}}) that the spec's guidance text names but its enumeration ({{allowed}}) does not; whether the operator accepts it is not shown.",
    },
  },
  check: {
    at: (node) => node.ambiguous,
    test: (value: string, ambiguous: readonly string[]) => !ambiguous.includes(value),
    messageId: 'ambiguous',
    data: (node) => ({ name: node.name, allowed: node.options!, ambiguous: node.ambiguous! }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A value the spec names only in guidance text: shipServiceLevel PUO; payment amountType capture or created.',
  rationale: 'The guidance text names PUO (the schema says PUD) and the payment amount types capture and created (not in the enumeration); whether the operator accepts them is not shown.',
  invalid: { edits: { '/clientRequest/order/shipServiceLevel': 'PUO' } },
  valid: { edits: { '/clientRequest/order/shipServiceLevel': 'PUD' } },
};
