import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isCardMethod } from '../src/lint/checks/order-items';
import { memberOf } from '../src/lint/checks/members';
import { isPlainObject } from '../src/lint/json';
import { isDigitsText } from '../src/schema/predicates';

const CARD_MEMBERS = ['holder', 'bin', 'last4digits', 'dateCardExpiry', 'dateAuthExpiry'] as const;
// bin is 6 digits, last4digits 4 (spec Limits).
const BIN_DIGITS = 6;
const LAST4_DIGITS = 4;

/** Rule `card-data`: cardData missing or malformed when the operator processes card data. */
export default defineRule({
  meta: {
    id: 'card-data',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    messages: {
      noCardData: 'cardData is required for a card payment when the operator processes card data.',
      missingMember: 'cardData.{{member}} is required when the operator processes card data.',
      digits: 'cardData.{{member}} must be exactly {{length}} digits.',
    },
  },
  visitors: {
    payment(payment: Record<string, unknown>, context) {
      // Needs a profile flag beyond `fms`, so the engine cannot gate it. A method outside the
      // version's enumeration is `enum`'s: whether it is a card is not known (v1.1 `Meastro`).
      const method = payment.paymentMethod;
      if (context.profile?.processesCardData !== true || !context.features?.paymentMethods.includes(method as string) || !isCardMethod(method)) return;
      const card = payment.cardData;
      if (card === undefined || card === null) {
        context.report({ messageId: 'noCardData', at: ['cardData'] });
        return;
      }
      // Another type is reported by `type`.
      if (!isPlainObject(card)) return;
      for (const member of CARD_MEMBERS) {
        if (!context.given(memberOf(card, member), ['cardData', member])) context.report({ messageId: 'missingMember', at: ['cardData', member], data: { member } });
      }
      const bin = memberOf(card, 'bin');
      if (typeof bin === 'string' && !isDigitsText(bin, BIN_DIGITS)) {
        context.report({ messageId: 'digits', at: ['cardData', 'bin'], data: { member: 'bin', length: BIN_DIGITS } });
      }
      const last4 = memberOf(card, 'last4digits');
      if (typeof last4 === 'string' && !isDigitsText(last4, LAST4_DIGITS)) {
        context.report({ messageId: 'digits', at: ['cardData', 'last4digits'], data: { member: 'last4digits', length: LAST4_DIGITS } });
      }
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A card payment lacks cardData or one of its members, or bin is not 6 digits or last4digits not 4 digits, when the operator processes card data.',
  rationale: 'payment: "cardData and its members are required only when the operator processes card data"; Limits: bin 6, last4digits 4.',
  invalid: { profile: true, edits: { '/clientRequest/payment/cardData/bin': '4111' } },
  valid: { profile: true, edits: { '/clientRequest/payment/cardData/bin': '411111' } },
};
