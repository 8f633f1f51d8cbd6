/**
 * `fulfilkit.config.json`, ESLint's way: each file's nearest, from its folder upward (or one
 * given with `--config`), it sets the version, kind, profile and rule levels of a run, drops files
 * with `ignores`, and changes the options of some files with `overrides` (later overrides
 * win; the command line wins over the file). Globs are relative to the file's folder.
 * Everything it names (profiles included) is read and checked when it is loaded, before
 * any input is linted: a bad config exits 2 naming the member.
 */
import { stat } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { RULES } from '../../rules/index';
import type { ClientProfile, PayloadKind, RuleLevel } from '../lint/types';
import { checkProfile, shownName } from '../schema/profile';
import { ORDER_VERSIONS, type OrderVersion } from '../schema/tables';
import { UsageError } from './errors';
import { escapeControls } from './escape';
import { compileGlob, pathSegments, type Glob } from './glob';
import { loadProfile, readJsonFile } from './profile';

/** The name the config file is found by. */
export const CONFIG_FILE = 'fulfilkit.config.json';

/** Options a config sets for the files it applies to (every member optional). */
export interface ConfigOptions {
  /** Order version. */
  readonly version?: OrderVersion;
  /** Payload kind (detected per payload when absent). */
  readonly kind?: PayloadKind;
  /** Client profile, read and checked. */
  readonly profile?: ClientProfile;
  /** Rule levels by id. */
  readonly rules?: Readonly<Record<string, RuleLevel>>;
}

/** A loaded, checked config file. */
export interface LintConfig {
  /** The file as messages name it. */
  readonly name: string;
  /** Its folder: globs are relative to it. */
  readonly dir: string;
  /** Files it read: itself and the profiles it names (an output must be none of them). */
  readonly reads: readonly string[];
  /** Options for every file. */
  readonly options: ConfigOptions;
  /** Files (and folders) that directories and globs skip. */
  readonly ignores: readonly Glob[];
  /** Options for the files that match, in order (later ones win). */
  readonly overrides: readonly { readonly files: readonly Glob[]; readonly options: ConfigOptions }[];
}

const LEVELS: readonly RuleLevel[] = ['off', 'warn', 'error'];
const KINDS: readonly PayloadKind[] = ['order', 'return'];
const RULE_IDS = new Set(RULES.map((r) => r.meta.id));
const TOP_MEMBERS = ['version', 'kind', 'profile', 'rules', 'ignores', 'overrides'];
const OVERRIDE_MEMBERS = ['files', 'version', 'kind', 'profile', 'rules'];

