import { amountsOf } from '../src/lint/amounts';
import { fractionDigits } from '../src/lint/checks/money-decimal';
import { defineRule } from '../src/lint/define-rule';
import { member, ptr } from '../src/lint/read';
import { currencyDigits, isCurrencyCode } from '../src/spec/codes';

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
    for (const { amount, path } of amountsOf(ctx)) {
      const currency = member(amount, 'currencyISO3');
      // Unknown currencies are currency-code's business; their minor unit is unknown.
      if (!isCurrencyCode(currency)) continue;
      const digits = currencyDigits(currency)!;
      const found = fractionDigits(member(amount, 'value'));
      if (found !== undefined && found > digits) {
        ctx.report(
          ptr(path, 'value'),
          `The value has ${found} fraction digits but its currency has ${digits} minor-unit digits.`,
          { params: { digits, found } },
        );
      }
    }
  },
});
