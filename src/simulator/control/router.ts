/**
 * The simulator's control API under `/_fulfilkit/` (JSON): read what the operator received,
 * drive orders, set faults, reset, lint. `fulfilkit serve` turns it on; a library user
 * turns it on with `createSimulator({ control: {} })`. Its OpenAPI document is
 * `controlApiDocument()`.
 */
import { version as PACKAGE_VERSION } from '../../../package.json';
import { lintBounded } from '../../lint/engine';
import type { PayloadKind } from '../../lint/types';
import { checkProfile } from '../../schema/profile';
import { ORDER_VERSIONS, type OrderVersion, type RequestStatus } from '../../schema/tables';
import { json, MESSAGES } from '../answers';
import { declaresTooLarge, isJsonType, readJsonBody } from '../body';
import type { ReceivedRequest, SimulatedOrder, SimulatedReturn, SimulatorControlOptions, SimulatorFaults } from '../types';
import { CONTROL_MESSAGES, CONTROL_PREFIX, controlError, controlGate, headOf, methodNotAllowed } from './guard';

/** An order as the control API lists it: with the states `advance` accepts from its current one. */
export interface ControlOrder extends SimulatedOrder {
  /** The states the order may move to now (its version's, and FMS-only ones for FMS clients only); empty in a final state. */
  readonly next: readonly RequestStatus[];
}

/** What `POST orders/{requestReference}/advance` found. */
export type AdvanceResult =
  | { readonly ok: true; readonly order: ControlOrder }
  | { readonly ok: false; readonly status: 404 | 409; readonly message: string; readonly allowed: readonly RequestStatus[] };

/** The simulator as its control API sees it. */
export interface ControlTarget {
  /** What `received()` lists: all, or the newest `newest`. */
  received(newest?: number): readonly ReceivedRequest[];
  /** How many requests `received()` lists. */
  receivedTotal(): number;
  orders(): readonly ControlOrder[];
  returns(): readonly SimulatedReturn[];
  faults(): SimulatorFaults;
  /** Throws a TypeError or RangeError naming the member when the settings are wrong. */
  setFaults(faults: unknown): void;
  advance(requestReference: string, status: string, client?: string): AdvanceResult;
  reset(): void;
}

/** The order version `POST lint` uses without one: the CLI's default (`--api-version`). */
const DEFAULT_LINT_VERSION: OrderVersion = '1.1';

/** Problems `POST lint` lists at most (the CLI's default `--max-problems-per-payload`); the rest are counted in `omitted`. */
const MAX_LINT_PROBLEMS = 1000;

const NO_CONTENT = () => new Response(null, { status: 204 });

