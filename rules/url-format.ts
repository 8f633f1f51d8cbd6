import { defineRule } from '../src/lint/define-rule';

/** Rule `url-format`: rma.clientReturnURL is not an absolute http(s) URL. */
export default defineRule({
  meta: {
    id: "url-format",
    description: "rma.clientReturnURL is not an absolute http(s) URL.",
    severity: 'error',
    kinds: ['return'],
    structural: true,
    docs: {
      rationale: "The consumer is redirected to clientReturnURL after the return is created.",
      invalid: "\"clientReturnURL\": \"/returns/done\"",
      valid: "\"clientReturnURL\": \"https://shop.example/returns/done\"",
    },
  },
});
