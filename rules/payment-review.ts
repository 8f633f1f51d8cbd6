import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { DYNAMIC_FIELD, PAYMENT_REVIEW_VALUES } from '../src/schema/tables';

const NAMES: readonly string[] = [DYNAMIC_FIELD.processAuthStatus, DYNAMIC_FIELD.processAuthStatusCode];

/** Rule `payment-review`: the two payment-review dynamic fields are not both present with their values. */
export default defineRule({
  meta: {
    id: 'payment-review',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    messages: {
      value: 'The value of dynamic field {{name}} must be {{expected}}.',
      alone: 'PROCESSAUTHSTATUS and PROCESSAUTHSTATUSCODE must be sent together for a payment review.',
    },
  },
  // Bit n is set once NAMES[n] was seen.
  state: () => ({ seen: 0 }),
  visitors: {
    'order.dynamicField[]'(field: Record<string, unknown>, context, state) {
      const n = typeof field.name === 'string' ? NAMES.indexOf(field.name) : -1;
      if (n < 0) return;
      state.seen |= 1 << n;
      const name = NAMES[n]! as keyof typeof PAYMENT_REVIEW_VALUES;
      const expected = PAYMENT_REVIEW_VALUES[name];
      if (field.value === expected) return;
      // Rule 9 requires the value: a blank one is also `blank-value`.
      context.given(field.value, ['value']);
      context.report({ messageId: 'value', at: ['value'], data: { name, expected } });
    },
    'order.dynamicField:exit'(_fields: readonly unknown[], context, state) {
      if (state.seen === 1 || state.seen === 2) context.report({ messageId: 'alone', data: { names: NAMES } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'PROCESSAUTHSTATUS=Review and PROCESSAUTHSTATUSCODE=DM_REVIEW are not both present together in order.dynamicField.',
  rationale:
    'Rule 9: "when the payment result is review-required, add two order-level dynamic fields. PROCESSAUTHSTATUS has the value Review. PROCESSAUTHSTATUSCODE has the value DM_REVIEW."',
  invalid: { profile: true, edits: { '/clientRequest/order/dynamicField': [{ name: 'PROCESSAUTHSTATUS', value: 'Review' }] } },
  valid: {
    profile: true,
    edits: {
      '/clientRequest/order/dynamicField': [
        { name: 'PROCESSAUTHSTATUS', value: 'Review' },
        { name: 'PROCESSAUTHSTATUSCODE', value: 'DM_REVIEW' },
      ],
    },
  },
};
