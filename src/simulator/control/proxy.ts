/**
 * `fulfilkit proxy`'s core: a recording proxy in front of the real operator (or a
 * simulator). Each request goes to the upstream unchanged and its answer comes back
 * unchanged; on the way, create-order and return bodies are linted and each answer is
 * decoded with its operation's decoder, and what was wrong is listed at
 * `GET /_fulfilkit/violations`. Credentials pass through and are never logged or kept;
 * redirects are passed back, never followed. Node only.
 */
import { request as httpRequest, createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import * as v from 'valibot';
import { operationUrl } from '../../http/connection';
import { decodeCreateOrder } from '../../http/decode-create-order';
import { decodeCreateReturnToken } from '../../http/decode-create-return-token';
import { decodeEcho } from '../../http/decode-echo';
import { decodeInventory } from '../../http/decode-inventory';
import { decodeListPaymentMethods } from '../../http/decode-list-payment-methods';
import { decodeOrderOptions } from '../../http/decode-order-options';
import type { Decoder } from '../../http/api-result';
import { parseBody } from '../../http/decoding';
import { declaredErrorBodies } from '../../openapi/document';
import { lintBounded } from '../../lint/engine';
import { problemOf, type ProblemTally } from '../../lint/report';
import type { ClientProfile, LintOrderOptions, PayloadKind, Problem } from '../../lint/types';
import type { OrderVersion } from '../../schema/tables';
import { MAX_BODY_BYTES, MAX_BODY_DEPTH, MESSAGES } from '../answers';
import { BODY_BUDGET_BYTES, createByteBudget, heapBytes } from '../kept';
import { nestsDeeper } from '../body';
import { repeatedMember } from '../../cli/json-text';
import { tallied } from '../../cli/result';
import { requestReferenceOf } from '../request-reference';
import { answerBeyondRequests, endAnswer, loggedPath, READ_DEADLINE_MS, refusedWithoutHost, requestTarget } from '../listen';
import { ROUTES, findRoute } from '../routes';
import type { Route } from '../context';
import type { SimulatorOperation, SimulatorRequestEvent, SimulatorServer } from '../types';
import { CONTROL_MESSAGES, CONTROL_PREFIX, controlError, controlGate, isControlPath, methodNotAllowed, receivedOn } from './guard';

/** One exchange the proxy found wrong. */
export interface ProxyViolation {
  /** The operation of the request. */
  readonly operation: SimulatorOperation;
  /** The status the proxy answered: the upstream's, or 422 for a body it refused. */
  readonly status: number;
  /** The lint problems of the request's body (create order, returns; at most 1000); `[]` for the others. */
  readonly problems: readonly Problem[];
  /** The problems beyond the first 1000, counted (as `POST /_fulfilkit/lint` counts them), and all of an older violation's once the kept problems pass 64 MiB; absent when none were left out. */
  readonly omitted?: ProblemTally;
  /** Why the answer did not decode: its decoder finds none of the spec's shapes in it, and the OpenAPI document declares no error answer of its status that it matches. */
  readonly decodeError?: string;
}

/** Options of `startProxy`. */
export interface ProxyOptions {
  /** The operator's base URL (absolute http(s), a path prefix allowed; no user info, query or fragment). */
  readonly upstream: string;
  /** The client profile bodies are linted with. */
  readonly profile?: ClientProfile;
  /** Answer 422 `{ problems }` to a body with lint errors, without sending it upstream. */
  readonly rejectInvalid?: boolean;
  /** How many violations are kept, the newest (default 1000). */
  readonly retain?: number;
  /** Token `GET /_fulfilkit/violations` needs. */
  readonly token?: string;
  /** Called once per request (the request log). */
  readonly onRequest?: (event: SimulatorRequestEvent) => void;
  /** Milliseconds the upstream has for its whole answer, status, headers and body, before the proxy answers 504 (default 60000; at most 2147483647). */
  readonly timeoutMs?: number;
}

/** A running proxy. */
export interface ProxyServer extends SimulatorServer {
  /** The violations kept, oldest first (copies). */
  violations(): ProxyViolation[];
}

/** The decoder of each operation's answers (the proxy's, and the tests' that check the OpenAPI examples). */
export const DECODERS: Readonly<Record<SimulatorOperation, Decoder<unknown>>> = {
  listPaymentMethods: decodeListPaymentMethods,
  getInventory: decodeInventory,
  createReturnToken: decodeCreateReturnToken,
  createOrderV1: decodeCreateOrder,
  createOrderV1_1: decodeCreateOrder,
  createOrderV1_2: decodeCreateOrder,
  orderOptions: decodeOrderOptions,
  echo: decodeEcho,
};

/**
 * Why an answer is a decode error: its decoder finds none of the spec's shapes in it
 * (`unexpected`), and it is none of the error answers the OpenAPI document declares for the
 * operation (the simulator's 400, 413 and 415 among them); `undefined` when it is documented.
 */
function decodeErrorOf(route: Route, status: number, text: string): string | undefined {
  const decoded = DECODERS[route.operation](status, text);
  if (decoded.ok || decoded.error.kind !== 'unexpected') return undefined;
  const schema = declaredErrorBodies(route)[String(status)];
  if (schema !== undefined && v.is(schema, parseBody(text))) return undefined;
  return `The answer (HTTP ${status}) matches none of the documented shapes of ${route.operation}.`;
}

/** Problems listed per body at most (the CLI's default `--max-problems-per-payload`). */
const MAX_PROBLEMS = 1000;

/** Headers that belong to one connection, not to the request or answer (RFC 9110, 7.6.1). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'transfer-encoding', 'upgrade', 'host', 'content-length']);

/** The headers a `Connection` header names: they belong to that connection too (RFC 9110, 7.6.1). */
function connectionOptions(value: string | string[] | undefined): Set<string> {
  const listed = Array.isArray(value) ? value.join(',') : (value ?? '');
  return new Set(listed.split(',').map((name) => name.trim().toLowerCase()));
}

/** Whether a header stays with its connection: a hop-by-hop one, or one its `Connection` header names. */
function staysBehind(name: string, named: ReadonlySet<string>): boolean {
  const lower = name.toLowerCase();
  return HOP_BY_HOP.has(lower) || named.has(lower);
}

/** Characters RFC 3986 calls unreserved: their `%XX` escape and themselves are the same URI (6.2.2.2). */
const UNRESERVED = /^[A-Za-z0-9._~-]$/;

/** A path segment with the escapes of unreserved characters decoded (`%6Frders` is `orders`), the others kept. */
function decodeUnreserved(segment: string): string {
  return segment.replace(/%([0-9A-Fa-f]{2})/g, (escape, hex: string) => {
    const char = String.fromCharCode(Number.parseInt(hex, 16));
    return UNRESERVED.test(char) ? char : escape;
  });
}

/**
 * A path as a lenient server reads it: an escaped slash or a backslash (escaped or not) as a
 * separator, unreserved escapes decoded, `;params` dropped from each segment, empty segments
 * (a trailing or doubled slash) dropped, dot segments resolved.
 */
function normalisedPath(pathname: string): string {
  const kept: string[] = [];
  const separated = ['%2F', '%2f', '%5C', '%5c', '\\'].reduce((path, separator) => path.replaceAll(separator, '/'), pathname);
  for (const segment of separated.split('/')) {
    const plain = decodeUnreserved(segment.split(';')[0]!);
    if (plain === '..') kept.pop();
    else if (plain !== '' && plain !== '.') kept.push(plain);
  }
  return `/${kept.join('/')}`;
}

/**
 * The route a path names, spelled as the spec spells it or as a lenient upstream would read
 * it (normalised, in any case), and whether it is spelled as the spec spells it.
 */
function routeOf(method: string, pathname: string): { route: Route; exact: boolean } | undefined {
  const route = findRoute(method, pathname);
  if (route !== undefined) return { route, exact: true };
  const normal = normalisedPath(pathname);
  const lower = normal.toLowerCase();
  for (const { path } of ROUTES) {
    if (!lower.endsWith(path.toLowerCase())) continue;
    const found = findRoute(method, normal.slice(0, normal.length - path.length) + path);
    if (found !== undefined) return { route: found, exact: false };
  }
  return undefined;
}

/** The 400 message for another spelling of a linted operation's path under `rejectInvalid`. */
const otherSpelling = (path: string): string =>
  `The path is another spelling of ${path} (case, escapes, an escaped slash, a trailing slash or ;params): with --reject-invalid it is refused, never forwarded. Use the spec's spelling.`;

/** The `parse` problem of a body whose object names a member twice (at its second occurrence). */
const REPEATED_MEMBER = 'This object names the member twice: JSON.parse keeps the last, other readers the first, so what the operator reads is unknown. Send each member once.';

/** Problems a body gets when it is not JSON at all (the CLI's `parse` rule). */
function parseProblem(message: string): Problem {
  return problemOf('parse', 'error', '', message);
}

/** What the proxy found in a request's body. */
interface Inspected {
  /** At most 1000. */
  readonly problems: Problem[];
  /** The problems left out, counted. */
  readonly omitted?: ProblemTally;
  /** For the request log. */
  readonly requestReference?: string;
}

/** The lint problems of a body, as the operator would lint it (at most 1000 listed, the rest counted), and its requestReference for the log. */
function inspectBody(bytes: Buffer, kind: PayloadKind, version: OrderVersion | undefined, profile: ClientProfile | undefined): Inspected {
  const text = bytes.toString('utf8');
  let payload: unknown;
  try {
    payload = JSON.parse(text);
  } catch {
    return { problems: [parseProblem(MESSAGES.notJson)] };
  }
  if (nestsDeeper(text, MAX_BODY_DEPTH)) return { problems: [parseProblem(MESSAGES.tooDeep)] };
  const options = { ...(version === undefined ? {} : { version }), ...(profile === undefined ? {} : { profile }) };
  // A name one object repeats: JSON.parse keeps the last, other readers the first, so what the
  // upstream reads is unknown. Listed first (with --reject-invalid the body is refused, fail closed).
  const repeated = repeatedMember(text);
  const linted = lintBounded(kind, payload, options as LintOrderOptions, { maxProblems: MAX_PROBLEMS - (repeated === undefined ? 0 : 1), warnings: true });
  const { omitted } = linted;
  const problems = repeated === undefined ? linted.problems : [problemOf('parse', 'error', repeated, REPEATED_MEMBER), ...linted.problems];
  const requestReference = requestReferenceOf(payload, kind);
  return { problems, ...(omitted === undefined ? {} : { omitted }), ...(requestReference === undefined ? {} : { requestReference }) };
}

/** The answer's body as text for its decoder: decompressed (bounded) when it is encoded. */
function decodedText(body: Buffer, encoding: string | undefined): string | undefined {
  const options = { maxOutputLength: MAX_BODY_BYTES };
  try {
    if (encoding === undefined || encoding === 'identity') return body.toString('utf8');
    if (encoding === 'gzip' || encoding === 'x-gzip') return gunzipSync(body, options).toString('utf8');
    if (encoding === 'deflate') return inflateSync(body, options).toString('utf8');
    if (encoding === 'br') return brotliDecompressSync(body, options).toString('utf8');
  } catch {
    // Not what it says it is, or too large once decompressed: the decoder sees no text.
  }
  return undefined;
}

/** Reads a message's body up to `MAX_BODY_BYTES`; `undefined` when it is larger. */
function boundedBody(message: IncomingMessage): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let over = false;
    message.on('data', (chunk: Buffer) => {
      if (over) return;
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        over = true;
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    });
    message.once('end', () => resolve(over ? undefined : Buffer.concat(chunks)));
    message.once('error', reject);
    message.once('aborted', () => reject(new Error('aborted')));
  });
}

