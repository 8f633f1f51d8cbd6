/**
 * Command-line parsing: `lint`, `rules`, `help`, `--version`.
 */
import { availableParallelism } from 'node:os';
import { RULES } from '../../rules/index';
import type { PayloadKind, RuleLevel } from '../lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { UsageError } from './errors';
import { FORMAT_NAMES, type FormatName } from './formatters/index';
import { parseOpenApiArgs, type OpenApiArgs } from './openapi-command';
import { parseServeArgs, type ServeArgs } from './serve-command';
import { parseShard, type Shard } from './shard';

/** The default order version when `--api-version` is not given. */
export const DEFAULT_API_VERSION: OrderVersion = '1.1';

/** Arguments of `fulfilkit lint`. */
export interface LintArgs {
  readonly command: 'lint';
  /** Files to read; `-` is stdin; empty means stdin. */
  readonly files: readonly string[];
  /** Kind forced by `--kind`; detected per payload when absent. */
  readonly kind?: PayloadKind;
  /** Order version (`--api-version`). */
  readonly version: OrderVersion;
  /** Path of the client profile (`--profile`). */
  readonly profile?: string;
  /** Output format. */
  readonly format: FormatName;
  /** Severity overrides (`--rule id=level`). */
  readonly rules: Readonly<Record<string, RuleLevel>>;
  /** Exit 1 when there are more warnings than this (`--max-warnings`). */
  readonly maxWarnings?: number;
  /** Colour forced by `--color` / `--no-color`; decided by the terminal when absent. */
  readonly color?: boolean;
  /** Threads that lint (`--concurrency`); decided by the cores and the input size when absent. */
  readonly concurrency?: number;
  /** Lint only this shard of the payloads (`--shard i/n`). */
  readonly shard?: Shard;
  /** Write the report to this file instead of stdout (`-o`, `--output-file`). */
  readonly outputFile?: string;
  /** Report errors only (`--quiet`). */
  readonly quiet: boolean;
  /** Apply the fixes of fixable problems (`--fix`). */
  readonly fix: boolean;
  /** Show progress on a terminal (off with `--no-progress`). */
  readonly progress: boolean;
  /** A line (or JSON document) longer than this many bytes is a `parse` problem, not read (`--max-line-bytes`). */
  readonly maxLineBytes: number;
  /** List at most this many problems of a payload, count the others (`--max-problems-per-payload`; 0: all). */
  readonly maxProblemsPerPayload: number;
}

/** Arguments of `fulfilkit rules`. */
export interface RulesArgs {
  readonly command: 'rules';
  /** Output format: a table or JSON. */
  readonly format: 'stylish' | 'json';
}

/** A parsed command line. */
export type Args = LintArgs | RulesArgs | ServeArgs | OpenApiArgs | { readonly command: 'help'; readonly topic?: 'lint' | 'rules' } | { readonly command: 'version' };

/** The default of `--max-line-bytes`: 64 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** The largest `--max-line-bytes` (a longer line could not be decoded into one string). */
export const MAX_LINE_BYTES_LIMIT = 256 * 1024 * 1024;

// Options that take a value; all others are switches.
const VALUE_FLAGS = new Set([
  '--kind', '--api-version', '--profile', '--format', '-f', '--rule', '--max-warnings',
  '--concurrency', '--shard', '--output-file', '-o', '--max-line-bytes', '--max-problems-per-payload',
]);
// Short and long spellings of the same option.
const ALIASES: Readonly<Record<string, string>> = { '-f': '--format', '-o': '--output-file' };
// Switches that `lint` accepts (besides --help, --version, --color, --no-color).
const LINT_SWITCHES = new Set(['--quiet', '--fix', '--no-progress']);
const KINDS: readonly PayloadKind[] = ['order', 'return'];
const LEVELS: readonly RuleLevel[] = ['off', 'warn', 'error'];
const RULE_IDS = new Set(RULES.map((r) => r.meta.id));

