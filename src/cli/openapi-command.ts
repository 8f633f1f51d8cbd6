/**
 * `fulfilkit openapi [--control] [-o file]`: prints (or writes) the OpenAPI 3.1 document of
 * the operator's API, or of the simulator's control API.
 */
import { writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { controlApiDocument } from '../openapi/control';
import { openApiDocument } from '../openapi/document';
import { writeLine } from './escape';
import type { CliIo } from './io';
import { ioReason } from './profile';
import { readFlags } from './serve-command';

/** Arguments of `fulfilkit openapi`. */
export interface OpenApiArgs {
  readonly command: 'openapi';
  /** Print the help instead. */
  readonly help?: boolean;
  /** Write the document to this file instead of stdout (`-o`, `--output-file`). */
  readonly outputFile?: string;
  /** The control API's document instead (`--control`). */
  readonly control?: boolean;
}

/** Help of `fulfilkit openapi`. */
export const OPENAPI_HELP = `Usage: fulfilkit openapi [-o file] [--control]

Prints the OpenAPI 3.1 document (JSON) of the operator's API: the five interfaces
and the v1.2 OPTIONS call, generated from the schemas fulfilkit lints with.

Options:
  --control             The document of the control API of fulfilkit serve
                        (/_fulfilkit/...) instead
  -o, --output-file F   Write the document to F instead of stdout
`;

/**
 * Parses the arguments of `fulfilkit openapi`.
 *
 * @param argv The arguments after `openapi`.
 * @returns The parsed arguments.
 * @throws {UsageError} On a bad flag.
 * @example parseOpenApiArgs(['-o', 'operator.openapi.json'])
 */
export function parseOpenApiArgs(argv: readonly string[]): OpenApiArgs {
  const { values, switches, help } = readFlags(argv, 'openapi', { 'output-file': { type: 'string', short: 'o' }, control: { type: 'boolean' } });
  return {
    command: 'openapi',
    ...(help ? { help } : {}),
    ...(values['output-file'] !== undefined ? { outputFile: values['output-file'] } : {}),
    ...(switches.control ? { control: true } : {}),
  };
}

/**
 * Runs `fulfilkit openapi`.
 *
 * @param args The parsed arguments.
 * @param io The CLI's streams and cwd.
 * @returns 0, or 2 when the file cannot be written.
 * @example await openapiCommand({ command: 'openapi', outputFile: 'operator.openapi.json' }, io);
 */
export async function openapiCommand(args: OpenApiArgs, io: CliIo): Promise<number> {
  if (args.help) {
    io.stdout.write(OPENAPI_HELP);
    return 0;
  }
  const text = `${JSON.stringify(args.control ? controlApiDocument() : openApiDocument(), null, 2)}\n`;
  if (args.outputFile === undefined) {
    io.stdout.write(text);
    return 0;
  }
  try {
    await writeFile(resolve(io.cwd ?? process.cwd(), args.outputFile), text);
  } catch (error) {
    writeLine(io.stderr, `fulfilkit: cannot write ${args.outputFile}: ${ioReason(error)}.`);
    return 2;
  }
  return 0;
}
