/**
 * `fulfilkit lint`: read the inputs, lint them in one run, print the report.
 */
import { createReadStream } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { extname, resolve } from 'node:path';
import { RULES } from '../../rules/index';
import type { LintArgs } from './args';
import { UsageError } from './errors';
import { FORMATTERS } from './formatters/index';
import type { CliIo } from './io';
import { ioReason, loadProfile, stripBom } from './profile';
import { LintRun } from './run';
import { packageVersion } from './version';

const NDJSON_EXTENSIONS = new Set(['.ndjson', '.jsonl']);
// Large reads: fewer awaits and bigger lintBatch chunks on bulk NDJSON.
const READ_CHUNK = 1 << 18;

async function checkFile(path: string, file: string): Promise<void> {
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
  }
  if (info.isDirectory()) throw new UsageError(`Cannot read ${file}: it is a directory; pass the files.`);
}

async function readInput(run: LintRun, file: string, path: string): Promise<void> {
  const ext = extname(file).toLowerCase();
  try {
    if (ext === '.json') run.lintDocument(file, stripBom(await readFile(path, 'utf8')));
    else if (NDJSON_EXTENSIONS.has(ext)) await run.lintNdjson(file, createReadStream(path, { highWaterMark: READ_CHUNK, encoding: 'utf8' }));
    else await run.lintAuto(file, createReadStream(path, { highWaterMark: READ_CHUNK, encoding: 'utf8' }));
  } catch (error) {
    throw new UsageError(`Cannot read ${file}: ${ioReason(error)}.`);
  }
}

function useColor(args: LintArgs, io: CliIo): boolean {
  if (args.color !== undefined) return args.color;
  if (args.format !== 'stylish') return false;
  const env = io.env ?? {};
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== '') return false;
  if (env.FORCE_COLOR !== undefined && env.FORCE_COLOR !== '0') return true;
  return io.stdout.isTTY === true;
}

/**
 * Runs `fulfilkit lint`.
 *
 * @param args Parsed arguments.
 * @param io Streams and working directory.
 * @returns The exit code: 0 no errors, 1 errors (or more warnings than `--max-warnings`).
 * @throws {UsageError} On a missing file, an unreadable input or a bad profile (exit 2).
 */
export async function lintCommand(args: LintArgs, io: CliIo): Promise<number> {
  const cwd = io.cwd ?? process.cwd();
  const profile = args.profile === undefined ? undefined : await loadProfile(resolve(cwd, args.profile), args.profile);
  const files = args.files.length === 0 ? ['-'] : args.files;
  // Every file is checked before any output: a typo in the last name must not leave a half report.
  for (const file of files) if (file !== '-') await checkFile(resolve(cwd, file), file);
  if (files.includes('-') && io.stdin.isTTY === true) {
    throw new UsageError('No input: pass files, or pipe payloads to stdin.');
  }
  const run = new LintRun({
    version: args.version,
    ...(args.kind ? { kind: args.kind } : {}),
    ...(profile ? { profile } : {}),
    rules: args.rules,
  });
  for (const file of files) {
    if (file === '-') {
      try {
        await run.lintAuto('<stdin>', io.stdin);
      } catch (error) {
        throw new UsageError(`Cannot read stdin: ${ioReason(error)}.`);
      }
    } else {
      await readInput(run, file, resolve(cwd, file));
    }
  }
  const format = FORMATTERS[args.format];
  io.stdout.write(format(run.results, { summary: run.summary, rules: RULES, toolVersion: packageVersion(), color: useColor(args, io) }));
  const { errors, warnings } = run.summary;
  if (errors > 0) return 1;
  if (args.maxWarnings !== undefined && warnings > args.maxWarnings) {
    io.stderr.write(`fulfilkit: ${warnings} warnings, more than --max-warnings ${args.maxWarnings}.\n`);
    return 1;
  }
  return 0;
}
