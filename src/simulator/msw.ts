/**
 * fulfilkit/msw: the simulator as Mock Service Worker request handlers, for
 * `setupServer` (Node, vitest, jest) and `setupWorker` (the browser). msw is an
 * optional peer dependency: only this entry imports it.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { operationUrl } from '../http/connection';
import { isDroppedConnection } from './faults';
import { HANDLE_UNDER, type HandleUnder } from './handle-under';
import type { Simulator } from './types';

/**
 * Options of `simulatorHandlers`.
 *
 * @example
 * const options: SimulatorHandlersOptions = { baseUrl: 'https://api.operator.test' };
 * const server = setupServer(...simulatorHandlers(createSimulator(), options));
 */
export interface SimulatorHandlersOptions {
  /** The operator's base URL your code calls (`{base_url}`), e.g. `https://api.operator.test`; a path prefix is kept and matched literally. */
  baseUrl: string;
}

/**
 * Creates MSW handlers that answer every request under `baseUrl` with the simulator: an
 * operation answers at exactly `baseUrl` + its path; any other path under `baseUrl` (a
 * longer one that merely ends with an operation's path too) gets the simulator's 404,
 * kept in `received()`. A dropped connection (fault injection)
 * becomes `HttpResponse.error()`, a network error for the caller, as with real fetch.
 *
 * @param simulator A simulator from `createSimulator`.
 * @param options The base URL to intercept.
 * @returns The handlers, for `setupServer(...handlers)` or `server.use(...handlers)`.
 * @throws {TypeError|RangeError} When baseUrl is not an absolute http(s) URL without user info, query or fragment (as `send` requires).
 * @example
 * import { setupServer } from 'msw/node';
 * import { createSimulator } from 'fulfilkit';
 * import { simulatorHandlers } from 'fulfilkit/msw';
 *
 * const simulator = createSimulator();
 * const server = setupServer(...simulatorHandlers(simulator, { baseUrl: 'https://api.operator.test' }));
 * beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
 * afterEach(() => simulator.reset());
 * afterAll(() => server.close());
 */
export function simulatorHandlers(simulator: Simulator, options: SimulatorHandlersOptions): HttpHandler[] {
  // send's own normalisation: the same URLs accepted, trailing slashes dropped (no regex).
  const prefix = operationUrl(options?.baseUrl, '');
  const basePath = prefix.slice(new URL(prefix).origin.length);
  // The core accepts any prefix before an operation's path (it does not know the base URL); here it is known.
  const handleUnder = (simulator as unknown as Partial<Record<symbol, HandleUnder>>)[HANDLE_UNDER];
  const answer = handleUnder === undefined ? (request: Request) => simulator.handle(request) : (request: Request) => handleUnder(request, basePath);
  // Matched literally, by prefix at a path boundary: msw's path patterns would read `(`, `*`, `?`... as syntax.
  const matches = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    const path = url.origin + url.pathname;
    return path.startsWith(prefix) && (path.length === prefix.length || path.charCodeAt(prefix.length) === 47 /* / */);
  };
  return [
    http.all(matches, async ({ request }) => {
      try {
        return await answer(request);
      } catch (error) {
        // A request its caller aborted (during a latency fault) already rejected on the caller's
        // side: a network error ends it quietly, where a throw would make msw print a stack.
        if (isDroppedConnection(error) || request.signal.aborted) return HttpResponse.error();
        throw error;
      }
    }),
  ];
}

export type { Simulator } from './types';
