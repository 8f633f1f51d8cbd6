import { defineRule } from '../src/lint/define-rule';

/** Rule `parse`: The CLI input is not valid JSON. */
export default defineRule({
  meta: {
    id: "parse",
    description: "The CLI input is not valid JSON.",
    severity: 'error',
    kinds: [],
    scope: 'cli',
    docs: {
      rationale: "A line of an NDJSON file, or a JSON file, that does not parse cannot be linted; the CLI reports it and goes on.",
      invalid: "{\"clientRequest\": {",
      valid: "{\"clientRequest\": {}}",
    },
  },
});
