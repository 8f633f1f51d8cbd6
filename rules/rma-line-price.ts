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
      // The item needs one RMALinePrice with a numeric value: any entry of that name may hold it.
      let first = -1;
      if (Array.isArray(fields)) {
        for (let i = 0; i < fields.length; i++) {
          if (memberOf(fields[i], 'name') !== DYNAMIC_FIELD.rmaLinePrice) continue;
          const value = memberOf(fields[i], 'value');
          if (typeof value === 'string' && isAmountText(value)) return;
          if (first < 0) first = i;
        }
      }
      if (first < 0) {
        context.report({ messageId: 'missing', at: ['dynamicField'], data });
        return;
      }
      // None holds a numeric value: the first is reported (a blank one is also `blank-value`).
      const at = ['dynamicField', first, 'value'];
      context.given(memberOf((fields as unknown[])[first], 'value'), at);
      context.report({ messageId: 'notNumeric', at, data });
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
