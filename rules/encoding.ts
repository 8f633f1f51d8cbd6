import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `encoding`: a line of the CLI input is not valid UTF-8. */
export default defineRule({
  meta: {
    id: 'encoding',
    severity: 'error',
    kinds: [],
    scope: 'cli',
    messages: {},
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A line of the CLI input is not valid UTF-8.',
  rationale:
    'Bodies are JSON, and JSON text exchanged between systems is UTF-8 (RFC 8259). A line with bytes that are not UTF-8 would be decoded with replacement characters and linted as something the operator never receives; the CLI reports it, names the line, and goes on.',
  invalid: { line: '{"clientRequest": {"order": {"note": [{"value": "Café"}]}}}', encoding: 'latin1' },
  valid: { line: '{"clientRequest": {"order": {"note": [{"value": "Café"}]}}}', encoding: 'utf8' },
};
