import { defineRule } from '../src/lint/define-rule';
import { addressDataOf, countryISO2Of, isTrusted, partnerTypeOf } from '../src/lint/checks/views';
import { isObject, member, ptr } from '../src/lint/read';
import { DYNAMIC_FIELD } from '../src/schema/tables';

const ROLES: readonly unknown[] = ['BillTo', 'ShipTo'];

/** Rule `fiscal-code`: an Italian order without an order-level FISCAL_CODE dynamic field. */
export default defineRule({
  meta: {
    id: 'fiscal-code',
    description: 'A BillTo or ShipTo partner is in Italy and the order has no dynamicField FISCAL_CODE with a value.',
    severity: 'error',
    kinds: ['order'],
    fmsOnly: true,
    docs: {
      rationale:
        'Rule 7: "Italian orders (FMS-only): add an order-level dynamicField named FISCAL_CODE whose value is the client\'s fiscal code."',
      invalid: '"order": { "dynamicField": [{ "name": "CHANNEL", "value": "WEB" }] } with "countryISO2": "IT"',
      valid: '"order": { "dynamicField": [{ "name": "FISCAL_CODE", "value": "RSSMRA80A01H501U" }] } with "countryISO2": "IT"',
    },
  },
  check(ctx) {
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const partners = member(ctx.body, 'partner');
    if (!Array.isArray(partners)) return;
    let italian = false;
    for (let p = 0; p < partners.length && !italian; p++) {
      const partner: unknown = partners[p];
      if (!isObject(partner) || !ROLES.includes(partnerTypeOf(partner, t))) continue;
      const address = addressDataOf(partner, t);
      italian = address !== undefined && countryISO2Of(address, t) === 'IT';
    }
    if (!italian) return;
    const dynamicField = member(member(ctx.body, 'order'), 'dynamicField');
    if (Array.isArray(dynamicField)) {
      for (let i = 0; i < dynamicField.length; i++) {
        const value: unknown = dynamicField[i];
        if (!isObject(value)) continue;
        const text = member(value, 'value');
        if (member(value, 'name') === DYNAMIC_FIELD.fiscalCode && typeof text === 'string' && text !== '') return;
      }
    }
    ctx.report(
      ptr(ctx.base, 'order', 'dynamicField'),
      'An order with a partner in Italy needs an order-level dynamicField FISCAL_CODE with a value.',
      { params: { name: DYNAMIC_FIELD.fiscalCode } },
    );
  },
});
