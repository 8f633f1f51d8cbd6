import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `wrapper`: an order payload lacks the clientRequest wrapper. The engine's walk finds it; this rule claims the finding. */
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
  findings: {
    noWrapper: { messageId: 'missing' },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An order payload lacks the clientRequest wrapper.',
  rationale: "The spec's example bodies wrap requestHeader, order, payment, partner and item in one top-level member, clientRequest.",
  invalid: { edits: { '/clientRequest': undefined } },
  valid: { edits: {} },
};
