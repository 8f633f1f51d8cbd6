import { isSumText } from '../src/lint/checks/money-decimal';
import { defineRule } from '../src/lint/define-rule';
import { isTrusted } from '../src/lint/checks/views';
import { isObject, member, ptr } from '../src/lint/read';


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
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const order = t ? ctx.body.order : member(ctx.body, 'order');
    const amounts = isObject(order) ? (t ? order.amount : member(order, 'amount')) : undefined;
    if (!Array.isArray(amounts)) return;
    // The first amount of each type counts.
    let net = -1;
    let tax = -1;
    let gross = -1;
    for (let i = 0; i < amounts.length; i++) {
      const amount: unknown = amounts[i];
      if (!isObject(amount)) continue;
      const type = t ? amount.amountType : member(amount, 'amountType');
      if (type === 'totalNet') net = net < 0 ? i : net;
      else if (type === 'totalTax') tax = tax < 0 ? i : tax;
      else if (type === 'totalGross') gross = gross < 0 ? i : gross;
    }
    if (net < 0 || tax < 0 || gross < 0) return;
    const totalNet = amounts[net] as Record<string, unknown>;
    const totalTax = amounts[tax] as Record<string, unknown>;
    const totalGross = amounts[gross] as Record<string, unknown>;
    const currency = t ? totalGross.currencyISO3 : member(totalGross, 'currencyISO3');
    // Sums across currencies mean nothing (currency-mixed reports them).
    if (typeof currency !== 'string') return;
    if ((t ? totalNet.currencyISO3 : member(totalNet, 'currencyISO3')) !== currency || (t ? totalTax.currencyISO3 : member(totalTax, 'currencyISO3')) !== currency) return;
    const exact = t
      ? isSumText(totalGross.value, totalNet.value, totalTax.value)
      : isSumText(member(totalGross, 'value'), member(totalNet, 'value'), member(totalTax, 'value'));
    if (exact === false) {
      ctx.report(ptr(ctx.base, 'order', 'amount', gross, 'value'), 'totalGross must equal totalNet plus totalTax.');
    }
  },
});
