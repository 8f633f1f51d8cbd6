import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `type`: a member has the wrong JSON type. Reported by the engine's walk of the schema. */
export default defineRule({
  meta: {
    id: 'type',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      wrongType: '{{name}} must be {{expected}}, not {{actual}}.',
      null: '{{name}} must not be null; leave it out instead.',
      nullEntry: 'Each entry of {{name}} must not be null.',
      emptyEntry: 'Each entry of {{name}} must not be empty.',
      rootOrder: 'An order payload must be a JSON object with a clientRequest member.',
      rootReturn: 'A return request must be a JSON object.',
      unreadable: 'The payload could not be read as JSON data.',
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member has the wrong JSON type.',
  rationale: 'Every field of the spec has a JSON type; numbers are sent as text (quantity.value, amount value).',
  invalid: { edits: { '/clientRequest/item/0/quantity/value': 2 } },
  valid: { edits: { '/clientRequest/item/0/quantity/value': '2' } },
};
