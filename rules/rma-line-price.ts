import { defineRule } from '../src/lint/define-rule';
import { findDynamicField, has, isObject, member, ptr } from '../src/lint/read';
import { AMOUNT_VALUE, DYNAMIC_FIELD } from '../src/schema/tables';

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
    const items = member(ctx.body, 'item');
    if (!Array.isArray(items)) return;
    for (let index = 0; index < items.length; index++) {
      const item: unknown = items[index];
      if (!isObject(item)) continue;
      const fields = member(item, 'dynamicField');
      // A dynamicField of another type is reported by the type rule; null counts as absent.
      if (!Array.isArray(fields) && fields !== null && (fields !== undefined || has(item, 'dynamicField'))) continue;
      const found = findDynamicField(fields, DYNAMIC_FIELD.rmaLinePrice);
      if (!found) {
        ctx.report(ptr(ctx.base, 'item', index, 'dynamicField'), 'The item needs a dynamic field named RMALinePrice holding its gross price.', {
          params: { name: DYNAMIC_FIELD.rmaLinePrice },
        });
      } else if (typeof found.value !== 'string' || !AMOUNT_VALUE.test(found.value)) {
        ctx.report(ptr(ctx.base, 'item', index, 'dynamicField', found.index, 'value'), 'The RMALinePrice value must be the gross price as numeric text such as "47.60".', {
          params: { name: DYNAMIC_FIELD.rmaLinePrice },
        });
      }
    }
  },
});
