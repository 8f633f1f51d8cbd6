import { defineRule } from '../src/lint/define-rule';

/** Rule `key-charset`: A key reference field has characters outside [A-Za-z0-9._-] (v1.2). */
export default defineRule({
  meta: {
    id: "key-charset",
    description: "A key reference field has characters outside [A-Za-z0-9._-] (v1.2).",
    severity: 'error',
    kinds: ['order'],
    structural: true,
    versions: ['1.2'],
    docs: {
      rationale: "v1.2 limits key reference fields (externalMessageReference, requestReference, poNumber, clientItemRef, sku) to alphanumerics, hyphen, underscore and full stop.",
      invalid: "\"requestReference\": \"ORDER #1\"",
      valid: "\"requestReference\": \"ORDER-1\"",
    },
  },
});
