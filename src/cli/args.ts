/**
 * Command-line parsing: `lint`, `rules`, `help`, `--version`.
 */
import { availableParallelism } from 'node:os';
import { parseArgs as parseArgv, type ParseArgsConfig } from 'node:util';
import { RULES } from '../../rules/index';
import type { PayloadKind, RuleLevel } from '../lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { UsageError } from './errors';
import { escapeControls } from './escape';
import { FORMAT_NAMES, type FormatName } from './formatters/index';
import { parseOpenApiArgs, type OpenApiArgs } from './openapi-command';
import { parseProxyArgs, type ProxyArgs } from './proxy-command';
import { parseServeArgs, type ServeArgs } from './serve-command';
import { parseShard, type Shard } from './shard';
import { closest } from './suggest';

/** The default order version when `--api-version` is not given. */
export const DEFAULT_API_VERSION: OrderVersion = '1.1';

/** Arguments of `fulfilkit lint`. */
export interface LintArgs {
  readonly command: 'lint';
  /** Files to read; `-` is stdin; empty means stdin. */
  readonly files: readonly string[];
  /** Kind forced by `--kind`; detected per payload when absent. */
  readonly kind?: PayloadKind;
  /** Order version (`--api-version`); else the config's, else {@link DEFAULT_API_VERSION}. */
  readonly version?: OrderVersion;
  /** Path of the client profile (`--profile`). */
  readonly profile?: string;
  /** Output formats (`-f`, repeatable, and those named by `--output.<format>`), in order; at least one. */
  readonly formats: readonly FormatName[];
  /** Where each format goes (`--output.<format> FILE`, or `-o FILE` for the one format); stdout when absent. */
  readonly outputs: Readonly<Partial<Record<FormatName, string>>>;
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
  /** The config file (`--config`); found from the working directory upward when absent. */
  readonly config?: string;
  /** Use no config file (`--no-config`). */
  readonly noConfig: boolean;
  /** The name stdin's results show, and that the config's globs match (`--stdin-filename`). */
  readonly stdinFilename?: string;
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
export type Args = LintArgs | RulesArgs | ServeArgs | ProxyArgs | OpenApiArgs | { readonly command: 'help'; readonly topic?: 'lint' | 'rules' } | { readonly command: 'version' };

/** The default of `--max-line-bytes`: 64 MiB. */
export const DEFAULT_MAX_LINE_BYTES = 64 * 1024 * 1024;
/** The largest `--max-line-bytes` (a longer line could not be decoded into one string). */
export const MAX_LINE_BYTES_LIMIT = 256 * 1024 * 1024;

// Every option of `lint` and `rules` (node:util parseArgs; `--output.<format>` is one option per format).
const OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
  color: { type: 'boolean' },
  'no-color': { type: 'boolean' },
  kind: { type: 'string' },
  'api-version': { type: 'string' },
  profile: { type: 'string' },
  format: { type: 'string', short: 'f', multiple: true },
  rule: { type: 'string', multiple: true },
  'max-warnings': { type: 'string' },
  concurrency: { type: 'string' },
  shard: { type: 'string' },
  'output-file': { type: 'string', short: 'o' },
  'max-line-bytes': { type: 'string' },
  'max-problems-per-payload': { type: 'string' },
  config: { type: 'string' },
  'no-config': { type: 'boolean' },
  'stdin-filename': { type: 'string' },
  quiet: { type: 'boolean' },
  fix: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  ...(Object.fromEntries(FORMAT_NAMES.map((name) => [`output.${name}`, { type: 'string' }])) as Record<`output.${FormatName}`, { type: 'string' }>),
} as const satisfies NonNullable<ParseArgsConfig['options']>;

