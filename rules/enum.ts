import { _, joinCode } from '../src/lint/code';
import { defineRule, type RuleDocs, type SchemaNode } from '../src/lint/define-rule';
import { isBlankText } from '../src/lint/json';

/** The values a picklist field takes without an `enum` problem: its options, and those that `ambiguous-value` warns about. */
const valuesOf = (node: SchemaNode): readonly string[] => [...node.options!, ...(node.ambiguous ?? [])];

// Up to this many values compare inline; more use a Set (a Set for all: a valid 500-item order lints 8 % slower).
const INLINE_VALUES = 8;

/** Rule `enum`: a value is outside the version's allowed set (amountType, paymentMethod, shipServiceLevel, partnerType, phoneType, emailType, payment.status). Its check compares the value with the field's options. */
export default defineRule({
  meta: {
    id: 'enum',
    severity: 'error',
    kinds: ['order', 'return'],
    structural: true,
    messages: {
      notAllowed: '{{name}} must be one of {{allowed}} in {{label}}.',
    },
  },
  check: {
    at: (node) => (node.type === 'picklist' ? valuesOf(node) : undefined),
    test: (value: string, values: readonly string[]) => values.includes(value),
    code: ({ b, x, arg: values, use, fail }) => {
      const known = values.length <= INLINE_VALUES ? joinCode(values.map((value) => _`${x} === ${value}`), '||', _`false`) : _`${use(new Set(values))}.has(${x})`;
      b.if(_`!(${known})`, fail);
    },
    rejectsBlank: (values) => !values.some(isBlankText),
    messageId: 'notAllowed',
    data: (node) => ({ name: node.name, allowed: node.options!, label: node.version }),
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: "A value is outside the version's allowed set (amountType, paymentMethod, shipServiceLevel, partnerType, phoneType, emailType, payment.status; requestStatus, which only responses carry).",
  rationale: 'The allowed values differ per version: freightCosts replaces discount in v1.1, Maestro replaces Meastro, EXI arrives in v1.2.',
  invalid: { edits: { '/clientRequest/order/shipServiceLevel': 'FAST' } },
  valid: { edits: { '/clientRequest/order/shipServiceLevel': 'EXP' } },
};