/** A member name from the file, quoted and safe to print. */
const quoted = (name: string): string => escapeControls(shownName(name));

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Why a config pattern can never match what it is matched against (a path relative to the
 * config's folder, `/`-separated, without `..`), or undefined: such a pattern would be a
 * silent no-op.
 */
function neverMatches(pattern: string, files: boolean): string | undefined {
  if (pattern.startsWith('!')) return 'starts with "!": negation is not supported; list only what to ignore (or match).';
  if (pattern.startsWith('/') || /^[A-Za-z]:[\\/]/.test(pattern)) return "is an absolute path; patterns are relative to the config's folder.";
  if (/(?:^|[/{,])\.\.(?:$|[/},])/.test(pattern)) return "has a \"..\" segment; patterns match only below the config's folder.";
  // `\` escapes a glob character; before anything else it is a Windows folder separator.
  for (let i = 0; i < pattern.length; i++) {
    if (pattern[i] !== '\\') continue;
    const next = pattern[++i];
    if (next === undefined || !'*?[]{},\\!'.includes(next)) return 'has a "\\" that escapes no glob character; separate folders with "/".';
  }
  if (files && pattern.endsWith('/')) return 'ends with "/", which matches folders only; files takes files (e.g. "legacy/**").';
  return undefined;
}

/** Reads and checks the members of a config file, naming the first bad one. */
class ConfigReader {
  readonly reads: string[] = [];

  constructor(private readonly dir: string) {}

  async options(block: Record<string, unknown>, at: string): Promise<ConfigOptions> {
    const { version, kind, profile, rules } = block;
    return {
      ...(version !== undefined ? { version: this.oneOf(version, `${at}version`, ORDER_VERSIONS) } : {}),
      ...(kind !== undefined ? { kind: this.oneOf(kind, `${at}kind`, KINDS) } : {}),
      ...(profile !== undefined ? { profile: await this.profile(profile, `${at}profile`) } : {}),
      ...(rules !== undefined ? { rules: this.rules(rules, `${at}rules`) } : {}),
    };
  }

  known(block: unknown, at: string, members: readonly string[]): Record<string, unknown> {
    if (!isObject(block)) throw new UsageError(`${at || 'it'} must be a JSON object.`);
    for (const key of Object.keys(block)) {
      if (!members.includes(key)) throw new UsageError(`${at || 'it'} has an unknown member ${quoted(key)}; the members are ${members.join(', ')}.`);
    }
    return block;
  }

  oneOf<T extends string>(value: unknown, at: string, allowed: readonly T[]): T {
    if ((allowed as readonly unknown[]).includes(value)) return value as T;
    throw new UsageError(`${at} must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')}.`);
  }

  async profile(value: unknown, at: string): Promise<ClientProfile> {
    if (typeof value === 'string' && value !== '') {
      const path = resolve(this.dir, value);
      this.reads.push(path);
      try {
        return await loadProfile(path, escapeControls(value));
      } catch (error) {
        throw new UsageError(`${at}: ${(error as Error).message}`);
      }
    }
    if (!isObject(value)) throw new UsageError(`${at} must be a file name (relative to the config's folder) or a profile object.`);
    try {
      return checkProfile(value, at);
    } catch (error) {
      throw new UsageError((error as Error).message);
    }
  }

  rules(value: unknown, at: string): Record<string, RuleLevel> {
    if (!isObject(value)) throw new UsageError(`${at} must be an object of rule ids and levels, e.g. { "totals": "off" }.`);
    const out: Record<string, RuleLevel> = {};
    for (const [id, level] of Object.entries(value)) {
      if (!RULE_IDS.has(id)) throw new UsageError(`${at} names an unknown rule ${quoted(id)}; run "fulfilkit rules" to list them.`);
      out[id] = this.oneOf(level, `${at}.${id}`, LEVELS);
    }
    return out;
  }

  /** `files`: an override's `files` (non-empty, matched against files only), else `ignores`. */
  globs(value: unknown, at: string, files: boolean): Glob[] {
    if (!Array.isArray(value) || (files && value.length === 0)) {
      throw new UsageError(`${at} must be ${files ? 'a non-empty' : 'an'} array of glob patterns (relative to the config's folder).`);
    }
    return value.map((pattern, i) => {
      if (typeof pattern !== 'string') throw new UsageError(`${at}[${i}] must be a glob pattern (a string).`);
      const why = neverMatches(pattern, files);
      if (why) throw new UsageError(`${at}[${i}] ${why}`);
      return compileGlob(pattern, `${at}[${i}]`);
    });
  }
}

/**
 * Reads and checks a config file, and the profiles it names.
 *
 * @param path Its path.
 * @param name How messages name it (as given, or relative to the working directory).
 * @returns The config.
 * @throws {UsageError} `Invalid config <name>: <member> ...` on anything wrong (exit 2).
 * @example const config = await loadConfig('/repo/fulfilkit.config.json', 'fulfilkit.config.json');
 */
export async function loadConfig(path: string, name: string): Promise<LintConfig> {
  const shown = escapeControls(name);
  const value = await readJsonFile(path, `the config ${shown}`);
  const dir = dirname(path);
  const reader = new ConfigReader(dir);
  try {
    const top = reader.known(value, '', TOP_MEMBERS);
    const options = await reader.options(top, '');
    const ignores = top.ignores === undefined ? [] : reader.globs(top.ignores, 'ignores', false);
    if (top.overrides !== undefined && !Array.isArray(top.overrides)) throw new UsageError('overrides must be an array of { "files": [globs], ... } objects.');
    const overrides = [];
    for (const [i, entry] of ((top.overrides ?? []) as unknown[]).entries()) {
      const at = `overrides[${i}]`;
      const block = reader.known(entry, at, OVERRIDE_MEMBERS);
      overrides.push({ files: reader.globs(block.files, `${at}.files`, true), options: await reader.options(block, `${at}.`) });
    }
    return { name: shown, dir, reads: [path, ...reader.reads], options, ignores, overrides };
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    throw new UsageError(`Invalid config ${shown}: ${error.message}`);
  }
}

/** A path relative to the config's folder, `/`-separated; undefined when it lies outside. */
function inside(config: LintConfig, path: string): string | undefined {
  const rel = relative(config.dir, path);
  if (rel === '' || rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) return undefined;
  return rel.split(sep).join('/');
}

/**
 * True when the config's `ignores` drop a file: a pattern matches the file, or one of the
 * folders it is in (so `drafts`, `drafts/` and `drafts/**` all drop what `drafts` holds).
 *
 * @param config The config.
 * @param path The file's absolute path.
 * @returns Whether it is ignored (files outside the config's folder never are).
 * @example isIgnored(config, '/repo/examples/profile.json'); // true with "ignores": ["examples/profile.json"]
 */
export function isIgnored(config: LintConfig, path: string): boolean {
  const rel = inside(config, path);
  return rel !== undefined && matchesPathOrFolder(config.ignores, rel);
}

/**
 * True when one of the globs matches a path or one of the folders above it (a folder-only
 * pattern, `drafts/`, only the folders).
 *
 * @param globs The patterns.
 * @param rel A `/`-separated relative path.
 * @returns Whether one matches.
 */
export function matchesPathOrFolder(globs: readonly Glob[], rel: string): boolean {
  const segments = pathSegments(rel);
  for (let n = segments.length; n > 0; n--) {
    const path = segments.slice(0, n).join('/');
    if (globs.some((glob) => (n < segments.length || !glob.folderOnly) && glob.match(path))) return true;
  }
  return false;
}

/**
 * The options of one file: the config's own, then each override whose `files` match it.
 *
 * @param config The config.
 * @param path The file's absolute path (stdin: the `--stdin-filename`, resolved), or undefined.
 * @returns The merged options (rules merged by id, the rest replaced).
 * @example configOptionsFor(config, '/repo/examples/order-v1.json').version; // '1'
 */
export function configOptionsFor(config: LintConfig, path: string | undefined): ConfigOptions {
  const rel = path === undefined ? undefined : inside(config, path);
  let merged: ConfigOptions = config.options;
  for (const { files, options } of config.overrides) {
    if (rel === undefined || !files.some((glob) => glob.match(rel))) continue;
    merged = { ...merged, ...options, ...(merged.rules || options.rules ? { rules: { ...merged.rules, ...options.rules } } : {}) };
  }
  return merged;
}

/** A path as messages show it: relative to the working folder (`../fulfilkit.config.json`). */
export function shownPath(cwd: string, path: string): string {
  const rel = relative(cwd, path);
  return rel === '' || isAbsolute(rel) ? path : rel;
}

/**
 * The configs of a run, ESLint v10's way: `--config` for every file; else each file's
 * nearest `fulfilkit.config.json` from its own folder upward, and the one found from the
 * working folder for a file with none above it (and for stdin without `--stdin-filename`).
 * Each config is loaded (and checked) once, when the first file that uses it is found:
 * still before anything is linted.
 *
 * @example
 * const configs = await ConfigLookup.create(process.cwd(), {});
 * const config = await configs.forFile('/repo/examples/order-v1.json');
 */
export class ConfigLookup {
  private readonly nearest = new Map<string, Promise<LintConfig | undefined>>();
  private readonly byPath = new Map<string, Promise<LintConfig>>();
  private readonly all: LintConfig[] = [];

  private constructor(
    private readonly cwd: string,
    private readonly forced: LintConfig | undefined,
    private readonly off: boolean,
  ) {}

  /**
   * Loads `--config` (or, unless `--no-config`, the config found from the working folder).
   *
   * @param cwd The working folder.
   * @param flags `--config` and `--no-config`.
   * @returns The lookup.
   * @throws {UsageError} A bad or unreadable config (exit 2).
   */
  static async create(cwd: string, flags: { readonly config?: string; readonly noConfig?: boolean }): Promise<ConfigLookup> {
    if (flags.config !== undefined && !flags.noConfig) {
      const forced = await loadConfig(resolve(cwd, flags.config), flags.config);
      const lookup = new ConfigLookup(cwd, forced, false);
      lookup.all.push(forced);
      return lookup;
    }
    const lookup = new ConfigLookup(cwd, undefined, flags.noConfig === true);
    if (!flags.noConfig) await lookup.inFolder(cwd);
    return lookup;
  }

  /** Every config loaded so far. */
  get loaded(): readonly LintConfig[] {
    return this.all;
  }

  /**
   * The config of a file (or of a folder's entry).
   *
   * @param path The file's absolute path; undefined for stdin without a name.
   * @returns Its config, or undefined when none applies.
   */
  async forFile(path: string | undefined): Promise<LintConfig | undefined> {
    if (this.forced || this.off) return this.forced;
    const fallback = await this.inFolder(this.cwd);
    return path === undefined ? fallback : ((await this.inFolder(dirname(path))) ?? fallback);
  }

  /** The nearest config from a folder upward, each folder asked once. */
  private inFolder(dir: string): Promise<LintConfig | undefined> {
    let found = this.nearest.get(dir);
    if (!found) {
      found = (async () => {
        const info = await stat(join(dir, CONFIG_FILE)).catch(() => undefined);
        if (info?.isFile()) return this.load(join(dir, CONFIG_FILE));
        return dirname(dir) === dir ? undefined : this.inFolder(dirname(dir));
      })();
      this.nearest.set(dir, found);
    }
    return found;
  }

  private load(path: string): Promise<LintConfig> {
    let config = this.byPath.get(path);
    if (!config) {
      config = loadConfig(path, shownPath(this.cwd, path)).then((loaded) => {
        this.all.push(loaded);
        return loaded;
      });
      this.byPath.set(path, config);
    }
    return config;
  }
}
