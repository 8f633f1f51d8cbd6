/**
 * Shared helpers of the simulator tests: the default test client's connection, a raw
 * request builder, and a second client.
 */
import type { Connection } from '../../src/http/connection';
import { DEFAULT_SIMULATOR_DATA } from '../../src/simulator/defaults';
import type { SimulatorClient } from '../../src/simulator/types';

/** The default test client. */
export const CLIENT = DEFAULT_SIMULATOR_DATA.clients[0]!;

/** A base URL no network will ever answer: only the simulator does. */
export const BASE_URL = 'http://operator.test';

/** A connection of the default client to `baseUrl`. */
export function connection(baseUrl = BASE_URL, client: Pick<SimulatorClient, 'clientConfigId' | 'clientAuthKey' | 'subscriptionKey'> = CLIENT): Connection {
  return {
    baseUrl,
    credentials: { clientConfigId: client.clientConfigId, clientAuthKey: client.clientAuthKey, subscriptionKey: client.subscriptionKey },
  };
}

/** The three auth headers of the default client, plus `extra`. */
export function headers(extra: Record<string, string> = {}): Record<string, string> {
  return {
    ClientConfigId: CLIENT.clientConfigId,
    ClientAuthKey: CLIENT.clientAuthKey,
    'Ocp-Apim-Subscription-Key': CLIENT.subscriptionKey,
    ...extra,
  };
}

/** A second client (FMS), beside the default one. */
export const OTHER: SimulatorClient = {
  clientConfigId: 'other-config-id',
  clientAuthKey: 'other-auth-key',
  subscriptionKey: 'other-subscription-key',
  name: 'Nordic',
  profile: { client: 'Nordic', clientCode: 'NORDIC', fms: true },
};

/** Every secret value of the test clients: none may show in received(). */
export const SECRETS = [CLIENT, OTHER].flatMap((c) => [c.clientConfigId, c.clientAuthKey, c.subscriptionKey]);

/**
 * A POST of a JSON body for a raw call. Without a Content-Type in `extra` the body goes
 * as bytes, so that fetch adds no Content-Type of its own (a string would be text/plain).
 */
export function post(body: unknown, extra: Record<string, string> = { 'Content-Type': 'application/json' }): RequestInit {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const typed = Object.keys(extra).some((k) => k.toLowerCase() === 'content-type');
  return { method: 'POST', headers: headers(extra), body: typed ? text : new TextEncoder().encode(text) };
}

/** A valid order of `version` for a client other than ACME: the client name follows. */
export function forClient<T>(payload: T, name: string, requestReference?: string): T {
  const copy = structuredClone(payload) as { clientRequest?: { requestHeader: Record<string, string> }; requestHeader?: Record<string, string> };
  const header = copy.clientRequest?.requestHeader ?? copy.requestHeader!;
  header.client = name;
  if (requestReference !== undefined) header.requestReference = requestReference;
  return copy as T;
}
