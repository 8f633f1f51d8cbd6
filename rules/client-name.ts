import { defineRule } from '../src/lint/define-rule';
import { isTrusted } from '../src/lint/checks/views';
import { isObject, member, ptr } from '../src/lint/read';

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
    // Direct reads are the own members in a trusted lint call (see checks/views.ts).
    const t = isTrusted(ctx);
    const header = t ? ctx.body.requestHeader : member(ctx.body, 'requestHeader');
    const client = isObject(header) ? (t ? header.client : member(header, 'client')) : undefined;
    if (typeof client === 'string' && client !== ctx.profile?.client) {
      ctx.report(ptr(ctx.base, 'requestHeader', 'client'), 'requestHeader.client must equal the client name supplied at onboarding (profile.client).');
    }
  },
});
