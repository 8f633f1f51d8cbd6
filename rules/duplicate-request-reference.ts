import { defineRule, type RuleDocs, type TextSet } from '../src/lint/define-rule';

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
    // The references of the run (the newest `limit` of them in a bounded run), in the engine's compact set.
    create: (_limit, texts): TextSet => texts(),
    check(seen: TextSet, facts, report) {
      const reference = facts.requestReference;
      if (reference !== undefined && !seen.add(reference)) report('/requestHeader/requestReference', 'duplicate');
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
