import { defineRule } from '../src/lint/define-rule';
import { asObject, has, isDigitText, member, ptr } from '../src/lint/read';
import { isBlank, isCardMethod } from '../src/lint/checks/order-items';
import { isTrusted, paymentView } from '../src/lint/checks/views';

const CARD_MEMBERS = ['holder', 'bin', 'last4digits', 'dateCardExpiry', 'dateAuthExpiry'] as const;
// bin is 6 digits, last4digits 4 (spec Limits).
const BIN_DIGITS = 6;
const LAST4_DIGITS = 4;

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
    const { payment, paymentMethod: method, cardData } = paymentView(ctx);
    if (typeof method !== 'string' || !isCardMethod(method)) return;
    if ((cardData === undefined && !has(payment, 'cardData')) || cardData === null) {
      ctx.report(ptr(ctx.base, 'payment', 'cardData'), 'cardData is required for a card payment when the operator processes card data.');
      return;
    }
    // Another type is reported by `type`.
    const card = asObject(cardData);
    if (!card) return;
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const values = isTrusted(ctx)
      ? [card.holder, card.bin, card.last4digits, card.dateCardExpiry, card.dateAuthExpiry]
      : CARD_MEMBERS.map((key) => member(card, key));
    for (let i = 0; i < CARD_MEMBERS.length; i++) {
      if (isBlank(values[i])) {
        ctx.report(ptr(ctx.base, 'payment', 'cardData', CARD_MEMBERS[i]!), `cardData.${CARD_MEMBERS[i]!} is required when the operator processes card data.`);
      }
    }
    const bin = values[1];
    if (typeof bin === 'string' && bin !== '' && !isDigitText(bin, BIN_DIGITS)) {
      ctx.report(ptr(ctx.base, 'payment', 'cardData', 'bin'), 'cardData.bin must be exactly 6 digits.', { params: { length: 6 } });
    }
    const last4 = values[2];
    if (typeof last4 === 'string' && last4 !== '' && !isDigitText(last4, LAST4_DIGITS)) {
      ctx.report(ptr(ctx.base, 'payment', 'cardData', 'last4digits'), 'cardData.last4digits must be exactly 4 digits.', { params: { length: 4 } });
    }
  },
});
