/**
 * The `fulfilkit` command: `main(argv, io)` runs in-process (tests, scripts); run as the
 * package's bin, it uses the process's streams and sets the exit code.
 */
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { RULES } from '../../rules/index';
import { parseArgs } from './args';
import { UsageError } from './errors';
import { HELP, LINT_HELP, RULES_HELP } from './help';
import type { CliIo } from './io';
import { lintCommand } from './lint-command';
import { openapiCommand } from './openapi-command';
import { serveCommand } from './serve-command';
import { listRules } from './rules-command';
import { packageVersion } from './version';

export { parseArgs } from './args';
export type { Args, LintArgs, RulesArgs } from './args';
export { UsageError } from './errors';
export { FORMATTERS, json, sarif, stylish } from './formatters/index';
export type { FormatName, FormatOptions, Formatter } from './formatters/index';
export type { CliIo, TextSink } from './io';
export { validateProfile } from './profile';
export type { LintResult, LintSummary } from './result';
export { detectKind, LintRun } from './run';
export type { RunOptions } from './run';
export { listRules } from './rules-command';
export { packageVersion } from './version';

/**
 * Runs the CLI. Never calls process.exit and never throws: failures are written to
 * `io.stderr` and give exit code 2.
 *
 * @param argv Arguments after the program name, e.g. `['lint', 'orders.ndjson']`.
 * @param io Streams (and optionally cwd and env).
 * @returns The exit code: 0 no errors, 1 errors found, 2 usage or I/O failure.
 * @example
 * const code = await main(['lint', '--format', 'json', 'order.json'], { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 0) {
    io.stderr.write(HELP);
    return 2;
  }
  try {
    const args = parseArgs(argv);
    switch (args.command) {
      case 'version':
        io.stdout.write(packageVersion() + '\n');
        return 0;
      case 'help':
        io.stdout.write(args.topic === 'lint' ? LINT_HELP : args.topic === 'rules' ? RULES_HELP : HELP);
        return 0;
      case 'rules':
        io.stdout.write(listRules(RULES, args.format));
        return 0;
      case 'lint':
        return await lintCommand(args, io);
      case 'serve':
        return await serveCommand(args, io);
      case 'openapi':
        return await openapiCommand(args, io);
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.stderr.write(`fulfilkit: ${error.message}\n`);
    } else {
      // A bug, not bad input: say so without a payload-revealing dump.
      io.stderr.write(`fulfilkit: internal error: ${error instanceof Error ? error.message : 'unknown'}\n`);
    }
    return 2;
  }
}

/** True when this module is the script node was started with (the bin), not an import. */
function isEntry(): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) {
  // `fulfilkit lint ... | head` closes the pipe early: that is not a failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
  });
  void main(process.argv.slice(2), { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr, env: process.env }).then((code) => {
    process.exitCode = code;
  });
}
