import { defineRule, type RuleDocs } from '../src/lint/define-rule';

const hasOwn = Object.prototype.hasOwnProperty;

/** Rule `version-field`: a member of a later version (poNumber, customerNumber in v1; item dateTimes before v1.2). Its check fails each member of a strict object that a later version adds (unless it is an example spelling). */
export default defineRule({
  meta: {
    id: 'version-field',
    severity: 'error',
    kinds: ['order'],
    structural: true,
    messages: {
      laterVersion: '{{key}} exists from v{{since}} on; it is not a member of {{object}} in {{label}}.',
    },
  },
  check: {
    at: (node) => node,
    phase: 'extra',
    test: (key: string, node) => !(node.laterVersion !== undefined && hasOwn.call(node.laterVersion, key)) || (node.spelling !== undefined && hasOwn.call(node.spelling, key)),
    // The message names the member, a name of the spec's later version (never another member's).
    detail: (key: string) => key,
    messageId: 'laterVersion',
    data: (node, key: string) => ({ key, since: node.laterVersion![key]!, object: node.label, label: node.version }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member of a later version (poNumber, customerNumber in v1; item dateTimes before v1.2).',
  rationale: 'v1.1 adds poNumber and customerNumber; v1.2 adds the item dateTimes object.',
  invalid: { version: '1', edits: { '/clientRequest/order/poNumber': 'PO-77' } },
  valid: { version: '1.1', edits: { '/clientRequest/order/poNumber': 'PO-77' } },
};
