import { addressCountry, partnerPath } from '../src/lint/checks/geo-partners';
import { addressDataOf, isTrusted, partnerListOf, stateOf } from '../src/lint/checks/views';
import { asArray, isObject } from '../src/lint/read';
import { defineRule } from '../src/lint/define-rule';
import { ORDER_STATE_COUNTRIES, RETURN_STATE_COUNTRIES } from '../src/spec/tables';

/** Rule `state-required`: The state is missing where the country needs one. */
export default defineRule({
  meta: {
    id: 'state-required',
    description: 'The state is missing where the country needs one (orders: US, MX, CA, AU; returns: US, CA).',
    severity: 'error',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'Orders: "addressData.state: max 3, R for US, MX, CA and AU, ISO 3166-2 state code"; returns: "addressData.state: max 3, R for US and CA".',
      invalid: '"addressData": { "city": "Austin", "countryISO2": "US" }',
      valid: '"addressData": { "city": "Austin", "state": "TX", "countryISO2": "US" }',
    },
  },
  check(ctx) {
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const countries = ctx.kind === 'order' ? ORDER_STATE_COUNTRIES : RETURN_STATE_COUNTRIES;
    const partners = asArray(partnerListOf(ctx, t));
    for (let p = 0; p < partners.length; p++) {
      const partner: unknown = partners[p];
      if (!isObject(partner)) continue;
      const address = addressDataOf(partner, t);
      if (!address) continue;
      const country = addressCountry(ctx, address, t);
      if (country === undefined || !countries.includes(country)) continue;
      const state = stateOf(address, t);
      if (state === undefined || state === null || state === '') {
        ctx.report(partnerPath(ctx, p, 'addressData', 'state'), 'state is required for an address in this country.', {
          params: { countries },
        });
      }
    }
  },
});
