/**
 * `fulfilkit serve [--port N] [--host H] [--data file.json] [--retain N] [--seed N]
 * [--log pretty|json|off] [--control-token T]`: runs the operator simulator, with its
 * control API under /_fulfilkit/, over HTTP until SIGINT or SIGTERM.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { LOG_FORMATS, requestLogLine, type LogFormat } from '../simulator/control/log-line';
import { createSimulator } from '../simulator/create-simulator';
import { checkDataFile } from '../simulator/options';
import type { SimulatorOptions, SimulatorRequestEvent } from '../simulator/types';
import { UsageError } from './errors';
import { escapeControls, writeLine } from './escape';
import type { CliIo } from './io';
import { readJsonFile } from './profile';
import { closest } from './suggest';

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
  /** Seed of the random sources (`--seed`; wins over the data file's `seed`). */
  readonly seed?: number;
  /** The request log (`--log`, default `pretty`). */
  readonly log: LogFormat;
  /** Token the control API requires (`--control-token`; else `FULFILKIT_CONTROL_TOKEN`). */
  readonly controlToken?: string;
}

/** Help of `fulfilkit serve`. */
export const SERVE_HELP = `Usage: fulfilkit serve [--port N] [--host H] [--data file.json] [--retain N]
                       [--seed N] [--log pretty|json|off] [--control-token T]

Runs the operator simulator: the payment-method, product, returns, fulfilment
(orders v1, v1.1, v1.2, OPTIONS v1.2) and echo interfaces at the spec's paths,
orders and returns linted with fulfilkit's rules, and the control API (JSON) under
/_fulfilkit/ on the same port (fulfilkit openapi --control). Prints the base URL;
stops on Ctrl-C (SIGINT) or SIGTERM.

Options:
  --port N          Port (default ${DEFAULT_SERVE_PORT}; 0 = any free port)
  --host H          Host to bind (default 127.0.0.1)
  --data file.json  { "clients", "inventory", "paymentMethods", "seed", "faults",
                    "retain", "retainOrders" }; each member left out takes its
                    default, a member not listed here is refused (one test
                    client ACME, keys sim-client-config-id / sim-client-auth-key /
                    sim-subscription-key; see the README)
  --retain N        Requests kept for inspection, the newest (default 1000; 0 = none)
  --seed N          Seed of tokens, ids and fault draws (default 1; wins over --data)
  --log FORMAT      One line per request on stdout: pretty (default), json or off;
                    never a key, a header or a body
  --control-token T Control requests need "Authorization: Bearer T" (else 401);
                    default: $FULFILKIT_CONTROL_TOKEN. Required with a --host that
                    is not loopback (e.g. 0.0.0.0)
  -h, --help        Print this help
`;

/**
 * The line a server that cannot bind prints: what went wrong and what to do.
 *
 * @param at The host and port asked for.
 * @param error What `listen` threw.
 * @returns The line, without its line end.
 * @example listenFailure({ host: '127.0.0.1', port: 4010 }, { code: 'EADDRINUSE' }); // 'fulfilkit: Cannot listen on 127.0.0.1:4010: the port is taken (EADDRINUSE); ...'
 */
export function listenFailure(at: { readonly host: string; readonly port: number }, error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'EADDRINUSE'
      ? 'the port is taken (EADDRINUSE); choose another --port (0 takes a free one)'
      : code === 'EACCES'
        ? 'not allowed (EACCES); ports below 1024 need privileges: choose another --port'
        : code === 'EADDRNOTAVAIL'
          ? 'no interface of this machine has that address (EADDRNOTAVAIL); check --host'
          : typeof code === 'string' ? code : 'failed';
  return `fulfilkit: Cannot listen on ${at.host}:${at.port}: ${why}.`;
}

/** The flags a command takes: name (without `--`) -> a value or a switch, and its one-letter alias. */
export type FlagSpec = Readonly<Record<string, { readonly type: 'string' | 'boolean'; readonly short?: string }>>;

