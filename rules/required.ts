import { defineRule } from '../src/lint/define-rule';
import { has, isObject, member, ptr } from '../src/lint/read';

/** Rule `required`: A required member is missing or null. */
export default defineRule({
  meta: {
    id: "required",
    description: "A required member is missing or null.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "Members marked R in the spec must be present and not null (payment.status too when the operator handles payments, FMS).",
      invalid: "\"requestHeader\": { \"client\": \"ACME\", \"externalMessageReference\": \"M-1\" }",
      valid: "\"requestHeader\": { \"client\": \"ACME\", \"externalMessageReference\": \"M-1\", \"requestReference\": \"R-1\" }",
    },
  },
  // The schema checker reports the unconditional members; this adds the conditional one:
  // payment.status is required when the operator handles the payment (FMS).
  check(ctx) {
    if (ctx.kind !== 'order' || ctx.profile?.fms !== true) return;
    const payment = member(ctx.body, 'payment');
    // Missing or null: the catalogue's "a required member is missing or null".
    if (isObject(payment) && (!has(payment, 'status') || payment.status === null)) {
      ctx.report(ptr(ctx.base, 'payment', 'status'), 'status is required in payment when the operator handles payments.');
    }
  },
});
