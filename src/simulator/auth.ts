/**
 * Authentication by the spec's table: the subscription key on all five interfaces,
 * ClientConfigId and ClientAuthKey on the four others. Each failure is a 401 in the
 * interface's own body shape.
 */
import { MESSAGES, unauthorized } from './answers';
import type { Route } from './context';
import type { ResolvedOptions } from './options';
import type { SimulatorClient } from './types';

/** The client a request authenticated as, or the 401 that refuses it. */
export type AuthResult = { readonly ok: true; readonly client: SimulatorClient } | { readonly ok: false; readonly response: Response };

const SUBSCRIPTION = 'Ocp-Apim-Subscription-Key';

/**
 * Authenticates a request for a route. The subscription key must be one of the
 * configured clients' keys (the gateway checks the subscription, not the client);
 * then, except for echo, ClientConfigId must name a client and ClientAuthKey be that
 * client's key. A missing header, an unknown id or a wrong key is 401.
 *
 * @param route The route.
 * @param headers The request's headers.
 * @param options The clients.
 * @returns The client, or the 401 answer.
 */
export function authenticate(route: Route, headers: Headers, options: ResolvedOptions): AuthResult {
  const where = route.interface;
  const key = headers.get(SUBSCRIPTION);
  if (key === null || key === '') return { ok: false, response: unauthorized(where, MESSAGES.missingSubscriptionKey, SUBSCRIPTION) };
  const subscriber = options.clients.find((c) => c.subscriptionKey === key);
  if (subscriber === undefined) return { ok: false, response: unauthorized(where, MESSAGES.invalidSubscriptionKey, SUBSCRIPTION) };
  if (route.auth === 'subscription') return { ok: true, client: subscriber };
  const id = headers.get('ClientConfigId');
  const secret = headers.get('ClientAuthKey');
  if (id === null || id === '' || secret === null || secret === '') {
    const header = id === null || id === '' ? 'ClientConfigId' : 'ClientAuthKey';
    return { ok: false, response: unauthorized(where, MESSAGES.missingClientKeys, header) };
  }
  const client = options.clients.find((c) => c.clientConfigId === id);
  if (client === undefined || client.clientAuthKey !== secret) {
    // One answer for both cases: a caller cannot tell a known id from an unknown one.
    return { ok: false, response: unauthorized(where, MESSAGES.invalidClientKeys, 'ClientConfigId, ClientAuthKey') };
  }
  return { ok: true, client };
}