type OptionName = keyof typeof OPTIONS;
// Options that apply to any command.
const GENERAL = new Set<string>(['help', 'version', 'color', 'no-color']);
const KINDS: readonly PayloadKind[] = ['order', 'return'];
const LEVELS: readonly RuleLevel[] = ['off', 'warn', 'error'];
const RULE_IDS = new Set(RULES.map((r) => r.meta.id));
const COMMANDS = ['lint', 'merge', 'rules', 'serve', 'proxy', 'openapi'];

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new UsageError(`Invalid value for ${flag}: expected one of ${allowed.join(', ')}.`);
}

function ruleLevel(value: string): [string, RuleLevel] {
  const eq = value.lastIndexOf('=');
  const id = eq > 0 ? value.slice(0, eq).trim() : '';
  const level = eq > 0 ? value.slice(eq + 1).trim() : '';
  if (!id || !level) throw new UsageError('Invalid --rule: expected id=off|warn|error, e.g. --rule totals=off.');
  if (!RULE_IDS.has(id)) {
    const meant = closest(id, RULE_IDS);
    throw new UsageError(`Unknown rule "${id}" in --rule${meant ? ` (did you mean "${meant}"?)` : ''}; run "fulfilkit rules" to list them.`);
  }
  return [id, oneOf('--rule', level, LEVELS)];
}

/** The usage error for what strict parsing refused, naming the help of the command given where it has one of its own. */
function refusal(argv: readonly string[], error: unknown): UsageError {
  return optionRefusal(argv, error, OPTIONS, (command) => (command === 'lint' || command === 'rules' ? `fulfilkit ${command} --help` : 'fulfilkit --help'));
}

/**
 * The usage error for a command line that `util.parseArgs` refused in strict mode, found
 * again in the tokens of a lenient parse and said in the CLI's words: the option as written,
 * the nearest known one, the help to run; a value that starts with a dash is shown in its
 * `=` form. The same for every command that parses with `util.parseArgs` (lint, rules, merge).
 *
 * @param argv The arguments parsed.
 * @param error What strict parsing threw.
 * @param options The options given to `util.parseArgs`.
 * @param help The help command to name, given the first positional argument (the command).
 * @returns The error to throw.
 * @example throw optionRefusal(argv, error, MERGE_OPTIONS, () => 'fulfilkit merge --help');
 */
