/**
 * A console server for the tests: the console's files from `consoleAsset` (built into a
 * temp folder), everything else proxied to a real simulator on 127.0.0.1. When that
 * simulator has no control API yet (no `GET /_fulfilkit/health`), the few control endpoints
 * the page calls are answered here in their pinned shapes, from the simulator's own methods.
 */
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { pathToFileURL } from 'node:url';
import { consoleAsset } from '../../src/console/serve-assets';
import { createSimulator } from '../../src/simulator/create-simulator';
import { nextStatuses } from '../../src/simulator/transitions';
import type { Simulator, SimulatorFaults, SimulatorOptions } from '../../src/simulator/types';

export interface ConsoleServer {
  readonly origin: string;
  readonly simulator: Simulator;
  /** True when the simulator answered the control API itself (false: stubbed here). */
  readonly realControlApi: boolean;
  close(): Promise<void>;
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const json = (res: ServerResponse, status: number, value?: unknown) => {
  res.writeHead(status, value === undefined ? {} : { 'Content-Type': 'application/json' });
  res.end(value === undefined ? undefined : JSON.stringify(value));
};

/** The control API in its pinned shapes, for a simulator that does not serve it yet. */
function stubControl(sim: Simulator): (method: string, path: string, body: Buffer, res: ServerResponse) => boolean {
  let faults: SimulatorFaults = {};
  return (method, path, body, res) => {
    const route = `${method} ${path}`;
    const advance = /^POST \/_fulfilkit\/orders\/([^/]+)\/advance$/.exec(route);
    if (route === 'GET /_fulfilkit/received') json(res, 200, { requests: sim.received() });
    else if (route === 'GET /_fulfilkit/orders') json(res, 200, { orders: sim.orders() });
    else if (route === 'GET /_fulfilkit/returns') json(res, 200, { returns: sim.returns() });
    else if (route === 'GET /_fulfilkit/faults') json(res, 200, faults);
    else if (route === 'PUT /_fulfilkit/faults') {
      faults = JSON.parse(body.toString()) as SimulatorFaults;
      sim.setFaults(faults);
      json(res, 204);
    } else if (route === 'POST /_fulfilkit/reset') {
      sim.reset();
      json(res, 204);
    } else if (advance) {
      const reference = decodeURIComponent(advance[1]!);
      const order = sim.orders().find((o) => o.requestReference === reference);
      if (!order) return json(res, 404, { message: 'No such order.' }), true;
      const { status } = JSON.parse(body.toString()) as { status: string };
      try {
        sim.advance(reference, status);
        json(res, 200, { order: sim.orders().find((o) => o.requestReference === reference) });
      } catch (error) {
        json(res, 409, { message: (error as Error).message, allowed: nextStatuses(order.requestStatus, order.version, false) });
      }
    } else return false;
    return true;
  };
}

/**
 * Starts a simulator and the console server in front of it.
 *
 * @param consoleDir The folder the console was built into.
 * @param options `token`: the control token the simulator asks for (`--control-token`).
 * @returns Its origin, the simulator, and `close`.
 */
export async function startConsoleServer(consoleDir: string, options: { token?: string } = {}): Promise<ConsoleServer> {
  let simulator: Simulator;
  try {
    // `control` turns the control API on where the simulator has one.
    simulator = createSimulator({ control: options.token === undefined ? {} : { token: options.token } } as SimulatorOptions);
  } catch {
    simulator = createSimulator();
  }
  const upstream = await simulator.listen();
  const health = await fetch(`${upstream.url}/_fulfilkit/health`);
  // 401: there, behind a token.
  const realControlApi = health.ok || health.status === 401;
  const stub = realControlApi ? undefined : stubControl(simulator);
  const dir = pathToFileURL(`${consoleDir}/`);
  const server: Server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const method = req.method ?? 'GET';
      const asset = method === 'GET' ? await consoleAsset(url.pathname, { dir }) : undefined;
      if (asset) {
        res.writeHead(200, asset.headers);
        res.end(asset.body);
        return;
      }
      const body = await bodyOf(req);
      if (stub?.(method, url.pathname, body, res)) return;
      // Forwarded as it came, Host included: the control API checks that a page's Origin is its host.
      const proxied = httpRequest(`${upstream.url}${req.url ?? '/'}`, { method, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      proxied.on('error', () => res.destroy());
      proxied.end(body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return {
    origin,
    simulator,
    realControlApi,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await upstream.close();
    },
  };
}
