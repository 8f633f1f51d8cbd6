import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `return-reason`: rma.returnReason is not among the agreed return reasons. */
export default defineRule({
  meta: {
    id: 'return-reason',
    severity: 'error',
    kinds: ['return'],
    requires: ['returnReasons'],
    messages: {
      unknown: 'rma.returnReason must be one of the return reasons agreed with the operator.',
    },
  },
  visitors: {
    rma(rma: Record<string, unknown>, context) {
      const reasons = context.profile?.returnReasons;
      const reason = rma.returnReason;
      if (typeof reason !== 'string' || !Array.isArray(reasons)) return;
      if (!reasons.includes(reason)) context.report({ messageId: 'unknown', at: ['returnReason'], data: { allowed: reasons } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'rma.returnReason is not among the return reasons agreed with the operator (profile.returnReasons).',
  rationale:
    'rma.returnReason: "R, max 50, predefined reason selected by the user; valid reasons are agreed between client and operator". The examples\' profile agrees damaged, wrong-size and not-as-described.',
  invalid: { kind: 'return', profile: true, edits: { '/rma/returnReason': 'changed-mind' } },
  valid: { kind: 'return', profile: true, edits: { '/rma/returnReason': 'wrong-size' } },
};
