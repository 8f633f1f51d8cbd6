/**
 * The `fulfilkit` command: `main(argv, io)` runs in-process (tests, scripts); the package's
 * bin (bin.ts) runs it with the process's streams (`runBin`) and sets the exit code.
 */
import { RULES } from '../../rules/index';
import { parseArgs } from './args';
import { UsageError } from './errors';
import { writeLine } from './escape';
import { EXIT } from './exit-codes';
import { HELP, LINT_HELP, RULES_HELP } from './help';
import type { CliIo } from './io';
import { lintCommand } from './lint-command';
import { mergeCommand } from './merge-command';
import { openapiCommand } from './openapi-command';
import { proxyCommand } from './proxy-command';
import { serveCommand } from './serve-command';
import { listRules } from './rules-command';
import { packageVersion } from './version';

export { parseArgs } from './args';
export type { Args, LintArgs, RulesArgs } from './args';
export { UsageError } from './errors';
export { EXIT } from './exit-codes';
export { defineFormatter, FORMATTERS, github, json, junit, sarif, stylish } from './formatters/index';
export type { FormatName, FormatOptions, Formatter, FormatterParts } from './formatters/index';
export type { CliIo, TextSink } from './io';
export { detectKind } from './detect';
export { locate } from './locate';
export type { Position } from './locate';
export { MERGE_HELP, mergeCommand } from './merge-command';
export { validateProfile } from './profile';
export { summaryLine } from './result';
export type { LintResult, LintSummary, LocatedProblem } from './result';
export { fnv1a32, shardOf } from './shard';
export { listRules } from './rules-command';
export { packageVersion } from './version';

/**
 * Runs the CLI. Never calls process.exit and never throws: failures are written to
 * `io.stderr` and give exit code 2.
 *
 * @param argv Arguments after the program name, e.g. `['lint', 'orders.ndjson']`.
 * @param io Streams (and optionally cwd and env).
 * @returns The exit code: 0 no errors, 1 errors found, 2 usage or I/O failure. `merge` parses its own arguments.
 * @example
 * const code = await main(['lint', '--format', 'json', 'order.json'], { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
 */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  if (argv.length === 0) {
    io.stderr.write(HELP);
    return 2;
  }
  try {
    // merge parses its own arguments (merge-command.ts).
    if (argv[0] === 'merge') return await mergeCommand(argv.slice(1), io);
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
        return await serveCommand(args, io, io.signal);
      case 'proxy':
        return await proxyCommand(args, io, io.signal);
      case 'openapi':
        return await openapiCommand(args, io);
    }
  } catch (error) {
    // Messages name files and options as given: writeLine escapes their controls, as every line the CLI prints.
    if (error instanceof UsageError) {
      if (!error.options.silent) writeLine(io.stderr, `fulfilkit: ${error.message}`);
    } else {
      // A bug, not bad input: say so without a payload-revealing dump.
      writeLine(io.stderr, `fulfilkit: internal error: ${error instanceof Error ? error.message : 'unknown'}`);
    }
    return 2;
  }
}

/**
 * Runs as the bin: the process's streams, Ctrl-C and SIGTERM handling, the exit code.
 *
 * @param early The signals the process got before this ran (bin.ts holds them): the first stops the run before it reads anything.
 * @example runBin([]);
 */
export function runBin(early: readonly NodeJS.Signals[] = []): void {
  const interrupt = new AbortController();
  // The first signal stops reading and reports what was linted; a second one quits now.
  const onSignal = (signal: NodeJS.Signals) => {
    if (interrupt.signal.aborted) process.exit(signal === 'SIGTERM' ? EXIT.terminated : EXIT.interrupted);
    interrupt.abort(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  for (const signal of early) onSignal(signal);
  // Write failures are reported by the lint run (exit 2, or quietly for a closed pipe);
  // outside it, a closed pipe is not a failure and any other one gets one line.
  let outputFailed = false;
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') outputFailed = true;
  });
  const io: CliIo = {
    // Not touched unless needed: creating process.stdin would make a pipe non-blocking.
    get stdin() {
      return process.stdin;
    },
    stdinFd: 0,
    stdout: process.stdout,
    stdoutFd: 1,
    stderr: process.stderr,
    stderrFd: 2,
    env: process.env,
    workerScript: new URL('./lint-worker.js', import.meta.url),
    signal: interrupt.signal,
  };
  void main(process.argv.slice(2), io).then((code) => {
    if (outputFailed && code === 0) {
      writeLine(process.stderr, 'fulfilkit: cannot write to stdout.');
      code = 2;
    }
    // Exit once stdout has taken everything: a read of stdin may still wait for input that
    // will never come (Ctrl-C on an idle pipe), and must not keep the process alive.
    process.stdout.write('', () => process.exit(code));
  });
}
