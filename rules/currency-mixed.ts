import { amountCurrency, amountIndex, amountPath } from '../src/lint/amounts';
import { defineRule } from '../src/lint/define-rule';
import { ptr } from '../src/lint/read';

/** Rule `currency-mixed`: More than one currency in one payload. */
export default defineRule({
  meta: {
    id: 'currency-mixed',
    description: 'More than one currency in one payload.',
    severity: 'warn',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'The spec uses one Amount object (currencyISO3, amountType, value) for order, payment, item and RMA amounts; totals such as "totalGross is net plus tax" only add up within one currency.',
      invalid: '"amount": [{ "currencyISO3": "EUR", "amountType": "totalNet", "value": "100.00" }, { "currencyISO3": "USD", "amountType": "totalTax", "value": "19.00" }]',
      valid: '"amount": [{ "currencyISO3": "EUR", "amountType": "totalNet", "value": "100.00" }, { "currencyISO3": "EUR", "amountType": "totalTax", "value": "19.00" }]',
    },
  },
  check(ctx) {
    // The first string currency in document order is the payload's currency.
    let first: string | undefined;
    const index = amountIndex(ctx);
    for (let k = 0; k < index.amounts.length; k++) {
      const currency = amountCurrency(index, k);
      if (typeof currency !== 'string') continue;
      if (first === undefined) first = currency;
      else if (currency !== first) {
        ctx.report(ptr(amountPath(ctx, index, k), 'currencyISO3'), "This amount's currency differs from the payload's first currency; use one currency per payload.");
      }
    }
  },
});
