import { addressCountry, partnerPath } from '../src/lint/checks/geo-partners';
import { forEachAddressData, stateOf } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { ORDER_STATE_COUNTRIES, RETURN_STATE_COUNTRIES } from '../src/schema/tables';

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
    forEachAddressData(ctx, (address, p, t) => {
      const country = addressCountry(ctx, address, t);
      if (country === undefined || !countries.includes(country)) return;
      const state = stateOf(address, t);
      if (state === undefined || state === null || state === '') {
        ctx.report(partnerPath(ctx, p, 'addressData', 'state'), 'state is required for an address in this country.', {
          params: { countries },
        });
      }
    });
  },
});
