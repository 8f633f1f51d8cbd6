/**
 * `fulfilkit serve [--port N] [--host H] [--data file.json] [--retain N]`: runs the
 * operator simulator over HTTP until SIGINT or SIGTERM.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { createSimulator } from '../simulator/create-simulator';
import type { SimulatorOptions } from '../simulator/types';
import { UsageError } from './errors';
import type { CliIo } from './io';
import { ioReason, stripBom } from './profile';

/** The port `fulfilkit serve` listens on without `--port` (Prism's default, a familiar mock port). */
export const DEFAULT_SERVE_PORT = 4010;

/** Arguments of `fulfilkit serve`. */
export interface ServeArgs {
  readonly command: 'serve';
  /** Print the help instead. */
  readonly help?: boolean;
  /** Port (`--port`, 0 = any free port). */
  readonly port: number;
  /** Host (`--host`, default 127.0.0.1). */
  readonly host: string;
  /** Data file (`--data`): clients, inventory, paymentMethods, seed, faults, retain. */
  readonly data?: string;
  /** How many requests the simulator keeps (`--retain`; wins over the data file's `retain`). */
  readonly retain?: number;
}

/** Help of `fulfilkit serve`. */
export const SERVE_HELP = `Usage: fulfilkit serve [--port N] [--host H] [--data file.json] [--retain N]

Runs the operator simulator: the payment-method, product, returns, fulfilment
(orders v1, v1.1, v1.2, OPTIONS v1.2) and echo interfaces at the spec's paths,
orders and returns linted with fulfilkit's rules. Prints the base URL; stops on
Ctrl-C (SIGINT) or SIGTERM.

Options:
  --port N          Port (default ${DEFAULT_SERVE_PORT}; 0 = any free port)
  --host H          Host to bind (default 127.0.0.1)
  --data file.json  { "clients", "inventory", "paymentMethods", "seed", "faults",
                    "retain" }; each member left out takes its default (one test
                    client ACME, keys sim-client-config-id / sim-client-auth-key /
                    sim-subscription-key; see the README)
  --retain N        Requests kept for inspection, the newest (default 1000; 0 = none)
`;

/**
 * Reads `--name value` / `--name=value` flags of a command that takes no positionals.
 *
 * @param argv The arguments after the command.
 * @param command The command's name, for messages.
 * @param flags Flag names taking a value, mapped to their canonical name (`-o` -> `--output-file`).
 * @returns The values by canonical name, and whether --help was given.
 * @throws {UsageError} On an unknown flag, a missing value or a positional.
 */
export function readFlags(argv: readonly string[], command: string, flags: Readonly<Record<string, string>>): { values: Record<string, string>; help: boolean } {
  const values: Record<string, string> = {};
  let help = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') {
      help = true;
      continue;
    }
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const flag = eq > 0 ? arg.slice(0, eq) : arg;
    const name = flags[flag];
    if (name === undefined) {
      throw new UsageError(arg.startsWith('-') ? `Unknown option ${flag} for "${command}"; run "fulfilkit ${command} --help".` : `"${command}" takes no arguments.`);
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined || value === '') throw new UsageError(`Option ${flag} needs a value.`);
    values[name] = value;
  }
  return { values, help };
}

/**
 * Parses the arguments of `fulfilkit serve`.
 *
 * @param argv The arguments after `serve`.
 * @returns The parsed arguments.
 * @throws {UsageError} On a bad flag or port.
 * @example parseServeArgs(['--port', '0', '--data', 'sim.json'])
 */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const { values, help } = readFlags(argv, 'serve', { '--port': '--port', '--host': '--host', '--data': '--data', '--retain': '--retain' });
  const rawPort = values['--port'] ?? String(DEFAULT_SERVE_PORT);
  if (!/^\d{1,5}$/.test(rawPort) || Number(rawPort) > 65535) throw new UsageError('Invalid value for --port: expected a whole number from 0 to 65535.');
  const rawRetain = values['--retain'];
  if (rawRetain !== undefined && !(/^\d+$/.test(rawRetain) && Number.isSafeInteger(Number(rawRetain)))) {
    throw new UsageError('Invalid value for --retain: expected a whole number from 0.');
  }
  return {
    command: 'serve',
    ...(help ? { help } : {}),
    port: Number(rawPort),
    host: values['--host'] ?? '127.0.0.1',
    ...(values['--data'] !== undefined ? { data: values['--data'] } : {}),
    ...(rawRetain !== undefined ? { retain: Number(rawRetain) } : {}),
  };
}

/**
 * The simulator's options of a `serve` run: the data file's, with the flags on top.
 *
 * @param args The parsed arguments.
 * @param data The parsed data file (`{}` without one).
 * @returns The options for createSimulator.
 * @example serveOptions(parseServeArgs(['--retain', '50']), {}); // { retain: 50 }
 */
export function serveOptions(args: ServeArgs, data: SimulatorOptions): SimulatorOptions {
  return args.retain === undefined ? data : { ...data, retain: args.retain };
}

async function loadData(path: string, cwd: string): Promise<SimulatorOptions> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, path), 'utf8');
  } catch (error) {
    throw new UsageError(`Cannot read the data file ${path}: ${ioReason(error)}.`);
  }
  try {
    return JSON.parse(stripBom(text)) as SimulatorOptions;
  } catch {
    throw new UsageError(`The data file ${path} is not valid JSON.`);
  }
}

/** Resolves on SIGINT or SIGTERM (or when `stop` aborts), removing its listeners. */
function stopped(stop: AbortSignal | undefined): Promise<void> {
  return new Promise((done) => {
    const finish = () => {
      process.off('SIGINT', finish);
      process.off('SIGTERM', finish);
      stop?.removeEventListener('abort', finish);
      done();
    };
    process.once('SIGINT', finish);
    process.once('SIGTERM', finish);
    if (stop?.aborted) finish();
    else stop?.addEventListener('abort', finish, { once: true });
  });
}

/**
 * Runs `fulfilkit serve`: starts the simulator, prints its URL, serves until SIGINT or
 * SIGTERM (or `stop`), then closes it. Never prints a credential.
 *
 * @param args The parsed arguments.
 * @param io The CLI's streams and cwd.
 * @param stop Stops the server like a signal does (tests, embedding).
 * @returns 0 after a clean stop; 2 when the data file is bad or the port cannot be bound.
 * @throws {UsageError} When the data file cannot be read or is not valid.
 * @example const code = await serveCommand(parseServeArgs(['--port', '0']), io, controller.signal);
 */
export async function serveCommand(args: ServeArgs, io: CliIo, stop?: AbortSignal): Promise<number> {
  if (args.help) {
    io.stdout.write(SERVE_HELP);
    return 0;
  }
  const options = serveOptions(args, args.data === undefined ? {} : await loadData(args.data, io.cwd ?? process.cwd()));
  let simulator;
  try {
    simulator = createSimulator(options);
  } catch (error) {
    throw new UsageError(`Invalid data file ${args.data}: ${(error as Error).message}`);
  }
  let server;
  try {
    server = await simulator.listen({ port: args.port, host: args.host });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    io.stderr.write(`fulfilkit: cannot listen on ${args.host}:${args.port}: ${typeof code === 'string' ? code : 'failed'}.\n`);
    return 2;
  }
  const clients = (options.clients ?? [undefined]).length;
  io.stdout.write(`fulfilkit simulator listening on ${server.url} (${clients} client${clients === 1 ? '' : 's'}); Ctrl-C to stop\n`);
  await stopped(stop);
  await server.close();
  io.stdout.write('fulfilkit simulator stopped\n');
  return 0;
}
