import { defineRule } from '../src/lint/define-rule';
import { isTrusted } from '../src/lint/checks/views';
import { asArray, isObject, member, ptr } from '../src/lint/read';
import { DYNAMIC_FIELD, PAYMENT_REVIEW_VALUES } from '../src/schema/tables';

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
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const order = member(ctx.body, 'order');
    const fields = asArray(isObject(order) ? (t ? order.dynamicField : member(order, 'dynamicField')) : undefined);
    let present = 0;
    for (const name of NAMES) {
      const expected = PAYMENT_REVIEW_VALUES[name];
      let seen = false;
      for (let index = 0; index < fields.length; index++) {
        const value: unknown = fields[index];
        if (!isObject(value) || (t ? value.name : member(value, 'name')) !== name) continue;
        seen = true;
        if (member(value, 'value') !== expected) {
          ctx.report(ptr(ctx.base, 'order', 'dynamicField', index, 'value'), `The value of dynamic field ${name} must be ${expected}.`, {
            params: { name, expected },
          });
        }
      }
      if (seen) present++;
    }
    if (present === 1) {
      ctx.report(ptr(ctx.base, 'order', 'dynamicField'), 'PROCESSAUTHSTATUS and PROCESSAUTHSTATUSCODE must be sent together for a payment review.', {
        params: { names: NAMES },
      });
    }
  },
});