/** A JSON body of a control request: 415, 413 or 400 when it cannot be one, else its value. */
async function jsonBody(request: Request): Promise<{ value: unknown } | Response> {
  if (!isJsonType(request.headers.get('content-type'))) return controlError(415, MESSAGES.contentType);
  if (declaresTooLarge(request.headers)) return controlError(413, MESSAGES.tooLarge);
  const body = await readJsonBody(request);
  if (body === undefined) return controlError(413, MESSAGES.tooLarge);
  if (body.refusal !== undefined) return controlError(400, body.refusal);
  return { value: body.value };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `POST lint`: `{ kind, version?, profile?, payload }` -> `{ problems, omitted? }`. */
function lint(body: unknown): Response {
  if (!isObject(body)) return controlError(400, MESSAGES.notObject);
  const kind = body.kind;
  if (kind !== 'order' && kind !== 'return') return controlError(400, 'kind must be "order" or "return".');
  const version = body.version ?? DEFAULT_LINT_VERSION;
  if (!ORDER_VERSIONS.includes(version as OrderVersion)) return controlError(400, `version must be one of ${ORDER_VERSIONS.map((v) => `"${v}"`).join(', ')}.`);
  if (!('payload' in body)) return controlError(400, 'payload is required.');
  let profile;
  try {
    profile = body.profile === undefined || body.profile === null ? undefined : checkProfile(body.profile, 'profile');
  } catch (error) {
    return controlError(400, (error as Error).message);
  }
  const options = { ...(kind === 'order' ? { version: version as OrderVersion } : {}), ...(profile === undefined ? {} : { profile }) };
  const { problems, omitted } = lintBounded(kind as PayloadKind, body.payload, options, { maxProblems: MAX_LINT_PROBLEMS, warnings: true });
  return json(200, omitted === undefined ? { problems } : { problems, omitted });
}

/** `POST orders/{requestReference}/advance` with `{ status }`, and `client` when orders of several clients share the reference. */
function advance(target: ControlTarget, segment: string, body: unknown): Response {
  let reference: string;
  try {
    reference = decodeURIComponent(segment);
  } catch {
    return controlError(404, 'No accepted order has this requestReference.');
  }
  if (!isObject(body) || typeof body.status !== 'string' || (body.client !== undefined && typeof body.client !== 'string')) {
    return controlError(400, 'The body must be { "status": "<requestStatus>" }, with "client": "<client name>" when orders of several clients share the reference.');
  }
  const result = target.advance(reference, body.status, body.client as string | undefined);
  if (result.ok) return json(200, { order: result.order });
  return result.status === 404 ? controlError(404, result.message) : json(409, { message: result.message, allowed: result.allowed });
}

type Handler = (target: ControlTarget, request: Request, url: URL) => Promise<Response> | Response;

/** `GET received`, all, or `?newest=N`: the newest N and how many are kept (`total`), for a view that shows a page of them. */
function received(target: ControlTarget, _request: Request, url: URL): Response {
  const newest = url.searchParams.get('newest');
  if (newest === null) return json(200, { requests: target.received() });
  if (newest.length > 9 || !/^(0|[1-9]\d*)$/.test(newest)) return controlError(400, CONTROL_MESSAGES.newest);
  return json(200, { requests: target.received(Number(newest)), total: target.receivedTotal() });
}

/** The fixed routes: path below the prefix, then method. */
const ROUTES: Readonly<Record<string, Readonly<Record<string, Handler>>>> = {
  received: { GET: received },
  orders: { GET: (t) => json(200, { orders: t.orders() }) },
  returns: { GET: (t) => json(200, { returns: t.returns() }) },
  faults: {
    GET: (t) => json(200, t.faults()),
    PUT: async (t, request) => {
      const body = await jsonBody(request);
      if (body instanceof Response) return body;
      try {
        t.setFaults(body.value);
      } catch (error) {
        return controlError(400, (error as Error).message);
      }
      return NO_CONTENT();
    },
  },
  reset: {
    POST: (t) => {
      t.reset();
      return NO_CONTENT();
    },
  },
  health: { GET: () => json(200, { ok: true, version: PACKAGE_VERSION }) },
  lint: {
    POST: async (_t, request) => {
      const body = await jsonBody(request);
      return body instanceof Response ? body : lint(body.value);
    },
  },
};

/**
 * Creates the control API's handler.
 *
 * @param target The simulator's state and actions.
 * @param options The token, if any.
 * @returns A handler for requests whose path starts with `/_fulfilkit/`.
 */
export function controlRouter(target: ControlTarget, options: SimulatorControlOptions): (request: Request, url: URL) => Promise<Response> {
  const gate = controlGate(options.token);
  return async (request, url) => {
    const refused = await gate(request, url);
    if (refused !== undefined) return refused;
    const rest = url.pathname.slice(CONTROL_PREFIX.length);
    const parts = rest.split('/');
    // orders/{requestReference}/advance: one segment between; a `%2F` in it stays part of the reference.
    if (parts.length === 3 && parts[0] === 'orders' && parts[2] === 'advance' && parts[1] !== '') {
      if (request.method !== 'POST') return methodNotAllowed(['POST']);
      const body = await jsonBody(request);
      return body instanceof Response ? body : advance(target, parts[1]!, body.value);
    }
    const methods = Object.hasOwn(ROUTES, rest) ? ROUTES[rest]! : undefined;
    if (methods === undefined) return controlError(404, CONTROL_MESSAGES.notFound);
    // HEAD is answered wherever GET is (RFC 9110, 9.3.2), without the body.
    const method = request.method === 'HEAD' && Object.hasOwn(methods, 'GET') ? 'GET' : request.method;
    const run = Object.hasOwn(methods, method) ? methods[method]! : undefined;
    if (run === undefined) return methodNotAllowed(Object.keys(methods));
    return request.method === 'HEAD' ? headOf(await run(target, request, url)) : run(target, request, url);
  };
}