/** The request's headers as they go upstream: every one, credentials included, but the connection's own. */
function forwardedHeaders(req: IncomingMessage, length: number): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const named = connectionOptions(req.headers.connection);
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i]!;
    if (staysBehind(name, named)) continue;
    const had = out[name];
    out[name] = had === undefined ? req.rawHeaders[i + 1]! : [...(Array.isArray(had) ? had : [had]), req.rawHeaders[i + 1]!];
  }
  if (length > 0 || req.headers['content-length'] !== undefined || req.headers['transfer-encoding'] !== undefined) out['Content-Length'] = String(length);
  return out;
}

/** The answer's headers as they go back: every one but the connection's own. */
function answerHeaders(headers: IncomingHttpHeaders, length: number): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  const named = connectionOptions(headers.connection);
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !staysBehind(name, named)) out[name] = value;
  out['content-length'] = String(length);
  return out;
}

function sendJson(res: ServerResponse, status: number, body: unknown, deadlineMs: number): void {
  const text = JSON.stringify(body);
  endAnswer(res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) }), text, deadlineMs);
}

/** The upstream's answer, bounded, or why there is none. */
type Upstream = { readonly status: number; readonly message: string | undefined; readonly headers: IncomingHttpHeaders; readonly body: Buffer } | { readonly failed: 502 | 504 };

