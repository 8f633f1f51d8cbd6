import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { isNumberText } from '../src/lint/json';

/** Rule `address-lines`: address lines not numbered 1, 2, 3..., line 1 without value, or no line. */
export default defineRule({
  meta: {
    id: 'address-lines',
    severity: 'error',
    kinds: ['order', 'return'],
    messages: {
      noLine: 'addressData needs at least one address line.',
      numbering: 'Address line numbers must run 1, 2, 3... in array order; this entry must be line {{expected}}.',
      lineOneValue: 'Address line 1 needs a value.',
    },
  },
  // Whether this addressData already had a wrongly numbered line: only the first is reported.
  state: () => ({ numberingReported: false }),
  visitors: {
    'partner[].addressData'(address: Record<string, unknown>, context, state) {
      state.numberingReported = false;
      const lines = address.address;
      if (lines === undefined || lines === null || (Array.isArray(lines) && lines.length === 0)) {
        context.report({ messageId: 'noLine', at: ['address'] });
      }
    },
    'partner[].addressData.address[]'(line: Record<string, unknown>, context, state) {
      const index = context.index;
      const number = line.line;
      if (!state.numberingReported && typeof number === 'string' && !isNumberText(number, index + 1)) {
        state.numberingReported = true;
        context.report({ messageId: 'numbering', at: ['line'], data: { expected: String(index + 1) } });
      }
      if (index === 0 && !context.given(line.value, ['value'])) context.report({ messageId: 'lineOneValue', at: ['value'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'Address lines are not numbered 1, 2, 3... in order, line 1 has no value, or there is no line.',
  rationale:
    'AddressLine: "line (string, R, sequential line number 1,2,3...), value (string, max 40; R for line 1; at least one address line is required)".',
  invalid: { edits: { '/clientRequest/partner/1/addressData/address': [{ line: '2', value: 'Nebenweg 2' }] } },
  valid: { edits: { '/clientRequest/partner/1/addressData/address': [{ line: '1', value: 'Nebenweg 2' }] } },
};

