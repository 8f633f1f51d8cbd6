import { partnerCountry, partnersOf } from '../src/lint/checks/geo-partners';
import { defineRule } from '../src/lint/define-rule';
import { asObject, member, ptr } from '../src/lint/read';
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
    const countries = ctx.kind === 'order' ? ORDER_STATE_COUNTRIES : RETURN_STATE_COUNTRIES;
    for (const { partner, path } of partnersOf(ctx)) {
      const address = asObject(member(partner, 'addressData'));
      if (!address) continue;
      const country = partnerCountry(ctx, address);
      if (country === undefined || !countries.includes(country)) continue;
      const state = member(address, 'state');
      if (state === undefined || state === null || state === '') {
        ctx.report(ptr(path, 'addressData', 'state'), 'state is required for an address in this country.', {
          params: { countries },
        });
      }
    }
  },
});
