import { defineRule } from '../src/lint/define-rule';
import { member, ptr } from '../src/lint/read';

/** Rule `return-reason`: rma.returnReason is not among the agreed return reasons. */
export default defineRule({
  meta: {
    id: 'return-reason',
    description: 'rma.returnReason is not among the return reasons agreed with the operator (profile.returnReasons).',
    severity: 'error',
    kinds: ['return'],
    requires: ['returnReasons'],
    docs: {
      rationale:
        'rma.returnReason: "R, max 50, predefined reason selected by the user; valid reasons are agreed between client and operator". Examples assume profile { "returnReasons": ["damaged"] }.',
      invalid: '"rma": { "returnReason": "changed my mind" }',
      valid: '"rma": { "returnReason": "damaged" }',
    },
  },
  check(ctx) {
    const reasons = ctx.profile?.returnReasons;
    const reason = member(member(ctx.body, 'rma'), 'returnReason');
    if (typeof reason !== 'string' || !Array.isArray(reasons)) return;
    if (!reasons.includes(reason)) {
      ctx.report(ptr(ctx.base, 'rma', 'returnReason'), 'rma.returnReason must be one of the return reasons agreed with the operator.', {
        params: { allowed: reasons },
      });
    }
  },
});
