/**
 * `fulfilkit proxy --upstream URL [--port 4020] [--host H] [--profile f] [--reject-invalid]
 * [--retain N] [--log pretty|json|off] [--control-token T]`: a recording proxy in front of
 * the operator that lints what your code sends and decodes what it gets back.
 */
import { resolve } from 'node:path';
import { LOG_FORMATS, type LogFormat } from '../simulator/control/log-line';
import { startProxy } from '../simulator/control/proxy';
import { UsageError } from './errors';
import { writeLine } from './escape';
import type { CliIo } from './io';
import { loadProfile } from './profile';
import { listenFailure, readFlags, requestLogger, requiredToken, stopped, wholeNumber, type FlagSpec } from './serve-command';

/** The port `fulfilkit proxy` listens on without `--port` (the simulator's 4010, plus ten). */
export const DEFAULT_PROXY_PORT = 4020;

/** Arguments of `fulfilkit proxy`. */
export interface ProxyArgs {
  readonly command: 'proxy';
  /** Print the help instead. */
  readonly help?: boolean;
  /** The operator's base URL (`--upstream`). */
  readonly upstream: string;
  /** Port (`--port`, 0 = any free port). */
  readonly port: number;
  /** Host (`--host`, default 127.0.0.1). */
  readonly host: string;
  /** Profile file (`--profile`) bodies are linted with. */
  readonly profile?: string;
  /** Answer 422 to a body with lint errors instead of sending it (`--reject-invalid`). */
  readonly rejectInvalid: boolean;
  /** Violations kept, the newest (`--retain`, default 1000). */
  readonly retain?: number;
  /** The request log (`--log`, default `pretty`). */
  readonly log: LogFormat;
  /** Token of the proxy's control path (`--control-token`; else `FULFILKIT_CONTROL_TOKEN`). */
  readonly controlToken?: string;
}

/** Help of `fulfilkit proxy`. */
export const PROXY_HELP = `Usage: fulfilkit proxy --upstream URL [--port N] [--host H] [--profile file.json]
                       [--reject-invalid] [--retain N] [--log pretty|json|off]
                       [--control-token T]

A recording proxy: point your code at it instead of the operator. Each request
goes to the upstream unchanged (credentials pass through, never logged or kept)
and its answer comes back unchanged; redirects are passed back, never followed.
Create-order and return bodies are linted (the version from the path), answers
are decoded, and what was wrong is listed at GET /_fulfilkit/violations.

Options:
  --upstream URL    The operator's base URL (http or https; a path prefix is kept)
  --port N          Port (default ${DEFAULT_PROXY_PORT}; 0 = any free port)
  --host H          Host to bind (default 127.0.0.1)
  --profile F       Client profile the bodies are linted with
  --reject-invalid  Answer 422 { problems } to a body with lint errors; it never
                    reaches the upstream
  --retain N        Violations kept, the newest (default 1000; 0 = none)
  --log FORMAT      One line per request on stdout: pretty (default), json or off
  --control-token T GET /_fulfilkit/violations needs "Authorization: Bearer T";
                    default: $FULFILKIT_CONTROL_TOKEN. Required with a --host that
                    is not loopback
  -h, --help        Print this help
`;

const PROXY_FLAGS: FlagSpec = {
  upstream: { type: 'string' },
  port: { type: 'string' },
  host: { type: 'string' },
  profile: { type: 'string' },
  'reject-invalid': { type: 'boolean' },
  retain: { type: 'string' },
  log: { type: 'string' },
  'control-token': { type: 'string' },
};

/**
 * Parses the arguments of `fulfilkit proxy`.
 *
 * @param argv The arguments after `proxy`.
 * @returns The parsed arguments.
 * @throws {UsageError} On a bad flag or value, or without --upstream.
 * @example parseProxyArgs(['--upstream', 'https://api.operator.test', '--reject-invalid'])
 */
export function parseProxyArgs(argv: readonly string[]): ProxyArgs {
  const { values, switches, help } = readFlags(argv, 'proxy', PROXY_FLAGS);
  const log = values.log ?? 'pretty';
  if (!(LOG_FORMATS as readonly string[]).includes(log)) throw new UsageError(`Invalid value for --log: expected ${LOG_FORMATS.join(', ')}.`);
  if (values.upstream === undefined && !help) throw new UsageError('"proxy" needs --upstream URL (the operator\'s base URL).');
  return {
    command: 'proxy',
    ...(help ? { help } : {}),
    upstream: values.upstream ?? '',
    port: wholeNumber('--port', values.port ?? String(DEFAULT_PROXY_PORT), 65535),
    host: values.host ?? '127.0.0.1',
    rejectInvalid: switches['reject-invalid'] === true,
    log: log as LogFormat,
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...(values.retain !== undefined ? { retain: wholeNumber('--retain', values.retain) } : {}),
    ...(values['control-token'] !== undefined ? { controlToken: values['control-token'] } : {}),
  };
}

/**
 * Runs `fulfilkit proxy`: starts it, prints its URL, serves until SIGINT or SIGTERM (or
 * `stop`), then closes it. Never prints a credential.
 *
 * @param args The parsed arguments.
 * @param io The CLI's streams, cwd and environment.
 * @param stop Stops the proxy like a signal does (tests, embedding).
 * @returns 0 after a clean stop; 2 when the port cannot be bound.
 * @throws {UsageError} On a bad upstream URL or profile, or a non-loopback host without a token.
 * @example const code = await proxyCommand(parseProxyArgs(['--upstream', 'http://127.0.0.1:4010', '--port', '0']), io, controller.signal);
 */
export async function proxyCommand(args: ProxyArgs, io: CliIo, stop?: AbortSignal): Promise<number> {
  if (args.help) {
    io.stdout.write(PROXY_HELP);
    return 0;
  }
  const token = requiredToken(args, io);
  const profile = args.profile === undefined ? undefined : await loadProfile(resolve(io.cwd ?? process.cwd(), args.profile), args.profile);
  const onRequest = requestLogger(args.log, io);
  let server;
  try {
    server = await startProxy(
      {
        upstream: args.upstream,
        rejectInvalid: args.rejectInvalid,
        ...(profile === undefined ? {} : { profile }),
        ...(args.retain === undefined ? {} : { retain: args.retain }),
        ...(token === undefined ? {} : { token }),
        ...(onRequest === undefined ? {} : { onRequest }),
      },
      { port: args.port, host: args.host },
    );
  } catch (error) {
    if (error instanceof RangeError || error instanceof TypeError) throw new UsageError(`Invalid value for --upstream: ${error.message}`);
    writeLine(io.stderr, listenFailure(args, error));
    return 2;
  }
  io.stdout.write(`fulfilkit proxy listening on ${server.url} (upstream ${new URL(args.upstream).origin}${args.rejectInvalid ? ', rejecting invalid bodies' : ''}); Ctrl-C to stop\n`);
  await stopped(stop);
  await server.close();
  io.stdout.write('fulfilkit proxy stopped\n');
  return 0;
}
