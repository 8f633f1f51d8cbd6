/**
 * fulfilkit/msw: the simulator as Mock Service Worker request handlers, for
 * `setupServer` (Node, vitest, jest) and `setupWorker` (the browser). msw is an
 * optional peer dependency: only this entry imports it.
 */
import { http, HttpResponse, type HttpHandler } from 'msw';
import { isDroppedConnection } from './faults';
import type { Simulator } from './types';

/** Options of `simulatorHandlers`. */
export interface SimulatorHandlersOptions {
  /** The operator's base URL your code calls (`{base_url}`), e.g. `https://api.operator.test`; a path prefix is kept. */
  baseUrl: string;
}

/**
 * Creates MSW handlers that answer every request under `baseUrl` with the simulator
 * (unknown paths get the simulator's 404). A dropped connection (fault injection)
 * becomes `HttpResponse.error()`, a network error for the caller, as with real fetch.
 *
 * @param simulator A simulator from `createSimulator`.
 * @param options The base URL to intercept.
 * @returns The handlers, for `setupServer(...handlers)` or `server.use(...handlers)`.
 * @throws {RangeError} When baseUrl is not an absolute http(s) URL.
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
  let base: URL;
  try {
    base = new URL(options.baseUrl);
  } catch {
    throw new RangeError('baseUrl must be an absolute http(s) URL.');
  }
  if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new RangeError('baseUrl must be an absolute http(s) URL.');
  const prefix = base.origin + base.pathname.replace(/\/+$/, '');
  return [
    http.all(`${prefix}/*`, async ({ request }) => {
      try {
        return await simulator.handle(request);
      } catch (error) {
        if (isDroppedConnection(error)) return HttpResponse.error();
        throw error;
      }
    }),
  ];
}

export type { Simulator } from './types';
