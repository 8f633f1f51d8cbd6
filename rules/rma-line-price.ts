import { defineRule } from '../src/lint/define-rule';
import { findDynamicField, has, member, objectsOf, ptr } from '../src/lint/read';
import { AMOUNT_VALUE, DYNAMIC_FIELD } from '../src/spec/tables';

/** Rule `rma-line-price`: A return item lacks the dynamic field RMALinePrice with a numeric value. */
export default defineRule({
  meta: {
    id: 'rma-line-price',
    description: 'A return item lacks the dynamic field RMALinePrice with a numeric value.',
    severity: 'error',
    kinds: ['return'],
    docs: {
      rationale:
        'Create return token, rule 3: "Each item must have the dynamic field RMALinePrice"; item.dynamicField: "each item must carry a dynamic field named RMALinePrice whose value is the gross price of the item".',
      invalid: '"dynamicField": [{ "name": "RMALinePrice" }]',
      valid: '"dynamicField": [{ "name": "RMALinePrice", "value": "47.60" }]',
    },
  },
  check(ctx) {
    for (const { index, value: item } of objectsOf(member(ctx.body, 'item'))) {
      const at = ptr(ctx.base, 'item', index, 'dynamicField');
      const fields = member(item, 'dynamicField');
      // A dynamicField that is not an array is reported by the type rule.
      if (has(item, 'dynamicField') && !Array.isArray(fields)) continue;
      const found = findDynamicField(fields, DYNAMIC_FIELD.rmaLinePrice);
      if (!found) {
        ctx.report(at, 'The item needs a dynamic field named RMALinePrice holding its gross price.', {
          params: { name: DYNAMIC_FIELD.rmaLinePrice },
        });
      } else if (typeof found.value !== 'string' || !AMOUNT_VALUE.test(found.value)) {
        ctx.report(ptr(at, found.index, 'value'), 'The RMALinePrice value must be the gross price as numeric text such as "47.60".', {
          params: { name: DYNAMIC_FIELD.rmaLinePrice },
        });
      }
    }
  },
});
