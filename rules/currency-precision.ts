import { digitsAfterDot, fractionDigits } from '../src/lint/checks/money-decimal';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { currencyDigits } from '../src/schema/codes';

/** Rule `currency-precision`: an amount value has more fraction digits than the currency's minor unit. */
export default defineRule({
  meta: {
    id: 'currency-precision',
    severity: 'warn',
    kinds: ['order', 'return'],
    messages: {
      tooPrecise: 'The value has {{found}} fraction digits but its currency has {{digits}} minor-unit digits.',
    },
  },
  visitors: {
    'order.amount[], payment.amount[], item[].amount[], rma.amount'(amount: Record<string, unknown>, context) {
      const currency = amount.currencyISO3;
      const value = amount.value;
      if (typeof currency !== 'string' || typeof value !== 'string') return;
      // A lookup by the code's letters (currencyDigits keeps nothing between calls).
      const digits = currencyDigits(currency);
      // Unknown currencies are currency-code's business; their minor unit is unknown.
      if (digits === undefined) return;
      // Numeric text has its fraction digits after its only dot. Most values have exactly the
      // currency's digits (a dot in that place: one character read), else count them from the end.
      const at = value.length - digits - 1;
      if ((at > 0 && value.charCodeAt(at) === 46) || digitsAfterDot(value) <= digits) return;
      const found = fractionDigits(value);
      if (found !== undefined && found > digits) context.report({ messageId: 'tooPrecise', at: ['value'], data: { digits, found } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "An amount value has more fraction digits than the currency's minor unit.",
  rationale:
    'Amount values are text in the currency of currencyISO3 (spec: Amount); ISO 4217 gives each currency its minor unit (EUR 2, JPY 0, BHD 3), and finer values cannot be charged or refunded.',
  invalid: { edits: { '/clientRequest/item/1/amount/0/value': '15.005' } },
  valid: { edits: { '/clientRequest/item/1/amount/0/value': '15.01' } },
};
