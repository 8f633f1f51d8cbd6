import { defineRule } from '../src/lint/define-rule';

/** Rule `version-field`: A member of a later version (poNumber, customerNumber in v1; item dateTimes before v1.2). */
export default defineRule({
  meta: {
    id: "version-field",
    description: "A member of a later version (poNumber, customerNumber in v1; item dateTimes before v1.2).",
    severity: 'error',
    kinds: ['order'],
    structural: true,
    docs: {
      rationale: "v1.1 adds poNumber and customerNumber; v1.2 adds the item dateTimes object.",
      invalid: "(v1) \"order\": { \"shipServiceLevel\": \"STD\", \"poNumber\": \"PO-7\" }",
      valid: "(v1.1) \"order\": { \"shipServiceLevel\": \"STD\", \"poNumber\": \"PO-7\" }",
    },
  },
});
