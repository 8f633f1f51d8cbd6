import { stateCountry } from '../src/lint/checks/geo-partners';
import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { STATE_CODES } from '../src/schema/tables';

let stateSets: Map<string, ReadonlySet<string>> | undefined;

/** The state codes of a country whose states are checked, as a set (built on first use). */
function statesOf(country: string): ReadonlySet<string> | undefined {
  stateSets ??= new Map(Object.entries(STATE_CODES).map(([code, states]) => [code, new Set(states)]));
  return stateSets.get(country);
}

/** Rule `state-code`: the state of a US, CA, MX or AU address is not one of its ISO 3166-2 codes. */
export default defineRule({
  meta: {
    id: 'state-code',
    severity: 'error',
    kinds: ['order', 'return'],
    messages: {
      unknown: "state must be an uppercase ISO 3166-2 subdivision code of the address's country, without the country prefix.",
    },
  },
  visitors: {
    'partner[].addressData'(address: Record<string, unknown>, context) {
      const state = address.state;
      if (typeof state !== 'string') return;
      // Other countries' states are not checked (the spec lists no codes for them).
      const country = stateCountry(context.kind, address);
      const codes = country === undefined ? undefined : statesOf(country);
      if (codes && !codes.has(state)) context.report({ messageId: 'unknown', at: ['state'], data: { allowed: STATE_CODES[country!]! } });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'The state of a US, CA, MX or AU address is not an ISO 3166-2 subdivision code without the country prefix.',
  rationale:
    'Orders: "addressData.state: max 3, R for US, MX, CA and AU, ISO 3166-2 state code"; the codes are written without the country prefix (TX, ON, CMX, NSW).',
  invalid: { edits: { '/clientRequest/partner/1/addressData/countryISO2': 'US', '/clientRequest/partner/1/addressData/state': 'tx' } },
  valid: { edits: { '/clientRequest/partner/1/addressData/countryISO2': 'US', '/clientRequest/partner/1/addressData/state': 'TX' } },
};