export function optionRefusal(argv: readonly string[], error: unknown, options: ParseArgsConfig['options'] & object, help: (command: string | undefined) => string): UsageError {
  const { tokens } = parseArgv({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    if (!option) {
      const meant = token.rawName.startsWith('--') ? closest(token.name, Object.keys(options)) : undefined;
      const command = tokens.find((t) => t.kind === 'positional')?.value;
      return new UsageError(`Unknown option ${token.rawName}${meant ? ` (did you mean --${meant}?)` : ''}; run "${help(command)}".`);
    }
    if (option.type === 'boolean' && token.value !== undefined) return new UsageError(`Option ${token.rawName} takes no value.`);
    // A value that looks like an option (`--format --quiet`) is a missing value, as it is for parseArgs.
    if (option.type === 'string' && (token.value === undefined || (!token.inlineValue && token.value.startsWith('-') && token.value !== '-'))) {
      // `--max-warnings -1`: a value that starts with a dash is written with `=`.
      const value = token.value;
      const dashed = value !== undefined && !Object.hasOwn(options, value.slice(value.startsWith('--') ? 2 : 1).split('=')[0]!);
      return new UsageError(`Option ${token.rawName} needs a value${dashed ? ` (a value that starts with "-" is written ${token.rawName}=${escapeControls(value)})` : ''}.`);
    }
  }
  return new UsageError(error instanceof Error ? error.message : 'Invalid command line.');
}

/**
 * Parses the command line (without `node` and the script).
 *
 * @param argv The arguments, e.g. `['lint', 'a.json', '--format', 'json']`.
 * @returns The parsed command.
 * @throws {UsageError} On an unknown command or flag, a missing or bad value, a single-value option given twice.
 * @example parseArgs(['lint', '--api-version', '1.2', 'orders.ndjson'])
 */
export function parseArgs(argv: readonly string[]): Args {
  // serve, proxy and openapi parse their own flags (serve-command.ts, proxy-command.ts, openapi-command.ts).
  if (argv[0] === 'serve') return parseServeArgs(argv.slice(1));
  if (argv[0] === 'proxy') return parseProxyArgs(argv.slice(1));
  if (argv[0] === 'openapi') return parseOpenApiArgs(argv.slice(1));
  let parsed;
  try {
    parsed = parseArgv({ args: [...argv], options: OPTIONS, strict: true, allowPositionals: true, tokens: true });
  } catch (error) {
    throw refusal(argv, error);
  }
  const { values, positionals, tokens } = parsed;
  // An option given twice would silently win over the first: refused, unless it is repeatable.
  const given = new Set<OptionName>();
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const name = token.name as OptionName;
    if (given.has(name) && !('multiple' in OPTIONS[name]) && OPTIONS[name].type === 'string') throw new UsageError(`Option --${name} is given more than once; give it once.`);
    given.add(name);
  }
  for (const [on, off] of [['color', 'no-color'], ['config', 'no-config']] as const) {
    if (given.has(on) && given.has(off)) throw new UsageError(`Options --${on} and --${off} cannot be combined.`);
  }
  const [command, ...rest] = positionals;
  if (values.version) {
    // `lint --version 1.2 order.json` meant --api-version: printing the version and exiting 0 would pass a CI job that linted nothing.
    if (command !== undefined) throw new UsageError('Option --version prints fulfilkit\'s version and takes no command (fulfilkit --version); the order version of the payloads is --api-version.');
    return { command: 'version' };
  }
  if (command === 'help') {
    const topic = rest[0];
    // `help nope` is a typo, not a request for the general help (exit 0 would hide it).
    if (topic !== undefined && !(COMMANDS as readonly string[]).includes(topic) && topic !== 'help') {
      throw unknownCommand(topic);
    }
    return { command: 'help', ...(topic === 'lint' || topic === 'rules' ? { topic } : {}) };
  }
  if (values.help || command === undefined) {
    if (command === undefined && !values.help) throw new UsageError('No command given; run "fulfilkit --help".');
    return { command: 'help', ...(command === 'lint' || command === 'rules' ? { topic: command } : {}) };
  }
  if (command === 'rules') {
    for (const name of given) if (!GENERAL.has(name) && name !== 'format') throw new UsageError(`Option --${name} does not apply to "rules".`);
    if (rest.length > 0) throw new UsageError('"rules" takes no arguments.');
    if ((values.format?.length ?? 0) > 1) throw new UsageError('Option --format is given more than once; give it once.');
    return { command: 'rules', format: oneOf('--format', values.format?.[0] ?? 'stylish', ['stylish', 'json'] as const) };
  }
  if (command !== 'lint') throw unknownCommand(command);
  return lintArgs(rest, values);
}

