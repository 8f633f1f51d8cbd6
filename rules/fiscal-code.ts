import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { DYNAMIC_FIELD } from '../src/schema/tables';

/** Rule `fiscal-code`: an Italian order without an order-level FISCAL_CODE dynamic field. */
export default defineRule({
  meta: {
    id: 'fiscal-code',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    messages: {
      missing: 'An order with a partner in Italy needs an order-level dynamicField {{name}} with a value.',
    },
  },
  // The FISCAL_CODE text values by index: whether one is required (and a blank one worth a
  // `blank-value`) is known only once the partners were walked, after the order.
  state: () => ({ role: false, italian: false, codes: [] as { index: number; value: string }[] }),
  visitors: {
    'partner[]'(partner: Record<string, unknown>, _context, state) {
      state.role = partner.partnerType === 'BillTo' || partner.partnerType === 'ShipTo';
    },
    'partner[].addressData'(address: Record<string, unknown>, _context, state) {
      if (state.role && address.countryISO2 === 'IT') state.italian = true;
    },
    'order.dynamicField[]'(field: Record<string, unknown>, context, state) {
      if (field.name === DYNAMIC_FIELD.fiscalCode && typeof field.value === 'string') state.codes.push({ index: context.index, value: field.value });
    },
    'body:exit'(_body: Record<string, unknown>, context, state) {
      if (!state.italian) return;
      for (const { index, value } of state.codes) context.given(value, ['order', 'dynamicField', index, 'value']);
      if (state.codes.length === 0) context.report({ messageId: 'missing', at: ['order', 'dynamicField'], data: { name: DYNAMIC_FIELD.fiscalCode } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A BillTo or ShipTo partner is in Italy and the order has no dynamicField FISCAL_CODE with a value.',
  rationale: 'Rule 7: "Italian orders (FMS-only): add an order-level dynamicField named FISCAL_CODE whose value is the client\'s fiscal code."',
  invalid: { profile: true, edits: { '/clientRequest/partner/1/addressData/countryISO2': 'IT' } },
  valid: {
    profile: true,
    edits: {
      '/clientRequest/partner/1/addressData/countryISO2': 'IT',
      '/clientRequest/order/dynamicField/1': { name: 'FISCAL_CODE', value: 'RSSMRA80A01H501U' },
    },
  },
};
