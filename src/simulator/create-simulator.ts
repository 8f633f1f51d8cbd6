/**
 * The operator simulator: one core, `handle(request)`, over an in-memory state, and its
 * adapters (fetch here, node:http in listen.ts, MSW in msw.ts).
 */
import { batchFactsOf } from '../lint/batch';
import { isRequestStatus } from '../http/request-status';
import { MESSAGES, serverError, statusError } from './answers';
import { authenticate } from './auth';
import { declaresTooLarge, isJsonType, readJsonBody, type ReadBody } from './body';
import type { Call, Route, SimulatorState } from './context';
import { delay, droppedConnection, planFaults } from './faults';
import { listen } from './listen';
import { faultsOf, resolveOptions, type ResolvedOptions } from './options';
import { createRandom, hash32, type RandomSource } from './random';
import { createLog, redactedHeaders, redactedUrl, type Entry } from './received';
import { findRoute } from './routes';
import { nextStatuses } from './transitions';
import type { SimulatedOrder, SimulatedReturn, Simulator, SimulatorClient, SimulatorOptions } from './types';

/** How many distinct requests the identical-request counts remember (the oldest is forgotten first). */
const SEEN_LIMIT = 65_536;

function freshState(options: ResolvedOptions): SimulatorState {
  return { options, faults: options.faults, orders: [], returns: [], batches: new Map(), seen: new Map() };
}

/**
 * The random source of one request, from the seed and the request itself: who sent it,
 * its operation and query, its requestReference (or else its body), and how many identical
 * requests came before. Never from timing, so concurrent and sequential runs agree.
 */
function requestRandom(state: SimulatorState, client: SimulatorClient, route: Route, url: URL, body: ReadBody | undefined): RandomSource {
  const kind = route.body?.kind;
  const reference = kind === undefined || body === undefined ? undefined : batchFactsOf(body.value, kind).requestReference;
  const key = hash32([client.clientConfigId, route.operation, url.search, reference ?? body?.bytes ?? '']);
  const count = state.seen.get(key) ?? 0;
  state.seen.delete(key);
  state.seen.set(key, count + 1);
  if (state.seen.size > SEEN_LIMIT) state.seen.delete(state.seen.keys().next().value!);
  return createRandom(hash32([String(state.options.seed), String(key), String(count)]));
}

/**
 * Creates an operator simulator: all five interfaces and the v1.2 OPTIONS call at the
 * spec's paths, authenticated as the spec says, orders and returns linted with the same
 * rules as `lintOrder` / `lintReturn` and the client's profile, duplicates rejected,
 * state you can read and drive from tests (bounded: the newest `retain` requests), and
 * fault injection drawn from the seed and each request. It never opens a socket unless
 * you call `listen`.
 *
 * @param options Clients, inventory, payment methods, seed, faults and retain; each member left out takes its default (`DEFAULT_SIMULATOR_DATA`; retain 1000).
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
  let log = createLog(resolved.retain);

  async function answer(request: Request, entry: Entry): Promise<Response> {
    const url = new URL(request.url);
    const route = findRoute(request.method, url.pathname);
    entry.operation = route?.operation;
    // Refusals before authentication read no body (and keep none).
    if (route === undefined) return statusError(404, MESSAGES.notFound);
    if (route.body !== undefined && declaresTooLarge(request.headers)) return statusError(413, MESSAGES.tooLarge);
    const auth = authenticate(route, request.headers, state.options);
    if (!auth.ok) return auth.response;
    entry.client = auth.client.name;
    if (route.body?.contentType === 'json' && !isJsonType(request.headers.get('content-type'))) {
      return statusError(415, MESSAGES.contentType);
    }
    const body = route.body === undefined ? undefined : await readJsonBody(request);
    if (body === undefined && route.body !== undefined) return statusError(413, MESSAGES.tooLarge);
    entry.body = body?.kept;
    const random = requestRandom(state, auth.client, route, url, body);
    const plan = planFaults(state.faults, route.operation, random);
    if (plan.latencyMs > 0) {
      entry.fault = 'latency';
      await delay(plan.latencyMs, request.signal);
    }
    if (request.signal?.aborted) throw request.signal.reason;
    if (plan.fault === 'drop') {
      entry.fault = 'drop';
      throw droppedConnection();
    }
    if (plan.fault === 'server-error') {
      entry.fault = 'server-error';
      return serverError(route.interface, random.uuid());
    }
    if (body?.refusal !== undefined) return statusError(400, body.refusal);
    const call: Call = {
      request,
      url,
      state,
      client: auth.client,
      body: body?.value,
      random,
      recordXml: (xml) => {
        entry.xml = xml;
      },
    };
    let response: Response;
    try {
      response = await route.run(call);
    } catch {
      // A bug in the simulator, not the caller's fault: answer as the operator's backend would.
      return serverError(route.interface, random.uuid());
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
      url: redactedUrl(request.url),
      headers: redactedHeaders(request.headers),
      body: undefined,
      status: undefined,
    };
    log.add(entry);
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
    received: () => log.list(),
    orders: (): SimulatedOrder[] =>
      state.orders.map(({ fms: _fms, ...order }) => structuredClone({ ...order, history: [...order.history] })),
    returns: (): SimulatedReturn[] => state.returns.map(({ clientConfigId: _id, ...entry }) => structuredClone(entry)),
    advance(requestReference, status) {
      const found = state.orders.filter((o) => o.requestReference === requestReference);
      if (found.length === 0) throw new RangeError('advance: no accepted order has this requestReference.');
      if (found.length > 1) throw new RangeError('advance: orders of more than one client have this requestReference.');
      const order = found[0]!;
      const allowed = nextStatuses(order.requestStatus, order.version, order.fms);
      const next = allowed.length === 0 ? 'none (a final state)' : allowed.join(', ');
      if (!isRequestStatus(status, order.version)) {
        throw new RangeError(`advance: the status is not a requestStatus of create-order v${order.version}; allowed from ${order.requestStatus}: ${next}.`);
      }
      if (!allowed.includes(status)) {
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
      log = createLog(resolved.retain);
    },
  };
  return simulator;
}
