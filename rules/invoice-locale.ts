import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { memberOf } from '../src/lint/checks/members';
import { isPlainObject } from '../src/lint/json';

/** Rule `invoice-locale`: the BillTo partner has no personData.locale. */
export default defineRule({
  meta: {
    id: 'invoice-locale',
    severity: 'warn',
    kinds: ['order'],
    fmsOnly: true,
    messages: {
      missing: 'The BillTo partner should have personData.locale (ll-CC) to select the e-invoice language.',
    },
  },
  visitors: {
    'partner[]'(partner: Record<string, unknown>, context) {
      const personData = partner.personData;
      // A missing personData is reported by `required`, another type by `type`.
      if (partner.partnerType !== 'BillTo' || !isPlainObject(personData)) return;
      if (!context.given(memberOf(personData, 'locale'), ['personData', 'locale'])) context.report({ messageId: 'missing', at: ['personData', 'locale'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The BillTo partner has no personData.locale, which selects the language of the e-invoice.',
  rationale:
    'Rule 8: "E-invoicing (FMS-only): partner.personData.locale, in the form LanguageCode-CountryCode, selects the language of the e-invoice."',
  invalid: { profile: true, edits: { '/clientRequest/partner/0/personData/locale': undefined } },
  valid: { profile: true, edits: { '/clientRequest/partner/0/personData/locale': 'de-DE' } },
};
