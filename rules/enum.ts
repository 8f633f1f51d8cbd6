import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `enum`: a value is outside the version's allowed set (amountType, paymentMethod, shipServiceLevel, partnerType, phoneType, emailType, payment.status). The engine's walk finds it; this rule claims the finding. */
export default defineRule({
  meta: {
    id: 'enum',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      notAllowed: '{{name}} must be one of {{allowed}} in {{label}}.',
    },
  },
  findings: {
    notAllowed: { messageId: 'notAllowed', data: (node) => ({ name: node.name, allowed: node.options!, label: node.version }) },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A value is outside the version's allowed set (amountType, paymentMethod, shipServiceLevel, partnerType, phoneType, emailType, payment.status).",
  rationale: 'The allowed values differ per version: freightCosts replaces discount in v1.1, Maestro replaces Meastro, EXI arrives in v1.2.',
  invalid: { edits: { '/clientRequest/order/shipServiceLevel': 'FAST' } },
  valid: { edits: { '/clientRequest/order/shipServiceLevel': 'EXP' } },
};
