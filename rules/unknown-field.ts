import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `unknown-field`: a member that the version does not define. The engine's walk finds it; this rule claims the finding. */
export default defineRule({
  meta: {
    id: 'unknown-field',
    severity: 'warn',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      unknown: 'This member is not defined for {{object}} in {{label}}.',
    },
  },
  findings: {
    // The message names the object, never the member.
    unknownMember: { messageId: 'unknown', data: (node) => ({ object: node.label, label: node.version }) },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member that the version does not define.',
  rationale: 'Members the schema does not define are ignored at best; they are usually typos.',
  invalid: { edits: { '/clientRequest/order/giftWrap': true } },
  valid: { edits: { '/clientRequest/order/giftWrap': undefined } },
};
