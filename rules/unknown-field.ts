import { defineRule, type RuleDocs } from '../src/lint/define-rule';

const hasOwn = Object.prototype.hasOwnProperty;

/** Rule `unknown-field`: a member that the version does not define. Its check fails each member of a strict object that is neither in its schema, nor an example spelling (`spelling`), nor a member of a later version (`version-field`). */
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
  check: {
    at: (node) => node,
    phase: 'extra',
    test: (key: string, node) => (node.spelling !== undefined && hasOwn.call(node.spelling, key)) || (node.laterVersion !== undefined && hasOwn.call(node.laterVersion, key)),
    // The message names the object, never the member.
    messageId: 'unknown',
    data: (node) => ({ object: node.label, label: node.version }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member that the version does not define.',
  rationale: 'Members the schema does not define are ignored at best; they are usually typos.',
  invalid: { edits: { '/clientRequest/order/giftWrap': true } },
  valid: { edits: { '/clientRequest/order/giftWrap': undefined } },
};
