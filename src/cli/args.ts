/**
 * Command-line parsing: `lint`, `rules`, `help`, `--version`.
 */
import { RULES } from '../../rules/index';
import type { PayloadKind, RuleLevel } from '../lint/types';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { UsageError } from './errors';
import type { FormatName } from './formatters/index';
import { parseOpenApiArgs, type OpenApiArgs } from './openapi-command';
import { parseServeArgs, type ServeArgs } from './serve-command';

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
}

/** Arguments of `fulfilkit rules`. */
export interface RulesArgs {
  readonly command: 'rules';
  /** Output format: a table or JSON. */
  readonly format: 'stylish' | 'json';
}

/** A parsed command line. */
export type Args = LintArgs | RulesArgs | ServeArgs | OpenApiArgs | { readonly command: 'help'; readonly topic?: 'lint' | 'rules' } | { readonly command: 'version' };

const FORMATS: readonly FormatName[] = ['stylish', 'json', 'sarif'];
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
  for (let i = 0; i < list.length; i++) {
    const token = list[i]!;
    if ('positional' in token) {
      if (command === undefined) command = token.positional;
      else positionals.push(token.positional);
      continue;
    }
    const { flag } = token;
    const takesValue = ['--kind', '--api-version', '--profile', '--format', '-f', '--rule', '--max-warnings'].includes(flag);
    if (!takesValue) {
      if (token.inline !== undefined) throw new UsageError(`Option ${flag} takes no value.`);
      if (flag === '--help' || flag === '-h') help = true;
      else if (flag === '--version' || flag === '-v') version = true;
      else if (flag === '--color') color = true;
      else if (flag === '--no-color') color = false;
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
    const name = flag === '-f' ? '--format' : flag;
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
    if (positionals.length > 0) throw new UsageError('"rules" takes no arguments.');
    return { command: 'rules', format: oneOf('--format', seen['--format'] ?? 'stylish', ['stylish', 'json'] as const) };
  }
  if (command !== 'lint') throw new UsageError(`Unknown command "${command}"; the commands are lint, rules, serve and openapi.`);
  let maxWarnings: number | undefined;
  if (seen['--max-warnings'] !== undefined) {
    const raw = seen['--max-warnings'];
    if (!/^\d+$/.test(raw)) throw new UsageError('Invalid value for --max-warnings: expected a whole number of 0 or more.');
    maxWarnings = Number(raw);
  }
  if (positionals.filter((f) => f === '-').length > 1) throw new UsageError('Stdin (-) can be read only once.');
  return {
    command: 'lint',
    files: positionals,
    ...(seen['--kind'] !== undefined ? { kind: oneOf('--kind', seen['--kind'], KINDS) } : {}),
    version: oneOf('--api-version', seen['--api-version'] ?? DEFAULT_API_VERSION, ORDER_VERSIONS),
    ...(seen['--profile'] !== undefined ? { profile: seen['--profile'] } : {}),
    format: oneOf('--format', seen['--format'] ?? 'stylish', FORMATS),
    rules,
    ...(maxWarnings !== undefined ? { maxWarnings } : {}),
    ...(color !== undefined ? { color } : {}),
  };
}
