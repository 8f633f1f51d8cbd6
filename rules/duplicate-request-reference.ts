import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `duplicate-request-reference`: a requestReference seen earlier in the same batch (the API rejects it). */
export default defineRule({
  meta: {
    id: 'duplicate-request-reference',
    severity: 'error',
    kinds: ['order', 'return'],
    scope: 'batch',
    messages: {
      duplicate: 'This requestReference was already used earlier in the batch; the API rejects duplicates.',
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
      if (seen.size === size) report('/requestHeader/requestReference', 'duplicate');
    },
  },
});

/** Docs: two payloads of one batch with the same requestReference. */
export const docs: RuleDocs = {
  description: 'A requestReference already seen earlier in the same batch (the API rejects it); externalMessageReference repeats are fine.',
  rationale: 'Create order rule 12 and create return token rule 4: "A duplicate requestReference is rejected. A duplicate externalMessageReference is not rejected."',
  invalid: { batch: true, edits: { '/clientRequest/requestHeader/externalMessageReference': 'MSG-2' } },
  valid: { batch: true, edits: { '/clientRequest/requestHeader/requestReference': 'REQ-2' } },
};
