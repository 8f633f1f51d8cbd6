import { defineRule } from '../src/lint/define-rule';

/** Rule `items-present`: The item list is empty. */
export default defineRule({
  meta: {
    id: "items-present",
    description: "The item list is empty.",
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "An order or return without items has nothing to fulfil; v1.2 makes the item node required.",
      invalid: "\"item\": []",
      valid: "\"item\": [{ \"itemId\": \"1\", \"sku\": \"SKU-1\", ... }]",
    },
  },
});
