import { defineRule } from '../src/lint/define-rule';

/** Rule `ambiguous-value`: A value the spec names only in guidance text: shipServiceLevel PUO; payment amountType capture or created. */
export default defineRule({
  meta: {
    id: "ambiguous-value",
    description: "A value the spec names only in guidance text: shipServiceLevel PUO; payment amountType capture or created.",
    severity: 'warn',
    kinds: ['order'],
    structural: true,
    docs: {
      rationale: "The guidance text names PUO (the schema says PUD) and the payment amount types capture and created (not in the enumeration); whether the operator accepts them is not shown.",
      invalid: "\"shipServiceLevel\": \"PUO\"",
      valid: "\"shipServiceLevel\": \"PUD\"",
    },
  },
});
