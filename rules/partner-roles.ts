import { partnerPath } from '../src/lint/checks/geo-partners';
import { isTrusted, partnerTypeOf } from '../src/lint/checks/views';
import { defineRule } from '../src/lint/define-rule';
import { isObject, member, ptr } from '../src/lint/read';
import { PARTNER_TYPES } from '../src/schema/tables';

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
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const partners = member(ctx.body, 'partner');
    // A missing or non-array partner list is reported by the schema (required, type).
    if (!Array.isArray(partners)) return;
    // Bit r is set once PARTNER_TYPES[r] was seen.
    let seen = 0;
    for (let p = 0; p < partners.length; p++) {
      const partner: unknown = partners[p];
      if (!isObject(partner)) continue;
      const role = partnerTypeOf(partner, t);
      // Other values are reported by enum.
      const r = typeof role === 'string' ? PARTNER_TYPES.indexOf(role) : -1;
      if (r < 0) continue;
      if ((seen & (1 << r)) !== 0) {
        ctx.report(partnerPath(ctx, p, 'partnerType'), 'This partner role already appears earlier in the partner list; give each role once.', {
          params: { allowed: PARTNER_TYPES },
        });
      } else {
        seen |= 1 << r;
      }
    }
    if (ctx.kind !== 'order') return;
    for (let r = 0; r < PARTNER_TYPES.length; r++) {
      const role = PARTNER_TYPES[r]!;
      if ((seen & (1 << r)) === 0) {
        ctx.report(ptr(ctx.base, 'partner'), `The partner list has no ${role} partner; an order needs one BillTo and one ShipTo.`, {
          params: { missing: role },
        });
      }
    }
  },
});