/** Splits argv into options (with their values) and positionals, `--name=value` or `--name value`. */
function* tokens(argv: readonly string[]): Generator<{ flag: string; inline?: string } | { positional: string }> {
  let onlyPositionals = false;
  for (const arg of argv) {
    if (onlyPositionals || arg === '-' || !arg.startsWith('-')) yield { positional: arg };
    else if (arg === '--') onlyPositionals = true;
    else {
      const eq = arg.indexOf('=');
      yield eq > 0 && arg.startsWith('--') ? { flag: arg.slice(0, eq), inline: arg.slice(eq + 1) } : { flag: arg };
    }
  }
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Invalid value for ${flag}: expected one of ${allowed.join(', ')}.`);
}

function ruleLevel(value: string): [string, RuleLevel] {
  const eq = value.lastIndexOf('=');
  const id = eq > 0 ? value.slice(0, eq).trim() : '';
  const level = eq > 0 ? value.slice(eq + 1).trim() : '';
  if (!id || !level) throw new UsageError('Invalid --rule: expected id=off|warn|error, e.g. --rule totals=off.');
  if (!RULE_IDS.has(id)) throw new UsageError(`Unknown rule "${id}" in --rule; run "fulfilkit rules" to list them.`);
  return [id, oneOf('--rule', level, LEVELS)];
}

/**
 * Parses the command line (without `node` and the script).
 *
 * @param argv The arguments, e.g. `['lint', 'a.json', '--format', 'json']`.
 * @returns The parsed command.
 * @throws {UsageError} On an unknown command or flag, a missing or bad value.
 * @example parseArgs(['lint', '--api-version', '1.2', 'orders.ndjson'])
 */
export function parseArgs(argv: readonly string[]): Args {
  // serve and openapi parse their own flags (src/cli/serve-command.ts, openapi-command.ts).
  if (argv[0] === 'serve') return parseServeArgs(argv.slice(1));
  if (argv[0] === 'openapi') return parseOpenApiArgs(argv.slice(1));
  const list = [...tokens(argv)];
  let command: string | undefined;
  const positionals: string[] = [];
  const seen: Record<string, string> = {};
  const rules: Record<string, RuleLevel> = {};
  let help = false;
  let version = false;
  let color: boolean | undefined;
  const switches = new Set<string>();
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if ('positional' in token) {
      if (command === undefined) command = token.positional;
      else positionals.push(token.positional);
      continue;
    }
    const { flag } = token;
    if (!VALUE_FLAGS.has(flag)) {
      if (token.inline !== undefined) throw new UsageError(`Option ${flag} takes no value.`);
      if (flag === '--help' || flag === '-h') help = true;
      else if (flag === '--version' || flag === '-v') version = true;
      else if (flag === '--color') color = true;
      else if (flag === '--no-color') color = false;
      else if (LINT_SWITCHES.has(flag)) switches.add(flag);
      else throw new UsageError(`Unknown option ${flag}; run "fulfilkit --help".`);
      continue;
    }
    let value = token.inline;
    if (value === undefined) {
      const next = list[i + 1];
      if (!next || !('positional' in next)) throw new UsageError(`Option ${flag} needs a value.`);
      value = next.positional;
      i++;
    }
    const name = ALIASES[flag] ?? flag;
    if (name === '--rule') {
      const [id, level] = ruleLevel(value);
      rules[id] = level;
    } else {
      seen[name] = value;
    }
  }
  if (version) return { command: 'version' };
  if (command === 'help') {
    const topic = positionals[0];
    return { command: 'help', ...(topic === 'lint' || topic === 'rules' ? { topic } : {}) };
  }
  if (help || command === undefined) {
    if (command === undefined && !help) throw new UsageError('No command given; run "fulfilkit --help".');
    return { command: 'help', ...(command === 'lint' || command === 'rules' ? { topic: command } : {}) };
  }
  if (command === 'rules') {
    for (const name of Object.keys(seen)) if (name !== '--format') throw new UsageError(`Option ${name} does not apply to "rules".`);
    if (Object.keys(rules).length > 0) throw new UsageError('Option --rule does not apply to "rules".');
    const [someSwitch] = switches;
    if (someSwitch !== undefined) throw new UsageError(`Option ${someSwitch} does not apply to "rules".`);
    if (positionals.length > 0) throw new UsageError('"rules" takes no arguments.');
    return { command: 'rules', format: oneOf('--format', seen['--format'] ?? 'stylish', ['stylish', 'json'] as const) };
  }
  if (command !== 'lint') throw new UsageError(`Unknown command "${command}"; the commands are lint, rules, serve and openapi.`);
  return lintArgs(positionals, seen, rules, switches, color);
}

/** A whole number from `min` to `max`, or a usage error naming the flag. */
function wholeNumber(flag: string, raw: string, min: number, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) throw new UsageError(`Invalid value for ${flag}: expected ${what}.`);
  return Number(raw);
}

/** `--max-line-bytes`: bytes, or with a binary suffix K, M or G (`64M`). */
function byteSize(raw: string): number {
  const match = /^(\d+)([KMG]?)i?B?$/i.exec(raw.trim());
  const scale = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3 }[(match?.[2] ?? '').toUpperCase()] ?? 1;
  const bytes = match ? Number(match[1]) * scale : NaN;
  if (!(bytes >= 1 && bytes <= MAX_LINE_BYTES_LIMIT)) {
    throw new UsageError('Invalid value for --max-line-bytes: expected a size from 1 to 256M (bytes, or with K, M or G).');
  }
  return bytes;
}

/** The arguments of `lint`, from what the command line held. */
function lintArgs(
  positionals: readonly string[],
  seen: Readonly<Record<string, string>>,
  rules: Readonly<Record<string, RuleLevel>>,
  switches: ReadonlySet<string>,
  color: boolean | undefined,
): LintArgs {
  const maxWarnings = seen['--max-warnings'] === undefined ? undefined : wholeNumber('--max-warnings', seen['--max-warnings'], 0, 'a whole number of 0 or more');
  // Each thread holds a heap of its own: thousands of them exhaust memory long before they help.
  const most = 4 * availableParallelism();
  const concurrency = seen['--concurrency'] === undefined ? undefined : wholeNumber('--concurrency', seen['--concurrency'], 1, `a whole number from 1 to ${most} (4 threads per available core; 1 lints in-process)`, most);
  if (positionals.filter((f) => f === '-').length > 1) throw new UsageError('Stdin (-) can be read only once.');
  const outputFile = seen['--output-file'];
  if (outputFile === '') throw new UsageError('Option --output-file needs a file name.');
  return {
    command: 'lint',
    files: positionals,
    ...(seen['--kind'] !== undefined ? { kind: oneOf('--kind', seen['--kind'], KINDS) } : {}),
    version: oneOf('--api-version', seen['--api-version'] ?? DEFAULT_API_VERSION, ORDER_VERSIONS),
    ...(seen['--profile'] !== undefined ? { profile: seen['--profile'] } : {}),
    format: oneOf('--format', seen['--format'] ?? 'stylish', FORMAT_NAMES),
    rules,
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
    ...(color !== undefined ? { color } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(seen['--shard'] !== undefined ? { shard: parseShard(seen['--shard']) } : {}),
    ...(outputFile !== undefined ? { outputFile } : {}),
    quiet: switches.has('--quiet'),
    fix: switches.has('--fix'),
    progress: !switches.has('--no-progress'),
    maxLineBytes: seen['--max-line-bytes'] === undefined ? DEFAULT_MAX_LINE_BYTES : byteSize(seen['--max-line-bytes']),
    // 1000 problems a payload: enough to fix from, and memory stays bounded whatever the input.
    maxProblemsPerPayload: seen['--max-problems-per-payload'] === undefined ? 1000 : wholeNumber('--max-problems-per-payload', seen['--max-problems-per-payload'], 0, 'a whole number of 0 or more (0 lists every problem)'),
  };
}