/**
 * Sends the request upstream and reads the whole answer within one deadline, `timeoutMs`
 * for status, headers and body together: a socket timeout is only an idle one, which an
 * upstream sending a byte now and then never runs into. The answer is read whole before any
 * of it goes back, so a deadline that passes is always a 504.
 */
function exchange(target: URL, method: string, headers: Record<string, string | string[]>, body: Buffer, timeoutMs: number): Promise<Upstream> {
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const finish = (result: Upstream) => {
      clearTimeout(deadline);
      resolve(result);
    };
    // node:http never follows a redirect: a 3xx comes back to the client as it is.
    const upstream = send(target, { method, headers }, (answer) => {
      boundedBody(answer).then(
        (bytes) => {
          if (bytes === undefined) answer.destroy();
          finish(bytes === undefined ? { failed: 502 } : { status: answer.statusCode ?? 502, message: answer.statusMessage, headers: answer.headers, body: bytes });
        },
        () => finish({ failed: 502 }),
      );
    });
    const deadline = setTimeout(() => {
      finish({ failed: 504 });
      upstream.destroy();
    }, timeoutMs);
    upstream.on('error', () => finish({ failed: 502 }));
    upstream.end(body);
  });
}

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

/** Moves a kept violation's problems into its `omitted` tally, by severity and rule. */
function countInstead(violation: Mutable<ProxyViolation>): void {
  violation.omitted = tallied(violation.omitted, violation.problems);
  violation.problems = [];
}

