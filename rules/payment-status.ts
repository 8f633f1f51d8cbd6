import { defineRule } from '../src/lint/define-rule';
import { ptr } from '../src/lint/read';
import { PAYMENT_STATUSES } from '../src/schema/tables';
import { isCardMethod } from '../src/lint/checks/order-items';
import { paymentView } from '../src/lint/checks/views';

const CARD_STATUSES: readonly string[] = ['authorized', 'captured'];
const OTHER_STATUSES: readonly string[] = ['paid'];

/** Rule `payment-status`: payment.status does not fit the payment method. */
export default defineRule({
  meta: {
    id: 'payment-status',
    description: 'payment.status does not fit the payment method: card methods authorized or captured, all others paid.',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    docs: {
      rationale:
        'payment.status: "Credit card: authorized. Credit card captured immediately (for example download products): captured. Other methods: paid."',
      invalid: '"payment": { "paymentMethod": "PayPal", "status": "authorized" }',
      valid: '"payment": { "paymentMethod": "PayPal", "status": "paid" }',
    },
  },
  check(ctx) {
    const { paymentMethod: method, status } = paymentView(ctx);
    // A missing status is `required`'s; a non-string method or status is `type`'s.
    if (typeof method !== 'string' || typeof status !== 'string') return;
    // A status outside the enumeration is `enum`'s.
    if (!PAYMENT_STATUSES.includes(status)) return;
    const card = isCardMethod(method);
    const allowed = card ? CARD_STATUSES : OTHER_STATUSES;
    if (allowed.includes(status)) return;
    ctx.report(
      ptr(ctx.base, 'payment', 'status'),
      card
        ? 'status must be authorized or captured for a card payment method.'
        : 'status must be paid for a payment method that is not a card.',
      { params: { allowed } },
    );
  },
});
