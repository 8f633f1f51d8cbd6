import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isCurrencyText } from '../src/schema/predicates';

/** Rule `currency-mixed`: more than one currency in one payload. */
export default defineRule({
  meta: {
    id: 'currency-mixed',
    severity: 'warn',
    kinds: ['order', 'return'],
    messages: {
      differs: "This amount's currency differs from the payload's first currency; use one currency per payload.",
    },
  },
  // The first valid currency code in document order is the payload's currency.
  state: () => ({ first: undefined as string | undefined }),
  visitors: {
    'order.amount[], payment.amount[], item[].amount[], rma.amount'(amount: Record<string, unknown>, context, state) {
      const currency = amount.currencyISO3;
      // Most amounts repeat the first currency: one comparison.
      if (currency === state.first) return;
      // A code that is not ISO 4217 is currency-code's; it names no second currency.
      if (typeof currency !== 'string' || !isCurrencyText(currency)) return;
      if (state.first === undefined) state.first = currency;
      else context.report({ messageId: 'differs', at: ['currencyISO3'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'More than one currency in one payload.',
  rationale:
    'The spec uses one Amount object (currencyISO3, amountType, value) for order, payment, item and RMA amounts; totals such as "totalGross is net plus tax" only add up within one currency.',
  invalid: { edits: { '/clientRequest/item/1/amount/0/currencyISO3': 'USD' } },
  valid: { edits: { '/clientRequest/item/1/amount/0/currencyISO3': 'EUR' } },
};
