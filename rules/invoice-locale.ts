import { defineRule } from '../src/lint/define-rule';
import { isTrusted, partnerTypeOf, personDataOf } from '../src/lint/checks/views';
import { isObject, member, ptr } from '../src/lint/read';
import { isBlank } from '../src/lint/checks/order-items';

/** Rule `invoice-locale`: the BillTo partner has no personData.locale. */
export default defineRule({
  meta: {
    id: 'invoice-locale',
    description: 'The BillTo partner has no personData.locale, which selects the language of the e-invoice.',
    severity: 'warn',
    kinds: ['order'],
    fmsOnly: true,
    docs: {
      rationale:
        'Rule 8: "E-invoicing (FMS-only): partner.personData.locale, in the form LanguageCode-CountryCode, selects the language of the e-invoice."',
      invalid: '{ "partnerType": "BillTo", "personData": { "firstName": "Jane", "lastName": "Doe" } }',
      valid: '{ "partnerType": "BillTo", "personData": { "firstName": "Jane", "lastName": "Doe", "locale": "de-DE" } }',
    },
  },
  check(ctx) {
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const partners = member(ctx.body, 'partner');
    if (!Array.isArray(partners)) return;
    for (let index = 0; index < partners.length; index++) {
      const partner: unknown = partners[index];
      if (!isObject(partner) || partnerTypeOf(partner, t) !== 'BillTo') continue;
      // A missing personData is reported by `required`.
      const personData = personDataOf(partner, t);
      if (!personData || !isBlank(t ? personData.locale : member(personData, 'locale'))) continue;
      ctx.report(
        ptr(ctx.base, 'partner', index, 'personData', 'locale'),
        'The BillTo partner should have personData.locale (ll-CC) to select the e-invoice language.',
      );
    }
  },
});
