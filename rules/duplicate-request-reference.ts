import { defineRule } from '../src/lint/define-rule';

/** Rule `duplicate-request-reference`: A requestReference already seen earlier in the same batch (the API rejects it); externalMessageReference repeats are fine. */
export default defineRule({
  meta: {
    id: "duplicate-request-reference",
    description: "A requestReference already seen earlier in the same batch (the API rejects it); externalMessageReference repeats are fine.",
    severity: 'error',
    kinds: ['order', 'return'],
    scope: 'batch',
    docs: {
      rationale: "requestReference duplicates are rejected by the API; externalMessageReference duplicates are not.",
      invalid: "two payloads with \"requestReference\": \"R-1\"",
      valid: "the second payload with \"requestReference\": \"R-2\"",
    },
  },
});
