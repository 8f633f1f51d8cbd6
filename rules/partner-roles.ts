import { defineRule, type RuleDocs } from '../src/lint/define-rule';
import { PARTNER_TYPES } from '../src/schema/tables';

/** Rule `partner-roles`: orders need exactly one BillTo and one ShipTo; returns name no role twice. */
export default defineRule({
  meta: {
    id: 'partner-roles',
    severity: 'error',
    kinds: ['order', 'return'],
    messages: {
      twice: 'This partner role already appears earlier in the partner list; give each role once.',
      missing: 'The partner list has no {{missing}} partner; an order needs one BillTo and one ShipTo.',
    },
  },
  // Bit r is set once PARTNER_TYPES[r] was seen.
  state: () => ({ seen: 0 }),
  visitors: {
    'partner[]'(partner: Record<string, unknown>, context, state) {
      const role = partner.partnerType;
      // Other values are reported by enum.
      const r = typeof role === 'string' ? PARTNER_TYPES.indexOf(role) : -1;
      if (r < 0) return;
      if ((state.seen & (1 << r)) !== 0) context.report({ messageId: 'twice', at: ['partnerType'], data: { allowed: PARTNER_TYPES } });
      else state.seen |= 1 << r;
    },
    'partner:exit'(_partners: readonly unknown[], context, state) {
      if (context.kind !== 'order') return;
      PARTNER_TYPES.forEach((role, r) => {
        if ((state.seen & (1 << r)) === 0) context.report({ messageId: 'missing', data: { missing: role } });
      });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'An order lacks a BillTo or ShipTo partner, or a payload names a partner role twice.',
  rationale:
    'Orders: "partner[] (R; BillTo and ShipTo)"; returns: "partner[] (BillTo and ShipTo data)". Each role is one address, so a second partner of the same role is ambiguous.',
  invalid: { edits: { '/clientRequest/partner/1/partnerType': 'BillTo' } },
  valid: { edits: { '/clientRequest/partner/1/partnerType': 'ShipTo' } },
};
