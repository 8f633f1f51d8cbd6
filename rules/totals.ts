import { isSumText } from '../src/lint/checks/money-decimal';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** The first order amount of each total type, with its index. */
interface Totals {
  net: Record<string, unknown> | undefined;
  tax: Record<string, unknown> | undefined;
  gross: Record<string, unknown> | undefined;
  grossIndex: number;
}

/** Rule `totals`: totalGross differs from totalNet + totalTax. */
export default defineRule({
  meta: {
    id: 'totals',
    severity: 'warn',
    kinds: ['order'],
    messages: {
      sum: 'totalGross must equal totalNet plus totalTax.',
    },
  },
  // Every member from the start: one object shape for every call.
  state: (): Totals => ({ net: undefined, tax: undefined, gross: undefined, grossIndex: -1 }),
  visitors: {
    'order.amount[]'(amount: Record<string, unknown>, context, state) {
      // The first amount of each type counts.
      const type = amount.amountType;
      if (type === 'totalNet') state.net ??= amount;
      else if (type === 'totalTax') state.tax ??= amount;
      else if (type === 'totalGross' && state.gross === undefined) {
        state.gross = amount;
        state.grossIndex = context.index;
      }
    },
    'order.amount:exit'(_amounts: readonly unknown[], context, state) {
      const { net, tax, gross } = state;
      if (!net || !tax || !gross) return;
      // Sums across currencies mean nothing (currency-mixed reports them).
      const currency = gross.currencyISO3;
      if (typeof currency !== 'string' || net.currencyISO3 !== currency || tax.currencyISO3 !== currency) return;
      if (isSumText(gross.value, net.value, tax.value) === false) context.report({ messageId: 'sum', at: [state.grossIndex, 'value'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The order totalGross differs from totalNet plus totalTax.',
  rationale: 'Meaning of the amount types: "totalNet is the net total, totalTax is the tax total, totalGross is net plus tax".',
  invalid: { edits: { '/clientRequest/order/amount/2/value': '120.00' } },
  valid: { edits: { '/clientRequest/order/amount/2/value': '119.00' } },
};
