import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `wrapper`: an order payload lacks the clientRequest wrapper. Reported by the engine's walk of the schema. */
export default defineRule({
  meta: {
    id: 'wrapper',
    severity: 'error',
    kinds: ['order'],
    structural: true,
    messages: {
      missing: 'The order payload must be wrapped in a clientRequest member.',
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An order payload lacks the clientRequest wrapper.',
  rationale: "The spec's example bodies wrap requestHeader, order, payment, partner and item in one top-level member, clientRequest.",
  invalid: { edits: { '/clientRequest': undefined } },
  valid: { edits: {} },
};
