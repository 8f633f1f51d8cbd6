import { defineRule } from '../src/lint/define-rule';
import { member, objectsOf, ptr } from '../src/lint/read';
import { DYNAMIC_FIELD } from '../src/spec/tables';

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
    const italian = objectsOf(ctx.body.partner).some(
      ({ value }) => ROLES.includes(member(value, 'partnerType')) && member(member(value, 'addressData'), 'countryISO2') === 'IT',
    );
    if (!italian) return;
    const dynamicField = member(ctx.body.order, 'dynamicField');
    const given = objectsOf(dynamicField).some(({ value }) => {
      const text = member(value, 'value');
      return member(value, 'name') === DYNAMIC_FIELD.fiscalCode && typeof text === 'string' && text !== '';
    });
    if (given) return;
    ctx.report(
      ptr(ctx.base, 'order', 'dynamicField'),
      'An order with a partner in Italy needs an order-level dynamicField FISCAL_CODE with a value.',
      { params: { name: DYNAMIC_FIELD.fiscalCode } },
    );
  },
});
