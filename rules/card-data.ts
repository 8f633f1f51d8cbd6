import { defineRule } from '../src/lint/define-rule';
import { asObject, has, member, ptr } from '../src/lint/read';
import { isBlank } from '../src/lint/checks/order-items';
import { CARD_PAYMENT_METHODS } from '../src/spec/tables';

const CARD_MEMBERS = ['holder', 'bin', 'last4digits', 'dateCardExpiry', 'dateAuthExpiry'] as const;
const BIN = /^\d{6}$/;
const LAST4 = /^\d{4}$/;

/** Rule `card-data`: cardData missing or malformed when the operator processes card data. */
export default defineRule({
  meta: {
    id: 'card-data',
    description: 'A card payment lacks cardData or one of its members, or bin is not 6 digits or last4digits not 4 digits, when the operator processes card data.',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    docs: {
      rationale:
        'payment: "cardData and its members are required only when the operator processes card data"; Limits: bin 6, last4digits 4.',
      invalid: '"payment": { "paymentMethod": "Visa", "status": "authorized", "cardData": { "holder": "J. Doe", "bin": "4111", "last4digits": "1111" } }',
      valid:
        '"payment": { "paymentMethod": "Visa", "status": "authorized", "cardData": { "holder": "J. Doe", "bin": "411111", "last4digits": "1111", "dateCardExpiry": "2028-12-31", "dateAuthExpiry": "2026-03-08" } }',
    },
  },
  check(ctx) {
    // Needs a profile flag beyond `fms`, so the engine cannot gate it.
    if (ctx.profile?.processesCardData !== true) return;
    const payment = asObject(ctx.body.payment);
    const method = member(payment, 'paymentMethod');
    if (typeof method !== 'string' || !CARD_PAYMENT_METHODS.includes(method)) return;
    const at = ptr(ctx.base, 'payment', 'cardData');
    const cardData = member(payment, 'cardData');
    if (!has(payment, 'cardData') || cardData === null) {
      ctx.report(at, 'cardData is required for a card payment when the operator processes card data.');
      return;
    }
    // Another type is reported by `type`.
    const card = asObject(cardData);
    if (!card) return;
    for (const key of CARD_MEMBERS) {
      if (isBlank(member(card, key))) {
        ctx.report(ptr(at, key), `cardData.${key} is required when the operator processes card data.`);
      }
    }
    const bin = member(card, 'bin');
    if (typeof bin === 'string' && bin !== '' && !BIN.test(bin)) {
      ctx.report(ptr(at, 'bin'), 'cardData.bin must be exactly 6 digits.', { params: { length: 6 } });
    }
    const last4 = member(card, 'last4digits');
    if (typeof last4 === 'string' && last4 !== '' && !LAST4.test(last4)) {
      ctx.report(ptr(at, 'last4digits'), 'cardData.last4digits must be exactly 4 digits.', { params: { length: 4 } });
    }
  },
});
