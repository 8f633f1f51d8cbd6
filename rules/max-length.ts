import type { FieldCheck } from '../src/schema/actions';
import { codePoints } from '../src/schema/predicates';
import { _ } from '../src/lint/code';
import { defineRule, type RuleDocs, type SchemaNode } from '../src/lint/define-rule';

/** A field's length limit: the maxLength check of its schema. */
const limitOf = (node: SchemaNode) => node.checks.find((check) => check.keyword === 'maxLength');

/** Rule `max-length`: a string is longer than the spec's limit, counted in Unicode code points. Its check counts the code points of a value longer than the limit in UTF-16 units. */
export default defineRule({
  meta: {
    id: 'max-length',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      invalid: '{{name}} is {{length}} characters long; the limit is {{limit}}.',
    },
  },
  check: {
    at: limitOf,
    // The schema's maxLength check, the test the builders validate with.
    test: (value: string, check: FieldCheck<unknown>) => check.test(value),
    // The message names the length: one message per length.
    detail: (value: string) => codePoints(value),
    // The length in code points is counted only past the limit in UTF-16 units, once: for the test and for the message.
    code: ({ b, x, arg, use, fail }) =>
      b.if(_`${x}.length > ${arg.maxLength!}`, (b) => {
        const n = b.let('n', _`${use(codePoints)}(${x})`, 'const');
        b.if(_`${n} > ${arg.maxLength!}`, (b) => fail(b, n));
      }),
    messageId: 'invalid',
    data: (node, length: number | FieldCheck<unknown>) => ({ name: node.name, limit: limitOf(node)!.maxLength!, length: length as number }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A string is longer than the spec's limit, counted in Unicode code points.",
  rationale: "The spec's Limits table gives maximum lengths; the operator truncates or rejects longer values.",
  invalid: { edits: { '/clientRequest/partner/0/personData/firstName': 'Maximiliane-Alexandra' } },
  valid: { edits: { '/clientRequest/partner/0/personData/firstName': 'Maxi' } },
};
