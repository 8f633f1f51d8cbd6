/**
 * Public types of the operator simulator (pinned names: see DESIGN.md, "Public
 * contract added in round 2").
 */
import type { ClientProfile } from '../lint/types';
import type { OrderVersion, RequestStatus } from '../schema/tables';

/**
 * One onboarded client: its three keys, its name and (optionally) its profile.
 *
 * @example
 * const client: SimulatorClient = { clientConfigId: 'acme-config-id', clientAuthKey: 'acme-auth-key', subscriptionKey: 'acme-subscription-key', name: 'ACME' };
 * createSimulator({ clients: [client] });
 */
export interface SimulatorClient {
  /** Client-specific ID, expected in the `ClientConfigId` header. */
  clientConfigId: string;
  /** Client-specific authentication key, expected in the `ClientAuthKey` header. */
  clientAuthKey: string;
  /** Subscription key, expected in `Ocp-Apim-Subscription-Key`. */
  subscriptionKey: string;
  /** Client name supplied at onboarding; orders and returns must carry it in `requestHeader.client`. */
  name: string;
  /** The client's profile, used to lint its orders and returns; default `{ client: name, clientCode: name }`. */
  profile?: ClientProfile | undefined;
}

/**
 * One product at one stock location (the product interface's inventory entry).
 *
 * @example const stock: SimulatorInventoryItem = { productID: 'MUG-RED', quantity: 25, stockLocationName: 'NL01' };
 */
export interface SimulatorInventoryItem {
  /** Part number of the item (max 18). */
  productID: string;
  /** Available quantity in stock. */
  quantity: number;
  /** Location of the stock. */
  stockLocationName: string;
}

/**
 * One configured payment method.
 *
 * @example const ideal: SimulatorPaymentMethod = { country: 'NL', type: 'BankTransfer', paymentMethod: 'iDEAL' };
 */
export interface SimulatorPaymentMethod {
  /** ISO 3166-1 alpha-2 country the method is offered in; absent: every country. */
  country?: string | undefined;
  /** Payment method type (the `paymentMethod` query filter matches it). */
  type: string;
  /** The payment method, e.g. `Visa`. */
  paymentMethod: string;
  /** Payment term. */
  payTerm?: string | undefined;
  /** Payment value. */
  paymentValue?: string | undefined;
  /** Credit-card type. */
  ccType?: string | undefined;
}

/**
 * The operations the simulator answers (also the OpenAPI operationIds).
 *
 * @example const operation: SimulatorOperation = 'createOrderV1_2';
 */
export type SimulatorOperation = 'listPaymentMethods' | 'getInventory' | 'createReturnToken' | CreateOrderOperation | 'orderOptions' | 'echo';

/** `1.1` → `1_1`. */
type Underscored<S extends string> = S extends `${infer A}.${infer B}` ? `${A}_${Underscored<B>}` : S;

/**
 * The create-order operation of each version: `createOrderV1`, `createOrderV1_1`, `createOrderV1_2`.
 *
 * @example const operation: CreateOrderOperation = 'createOrderV1_1';
 */
export type CreateOrderOperation = `createOrderV${Underscored<OrderVersion>}`;

/**
 * Faults injected into the answers of authenticated requests, drawn per request from the
 * seed and the request itself (never from timing: concurrent and sequential runs agree).
 *
 * @example
 * const faults: SimulatorFaults = { serverError: 0.1, latencyMs: [50, 200], operations: ['createOrderV1_1'] };
 * simulator.setFaults(faults);
 */
export interface SimulatorFaults {
  /** Delay before answering, in milliseconds: a fixed value or a `[min, max]` range (whole ms). */
  latencyMs?: number | readonly [number, number] | undefined;
  /** Probability (0 to 1) of a 500 in the interface's error shape, with an `activityId` where the shape has one. */
  serverError?: number | undefined;
  /** Probability (0 to 1) that the connection drops before the request is processed (nothing is stored). */
  drop?: number | undefined;
  /** Probability (0 to 1) that the request is processed (an order is stored) but the connection drops before the answer. */
  lostResponse?: number | undefined;
  /** The operations the faults apply to; default: all. */
  operations?: readonly SimulatorOperation[] | undefined;
}

