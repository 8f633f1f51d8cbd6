import { _ } from '../src/lint/code';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isBlankText } from '../src/lint/json';

const named = (_node: unknown, name: string) => ({ name });

/**
 * Rule `blank-value`: a blank string where the spec or a business rule requires a value. Its
 * check tests the value of each required string member; the business rules' visitors ask
 * `context.given`, which reports here too (once per member).
 */
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
    blank: { messageId: 'blank', data: named },
  },
  check: {
    at: (node, member) => (member?.required && (node.type === 'string' || node.type === 'picklist') ? member.key : undefined),
    // After the visitors, which may have reported the member through context.given.
    phase: 'last',
    blankOnly: true,
    test: (value: string) => !isBlankText(value),
    // The walk's hottest test (every required string): a value that starts with a visible ASCII
    // character is not blank, anything else is left to isBlankText. Measured side by side on a
    // valid 500-item order: calling isBlankText for every value was about a quarter slower.
    code: ({ b, x, use, fail }) => {
      const c = b.let('c');
      b.if(_`(${x}.length === 0 || (${c} = ${x}.charCodeAt(0)) <= 32 || ${c} >= 127) && ${use(isBlankText)}(${x})`, fail);
    },
    messageId: 'blank',
    data: named,
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
