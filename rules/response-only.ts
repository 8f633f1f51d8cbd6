import { defineRule } from '../src/lint/define-rule';

/** Rule `response-only`: A member that only responses carry (requestStatus, orderId, dateTimeSent, ...). */
export default defineRule({
  meta: {
    id: "response-only",
    description: "A member that only responses carry (requestStatus, orderId, dateTimeSent, ...).",
    severity: 'warn',
    kinds: ['order'],
    structural: true,
    docs: {
      rationale: "Members marked Resp. in the spec are set by the operator; a request that sends them is probably a copied response.",
      invalid: "\"requestHeader\": { ..., \"requestStatus\": \"created\" }",
      valid: "\"requestHeader\": { ... }",
    },
  },
});
