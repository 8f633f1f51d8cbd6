import { defineRule } from '../src/lint/define-rule';
import { member, objectsOf, ptr } from '../src/lint/read';
import { DYNAMIC_FIELD, PAYMENT_REVIEW_VALUES } from '../src/spec/tables';

const NAMES = [DYNAMIC_FIELD.processAuthStatus, DYNAMIC_FIELD.processAuthStatusCode] as const;

/** Rule `payment-review`: the two payment-review dynamic fields are not both present with their values. */
export default defineRule({
  meta: {
    id: 'payment-review',
    description: 'PROCESSAUTHSTATUS=Review and PROCESSAUTHSTATUSCODE=DM_REVIEW are not both present together in order.dynamicField.',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    docs: {
      rationale:
        'Rule 9: "when the payment result is review-required, add two order-level dynamic fields. PROCESSAUTHSTATUS has the value Review. PROCESSAUTHSTATUSCODE has the value DM_REVIEW."',
      invalid: '"dynamicField": [{ "name": "PROCESSAUTHSTATUS", "value": "Review" }]',
      valid:
        '"dynamicField": [{ "name": "PROCESSAUTHSTATUS", "value": "Review" }, { "name": "PROCESSAUTHSTATUSCODE", "value": "DM_REVIEW" }]',
    },
  },
  check(ctx) {
    const at = ptr(ctx.base, 'order', 'dynamicField');
    const fields = objectsOf(member(ctx.body.order, 'dynamicField'));
    let present = 0;
    for (const name of NAMES) {
      const expected = PAYMENT_REVIEW_VALUES[name];
      let seen = false;
      for (const { index, value } of fields) {
        if (member(value, 'name') !== name) continue;
        seen = true;
        if (member(value, 'value') !== expected) {
          ctx.report(ptr(at, index, 'value'), `The value of dynamic field ${name} must be ${expected}.`, {
            params: { name, expected },
          });
        }
      }
      if (seen) present++;
    }
    if (present === 1) {
      ctx.report(at, 'PROCESSAUTHSTATUS and PROCESSAUTHSTATUSCODE must be sent together for a payment review.', {
        params: { names: NAMES },
      });
    }
  },
});
