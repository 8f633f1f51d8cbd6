/**
 * The operator simulator: one core, `handle(request)`, over an in-memory state, and its
 * adapters (fetch here, node:http in listen.ts, MSW in msw.ts).
 */
import { batchFactsOf } from '../lint/batch';
import { isRequestStatus } from '../http/request-status';
import { MESSAGES, serverError, statusError } from './answers';
import { authenticate } from './auth';
import { declaresTooLarge, isJsonType, readJsonBody, type ReadBody } from './body';
import { recordKey, type Call, type OrderRecord, type Route, type SimulatorState } from './context';
import { consoleAsset, isConsolePath } from '../console/serve-assets';
import { isControlPath } from './control/guard';
import { controlRouter, type AdvanceResult, type ControlOrder } from './control/router';
import { delay, droppedConnection, planFaults } from './faults';
import { listen } from './listen';
import { faultsOf, resolveOptions, type ResolvedOptions } from './options';
import { createRandom, hash128, type RandomSource } from './random';
import { createByteBudget, BODY_BUDGET_BYTES, heapBytes, keepNewest } from './kept';
import { createLog, redactedHeaders, redactedPath, redactedUrl, type Entry, type Log } from './received';
import { HANDLE_UNDER, type HandleUnder } from './handle-under';
import { requestReferenceOf } from './request-reference';
import { findRoute } from './routes';
import { nextStatuses } from './transitions';
import type { SimulatedOrder, SimulatedReturn, Simulator, SimulatorClient, SimulatorFaults, SimulatorOptions, SimulatorRequestEvent } from './types';

/** The states an order's history keeps: its first and the newest 99 (see `SimulatedOrder.history`). */
const MAX_HISTORY = 100;

/** What the request log learns while a request is answered. */
interface Trace {
  operation: SimulatorRequestEvent['operation'];
  requestReference?: string;
}

/** How many distinct requests the identical-request counts remember (the oldest is forgotten first). */
const SEEN_LIMIT = 65_536;

/** An order as `orders()` hands it out: a copy, without the internal FMS flag and client id. */
function publicOrder({ fms: _fms, clientConfigId: _id, ...order }: OrderRecord): SimulatedOrder {
  return structuredClone({ ...order, history: [...order.history] });
}

/** An order as the control API lists it: the public order and the states `advance` accepts now (the console offers those). */
function controlOrder(order: OrderRecord): ControlOrder {
  return { ...publicOrder(order), next: nextStatuses(order.requestStatus, order.version, order.fms) };
}

function freshState(options: ResolvedOptions): SimulatorState {
  return { options, faults: options.faults, orders: new Map(), returns: new Map(), references: new Map(), payloads: createByteBudget(BODY_BUDGET_BYTES), seen: new Map() };
}

/**
 * The random source of one request, from the seed and the request itself: who sent it,
 * its operation and query, its requestReference (or else its body), and how many identical
 * requests came before. Never from timing, so concurrent and sequential runs agree.
 */