/**
 * Reads the flags of a command that takes no positionals, with node:util's parseArgs
 * (`--name value`, `--name=value`, `-x value`); `--help` / `-h` is always known. A value
 * flag given twice is refused (the last one does not win silently).
 *
 * @param argv The arguments after the command.
 * @param command The command's name, for messages.
 * @param flags The flags it takes.
 * @returns The values of the value flags, the switches that were given, and whether --help was.
 * @throws {UsageError} On an unknown flag, a missing value, a value flag given twice, a value given to a switch, or a positional.
 * @example readFlags(['--port', '0'], 'serve', { port: { type: 'string' } }); // { values: { port: '0' }, switches: {}, help: false }
 */
export function readFlags(argv: readonly string[], command: string, flags: FlagSpec): { values: Record<string, string>; switches: Record<string, boolean>; help: boolean } {
  const options = { ...flags, help: { type: 'boolean', short: 'h' } } as const;
  // Not strict: every token comes back, so each message can name the flag as it was written.
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const values: Record<string, string> = {};
  const switches: Record<string, boolean> = {};
  let help = false;
  for (const token of tokens) {
    if (token.kind === 'positional') throw new UsageError(`"${command}" takes no arguments.`);
    if (token.kind !== 'option') continue;
    const spec = Object.hasOwn(options, token.name) ? options[token.name as keyof typeof options] : undefined;
    if (spec === undefined) {
      const meant = token.rawName.startsWith('--') ? closest(token.name, Object.keys(flags)) : undefined;
      throw new UsageError(`Unknown option ${token.rawName} for "${command}"${meant ? ` (did you mean --${meant}?)` : ''}; run "fulfilkit ${command} --help".`);
    }
    if (spec.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`Option ${token.rawName} takes no value.`);
      if (token.name === 'help') help = true;
      else switches[token.name] = true;
      continue;
    }
    if (token.value === undefined || token.value === '') throw new UsageError(`Option ${token.rawName} needs a value.`);
    if (Object.hasOwn(values, token.name)) throw new UsageError(`Option ${token.rawName} is given more than once; give it once.`);
    values[token.name] = token.value;
  }
  return { values, switches, help };
}

/**
 * A whole number from 0 given to a flag.
 *
 * @param flag The flag, for the message.
 * @param raw Its value.
 * @param max The largest allowed value.
 * @returns The number.
 * @throws {UsageError} When it is not a whole number from 0 to `max`.
 */
export function wholeNumber(flag: string, raw: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(raw) || !(Number(raw) <= max)) throw new UsageError(`Invalid value for ${flag}: expected a whole number from 0${max === Number.MAX_SAFE_INTEGER ? '' : ` to ${max}`}.`);
  return Number(raw);
}

/**
 * The control token of a command: `--control-token`, else the environment's
 * `FULFILKIT_CONTROL_TOKEN` (kept out of the process list); it must be a printable ASCII header value.
 *
 * @param flag The flag's value.
 * @param env The environment.
 * @returns The token, or `undefined`.
 * @throws {UsageError} When it cannot be sent as a header.
 */
export function controlToken(flag: string | undefined, env: Readonly<Record<string, string | undefined>> | undefined): string | undefined {
  const token = flag ?? (env?.FULFILKIT_CONTROL_TOKEN || undefined);
  if (token !== undefined && !/^[\x21-\x7e]+$/.test(token)) throw new UsageError('Invalid control token: expected printable ASCII without spaces.');
  return token;
}

/**
 * Tells whether a host to bind is loopback only (`localhost`, 127.0.0.0/8, `::1`).
 *
 * @param host The `--host` value.
 * @returns `true` when only this machine can connect.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return bare === 'localhost' || bare === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(bare);
}

const SERVE_FLAGS: FlagSpec = {
  port: { type: 'string' },
  host: { type: 'string' },
  data: { type: 'string' },
  retain: { type: 'string' },
  seed: { type: 'string' },
  log: { type: 'string' },
  'control-token': { type: 'string' },
};

/**
 * Parses the arguments of `fulfilkit serve`.
 *
 * @param argv The arguments after `serve`.
 * @returns The parsed arguments.
 * @throws {UsageError} On a bad flag or value.
 * @example parseServeArgs(['--port', '0', '--data', 'sim.json', '--log', 'json'])
 */