/**
 * Options of `createSimulator`; every member left out takes its documented default.
 *
 * @example
 * const options: SimulatorOptions = { seed: 42, retain: 100, faults: { drop: 0.05 } };
 * const simulator = createSimulator(options);
 */
export interface SimulatorOptions {
  /** Onboarded clients; default: one test client (`DEFAULT_SIMULATOR_DATA.clients`). */
  clients?: SimulatorClient[] | undefined;
  /** Inventory, shared by all clients; default: `DEFAULT_SIMULATOR_DATA.inventory`. */
  inventory?: SimulatorInventoryItem[] | undefined;
  /** Payment methods, shared by all clients; default: `DEFAULT_SIMULATOR_DATA.paymentMethods`. */
  paymentMethods?: SimulatorPaymentMethod[] | undefined;
  /** Seed of the random sources (tokens, request ids, activity ids, faults); default 1. */
  seed?: number | undefined;
  /** Faults to inject; default none. */
  faults?: SimulatorFaults | undefined;
  /** How many requests received() keeps, the newest (a whole number; 0 keeps none); default 1000. */
  retain?: number | undefined;
  /**
   * How many accepted orders `orders()` keeps, the newest, and as many return tokens
   * `returns()` (a whole number; 0 keeps none); default 10,000. Duplicate detection is
   * bounded apart: the newest 100,000 used requestReferences (or `retainOrders`, if more).
   */
  retainOrders?: number | undefined;
  /**
   * Serves the control API under `/_fulfilkit/` from `handle` (and so from `listen` and
   * `fetch`); default off: `handle` answers only the operator's paths.
   */
  control?: SimulatorControlOptions | undefined;
  /** Called once per request when its answer is ready (or its connection dropped): for a request log; never given a key or a body. */
  onRequest?: ((event: SimulatorRequestEvent) => void) | undefined;
}

/**
 * Options of the control API (`createSimulator({ control })`, `fulfilkit serve`).
 *
 * @example
 * const control: SimulatorControlOptions = { token: 'local-control-token' };
 * const simulator = createSimulator({ control });
 */
export interface SimulatorControlOptions {
  /** A control request must carry `Authorization: Bearer <token>` (else 401); printable ASCII. Default: no token needed. */
  token?: string | undefined;
}

/**
 * One request as a request log sees it: no header, no query, no body.
 *
 * @example const simulator = createSimulator({ onRequest: (event: SimulatorRequestEvent) => console.log(event.method, event.path, event.status, `${event.ms} ms`) });
 */
export interface SimulatorRequestEvent {
  /** When the request arrived (milliseconds since the epoch). */
  readonly time: number;
  /** HTTP method. */
  readonly method: string;
  /** The URL's path (percent-encoded, without the query: a query may carry a key; a credential parameter of a segment, `;subscription-key=...`, shows as `<redacted>`). */
  readonly path: string;
  /** The operation; `'control'` for the control API; `undefined` for an unknown path. */
  readonly operation: SimulatorOperation | 'control' | undefined;
  /** HTTP status of the answer; `undefined` when the connection was dropped. */
  readonly status: number | undefined;
  /** Milliseconds from arrival to answer. */
  readonly ms: number;
  /** `requestHeader.requestReference` of an order or return body, when it is a string. */
  readonly requestReference?: string;
}

/**
 * A request as the simulator received it; credentials are never kept.
 *
 * @example
 * const last: ReceivedRequest | undefined = simulator.received().at(-1);
 * last?.headers['clientauthkey']; // '<redacted>'
 */
export interface ReceivedRequest {
  /** The operation, or `undefined` for a path or method the simulator does not know. */
  readonly operation: SimulatorOperation | undefined;
  /** HTTP method. */
  readonly method: string;
  /** The full URL; the values of credential query parameters show as `<redacted>`. */
  readonly url: string;
  /** Header names in lower case; ClientConfigId, ClientAuthKey and the subscription key show as `'<redacted>'`. */
  readonly headers: Readonly<Record<string, string>>;
  /**
   * The body of an authenticated request to an operation that takes one: parsed JSON, or
   * its text when it is not JSON or nests deeper than 512 levels; `undefined` when there is
   * none, or when the request was refused before its body was read (401, 404, 413, 415).
   * Bodies are kept whole while what the kept ones take in memory (estimated, XML included)
   * is at most 64 MiB: past that, the oldest become `{ truncated: true, bytes }` (`bytes`:
   * the size received).
   */
  readonly body: unknown;
  /** The echo interface's XML conversion of the body (dropped with a truncated body). */
  readonly xml?: string;
  /** Name of the authenticated client, when the credentials identified one. */
  readonly client?: string;
  /** HTTP status of the answer; `undefined` when the connection was dropped. */
  readonly status: number | undefined;
  /** A fault was injected into this answer. */
  readonly fault?: 'latency' | 'server-error' | 'drop' | 'lost-response';
}

