import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `blank-value`: a blank string where the spec or a business rule requires a value. */
export default defineRule({
  meta: {
    id: 'blank-value',
    severity: 'warn',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      blank: '{{name}} is blank; the spec requires a value here.',
    },
  },
  findings: {
    blank: { messageId: 'blank', data: (_node, name: string) => ({ name }) },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member that the spec or a business rule requires holds an empty or whitespace-only string.',
  rationale:
    'A member is absent when it is missing or null; an empty or whitespace-only string is present, so it satisfies `required` and the business rules. It is still almost always a mistake where a value is required (R in the spec, or required by a rule such as state for US addresses), so it gets this warning, once per member.',
  invalid: { edits: { '/clientRequest/partner/0/addressData/city': '  ' } },
  valid: { edits: { '/clientRequest/partner/0/addressData/city': 'Berlin' } },
};
