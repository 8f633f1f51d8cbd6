import { defineRule } from '../src/lint/define-rule';

/** Rule `wrapper`: An order payload lacks the clientRequest wrapper. */
export default defineRule({
  meta: {
    id: "wrapper",
    description: "An order payload lacks the clientRequest wrapper.",
    severity: 'error',
    kinds: ['order'],
    structural: true,
    docs: {
      rationale: "The spec's example bodies wrap requestHeader, order, payment, partner and item in one top-level member, clientRequest.",
      invalid: "{ \"requestHeader\": {...}, \"order\": {...}, \"item\": [...] }",
      valid: "{ \"clientRequest\": { \"requestHeader\": {...}, \"order\": {...}, \"item\": [...] } }",
    },
  },
});
