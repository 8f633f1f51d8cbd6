import { amountCurrency, amountIndex, amountPath, amountValue } from '../src/lint/amounts';
import { digitsAfterDot, fractionDigits } from '../src/lint/checks/money-decimal';
import { defineRule } from '../src/lint/define-rule';
import { ptr } from '../src/lint/read';
import { currencyDigits } from '../src/schema/codes';

/** Rule `currency-precision`: An amount value has more fraction digits than the currency's minor unit. */
export default defineRule({
  meta: {
    id: 'currency-precision',
    description: "An amount value has more fraction digits than the currency's minor unit.",
    severity: 'warn',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'Amount values are text in the currency of currencyISO3 (spec: Amount); ISO 4217 gives each currency its minor unit (EUR 2, JPY 0, BHD 3), and finer values cannot be charged or refunded.',
      invalid: '{ "currencyISO3": "EUR", "amountType": "netprice", "value": "10.505" }',
      valid: '{ "currencyISO3": "EUR", "amountType": "netprice", "value": "10.51" }',
    },
  },
  check(ctx) {
    const index = amountIndex(ctx);
    // Amounts of one payload mostly share a currency: look its minor unit up once.
    let last: unknown;
    let digits: number | undefined;
    for (let k = 0; k < index.amounts.length; k++) {
      const currency = amountCurrency(index, k);
      // Unknown currencies are currency-code's business; their minor unit is unknown.
      if (typeof currency !== 'string') continue;
      if (currency !== last) {
        last = currency;
        digits = currencyDigits(currency);
      }
      if (digits === undefined) continue;
      const value = amountValue(index, k);
      if (typeof value !== 'string') continue;
      // Numeric text has its fraction digits after its only dot: within the minor unit, no scan is needed.
      if (digitsAfterDot(value) <= digits) continue;
      const found = fractionDigits(value);
      if (found !== undefined && found > digits) {
        ctx.report(
          ptr(amountPath(ctx, index, k), 'value'),
          `The value has ${found} fraction digits but its currency has ${digits} minor-unit digits.`,
          { params: { digits, found } },
        );
      }
    }
  },
});
