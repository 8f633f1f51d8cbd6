import { isCardMethod } from '../src/lint/checks/order-items';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { PAYMENT_STATUSES } from '../src/schema/tables';

const CARD_STATUSES: readonly string[] = ['authorized', 'captured'];
const OTHER_STATUSES: readonly string[] = ['paid'];

/** Rule `payment-status`: payment.status does not fit the payment method. */
export default defineRule({
  meta: {
    id: 'payment-status',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    messages: {
      card: 'status must be authorized or captured for a card payment method.',
      other: 'status must be paid for a payment method that is not a card.',
    },
  },
  visitors: {
    payment(payment: Record<string, unknown>, context) {
      const { paymentMethod: method, status } = payment;
      // A missing status is `required`'s; a non-string method or status `type`'s; a status or a
      // method outside the version's enumeration `enum`'s (a mistyped `visa` is no reason to say `paid`).
      if (typeof status !== 'string' || !PAYMENT_STATUSES.includes(status) || !context.features?.paymentMethods.includes(method as string)) return;
      const card = isCardMethod(method);
      const allowed = card ? CARD_STATUSES : OTHER_STATUSES;
      if (!allowed.includes(status)) context.report({ messageId: card ? 'card' : 'other', at: ['status'], data: { allowed } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'payment.status does not fit the payment method: card methods authorized or captured, all others paid.',
  rationale:
    'payment.status: "Credit card: authorized. Credit card captured immediately (for example download products): captured. Other methods: paid."',
  invalid: { profile: true, edits: { '/clientRequest/payment/status': 'paid' } },
  valid: { profile: true, edits: { '/clientRequest/payment/status': 'captured' } },
};