/**
 * Starts the recording proxy.
 *
 * @param options The upstream, the profile, `rejectInvalid`, `retain`, the token and the request log.
 * @param listenOptions Host (default 127.0.0.1) and port (default 0: any free port).
 * @returns The server: its URL, `close` and `violations`.
 * @throws {RangeError} When `upstream` is not an absolute http(s) URL without user info, query or fragment, or `timeoutMs` is out of range.
 * @example
 * const proxy = await startProxy({ upstream: 'https://api.operator.test', rejectInvalid: true }, { port: 4020 });
 */
export async function startProxy(options: ProxyOptions, listenOptions: { port?: number; host?: string; readDeadlineMs?: number } = {}): Promise<ProxyServer> {
  const prefix = operationUrl(options.upstream, '');
  const retain = options.retain ?? 1000;
  const timeoutMs = options.timeoutMs ?? 60_000;
  const deadlineMs = listenOptions.readDeadlineMs ?? READ_DEADLINE_MS;
  // A longer delay would overflow setTimeout into 1 ms.
  if (!(timeoutMs > 0 && timeoutMs <= 2 ** 31 - 1)) throw new RangeError('timeoutMs must be a positive number of milliseconds, at most 2147483647.');
  const kept: ProxyViolation[] = [];
  const gate = controlGate(options.token);
  const host = listenOptions.host ?? '127.0.0.1';
  let origin = '';

  // What the kept problems take, as the simulator bounds its kept bodies: past the budget, the
  // oldest violations' problems are counted in `omitted` instead (1,000 violations of 1,000
  // problems took 255 MB, and one answer of them 167 MB).
  const budget = createByteBudget(BODY_BUDGET_BYTES);
  function record(violation: ProxyViolation): void {
    if (retain === 0) return;
    kept.push(violation);
    if (kept.length > retain) budget.remove(kept.shift()!);
    if (violation.problems.length > 0) budget.add(violation, heapBytes(violation.problems), () => countInstead(violation as Mutable<ProxyViolation>));
  }

  async function control(req: IncomingMessage, res: ServerResponse, url: URL): Promise<number> {
    const headers = new Headers();
    for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
    const method = req.method ?? 'GET';
    // Marked as received on `host`: the gate checks its Host header (DNS rebinding).
    const refused = await gate(receivedOn(new Request(url, { method: method === 'GET' || method === 'HEAD' ? method : 'POST', headers }), host), url);
    req.resume();
    let answer: Response;
    if (refused !== undefined) answer = refused;
    else if (url.pathname !== `${CONTROL_PREFIX}violations`) answer = controlError(404, CONTROL_MESSAGES.proxyNotFound);
    else if (method !== 'GET' && method !== 'HEAD') answer = methodNotAllowed(['GET']);
    else answer = Response.json({ violations: structuredClone(kept) });
    const body = Buffer.from(await answer.arrayBuffer());
    const headersOut: Record<string, string> = { 'content-length': String(body.byteLength) };
    answer.headers.forEach((value, name) => (headersOut[name] = value));
    // node:http sends no body to HEAD: the headers of GET alone.
    endAnswer(res.writeHead(answer.status, headersOut), body, deadlineMs);
    return answer.status;
  }

  async function serve(req: IncomingMessage, res: ServerResponse, trace: { operation: SimulatorRequestEvent['operation']; requestReference?: string }): Promise<number | undefined> {
    const raw = req.url ?? '/';
    const method = req.method ?? 'GET';
    // Origin-form only: an absolute or authority form must not pick another host.
    if (!raw.startsWith('/')) {
      req.resume();
      sendJson(res, 400, { statusCode: '400', message: 'The request target must be a path.' }, deadlineMs);
      return 400;
    }
    const { pathname, search } = requestTarget(raw);
    if (isControlPath(pathname)) {
      trace.operation = 'control';
      return control(req, res, new URL(pathname + search, origin));
    }
    const matched = routeOf(method, pathname);
    const route = matched?.route;
    trace.operation = route?.operation;
    // A 413 keeps the connection and reads the rest of the body unkept (as serve does), so a client that
    // sends it all before reading gets the answer, not a reset; the server's requestTimeout bounds the time.
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) {
      req.resume();
      sendJson(res, 413, { statusCode: '413', message: MESSAGES.tooLarge }, deadlineMs);
      return 413;
    }
    const body = await boundedBody(req);
    if (body === undefined) {
      sendJson(res, 413, { statusCode: '413', message: MESSAGES.tooLarge }, deadlineMs);
      return 413;
    }
    const kind = route?.body?.kind;
    const inspected: Inspected = kind === undefined ? { problems: [] } : inspectBody(body, kind, route?.version, options.profile);
    const { problems } = inspected;
    const listed = { problems, ...(inspected.omitted === undefined ? {} : { omitted: inspected.omitted }) };
    if (inspected.requestReference !== undefined) trace.requestReference = inspected.requestReference;
    // Fail closed: how the upstream reads another spelling is unknown, so that body never goes there.
    if (route !== undefined && options.rejectInvalid && kind !== undefined && matched?.exact === false) {
      record({ operation: route.operation, status: 400, ...listed });
      sendJson(res, 400, { statusCode: '400', message: otherSpelling(route.path) }, deadlineMs);
      return 400;
    }
    if (route !== undefined && options.rejectInvalid && problems.some((p) => p.severity === 'error')) {
      record({ operation: route.operation, status: 422, ...listed });
      sendJson(res, 422, listed, deadlineMs);
      return 422;
    }
    // The parsed path: dot segments cannot climb out of the upstream's path prefix.
    const answer = await exchange(new URL(prefix + pathname + search), method, forwardedHeaders(req, body.byteLength), body, timeoutMs);
    if ('failed' in answer) {
      sendJson(res, answer.failed, { statusCode: String(answer.failed), message: answer.failed === 504 ? 'The upstream did not answer in time.' : 'The upstream could not be reached, or its answer was too large.' }, deadlineMs);
      return answer.failed;
    }
    endAnswer(res.writeHead(answer.status, answer.message ?? '', answerHeaders(answer.headers, answer.body.byteLength)), answer.body, deadlineMs);
    if (route !== undefined) {
      const encoding = answer.headers['content-encoding']?.toLowerCase();
      const decodeError = decodeErrorOf(route, answer.status, decodedText(answer.body, encoding) ?? '');
      if (problems.length > 0 || decodeError !== undefined) record({ operation: route.operation, status: answer.status, ...listed, ...(decodeError === undefined ? {} : { decodeError }) });
    }
    return answer.status;
  }

  const server = createServer({ requireHostHeader: false }, (req, res) => {
    if (refusedWithoutHost(req, res, options.onRequest)) return;
    const started = performance.now();
    const trace: { operation: SimulatorRequestEvent['operation']; requestReference?: string } = { operation: undefined };
    // The parsed path only: the raw target may hold user info (`GET http://user:key@host/...`) or a query.
    const path = loggedPath(req.url);
    serve(req, res, trace).then(
      (status) => log(status),
      () => {
        // The client went away mid-request: nothing to answer.
        res.destroy();
        log(undefined);
      },
    );
    function log(status: number | undefined) {
      if (options.onRequest === undefined) return;
      const ms = performance.now() - started;
      const reference = trace.requestReference;
      options.onRequest({ time: Date.now() - ms, method: req.method ?? 'GET', path, operation: trace.operation, status, ms, ...(reference === undefined ? {} : { requestReference: reference }) });
    }
  });
  answerBeyondRequests(server, options.onRequest);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listenOptions.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : listenOptions.port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: origin,
    violations: () => structuredClone(kept),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