/** The usage error of a command fulfilkit does not have, with the closest one. */
function unknownCommand(command: string): UsageError {
  const meant = closest(command, COMMANDS);
  return new UsageError(`Unknown command "${command}"${meant ? ` (did you mean "${meant}"?)` : ''}; the commands are ${COMMANDS.slice(0, -1).join(', ')} and ${COMMANDS.at(-1)}.`);
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

/** Where each format goes: `-o` for one format, `--output.<format>` for any; at most one to stdout. */
function formatOutputs(values: Values): { formats: FormatName[]; outputs: Partial<Record<FormatName, string>> } {
  const outputs: Partial<Record<FormatName, string>> = {};
  for (const name of FORMAT_NAMES) {
    const file = values[`output.${name}`];
    if (file === undefined) continue;
    if (file === '') throw new UsageError(`Option --output.${name} needs a file name.`);
    outputs[name] = file;
  }
  const named = (values.format ?? []).map((f) => oneOf('--format', f, FORMAT_NAMES));
  const formats = [...new Set([...named, ...(Object.keys(outputs) as FormatName[])])];
  if (formats.length === 0) formats.push('stylish');
  const outputFile = values['output-file'];
  if (outputFile !== undefined) {
    if (outputFile === '') throw new UsageError('Option --output-file needs a file name.');
    if (Object.keys(outputs).length > 0) throw new UsageError('Option --output-file cannot be combined with --output.<format>; give each format its file with --output.<format> FILE.');
    if (formats.length > 1) throw new UsageError(`Option --output-file takes one format, not ${formats.length}; give each format its file with --output.<format> FILE.`);
    outputs[formats[0]!] = outputFile;
  }
  const toStdout = formats.filter((f) => outputs[f] === undefined);
  if (toStdout.length > 1) {
    throw new UsageError(`Formats ${toStdout.join(' and ')} would ${toStdout.length === 2 ? 'both' : 'all'} go to stdout; give all but one a file with --output.<format> FILE.`);
  }
  return { formats, outputs };
}

type Values = ReturnType<typeof parseArgv<{ options: typeof OPTIONS; strict: true; allowPositionals: true; tokens: true }>>['values'];

/** The arguments of `lint`, from what the command line held. */
function lintArgs(positionals: readonly string[], values: Values): LintArgs {
  const rules: Record<string, RuleLevel> = {};
  // Repeatable; a later level of a rule wins, as with ESLint's --rule.
  for (const value of values.rule ?? []) {
    const [id, level] = ruleLevel(value);
    rules[id] = level;
  }
  const maxWarnings = values['max-warnings'] === undefined ? undefined : wholeNumber('--max-warnings', values['max-warnings'], 0, 'a whole number of 0 or more');
  // Each thread holds a heap of its own: thousands of them exhaust memory long before they help.
  const most = 4 * availableParallelism();
  const concurrency = values.concurrency === undefined ? undefined : wholeNumber('--concurrency', values.concurrency, 1, `a whole number from 1 to ${most} (4 threads per available core; 1 lints in-process)`, most);
  if (positionals.filter((f) => f === '-').length > 1) throw new UsageError('Stdin (-) can be read only once.');
  if (values.config === '') throw new UsageError('Option --config needs a file name.');
  if (values['stdin-filename'] === '') throw new UsageError('Option --stdin-filename needs a name.');
  // Stdin is read when no input is named, or where `-` stands among them; a name for it otherwise names nothing.
  if (values['stdin-filename'] !== undefined && positionals.length > 0 && !positionals.includes('-')) {
    throw new UsageError('Option --stdin-filename names stdin, which this run does not read: give - among the inputs, or leave the option out.');
  }
  const color = values.color ? true : values['no-color'] ? false : undefined;
  return {
    command: 'lint',
    files: positionals,
    ...(values.kind !== undefined ? { kind: oneOf('--kind', values.kind, KINDS) } : {}),
    ...(values['api-version'] !== undefined ? { version: oneOf('--api-version', values['api-version'], ORDER_VERSIONS) } : {}),
    ...(values.profile !== undefined ? { profile: values.profile } : {}),
    ...formatOutputs(values),
    rules,
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
    ...(color !== undefined ? { color } : {}),
    ...(concurrency !== undefined ? { concurrency } : {}),
    ...(values.shard !== undefined ? { shard: parseShard(values.shard) } : {}),
    ...(values.config !== undefined ? { config: values.config } : {}),
    noConfig: values['no-config'] === true,
    ...(values['stdin-filename'] !== undefined ? { stdinFilename: values['stdin-filename'] } : {}),
    quiet: values.quiet === true,
    fix: values.fix === true,
    progress: values['no-progress'] !== true,
    maxLineBytes: values['max-line-bytes'] === undefined ? DEFAULT_MAX_LINE_BYTES : byteSize(values['max-line-bytes']),
    // 1000 problems a payload: enough to fix from, and memory stays bounded whatever the input.
    maxProblemsPerPayload: values['max-problems-per-payload'] === undefined ? 1000 : wholeNumber('--max-problems-per-payload', values['max-problems-per-payload'], 0, 'a whole number of 0 or more (0 lists every problem)'),
  };
}
