import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { memberOf } from '../src/lint/checks/members';
import { isAmountText } from '../src/schema/predicates';
import { DYNAMIC_FIELD } from '../src/schema/tables';

/** Rule `rma-line-price`: a return item lacks the dynamic field RMALinePrice with a numeric value. */
export default defineRule({
  meta: {
    id: 'rma-line-price',
    severity: 'error',
    kinds: ['return'],
    messages: {
      missing: 'The item needs a dynamic field named {{name}} holding its gross price.',
      notNumeric: 'The {{name}} value must be the gross price as numeric text such as "47.60".',
    },
  },
  visitors: {
    'item[]'(item: Record<string, unknown>, context) {
      const fields = item.dynamicField;
      const data = { name: DYNAMIC_FIELD.rmaLinePrice };
      // Another type is `type`'s.
      if (fields !== undefined && fields !== null && !Array.isArray(fields)) return;
      const index = Array.isArray(fields) ? fields.findIndex((f) => memberOf(f, 'name') === DYNAMIC_FIELD.rmaLinePrice) : -1;
      if (index < 0) {
        context.report({ messageId: 'missing', at: ['dynamicField'], data });
        return;
      }
      const value = memberOf((fields as unknown[])[index], 'value');
      const at = ['dynamicField', index, 'value'];
      if (!context.given(value, at) || typeof value !== 'string' || !isAmountText(value)) context.report({ messageId: 'notNumeric', at, data });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A return item lacks the dynamic field RMALinePrice with a numeric value.',
  rationale:
    'Create return token, rule 3: "Each item must have the dynamic field RMALinePrice"; item.dynamicField: "each item must carry a dynamic field named RMALinePrice whose value is the gross price of the item".',
  invalid: { kind: 'return', edits: { '/item/0/dynamicField': [{ name: 'RMALinePrice' }] } },
  valid: { kind: 'return', edits: { '/item/0/dynamicField': [{ name: 'RMALinePrice', value: '47.60' }] } },
};
