import { partnerCountry, partnersOf } from '../src/lint/checks/geo-partners';
import { defineRule } from '../src/lint/define-rule';
import { asObject, member, ptr } from '../src/lint/read';
import { STATE_CODES } from '../src/spec/tables';

/** Rule `state-code`: The state is not an ISO 3166-2 code of US, CA, MX or AU. */
export default defineRule({
  meta: {
    id: 'state-code',
    description: 'The state of a US, CA, MX or AU address is not an ISO 3166-2 subdivision code without the country prefix.',
    severity: 'error',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'Orders: "addressData.state: max 3, R for US, MX, CA and AU, ISO 3166-2 state code"; the codes are written without the country prefix (TX, ON, CMX, NSW).',
      invalid: '"addressData": { "state": "Texas", "countryISO2": "US" }',
      valid: '"addressData": { "state": "TX", "countryISO2": "US" }',
    },
  },
  check(ctx) {
    for (const { partner, path } of partnersOf(ctx)) {
      const address = asObject(member(partner, 'addressData'));
      const state = member(address, 'state');
      if (typeof state !== 'string' || state === '') continue;
      const country = partnerCountry(ctx, address);
      // Other countries' states are not checked (the spec lists no codes for them).
      const codes = country === undefined || !Object.prototype.hasOwnProperty.call(STATE_CODES, country) ? undefined : STATE_CODES[country];
      if (codes && !codes.includes(state)) {
        ctx.report(
          ptr(path, 'addressData', 'state'),
          "state must be an uppercase ISO 3166-2 subdivision code of the address's country, without the country prefix.",
          { params: { allowed: codes } },
        );
      }
    }
  },
});
