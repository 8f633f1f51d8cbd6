/**
 * The simulator's entry point for an adapter that knows the base URL (the MSW handlers):
 * there, only `basePath` + an operation's path is that operation; any other path is the
 * 404, kept in received() like every 404. Not in the `Simulator` interface; a registered
 * symbol, so that two copies of the package (ESM and CommonJS) find it on each other's simulators.
 */
export const HANDLE_UNDER = Symbol.for('fulfilkit.simulator.handleUnder');

/** Answers a request under a known base path (the path of the base URL, without a trailing slash). */
export type HandleUnder = (request: Request, basePath: string) => Promise<Response>;
