import { defineRule } from '../src/lint/define-rule';

/** Rule `unknown-field`: A member that the version does not define. */
export default defineRule({
  meta: {
    id: "unknown-field",
    description: "A member that the version does not define.",
    severity: 'warn',
    kinds: ['order', 'return'],
    structural: true,
    docs: {
      rationale: "Members the schema does not define are ignored at best; they are usually typos.",
      invalid: "\"order\": { \"shipServiceLevel\": \"STD\", \"giftWrap\": true }",
      valid: "\"order\": { \"shipServiceLevel\": \"STD\" }",
    },
  },
});
