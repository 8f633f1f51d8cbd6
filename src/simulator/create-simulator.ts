/**
 * The operator simulator: one core, `handle(request)`, over an in-memory state, and its
 * adapters (fetch here, node:http in listen.ts, MSW in msw.ts).
 */
import { REDACTED } from '../http/messages';
import { SECRET_HEADERS } from '../http/request';
import { isRequestStatus } from '../http/request-status';
import { MAX_BODY_BYTES, MESSAGES, serverError, statusError } from './answers';
import { authenticate } from './auth';
import type { Call, SimulatorState } from './context';
import { delay, droppedConnection, planFaults } from './faults';
import { listen } from './listen';
import { faultsOf, resolveOptions, type ResolvedOptions } from './options';
import { createRandom } from './random';
import { findRoute } from './routes';
import { nextStatuses } from './transitions';
import type { ReceivedRequest, SimulatedOrder, SimulatedReturn, Simulator, SimulatorOptions } from './types';

const SECRETS = new Set(SECRET_HEADERS.map((name) => name.toLowerCase()));

function freshState(options: ResolvedOptions): SimulatorState {
  return {
    options,
    random: createRandom(options.seed),
    faults: options.faults,
    orders: [],
    returns: [],
    batches: new Map(),
  };
}

function redacted(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRETS.has(name) ? REDACTED : value;
  });
  return out;
}

function parsed(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type Entry = { -readonly [K in keyof ReceivedRequest]: ReceivedRequest[K] };

/**
 * Creates an operator simulator: all five interfaces and the v1.2 OPTIONS call at the
 * spec's paths, authenticated as the spec says, orders and returns linted with the same
 * rules as `lintOrder` / `lintReturn` and the client's profile, duplicates rejected,
 * state you can read and drive from tests, and seeded fault injection. It never opens
 * a socket unless you call `listen`.
 *
 * @param options Clients, inventory, payment methods, seed and faults; each member left out takes its default (`DEFAULT_SIMULATOR_DATA`).
 * @returns The simulator.
 * @throws {TypeError|RangeError} When an option is malformed (the message names the member, never its value).
 * @example
 * const simulator = createSimulator();
 * const { clientConfigId, clientAuthKey, subscriptionKey } = DEFAULT_SIMULATOR_DATA.clients[0]!;
 * const connection = { baseUrl: 'http://operator.test', credentials: { clientConfigId, clientAuthKey, subscriptionKey } };
 * const response = await send(describeCreateOrder(order, { ...connection, version: '1.1' }), simulator.fetch);
 * decodeCreateOrder(response.status, response.body).ok; // true
 * simulator.orders()[0]?.requestStatus; // 'created'
 */
export function createSimulator(options?: SimulatorOptions): Simulator {
  const resolved = resolveOptions(options);
  let state = freshState(resolved);
  let log: Entry[] = [];

  async function answer(request: Request, entry: Entry): Promise<Response> {
    const url = new URL(request.url);
    const route = findRoute(request.method, url.pathname);
    entry.operation = route?.operation;
    const text = request.method === 'GET' || request.method === 'HEAD' ? '' : await request.text();
    entry.body = parsed(text);
    const plan = planFaults(state.faults, route?.operation, state.random);
    if (plan.latencyMs > 0) {
      entry.fault = 'latency';
      await delay(plan.latencyMs, request.signal);
    }
    if (request.signal?.aborted) throw request.signal.reason;
    if (plan.fault === 'drop') {
      entry.fault = 'drop';
      throw droppedConnection();
    }
    if (route === undefined) return statusError(404, MESSAGES.notFound);
    if (plan.fault === 'server-error') {
      entry.fault = 'server-error';
      return serverError(route.interface, state.random.uuid());
    }
    if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) return statusError(413, MESSAGES.tooLarge);
    const auth = authenticate(route, request.headers, state.options);
    if (!auth.ok) return auth.response;
    entry.client = auth.client.name;
    const call: Call = {
      request,
      url,
      state,
      client: auth.client,
      text,
      recordXml: (xml) => {
        entry.xml = xml;
      },
    };
    let response: Response;
    try {
      response = await route.run(call);
    } catch {
      // A bug in the simulator, not the caller's fault: answer as the operator's backend would.
      return serverError(route.interface, state.random.uuid());
    }
    if (plan.fault === 'lost-response') {
      entry.fault = 'lost-response';
      throw droppedConnection();
    }
    return response;
  }

  async function handle(request: Request): Promise<Response> {
    const entry: Entry = {
      operation: undefined,
      method: request.method,
      url: request.url,
      headers: redacted(request.headers),
      body: undefined,
      status: undefined,
    };
    log.push(entry);
    const response = await answer(request, entry);
    entry.status = response.status;
    return response;
  }

  const simulator: Simulator = {
    handle,
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      try {
        return handle(new Request(input, init));
      } catch (error) {
        return Promise.reject(error);
      }
    }) as typeof fetch,
    listen: (listenOptions) => listen(handle, listenOptions),
    received: () => structuredClone(log),
    orders: (): SimulatedOrder[] =>
      state.orders.map(({ fms: _fms, ...order }) => structuredClone({ ...order, history: [...order.history] })),
    returns: (): SimulatedReturn[] => state.returns.map(({ clientConfigId: _id, ...entry }) => structuredClone(entry)),
    advance(requestReference, status) {
      const found = state.orders.filter((o) => o.requestReference === requestReference);
      if (found.length === 0) throw new RangeError('advance: no accepted order has this requestReference.');
      if (found.length > 1) throw new RangeError('advance: orders of more than one client have this requestReference.');
      const order = found[0]!;
      if (!isRequestStatus(status, order.version)) {
        throw new RangeError(`advance: the status is not a requestStatus of create-order v${order.version}.`);
      }
      const allowed = nextStatuses(order.requestStatus, order.version, order.fms);
      if (!allowed.includes(status)) {
        const next = allowed.length === 0 ? 'none (a final state)' : allowed.join(', ');
        throw new RangeError(`advance: an order in ${order.requestStatus} cannot move to ${status}; allowed: ${next}.`);
      }
      order.requestStatus = status;
      order.history.push(status);
    },
    setFaults(faults) {
      state.faults = faultsOf(faults);
    },
    reset() {
      state = freshState(resolved);
      log = [];
    },
  };
  return simulator;
}
