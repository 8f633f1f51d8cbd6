import { defineRule, type RuleDocs, type SchemaMember, type SchemaNode } from '../src/lint/define-rule';

/** What a node's JSON type is called in messages. */
const EXPECTED: Readonly<Record<SchemaNode['type'], string>> = {
  object: 'an object',
  record: 'an object',
  array: 'an array',
  string: 'a string',
  picklist: 'a string',
  number: 'a number',
  boolean: 'a boolean',
  any: 'a value',
};
const named = (node: SchemaNode) => ({ name: node.name });
const anObject = () => ({ expected: 'an object' });

/**
 * Rule `type`: a member has the wrong JSON type, or is null where the schema allows no null.
 * The walk tests every value's type first (it never reads below a value of the wrong type,
 * whether or not this rule runs); this rule reports what it finds.
 */
export default defineRule({
  meta: {
    id: 'type',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      wrongType: '{{name}} must be {{expected}}, not {{actual}}.',
      null: '{{name}} must not be null; leave it out or give a value.',
      nullEntry: 'Each entry of {{name}} must not be null.',
      emptyEntry: 'Each entry of {{name}} must not be empty.',
      rootOrder: 'An order payload must be a JSON object with a clientRequest member.',
      rootReturn: 'A return request must be a JSON object.',
      unreadable: 'The payload could not be read as JSON data.',
    },
  },
  findings: {
    // Each is the only problem of its member (type first).
    wrongType: { messageId: 'wrongType', typeFirst: true, data: (node, actual: string) => ({ name: node.name, expected: EXPECTED[node.type], actual }) },
    // A null member the schema neither requires (`required` claims those) nor lets be null.
    null: { at: (_node, member: SchemaMember | undefined) => member !== undefined && !member.required && !member.nullable, messageId: 'null', typeFirst: true, data: named },
    nullSpelled: { messageId: 'null', typeFirst: true, data: (_node, key: string) => ({ name: key }) },
    nullEntry: { messageId: 'nullEntry', typeFirst: true, data: named },
    emptyEntry: { messageId: 'emptyEntry', typeFirst: true, data: named },
    notAnOrder: { messageId: 'rootOrder', typeFirst: true, data: anObject },
    notAReturn: { messageId: 'rootReturn', typeFirst: true, data: anObject },
    unreadable: { messageId: 'unreadable', typeFirst: true },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'A member has the wrong JSON type.',
  rationale: 'Every field of the spec has a JSON type; numbers are sent as text (quantity.value, amount value).',
  invalid: { edits: { '/clientRequest/item/0/quantity/value': 2 } },
  valid: { edits: { '/clientRequest/item/0/quantity/value': '2' } },
};