/**
 * An order the simulator accepted.
 *
 * @example
 * const order: SimulatedOrder | undefined = simulator.orders()[0];
 * order?.requestStatus; // 'created'
 */
export interface SimulatedOrder {
  /** Name of the client that sent it. */
  readonly client: string;
  /** The create-order version of the path. */
  readonly version: OrderVersion;
  /** `requestHeader.requestReference`. */
  readonly requestReference: string;
  /** `requestHeader.externalMessageReference`, when it is a string. */
  readonly externalMessageReference?: string;
  /** The request id (answered in v1.2; kept for every version). */
  readonly requestId: string;
  /** The current requestStatus: `created` on acceptance, then as `advance` moves it. */
  readonly requestStatus: RequestStatus;
  /** Every status the order has had, oldest first: its first and the newest 99 (an order moved back and forth more often forgets the moves between). */
  readonly history: readonly RequestStatus[];
  /** The payload as received; `{ truncated: true, bytes }` once newer payloads of orders and returns take up the 64 MiB kept. */
  readonly payload: unknown;
}

/**
 * A return token the simulator issued.
 *
 * @example
 * const issued: SimulatedReturn | undefined = simulator.returns()[0];
 * issued?.transactionID; // the token answered as transactionID
 */
export interface SimulatedReturn {
  /** Name of the client that sent it. */
  readonly client: string;
  /** `requestHeader.requestReference`. */
  readonly requestReference: string;
  /** The transaction token answered as `transactionID`. */
  readonly transactionID: string;
  /** The payload as received (the latest, when an update replaced it); truncated as an order's past 64 MiB. */
  readonly payload: unknown;
}

/**
 * What `listen` resolves to.
 *
 * @example
 * const server: SimulatorServer = await simulator.listen();
 * const connection = { baseUrl: server.url, credentials };
 * await server.close();
 */
export interface SimulatorServer {
  /** The base URL to use as `baseUrl`, e.g. `http://127.0.0.1:41234`. */
  readonly url: string;
  /** Stops the server and closes open connections. */
  close(): Promise<void>;
}

/**
 * The operator simulator.
 *
 * @example
 * const simulator: Simulator = createSimulator();
 * simulator.advance('WEB-10001', 'confirmed'); // an order it accepted, by its requestReference
 * simulator.orders()[0]?.history; // ['created', 'confirmed']
 */
export interface Simulator {
  /** The core: answers one request as the operator would, over the in-memory state. */
  handle(request: Request): Promise<Response>;
  /** The same as `handle`, fetch-shaped, to inject into `send` (never touches the network). */
  fetch: typeof fetch;
  /** Serves the simulator over HTTP on node:http (default host 127.0.0.1, port 0 = any free port). */
  listen(options?: { port?: number; host?: string }): Promise<SimulatorServer>;
  /** The newest requests received (`retain`, default 1000), oldest first, credentials redacted; copies; never throws. */
  received(): readonly ReceivedRequest[];
  /** The newest orders accepted (`retainOrders`, default 10,000), oldest first; copies. */
  orders(): readonly SimulatedOrder[];
  /** The newest return tokens issued (`retainOrders`, default 10,000), oldest first; copies. */
  returns(): readonly SimulatedReturn[];
  /**
   * Moves an order to a new requestStatus along `SIMULATED_TRANSITIONS`; otherwise throws a
   * RangeError naming the allowed next states. `client` (the order's client name, or its
   * ClientConfigId when one client has several, one per location) picks one when orders of
   * several clients share the reference (duplicates are per client).
   */
  advance(requestReference: string, status: string, client?: string): void;
  /** Replaces the fault settings (`{}` turns faults off). */
  setFaults(faults: SimulatorFaults): void;
  /** Forgets every request, order, return and duplicate reference, and the counts of identical requests (the random draws start over). */
  reset(): void;
}
