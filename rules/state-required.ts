import { stateCountry } from '../src/lint/checks/geo-partners';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { ORDER_STATE_COUNTRIES, RETURN_STATE_COUNTRIES } from '../src/schema/tables';

/** Rule `state-required`: the state is missing where the country needs one. */
export default defineRule({
  meta: {
    id: 'state-required',
    severity: 'error',
    kinds: ['order', 'return'],
    messages: {
      missing: 'state is required for an address in this country.',
    },
  },
  visitors: {
    'partner[].addressData'(address: Record<string, unknown>, context) {
      const countries = context.kind === 'order' ? ORDER_STATE_COUNTRIES : RETURN_STATE_COUNTRIES;
      const country = stateCountry(context.kind, address);
      if (country === undefined || !countries.includes(country)) return;
      if (!context.given(address.state, ['state'])) context.report({ messageId: 'missing', at: ['state'], data: { countries } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The state is missing where the country needs one (orders: US, MX, CA, AU; returns: US, CA).',
  rationale:
    'Orders: "addressData.state: max 3, R for US, MX, CA and AU, ISO 3166-2 state code"; returns: "addressData.state: max 3, R for US and CA".',
  invalid: { edits: { '/clientRequest/partner/1/addressData/countryISO2': 'US' } },
  valid: { edits: { '/clientRequest/partner/1/addressData/countryISO2': 'US', '/clientRequest/partner/1/addressData/state': 'TX' } },
};
