import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `parse`: the CLI input is not valid JSON. */
export default defineRule({
  meta: {
    id: 'parse',
    severity: 'error',
    kinds: [],
    scope: 'cli',
    messages: {},
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The CLI input is not valid JSON.',
  rationale: 'A line of an NDJSON file, or a JSON file, that does not parse cannot be linted; the CLI reports it and goes on.',
  invalid: { line: '{"clientRequest": {' },
  valid: { line: '{"clientRequest": {}}' },
};
