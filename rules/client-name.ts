import { defineRule, type RuleDocs } from '../src/lint/define-rule';

/** Rule `client-name`: requestHeader.client differs from the profile's client name. */
export default defineRule({
  meta: {
    id: 'client-name',
    severity: 'error',
    kinds: ['order', 'return'],
    requires: ['client'],
    messages: {
      differs: 'requestHeader.client must equal the client name supplied at onboarding (profile.client).',
    },
  },
  visitors: {
    requestHeader(header: Record<string, unknown>, context) {
      const client = header.client;
      if (typeof client === 'string' && client !== context.profile?.client) context.report({ messageId: 'differs', at: ['client'] });
    },
  },
});

/** Docs and runnable examples (run by test/rules/docs-examples.test.ts). */
export const docs: RuleDocs = {
  description: 'requestHeader.client differs from the client name supplied at onboarding (profile.client).',
  rationale: 'requestHeader.client: "R, max 40, client name supplied at onboarding"; during onboarding each client receives a client name.',
  invalid: { profile: true, edits: { '/clientRequest/requestHeader/client': 'ACME Corp' } },
  valid: { profile: true, edits: { '/clientRequest/requestHeader/client': 'ACME' } },
};
