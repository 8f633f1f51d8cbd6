import { isSum, parseDecimal } from '../src/lint/checks/money-decimal';
import { defineRule } from '../src/lint/define-rule';
import { member, objectsOf, ptr } from '../src/lint/read';

const TOTALS = ['totalNet', 'totalTax', 'totalGross'] as const;

/** Rule `totals`: totalGross differs from totalNet + totalTax. */
export default defineRule({
  meta: {
    id: 'totals',
    description: 'The order totalGross differs from totalNet plus totalTax.',
    severity: 'warn',
    kinds: ['order'],
    docs: {
      rationale: 'Meaning of the amount types: "totalNet is the net total, totalTax is the tax total, totalGross is net plus tax".',
      invalid: '"amount": [{ "currencyISO3": "EUR", "amountType": "totalNet", "value": "100.00" }, { "currencyISO3": "EUR", "amountType": "totalTax", "value": "19.00" }, { "currencyISO3": "EUR", "amountType": "totalGross", "value": "120.00" }]',
      valid: '"amount": [{ "currencyISO3": "EUR", "amountType": "totalNet", "value": "100.00" }, { "currencyISO3": "EUR", "amountType": "totalTax", "value": "19.00" }, { "currencyISO3": "EUR", "amountType": "totalGross", "value": "119.00" }]',
    },
  },
  check(ctx) {
    const found: Partial<Record<(typeof TOTALS)[number], { amount: Record<string, unknown>; index: number }>> = {};
    for (const { index, value } of objectsOf(member(member(ctx.body, 'order'), 'amount'))) {
      const type = member(value, 'amountType');
      // The first amount of each type counts.
      for (const t of TOTALS) if (type === t && !found[t]) found[t] = { amount: value, index };
    }
    const { totalNet, totalTax, totalGross } = found;
    if (!totalNet || !totalTax || !totalGross) return;
    const currency = member(totalGross.amount, 'currencyISO3');
    // Sums across currencies mean nothing (currency-mixed reports them).
    if (typeof currency !== 'string' || member(totalNet.amount, 'currencyISO3') !== currency || member(totalTax.amount, 'currencyISO3') !== currency) return;
    const net = parseDecimal(member(totalNet.amount, 'value'));
    const tax = parseDecimal(member(totalTax.amount, 'value'));
    const gross = parseDecimal(member(totalGross.amount, 'value'));
    if (!net || !tax || !gross) return;
    if (!isSum(gross, net, tax)) {
      ctx.report(ptr(ctx.base, 'order', 'amount', totalGross.index, 'value'), 'totalGross must equal totalNet plus totalTax.');
    }
  },
});