function requestRandom(state: SimulatorState, client: SimulatorClient, route: Route, url: URL, body: ReadBody | undefined): RandomSource {
  const kind = route.body?.kind;
  const reference = kind === undefined || body === undefined ? undefined : batchFactsOf(body.value, kind).requestReference;
  const key = hash128([client.clientConfigId, route.operation, url.search, reference ?? body?.bytes ?? '']).join(' ');
  const count = state.seen.get(key) ?? 0;
  keepNewest(state.seen, key, count + 1, SEEN_LIMIT);
  return createRandom(hash128([String(state.options.seed), key, String(count)]));
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

  /** `state` and `log` are those of the request's arrival: a reset() while it waits leaves the new ones untouched. */
  async function answer(request: Request, url: URL, entry: Entry, trace: Trace, basePath: string | undefined, state: SimulatorState, log: Log): Promise<Response> {
    const route = findRoute(request.method, url.pathname, basePath);
    entry.operation = route?.operation;
    trace.operation = route?.operation;
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
    // What the body takes in memory, estimated once: received() and orders() count it alike.
    const bodyCost = body?.kept === undefined ? 0 : heapBytes(body.kept);
    log.keepBody(entry, body?.kept, body?.bytes.byteLength ?? 0, bodyCost);
    const random = requestRandom(state, auth.client, route, url, body);
    // The log shows the reference whatever its length (cut there); the draws use batchFactsOf's.
    const shown = route.body?.kind === undefined || body === undefined ? undefined : requestReferenceOf(body.value, route.body.kind);
    if (shown !== undefined) trace.requestReference = shown;
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
      bodyBytes: body?.bytes.byteLength ?? 0,
      bodyCost,
      random,
      recordXml: (xml) => log.keepXml(entry, xml),
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

  /** The operator's paths: kept in received(). */
  async function operator(request: Request, url: URL, trace: Trace, basePath: string | undefined): Promise<Response> {
    const entry: Entry = {
      operation: undefined,
      method: request.method,
      url: redactedUrl(request.url),
      headers: redactedHeaders(request.headers),
      body: undefined,
      status: undefined,
    };
    const arrival = log;
    arrival.add(entry);
    const response = await answer(request, url, entry, trace, basePath, state, arrival);
    entry.status = response.status;
    return response;
  }

  function advanceOrder(requestReference: string, status: string, client?: string): AdvanceResult {
    // One lookup per client (a fixed, small list), whatever the number of orders.
    const found = state.options.clients
      .flatMap((c) => state.orders.get(recordKey(c.clientConfigId, requestReference)) ?? [])
      .filter((order) => client === undefined || order.client === client || order.clientConfigId === client);
    if (found.length === 0) return { ok: false, status: 404, message: `No accepted order ${client === undefined ? '' : 'of this client '}has this requestReference.`, allowed: [] };
    if (found.length > 1) {
      // One client may hold several ClientConfigIds (one per location, create order rule 2): its name then picks no single order.
      const message = client === undefined ? 'Orders of more than one client have this requestReference; name the client.' : 'Orders of more than one ClientConfigId of this client have this requestReference; name the ClientConfigId.';
      return { ok: false, status: 409, message, allowed: [] };
    }
    const order = found[0]!;
    const allowed = nextStatuses(order.requestStatus, order.version, order.fms);
    const next = allowed.length === 0 ? 'none (a final state)' : allowed.join(', ');
    if (!isRequestStatus(status, order.version)) {
      return { ok: false, status: 409, message: `The status is not a requestStatus of create-order v${order.version}; allowed from ${order.requestStatus}: ${next}.`, allowed };
    }
    if (!allowed.includes(status)) {
      return { ok: false, status: 409, message: `An order in ${order.requestStatus} cannot move to ${status}; allowed: ${next}.`, allowed };
    }
    order.requestStatus = status;
    order.history.push(status);
    // The first state and the newest moves: an order moved back and forth forever stays small.
    if (order.history.length > MAX_HISTORY) order.history.splice(1, 1);
    return { ok: true, order: controlOrder(order) };
  }

  const control =
    resolved.control === undefined
      ? undefined
      : controlRouter(
          {
            received: (newest) => log.list(newest),
            receivedTotal: () => log.size(),
            orders: () => [...state.orders.values()].map(controlOrder),
            returns: () => simulator.returns(),
            faults: () => structuredClone(state.faults),
            setFaults: (faults) => simulator.setFaults(faults as SimulatorFaults),
            advance: advanceOrder,
            reset: () => simulator.reset(),
          },
          resolved.control,
        );
  const onRequest = resolved.onRequest;

  /** The core; `basePath` when the adapter knows the base URL (HANDLE_UNDER). */
  async function handle(request: Request, basePath?: string): Promise<Response> {
    const url = new URL(request.url);
    const trace: Trace = { operation: undefined };
    const started = onRequest === undefined ? 0 : performance.now();
    let status: number | undefined;
    try {
      let response: Response;
      // The console's files hold no data: served before the token check (a browser cannot
      // send a token to load a page). Only where the control API is on.
      const asset =
        control !== undefined && (request.method === 'GET' || request.method === 'HEAD') && isConsolePath(url.pathname) ? await consoleAsset(url.pathname) : undefined;
      // Control requests are not the operator's traffic: received() never lists them.
      if (asset !== undefined) {
        trace.operation = 'control';
        response = new Response(request.method === 'HEAD' ? null : asset.body, { status: 200, headers: asset.headers });
      } else if (control !== undefined && isControlPath(url.pathname)) {
        trace.operation = 'control';
        response = await control(request, url);
      } else response = await operator(request, url, trace, basePath);
      status = response.status;
      // A HEAD answer has no body (RFC 9110, 9.3.2), whichever adapter reads it (fetch, msw, handle).
      if (request.method === 'HEAD' && response.body !== null) response = new Response(null, { status, statusText: response.statusText, headers: response.headers });
      return response;
    } finally {
      if (onRequest !== undefined) {
        const ms = performance.now() - started;
        const reference = trace.requestReference;
        onRequest({ time: Date.now() - ms, method: request.method, path: redactedPath(url.pathname), operation: trace.operation, status, ms, ...(reference === undefined ? {} : { requestReference: reference }) });
      }
    }
  }

  const simulator: Simulator = {
    handle: (request) => handle(request),
    fetch: ((input: RequestInfo | URL, init?: RequestInit) => {
      try {
        return handle(new Request(input, init));
      } catch (error) {
        return Promise.reject(error);
      }
    }) as typeof fetch,
    // Only the documented options: the read deadline is the tests' (listen.ts).
    listen: (listenOptions) => listen(handle, { port: listenOptions?.port, host: listenOptions?.host }, onRequest),
    received: () => log.list(),
    orders: (): SimulatedOrder[] => [...state.orders.values()].map(publicOrder),
    returns: (): SimulatedReturn[] => [...state.returns.values()].map(({ clientConfigId: _id, ...entry }) => structuredClone(entry)),
    advance(requestReference, status, client) {
      if (client !== undefined && typeof client !== 'string') throw new TypeError('advance: client must be a client name (a string).');
      const result = advanceOrder(requestReference, status, client);
      if (!result.ok) throw new RangeError(`advance: ${result.message.charAt(0).toLowerCase()}${result.message.slice(1)}`);
    },
    setFaults(faults) {
      state.faults = faultsOf(faults);
    },
    reset() {
      state = freshState(resolved);
      log = createLog(resolved.retain);
    },
  };
  const handleUnder: HandleUnder = (request, basePath) => handle(request, basePath);
  Object.defineProperty(simulator, HANDLE_UNDER, { value: handleUnder });
  return simulator;
}
