import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `version-field`: a member of a later version (poNumber, customerNumber in v1; item dateTimes before v1.2). The engine's walk finds it; this rule claims the finding. */
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
  findings: {
    laterVersion: { messageId: 'laterVersion', data: (node, member: { key: string; since: string }) => ({ key: member.key, since: member.since, object: node.label, label: node.version }) },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member of a later version (poNumber, customerNumber in v1; item dateTimes before v1.2).',
  rationale: 'v1.1 adds poNumber and customerNumber; v1.2 adds the item dateTimes object.',
  invalid: { version: '1', edits: { '/clientRequest/order/poNumber': 'PO-77' } },
  valid: { version: '1.1', edits: { '/clientRequest/order/poNumber': 'PO-77' } },
};