export function parseServeArgs(argv: readonly string[]): ServeArgs {
  const { values, help } = readFlags(argv, 'serve', SERVE_FLAGS);
  const log = values.log ?? 'pretty';
  if (!(LOG_FORMATS as readonly string[]).includes(log)) throw new UsageError(`Invalid value for --log: expected ${LOG_FORMATS.join(', ')}.`);
  return {
    command: 'serve',
    ...(help ? { help } : {}),
    port: wholeNumber('--port', values.port ?? String(DEFAULT_SERVE_PORT), 65535),
    host: values.host ?? '127.0.0.1',
    log: log as LogFormat,
    ...(values.data !== undefined ? { data: values.data } : {}),
    ...(values.retain !== undefined ? { retain: wholeNumber('--retain', values.retain) } : {}),
    ...(values.seed !== undefined ? { seed: wholeNumber('--seed', values.seed) } : {}),
    ...(values['control-token'] !== undefined ? { controlToken: values['control-token'] } : {}),
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
  return { ...data, ...(args.retain === undefined ? {} : { retain: args.retain }), ...(args.seed === undefined ? {} : { seed: args.seed }) };
}

/**
 * The request log of a `serve` or `proxy` run: a callback that writes one line per request, or none for `--log off`.
 *
 * @param format The `--log` format.
 * @param io The CLI's streams (lines go to stdout).
 * @returns The callback, or `undefined`.
 */
export function requestLogger(format: LogFormat, io: CliIo): ((event: SimulatorRequestEvent) => void) | undefined {
  if (format === 'off') return undefined;
  return (event) => {
    io.stdout.write(requestLogLine(event, format));
  };
}

/**
 * The token of a `serve` or `proxy` run, refusing a host others can reach without one.
 *
 * @param args `--host` and `--control-token`.
 * @param io The environment.
 * @returns The token, or `undefined` on a loopback host without one.
 * @throws {UsageError} On a non-loopback host without a token (exit 2).
 */
export function requiredToken(args: { readonly host: string; readonly controlToken?: string }, io: CliIo): string | undefined {
  const token = controlToken(args.controlToken, io.env);
  if (token === undefined && !isLoopbackHost(args.host)) {
    throw new UsageError(`--host ${args.host} lets other machines in: give a --control-token (or FULFILKIT_CONTROL_TOKEN) to protect the control API.`);
  }
  return token;
}

/** The largest `--data` file read. */
const MAX_DATA_BYTES = 16 << 20;

async function loadData(path: string, cwd: string): Promise<SimulatorOptions> {
  const data = await readJsonFile(resolve(cwd, path), `the data file ${path}`, MAX_DATA_BYTES);
  try {
    checkDataFile(data);
  } catch (error) {
    throw new UsageError(`Invalid data file ${escapeControls(path)}: ${(error as Error).message}`);
  }
  return data as SimulatorOptions;
}

/**
 * Resolves on SIGINT or SIGTERM (or when `stop` aborts), removing its listeners.
 *
 * @param stop Stops like a signal does (tests, embedding).
 * @returns A promise that resolves once.
 */
export function stopped(stop: AbortSignal | undefined): Promise<void> {
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
  const token = requiredToken(args, io);
  const options = serveOptions(args, args.data === undefined ? {} : await loadData(args.data, io.cwd ?? process.cwd()));
  const onRequest = requestLogger(args.log, io);
  let simulator;
  try {
    simulator = createSimulator({ ...options, control: token === undefined ? {} : { token }, ...(onRequest === undefined ? {} : { onRequest }) });
  } catch (error) {
    throw new UsageError(`Invalid data file ${escapeControls(args.data ?? '')}: ${(error as Error).message}`);
  }
  let server;
  try {
    server = await simulator.listen({ port: args.port, host: args.host });
  } catch (error) {
    writeLine(io.stderr, listenFailure(args, error));
    return 2;
  }
  const clients = (options.clients ?? [undefined]).length;
  const guarded = token === undefined ? '' : ', control API needs its token';
  io.stdout.write(`fulfilkit simulator listening on ${server.url} (${clients} client${clients === 1 ? '' : 's'}${guarded}); Ctrl-C to stop\n`);
  await stopped(stop);
  await server.close();
  io.stdout.write('fulfilkit simulator stopped\n');
  return 0;
}
