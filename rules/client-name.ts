import { defineRule } from '../src/lint/define-rule';
import { member, ptr } from '../src/lint/read';

/** Rule `client-name`: requestHeader.client differs from the client name of the profile. */
export default defineRule({
  meta: {
    id: 'client-name',
    description: 'requestHeader.client differs from the client name supplied at onboarding (profile.client).',
    severity: 'error',
    kinds: ['order', 'return'],
    requires: ['client'],
    docs: {
      rationale:
        'requestHeader.client: "R, max 40, client name supplied at onboarding"; during onboarding each client receives a client name. Examples assume profile { "client": "ACME" }.',
      invalid: '"requestHeader": { "client": "Acme Inc" }',
      valid: '"requestHeader": { "client": "ACME" }',
    },
  },
  check(ctx) {
    const client = member(member(ctx.body, 'requestHeader'), 'client');
    if (typeof client === 'string' && client !== ctx.profile?.client) {
      ctx.report(ptr(ctx.base, 'requestHeader', 'client'), 'requestHeader.client must equal the client name supplied at onboarding (profile.client).');
    }
  },
});
