import { partnersOf } from '../src/lint/checks/geo-partners';
import { defineRule } from '../src/lint/define-rule';
import { member, ptr } from '../src/lint/read';
import { PARTNER_TYPES } from '../src/spec/tables';

/** Rule `partner-roles`: Orders need exactly one BillTo and one ShipTo; returns name no role twice. */
export default defineRule({
  meta: {
    id: 'partner-roles',
    description: 'An order lacks a BillTo or ShipTo partner, or a payload names a partner role twice.',
    severity: 'error',
    kinds: ['order', 'return'],
    docs: {
      rationale:
        'Orders: "partner[] (R; BillTo and ShipTo)"; returns: "partner[] (BillTo and ShipTo data)". Each role is one address, so a second partner of the same role is ambiguous.',
      invalid: '"partner": [{ "partnerType": "BillTo", ... }, { "partnerType": "BillTo", ... }]',
      valid: '"partner": [{ "partnerType": "BillTo", ... }, { "partnerType": "ShipTo", ... }]',
    },
  },
  check(ctx) {
    const partners = member(ctx.body, 'partner');
    // A missing or non-array partner list is reported by the schema (required, type).
    if (!Array.isArray(partners)) return;
    const seen = new Set<string>();
    for (const { partner, path } of partnersOf(ctx)) {
      const role = member(partner, 'partnerType');
      // Other values are reported by enum.
      if (typeof role !== 'string' || !PARTNER_TYPES.includes(role)) continue;
      if (seen.has(role)) {
        ctx.report(ptr(path, 'partnerType'), 'This partner role already appears earlier in the partner list; give each role once.', {
          params: { allowed: PARTNER_TYPES },
        });
      } else {
        seen.add(role);
      }
    }
    if (ctx.kind !== 'order') return;
    for (const role of PARTNER_TYPES) {
      if (!seen.has(role)) {
        ctx.report(ptr(ctx.base, 'partner'), `The partner list has no ${role} partner; an order needs one BillTo and one ShipTo.`, {
          params: { missing: role },
        });
      }
    }
  },
});
