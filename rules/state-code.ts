import { addressCountry, partnerPath } from '../src/lint/checks/geo-partners';
import { forEachAddressData, stateOf } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { STATE_CODES } from '../src/schema/tables';

const SETS = new Map<string, ReadonlySet<string>>();

/** The state codes of a country as a set (a lookup instead of a scan of up to 57 codes). */
function stateSet(country: string, codes: readonly string[]): ReadonlySet<string> {
  let set = SETS.get(country);
  if (!set) {
    set = new Set(codes);
    SETS.set(country, set);
  }
  return set;
}

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
    forEachAddressData(ctx, (address, p, t) => {
      const state = stateOf(address, t);
      if (typeof state !== 'string' || state === '') return;
      const country = addressCountry(ctx, address, t);
      // Other countries' states are not checked (the spec lists no codes for them).
      const codes = country === undefined || !Object.prototype.hasOwnProperty.call(STATE_CODES, country) ? undefined : STATE_CODES[country];
      if (codes && !stateSet(country!, codes).has(state)) {
        ctx.report(
          partnerPath(ctx, p, 'addressData', 'state'),
          "state must be an uppercase ISO 3166-2 subdivision code of the address's country, without the country prefix.",
          { params: { allowed: codes } },
        );
      }
    });
  },
});
