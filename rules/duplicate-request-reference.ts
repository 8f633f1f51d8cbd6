import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** The references a run remembers: all of them, or the newest `limit` (a repeat keeps its place). */
interface References {
  readonly seen: Set<string>;
  readonly limit: number | undefined;
}

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
    create: (limit?: number): References => ({ seen: new Set(), limit }),
    check(state: References, facts, report) {
      const reference = facts.requestReference;
      if (reference === undefined) return;
      // One hash-table operation per payload: a reference already in the set leaves its size unchanged.
      const seen = state.seen;
      const size = seen.size;
      seen.add(reference);
      if (seen.size === size) report('/requestHeader/requestReference', 'duplicate');
      // Full before this one: forget the oldest (a Set iterates in insertion order). Unbounded: never equal.
      else if (size === state.limit) seen.delete(seen.values().next().value!);
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
