import { defineRule } from '../src/lint/define-rule';

/** Rule `duplicate-request-reference`: a requestReference seen earlier in the same batch (the API rejects it). */
export default defineRule({
  meta: {
    id: 'duplicate-request-reference',
    description: 'A requestReference already seen earlier in the same batch (the API rejects it); externalMessageReference repeats are fine.',
    severity: 'error',
    kinds: ['order', 'return'],
    scope: 'batch',
    docs: {
      rationale: 'requestReference duplicates are rejected by the API; externalMessageReference duplicates are not.',
      invalid: 'two payloads with "requestReference": "R-1"',
      valid: 'the second payload with "requestReference": "R-2"',
    },
  },
  batch: {
    create: () => new Set<string>(),
    check(seen: Set<string>, facts, report) {
      const reference = facts.requestReference;
      if (reference === undefined) return;
      // One hash-table operation per payload: a reference already in the set leaves its size unchanged.
      const size = seen.size;
      seen.add(reference);
      if (seen.size === size) {
        report('/requestHeader/requestReference', 'This requestReference was already used earlier in the batch; the API rejects duplicates.');
      }
    },
  },
});
